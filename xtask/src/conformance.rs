//! `cargo xtask conformance`: the generated deserializers against acorn (rawast's buffers) or
//! against oxc's own deserializer (oxc-parser's buffers), on real files.

use std::path::PathBuf;
use std::process::{Command, ExitCode};

use anyhow::{Context, Result};

use crate::jobs::{self, Finished, Job};
use crate::layout32;
use crate::project::{self, Project};
use crate::targets::{Format, HarnessTarget, Targets};
use crate::usage::bad_usage;

pub const LONG_ABOUT: &str = "\
Check the generated deserializers against acorn

For each JS file (.js .mjs .cjs .jsx; directories recursively, skipping node_modules):
acorn (ecmaVersion latest; .mjs as module, .cjs as script, .js module then script, .jsx with
acorn-jsx) → ESTree JSON → the Rust test producer (`encode`) → buffer → the target's generated
deserializer → deep comparison with acorn's objects, keys in acorn's order. On targets with
the linter layout, every node's `parent` must be its enclosing node; lazy targets' trees are
compared after `materialize`; on targets with a walker (walk.js), each rule of tests/walk-rules.js
must visit what a walk of acorn's tree visits. Targets with `pointer_width = 32` get their
buffers from the test producer built for wasm32 (which needs Debian's rustc-web: without it
they are skipped with a warning, or fail in CI and when named). Files acorn rejects are skipped.

Targets named oxc-… (tests/oxc/codegen.toml) read oxc-parser 0.157.0's own buffers instead: each
file (.js .mjs .cjs .jsx .ts .mts .cts .tsx, .d.ts) is parsed once by oxc-parser (`parseRawSync`),
and the same buffer is deserialized by oxc's generated deserializer of the target's variant (js, ts,
js_range, ts_range) and by rawast's; the results must be equal, key order, `undefined` against
missing, BigInt and RegExp values included (tests/oxc/conformance.js). Files oxc reports parse
errors on are compared too (the errors are output) and counted apart: JSX is read only in .jsx.
Their default corpus is tests/oxc/corpus-js.txt (JS variants) or tests/oxc/corpus-ts.txt
(TypeScript variants). The `-parent` targets are compared with oxc's variant without parents, each
node given the nearest node above it as `parent` (oxc-parser 0.157 does not ship its `_parent`
deserializers).

The target with `linter = true` (oxlint) reads the buffers Oxlint 1.91.0 writes instead: Oxlint
lints the files (tests/oxc/corpus-ts.txt by default, copied out of node_modules) with a JS plugin
that reads each file's live buffer with the target and compares the tree with Oxlint's own
(tests/oxlint/conformance.js): keys, values, every node's `parent` and `loc`, comments and tokens.
Oxlint runs no plugin on a file it cannot parse: those are not compared.

The scripts (one for rawast's targets, one per oxc target) run one per core (--jobs), their lines
prefixed with their targets' names when several run. Prints one line per mismatch or error with the
first differing path; the last line is
`conformance: F files, M mismatches` (summed over the targets). Exits 1 if M > 0 or any file errors.";

#[derive(clap::Args)]
pub struct Args {
    /// A target of codegen.toml (parser, linter, wasm32, ...), of tests/oxc/codegen.toml (oxc-js,
    /// oxc-ts, oxc-js-range, oxc-ts-range, their -parent variants, oxlint-plugins), or all
    #[arg(long, value_name = "NAME|all", default_value = "all")]
    target: String,
    /// Files or directories (default: the corpus listed in tests/conformance/corpus.txt, or
    /// tests/oxc/corpus-{js,ts}.txt for oxc targets)
    #[arg(value_name = "PATH")]
    paths: Vec<PathBuf>,
    /// How many scripts run at once (rawast's targets share one; each oxc target has its own)
    #[arg(long, value_name = "N", default_value_t = jobs::default_parallelism())]
    jobs: usize,
}

pub fn main(project: &Project, args: Args) -> Result<ExitCode> {
    let targets = Targets::read(project)?;
    let Some(selected) = targets.select(&args.target) else {
        return Err(bad_usage("conformance", format!("unknown target `{}`: {}", args.target, targets.names(false))));
    };
    let paths: Vec<PathBuf> = args
        .paths
        .iter()
        .map(|path| std::fs::canonicalize(path).with_context(|| format!("cannot find {}", path.display())))
        .collect::<Result<_>>()?;
    // A target named on the command line needs the wasm32 producer; `all` can go without, outside CI.
    let named = args.target != "all";
    let counts = run(project, selected, &paths, named, args.jobs)?;
    // Each script ends with the contract's line for its targets; several end with one for them all.
    if counts.scripts > 1 {
        // A command contract (DESIGN.md) that scripts parse: "files" and "mismatches" whatever the counts.
        println!("conformance: {} files, {} mismatches", counts.files, counts.mismatches);
    }
    Ok(project::exit_code(counts.success))
}

/// Compares `targets` on `paths` or, if none, on each one's default corpus: rawast's targets in one
/// run of tests/conformance/run.js, each oxc target in a run of tests/oxc/conformance.js, and
/// Oxlint's in one of tests/oxlint/conformance.js, `jobs` runs at a time.
/// The 32-bit targets are dropped when the wasm32 producer cannot be built, unless `required` (or CI).
pub fn run(
    project: &Project,
    targets: Vec<HarnessTarget>,
    paths: &[PathBuf],
    required: bool,
    jobs: usize,
) -> Result<Counts> {
    targets.iter().try_for_each(HarnessTarget::ensure_generated)?;
    // The span checks read the layouts' `walk`.
    crate::layouts::write(project)?;
    let (mut oxc, mut rawast): (Vec<HarnessTarget>, Vec<HarnessTarget>) =
        targets.into_iter().partition(HarnessTarget::is_oxc);
    layout32::build_producer_for(project, &mut rawast, required)?;
    let mut scripts = Vec::new();
    // Oxlint's run is the longest: started first, the others share the remaining cores.
    oxc.sort_by_key(|target| !target.is_oxlint());
    for target in oxc {
        scripts.push(oxc_script(project, target, paths)?);
    }
    if !rawast.is_empty() {
        let encode = project.build_encode(true)?;
        let files =
            if paths.is_empty() { corpus_list(project, "tests/conformance/corpus.txt")? } else { paths.to_vec() };
        let mut command = Command::new(project.node()?);
        command.arg(project.path("tests/conformance/run.js")).arg("--encode").arg(encode);
        command.args(rawast.iter().flat_map(HarnessTarget::arg)).args(&files).current_dir(std::env::current_dir()?);
        let label = rawast.iter().map(|target| target.name.as_str()).collect::<Vec<_>>().join(",");
        scripts.insert(scripts.len().min(1), Job { label, command });
    }
    let mut total = Counts { success: true, ..Counts::default() };
    for finished in jobs::run_all(scripts, jobs)? {
        total.add(&Counts::of(&finished));
    }
    Ok(total)
}

/// The run of `target`'s script (oxc-parser's or Oxlint's) on `paths` or its default corpus.
fn oxc_script(project: &Project, target: HarnessTarget, paths: &[PathBuf]) -> Result<Job> {
    let files = if !paths.is_empty() {
        paths.to_vec()
    } else if matches!(target.format, Format::Oxc { typescript: true, .. }) {
        corpus_list(project, "tests/oxc/corpus-ts.txt")?
    } else {
        corpus_list(project, "tests/oxc/corpus-js.txt")?
    };
    let script = if target.is_oxlint() {
        eprintln!(
            "conformance of {} (against Oxlint's own deserializer, on the buffers Oxlint writes, while it lints)",
            target.name
        );
        "tests/oxlint/conformance.js"
    } else {
        eprintln!("conformance of {} (against oxc-parser's own deserializer, on the same buffers)", target.name);
        "tests/oxc/conformance.js"
    };
    let mut command = Command::new(project.node()?);
    command.arg(project.path(script)).args(target.arg()).args(&files).current_dir(&project.root);
    Ok(Job { label: target.name, command })
}

/// The paths a corpus list names (relative to the root; `#` comments), which must all exist (`npm
/// ci` installs the packages).
fn corpus_list(project: &Project, list: &str) -> Result<Vec<PathBuf>> {
    let text = std::fs::read_to_string(project.path(list)).with_context(|| format!("cannot read {list}"))?;
    let mut paths = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let path = project.path(line);
        anyhow::ensure!(path.exists(), "{line} (listed in {list}) is missing; run `npm ci`");
        paths.push(path);
    }
    Ok(paths)
}

/// What conformance scripts reported: whether they all succeeded, and their last lines' counts.
#[derive(Default)]
pub struct Counts {
    pub success: bool,
    pub files: u64,
    pub mismatches: u64,
    /// How many scripts ran.
    pub scripts: u32,
}

impl Counts {
    fn add(&mut self, other: &Counts) {
        self.success &= other.success;
        self.files += other.files;
        self.mismatches += other.mismatches;
        self.scripts += other.scripts;
    }

    /// The counts of a script's last line (`conformance: F files, M mismatches`); a script that
    /// ended without one failed.
    fn of(finished: &Finished) -> Counts {
        let mut counts = Counts { scripts: 1, success: finished.success, ..Counts::default() };
        let line = finished.last_line.as_deref().and_then(|line| line.strip_prefix("conformance: "));
        let numbers: Vec<u64> =
            line.unwrap_or_default().split(|c: char| !c.is_ascii_digit()).filter_map(|n| n.parse().ok()).collect();
        match numbers[..] {
            [files, mismatches] => (counts.files, counts.mismatches) = (files, mismatches),
            _ => counts.success = false,
        }
        counts
    }
}
