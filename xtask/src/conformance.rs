//! `cargo xtask conformance`: the generated deserializers against acorn, on real files.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, Result};
use rawast_generator::config::{BufferFormat, SourcePlacement, Target};
use rawast_generator::layout::PointerWidth;

use crate::project;

const USAGE: &str = "\
cargo xtask conformance: check the generated deserializers against acorn

USAGE:
    cargo xtask conformance [--target NAME|all] [PATH...]

For each JS file (.js .mjs .cjs .jsx; directories recursively, skipping node_modules):
acorn (ecmaVersion latest; .mjs as module, .cjs as script, .js module then script, .jsx with
acorn-jsx) → ESTree JSON → the Rust test producer (`encode`) → buffer → the target's generated
deserializer → deep comparison with acorn's objects, keys in acorn's order. On targets with
the linter layout, every node's `parent` must be its enclosing node; lazy targets' trees are
compared after `materialize`. Targets with `pointer_width = 32` get their buffers from the test
producer built for wasm32 (which needs Debian's rustc-web: without it they are skipped with a
warning, or fail in CI and when named). Files acorn rejects are skipped.

Targets named oxc-… (tests/oxc/codegen.toml) read oxc-parser 0.157.0's own buffers instead: each
file (.js .mjs .cjs .jsx .ts .mts .cts .tsx, .d.ts) is parsed once by oxc-parser (`parseRawSync`),
and the same buffer is deserialized by oxc's generated deserializer of the target's variant (js, ts,
js_range, ts_range) and by rawast's; the results must be equal, key order, `undefined` against
missing, BigInt and RegExp values included (tests/oxc/conformance.js). Files oxc reports parse
errors on are compared too (the errors are output) and counted apart: JSX is read only in .jsx.
Their default corpus is tests/oxc/corpus-js.txt (JS variants) or tests/oxc/corpus-ts.txt
(TypeScript variants).

Prints one line per mismatch or error with the first differing path; the last line is
`conformance: F files, M mismatches` (summed over the targets). Exits 1 if M > 0 or any file errors.

OPTIONS:
    --target T   a target of codegen.toml (parser, linter, wasm32, ...), of tests/oxc/codegen.toml
                 (oxc-js, oxc-ts, oxc-js-range, oxc-ts-range), or all (default: all)
    PATH...      files or directories (default: the corpus listed in tests/conformance/corpus.txt,
                 or tests/oxc/corpus-{js,ts}.txt for oxc targets)
    -h, --help   Print this help
";

/// Where the targets that read oxc-parser's buffers are configured.
pub const OXC_CONFIG: &str = "tests/oxc/codegen.toml";

pub fn main(args: &[String]) -> Result<ExitCode> {
    let mut target = "all".to_owned();
    let mut paths = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => {
                print!("{USAGE}");
                return Ok(ExitCode::SUCCESS);
            }
            "--target" => match args.next() {
                Some(t) => target = t.clone(),
                None => return Ok(crate::usage_error("--target needs a target name or `all`", USAGE)),
            },
            flag if flag.starts_with('-') => return Ok(crate::usage_error(&format!("unexpected argument `{flag}`"), USAGE)),
            path => paths.push(std::fs::canonicalize(path).with_context(|| format!("cannot find {path}"))?),
        }
    }
    let root = project::root();
    if target.starts_with("oxc-") {
        return run_oxc(&root, &target, &paths);
    }
    let given = !paths.is_empty();
    if !given {
        paths = default_corpus(&root)?;
    }
    let mut counts = run_rawast(&root, &target, &paths)?;
    if target != "all" {
        return Ok(counts.exit_code());
    }
    counts.add(&run_oxc_counting(&root, "all", if given { &paths } else { &[] })?);
    // The contract's last line, for every target together.
    println!("conformance: {} files, {} mismatches", counts.files, counts.mismatches);
    Ok(counts.exit_code())
}

/// Runs tests/oxc/conformance.js for the oxc targets `target` names (`all`: every one), on `paths`
/// or, if none, each target's corpus list.
pub fn run_oxc(root: &Path, target: &str, paths: &[PathBuf]) -> Result<ExitCode> {
    let counts = run_oxc_counting(root, target, paths)?;
    Ok(counts.exit_code())
}

fn run_oxc_counting(root: &Path, target: &str, paths: &[PathBuf]) -> Result<Counts> {
    let config = rawast::read_config(&root.join(OXC_CONFIG))?;
    let oxc_targets: Vec<(&Target, bool, bool)> = config
        .targets
        .iter()
        .filter_map(|t| match t.format {
            BufferFormat::Oxc { typescript, range, .. } => Some((t, typescript, range)),
            BufferFormat::Rawast => None,
        })
        .collect();
    let selected: Vec<_> = oxc_targets.iter().filter(|(t, ..)| target == "all" || t.name == target).collect();
    if selected.is_empty() {
        let names: Vec<&str> = oxc_targets.iter().map(|(t, ..)| t.name.as_str()).collect();
        crate::usage_error(&format!("unknown target `{target}`: {OXC_CONFIG} has {}", names.join(", ")), USAGE);
        return Ok(Counts::default());
    }
    let node = project::node(root)?;
    let mut total = Counts { success: true, ..Counts::default() };
    for (target, typescript, range) in selected {
        let variant = format!("{}{}", if *typescript { "ts" } else { "js" }, if *range { "_range" } else { "" });
        let module = root.join("tests/oxc").join(&config.output_dir.path).join(target.module_dir()).join("deserialize.js");
        anyhow::ensure!(module.exists(), "{} is missing: run `cargo xtask codegen --config {OXC_CONFIG}`", module.display());
        let files = if paths.is_empty() { corpus_list(root, &format!("tests/oxc/corpus-{}.txt", if *typescript { "ts" } else { "js" }))? } else { paths.to_vec() };
        eprintln!("conformance of {} (oxc-parser's {variant}.js on the same buffers)", target.name);
        let mut command = std::process::Command::new(&node);
        command.arg(root.join("tests/oxc/conformance.js")).args(["--variant", &variant, "--module-name", &target.name, "--module"]).arg(&module).args(&files).current_dir(root);
        total.add(&run_counting(&mut command)?);
    }
    Ok(total)
}

/// The paths of `tests/conformance/corpus.txt`, which must all exist (`npm ci` installs the packages).
pub fn default_corpus(root: &std::path::Path) -> Result<Vec<PathBuf>> {
    corpus_list(root, "tests/conformance/corpus.txt")
}

/// The paths a corpus list names (relative to the root; `#` comments), which must all exist.
fn corpus_list(root: &Path, list: &str) -> Result<Vec<PathBuf>> {
    let text = std::fs::read_to_string(root.join(list)).with_context(|| format!("cannot read {list}"))?;
    let mut paths = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let path = root.join(line);
        anyhow::ensure!(path.exists(), "{line} (listed in {list}) is missing; run `npm ci`");
        paths.push(path);
    }
    Ok(paths)
}

/// Builds the producers and runs the comparison; the exit code says whether everything matched.
/// `target` is a target of codegen.toml or `all`.
pub fn run(root: &Path, target: &str, paths: &[PathBuf]) -> Result<ExitCode> {
    run_rawast(root, target, paths).map(|counts| counts.exit_code())
}

fn run_rawast(root: &Path, target: &str, paths: &[PathBuf]) -> Result<Counts> {
    let config = rawast::read_config(&root.join("codegen.toml"))?;
    let names: Vec<&str> = config.targets.iter().map(|t| t.name.as_str()).collect();
    let mut targets: Vec<&Target> = config.targets.iter().filter(|t| target == "all" || t.name == target).collect();
    if targets.is_empty() {
        crate::usage_error(&format!("unknown target `{target}`: codegen.toml has {}", names.join(", ")), USAGE);
        return Ok(Counts::default());
    }
    project::run(project::cargo().args(["build", "--quiet", "--package", "rawast-schema", "--bin", "encode"]), root)?;
    if targets.iter().any(|t| t.pointer_width == PointerWidth::W32) {
        // A target named on the command line, or CI, needs the wasm producer; `all` elsewhere can go without.
        let required = target != "all" || crate::test::is_ci();
        if !crate::layout32::build_producer(root, required)? {
            targets.retain(|t| t.pointer_width != PointerWidth::W32);
        }
    }
    let mut args: Vec<std::ffi::OsString> = Vec::new();
    for target in targets {
        let layout = match target.source_placement {
            SourcePlacement::Start => "parser",
            SourcePlacement::End => "linter",
        };
        let module = format!("{}/{}/deserialize.js", config.output_dir.path, target.module_dir());
        args.extend(["--target".into(), format!("{}:{layout}:{}:{module}", target.name, target.pointer_width.bits()).into()]);
    }
    args.extend(paths.iter().map(Into::into));
    let mut command = std::process::Command::new(project::node(root)?);
    command.arg(root.join("tests/conformance/run.js")).arg("--encode").arg(root.join("target/debug/encode")).args(&args).current_dir(std::env::current_dir()?);
    run_counting(&mut command)
}

/// What one conformance script reported: whether it succeeded, and its last line's counts.
#[derive(Default)]
pub struct Counts {
    pub success: bool,
    pub files: u64,
    pub mismatches: u64,
}

impl Counts {
    pub fn exit_code(&self) -> ExitCode {
        if self.success { ExitCode::SUCCESS } else { ExitCode::FAILURE }
    }

    fn add(&mut self, other: &Counts) {
        self.success &= other.success;
        self.files += other.files;
        self.mismatches += other.mismatches;
    }
}

/// Runs a conformance script, passing its output through, and reads the counts of its last line
/// (`conformance: F files, M mismatches`).
fn run_counting(command: &mut std::process::Command) -> Result<Counts> {
    use std::io::{BufRead, Write};
    let mut child = command.stdout(std::process::Stdio::piped()).spawn().context("cannot start node")?;
    let mut counts = Counts::default();
    let stdout = child.stdout.take().expect("piped stdout");
    for line in std::io::BufReader::new(stdout).lines() {
        let line = line?;
        writeln!(std::io::stdout(), "{line}")?;
        if let Some(rest) = line.strip_prefix("conformance: ") {
            let numbers: Vec<u64> = rest.split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse().ok()).collect();
            if let [files, mismatches] = numbers[..] {
                (counts.files, counts.mismatches) = (files, mismatches);
            }
        }
    }
    counts.success = child.wait()?.success();
    Ok(counts)
}
