//! `cargo xtask tune`: measure the string decoders here and print the string policy they recommend.

use std::path::PathBuf;
use std::process::{Command, ExitCode};

use anyhow::{Context, Result};

use crate::project::{self, Project};

pub const LONG_ABOUT: &str = "\
Measure the string decoders on this machine's Node, print a string policy

Times each decoder (concatenation loop, fromCharCode.apply, unrolled switch, TextDecoder, Node's
utf8Slice) on ASCII identifiers of 1 to 64 bytes, then every combination of short decoder, short
length limit and long decoder on the identifiers and string literals of FILE... (JS files, or JSON
and JSONC files by their extension; default: jquery.js, moment-with-locales.js, lodash.js and
pdf.mjs from the pinned packages). Prints the tables and, last,
a [targets.<name>.strings] snippet for codegen.toml. Codegen itself never measures: copy the values.

With --browser, the same measurements (bench/tune-core.js) run in headless Chromium, in a
cross-origin isolated page served on 127.0.0.1 (as `cargo xtask browser` finds and drives it:
--chromium, $RAWAST_CHROMIUM, /usr/bin/chromium), without utf8Slice, which browsers lack: the
policy for `runtime = \"web\"` targets there.";

#[derive(clap::Args)]
pub struct Args {
    /// JS (or .json, .jsonc) files whose identifiers and string literals the policies are timed on
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Measure in headless Chromium instead of Node
    #[arg(long)]
    browser: bool,
    /// With --browser: the Chromium (or Chrome) executable
    #[arg(long, value_name = "PATH", requires = "browser")]
    chromium: Option<PathBuf>,
}

const DEFAULT_FILES: &[&str] = &[
    "node_modules/jquery/dist/jquery.js",
    "node_modules/moment/min/moment-with-locales.js",
    "node_modules/lodash/lodash.js",
    "node_modules/pdfjs-dist/build/pdf.mjs",
];

pub fn main(project: &Project, args: Args) -> Result<ExitCode> {
    let files: Vec<PathBuf> = if args.files.is_empty() {
        DEFAULT_FILES.iter().map(|f| project.path(f)).collect()
    } else {
        args.files.iter().map(std::path::absolute).collect::<Result<_, _>>()?
    };
    let mut command = Command::new(project.node()?);
    if args.browser {
        let chromium = crate::browser::find_chromium(args.chromium)?;
        command.arg(project.path("tests/browser/run.js")).arg("--tune").arg("--chromium").arg(chromium);
    } else {
        command.arg(project.path("bench/tune.js"));
    }
    let status = command.args(&files).current_dir(&project.root).status().context("cannot start node")?;
    Ok(project::exit_code(status.success()))
}
