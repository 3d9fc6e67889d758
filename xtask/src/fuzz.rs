//! `cargo xtask fuzz`: structured corruptions of real buffers against the generated deserializers,
//! each case in a watched child process. The mutations and the watchdog are in `tests/fuzz/`; this
//! builds the producers, writes the schemas' layouts (which the mutations aim at: rawast's and, for
//! the oxc targets of `tests/oxc/codegen.toml`, oxc's) and runs them.

use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result};
use rawast_generator::config::{BufferFormat, SourcePlacement, Target};
use rawast_generator::layout::PointerWidth;

use crate::layouts::OXC_DIR;
use crate::project;

const USAGE: &str = "\
cargo xtask fuzz: corrupt real buffers on purpose and watch the deserializers

USAGE:
    cargo xtask fuzz [--target NAME|all] [--cases N] [--seed S] [--case I]

Buffers of real files (tests/fuzz/corpus.js: lodash, jquery, vue, moment's Japanese locale, JSX and
ES2022+ edge cases, typescript.js for a small share) from the Rust test producer are corrupted where
the schema's layout says pointers, lengths and tags are: pointer cycles, subtrees and strings shared
many times, huge lengths and lengths that run to the arena's end, invalid tags, root offsets swept,
metadata fields changed, truncations, byte flips, and odd views (unaligned, pooled, shared,
detached, resized, a Uint8Array whose length, byteOffset or buffer is redefined, padded to just
under 4 GiB and to 4 GiB or more, a Proxy, an object made from Uint8Array.prototype). Lazy
targets' trees are materialized, also after their buffer is detached, shrunk or grown back. Each
case runs in one of two child processes, watched:

    hang      longer than 1 s plus 4 times the file's valid deserialization
    death     the child dies (a signal, V8 out of memory, an exit)
    blow-up   the case adds more than 64 MiB plus 32 times its buffer's size to the child's RSS
              (measured on Linux), or the child's peak RSS passes its level after loading by 256 MiB
              plus 16 times the largest buffer it holds
    foreign   an error other than the module's RawastBufferError (a TypeError only for the odd
              inputs that are no Uint8Array); an AST from a buffer of 4 GiB or more, or from a
              lazy tree read whole after its buffer was detached; a tree other than that of the
              case's bytes (or an error where they give a tree) after a resize, a redefined
              length, or padding under 4 GiB

The oxc targets of tests/oxc/codegen.toml (oxc-js, oxc-ts, oxc-js-range, oxc-ts-range) read
oxc-parser 0.157's own buffers: each child parses tests/fuzz/corpus.js's OXC_CORPUS (JS files; for
the TS targets TS and TSX too) with oxc-parser once and restores a file's region of the buffer before
each case. Besides the corruptions above they move data_offset and the other metadata fields, aim
pointers at 0, below the AST's region, at the metadata, misaligned or into another 4 GiB block, make
Vec lengths negative as 64-bit numbers, flip bits, and pass wrong sourceStartPos and sourceByteLen
arguments or a source text that is not the buffer's (or no string: a TypeError). Their bounds
count a file's region of the buffer (from data_offset to the end) as its buffer.

Prints a table per target and ends with `fuzz: C cases, H hangs, D deaths, B blow-ups, F foreign
errors`; exits 1 if H, D, B or F is not 0. Every failure prints the command that replays it.

OPTIONS:
    --target T   a target of codegen.toml or tests/oxc/codegen.toml, or all: every one of both
                 (default: all)
    --cases N    cases per target (default: 2000)
    --seed S     the campaign's seed (default: 1); case I of seed S is always the same corruption
    --case I     run only case I (with --target), printing what it did
    -h, --help   Print this help
";

pub fn main(args: &[String]) -> Result<ExitCode> {
    let mut options = Options { target: "all".to_owned(), cases: 2000, seed: 1, case: None };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().cloned().with_context(|| format!("{name} needs a value"));
        match arg.as_str() {
            "-h" | "--help" => {
                print!("{USAGE}");
                return Ok(ExitCode::SUCCESS);
            }
            "--target" => options.target = value("--target")?,
            "--cases" => options.cases = value("--cases")?.parse().context("--cases needs a number")?,
            "--seed" => options.seed = value("--seed")?.parse().context("--seed needs a number")?,
            "--case" => options.case = Some(value("--case")?.parse().context("--case needs a number")?),
            other => return Ok(crate::usage_error(&format!("unexpected argument `{other}`"), USAGE)),
        }
    }
    run(&project::root(), &options)
}

pub struct Options {
    pub target: String,
    pub cases: u64,
    pub seed: u64,
    pub case: Option<u64>,
}

/// Builds the producers, writes the layouts and runs `tests/fuzz/run.js`.
pub fn run(root: &Path, options: &Options) -> Result<ExitCode> {
    let config = rawast::read_config(&root.join("codegen.toml"))?;
    let oxc_config = rawast::read_config(&root.join(OXC_DIR).join("codegen.toml"))?;
    let selected = |t: &&Target| options.target == "all" || t.name == options.target;
    let mut targets: Vec<&Target> = config.targets.iter().filter(selected).collect();
    let oxc_targets: Vec<&Target> = oxc_config.targets.iter().filter(selected).collect();
    if targets.is_empty() && oxc_targets.is_empty() {
        let names: Vec<&str> = config.targets.iter().chain(&oxc_config.targets).map(|t| t.name.as_str()).collect();
        return Ok(crate::usage_error(&format!("unknown target `{}`: codegen.toml and {OXC_DIR}/codegen.toml have {}", options.target, names.join(", ")), USAGE));
    }
    std::fs::create_dir_all(root.join("target/fuzz"))?;
    crate::layouts::write(root)?;
    let mut args: Vec<std::ffi::OsString> = Vec::new();
    if !targets.is_empty() {
        project::run(project::cargo().args(["build", "--quiet", "--release", "--package", "rawast-schema", "--bin", "encode"]), root)?;
        if targets.iter().any(|t| t.pointer_width == PointerWidth::W32) {
            let required = options.target != "all" || crate::test::is_ci();
            if !crate::layout32::build_producer(root, required)? {
                targets.retain(|t| t.pointer_width != PointerWidth::W32);
            }
        }
        for target in targets {
            let kind = match target.source_placement {
                SourcePlacement::Start => "parser",
                SourcePlacement::End => "linter",
            };
            let module = format!("{}/{}/deserialize.js", config.output_dir.path, target.module_dir());
            args.extend(["--target".into(), format!("{}:{kind}:{}:{module}", target.name, target.pointer_width.bits()).into()]);
        }
    }
    if !oxc_targets.is_empty() {
        for target in oxc_targets {
            let kind = match target.format {
                BufferFormat::Oxc { typescript: true, .. } => "oxc-ts",
                _ => "oxc-js",
            };
            let module = format!("{OXC_DIR}/{}/{}/deserialize.js", oxc_config.output_dir.path, target.module_dir());
            args.extend(["--target".into(), format!("{}:{kind}:64:{module}", target.name).into()]);
        }
    }
    args.extend(["--cases".into(), options.cases.to_string().into(), "--seed".into(), options.seed.to_string().into()]);
    if let Some(case) = options.case {
        args.extend(["--case".into(), case.to_string().into()]);
    }
    project::run_node_script(root, &[], "tests/fuzz/run.js", &root.join("target/release/encode"), &args, root)
}
