//! `cargo xtask tune`: measure the string decoders here and print the string policy they recommend.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::{Command, ExitCode};

use anyhow::{Context, Result};

use crate::project;

const USAGE: &str = "\
cargo xtask tune: measure the string decoders on this machine's Node, print a string policy

USAGE:
    cargo xtask tune [FILE...]

Times each decoder (concatenation loop, fromCharCode.apply, unrolled switch, TextDecoder, Node's
utf8Slice) on ASCII identifiers of 1 to 64 bytes, then every combination of short decoder, short
length limit and long decoder on the identifiers and string literals of FILE... (default: jquery.js,
moment-with-locales.js, lodash.js and pdf.mjs from the pinned packages). Prints the tables and, last,
a [targets.<name>.strings] snippet for codegen.toml. Codegen itself never measures: copy the values.

OPTIONS:
    -h, --help   Print this help
";

const DEFAULT_FILES: &[&str] = &[
    "node_modules/jquery/dist/jquery.js",
    "node_modules/moment/min/moment-with-locales.js",
    "node_modules/lodash/lodash.js",
    "node_modules/pdfjs-dist/build/pdf.mjs",
];

pub fn main(args: &[String]) -> Result<ExitCode> {
    if args.iter().any(|a| a == "-h" || a == "--help") {
        print!("{USAGE}");
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(flag) = args.iter().find(|a| a.starts_with('-')) {
        return Ok(crate::usage_error(&format!("unexpected argument `{flag}`"), USAGE));
    }
    let root = project::root();
    let files: Vec<OsString> = if args.is_empty() {
        DEFAULT_FILES.iter().map(|f| root.join(f).into_os_string()).collect()
    } else {
        args.iter().map(|f| std::path::absolute(f).map(PathBuf::into_os_string)).collect::<Result<_, _>>()?
    };
    let status = Command::new(project::node(&root)?).arg(root.join("bench/tune.js")).args(&files).current_dir(&root).status().context("cannot start node")?;
    Ok(if status.success() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
