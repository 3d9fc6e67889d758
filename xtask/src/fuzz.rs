//! `cargo xtask fuzz`: structured corruptions of real buffers against the generated deserializers,
//! each case in a watched child process. The mutations and the watchdog are in `tests/fuzz/`; this
//! builds the producers, writes the schemas' layouts (which the mutations aim at: rawast's and, for
//! the oxc targets of `tests/oxc/codegen.toml`, oxc's) and runs them.

use std::ffi::OsString;
use std::process::ExitCode;

use anyhow::Result;

use crate::project::Project;
use crate::targets::{HarnessTarget, Targets};
use crate::usage::bad_usage;
use crate::{layout32, layouts};

pub const LONG_ABOUT: &str = "\
Corrupt real buffers on purpose and watch the deserializers

Buffers of real files (tests/fuzz/corpus.js: lodash, jquery, vue, moment's Japanese locale, JSX and
ES2022+ edge cases, typescript.js for a small share) from the Rust test producer are corrupted where
the schema's layout says pointers, lengths and tags are: pointer cycles, subtrees and strings shared
many times, huge lengths and lengths that run to the arena's end, invalid tags, root offsets swept,
metadata fields changed, truncations, byte flips, and odd views (unaligned, pooled, shared,
detached, resized, a Uint8Array whose length, byteOffset or buffer is redefined, padded to just
under 4 GiB and to 4 GiB or more, a Proxy, an object made from Uint8Array.prototype). Lazy
targets' trees are materialized, also after their buffer is detached, shrunk or grown back. Each
case runs in one of two child processes (two targets at a time, one child each; a single target
gets both), watched:

    hang      reads longer than 2 s plus 8 times the file's valid deserialization, or a walk
              (where the target has a walker) longer than 2 s plus 8 times its valid walk plus
              the reads' bound again (a walk may read twice: its scan, then the whole tree
              where nodes have parents)
    death     the child dies (a signal, V8 out of memory, an exit)
    blow-up   the case adds more than 64 MiB plus 64 times its buffer's size to the child's RSS
              (measured on Linux; 32 for each of the two trees a case holds: the read one and a
              full walk's), or the child's RSS, its garbage collected, stays past its level
              after loading by 256 MiB plus 16 times the largest buffer it holds (a leak)
    foreign   an error other than the module's RawastBufferError (a TypeError only for the odd
              inputs that are no Uint8Array); an AST from a buffer of 4 GiB or more, or from a
              lazy tree read whole after its buffer was detached; a tree other than that of the
              case's bytes (or an error where they give a tree) after a resize, a redefined
              length, or padding under 4 GiB

The oxc targets of tests/oxc/codegen.toml (oxc-js, oxc-ts, oxc-js-range, oxc-ts-range, and their
-parent variants) read
oxc-parser 0.157's own buffers: each child parses tests/fuzz/corpus.js's OXC_CORPUS (JS files; for
the TS targets TS and TSX too) with oxc-parser once and restores a file's region of the buffer before
each case. Besides the corruptions above they move data_offset and the other metadata fields, aim
pointers at 0, below the AST's region, at the metadata, misaligned or into another 4 GiB block, make
Vec lengths negative as 64-bit numbers, flip bits, and pass wrong sourceStartPos and sourceByteLen
arguments or a source text that is not the buffer's (or no string: a TypeError). Their bounds
count a file's region of the buffer (from data_offset to the end) as its buffer.

The oxlint target reads Oxlint's buffers: each child has Oxlint 1.91.0 lint the TS corpus once with
a capture plugin (tests/oxlint/capture-plugin.js) and puts each file's buffer back at its offsets
before each case. It gets the same corruptions but wrong arguments (it takes the buffer alone), no
deep valid case (tests/oxlint/deep.test.js reads those), and every `loc`, comment and token of what
it returns is read.

Prints a table per target and ends with `fuzz: C cases, H hangs, D deaths, B blow-ups, F foreign
errors`; exits 1 if H, D, B or F is not 0. Every failure prints the command that replays it.";

#[derive(clap::Args)]
pub struct Args {
    /// A target of codegen.toml or tests/oxc/codegen.toml, or all: every one of both
    #[arg(long, value_name = "NAME|all", default_value = "all")]
    pub target: String,
    /// Cases per target
    #[arg(long, value_name = "N", default_value_t = 2000)]
    pub cases: u64,
    /// The campaign's seed; case I of seed S is always the same corruption
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Run only case I (with --target), printing what it did
    #[arg(long, value_name = "I")]
    pub case: Option<u64>,
}

/// Builds the producers, writes the layouts and runs `tests/fuzz/run.js` on the targets selected.
pub fn main(project: &Project, args: Args) -> Result<ExitCode> {
    let targets = Targets::read(project)?;
    let Some(mut selected) = targets.select(&args.target) else {
        return Err(bad_usage("fuzz", format!("unknown target `{}`: {}", args.target, targets.names(false))));
    };
    selected.iter().try_for_each(HarnessTarget::ensure_generated)?;
    std::fs::create_dir_all(project.path("target/fuzz"))?;
    layouts::write(project)?;
    // The test producer makes the buffers of rawast's targets; oxc's parse with oxc-parser.
    let encode = if selected.iter().all(HarnessTarget::is_oxc) {
        project.path("target/release/encode")
    } else {
        project.build_encode(true)?
    };
    // A target named on the command line needs the wasm32 producer; `all` can go without, outside CI.
    layout32::build_producer_for(project, &mut selected, args.target != "all")?;
    let mut script_args: Vec<OsString> = selected.iter().flat_map(HarnessTarget::arg).map(Into::into).collect();
    script_args.extend([
        "--cases".into(),
        args.cases.to_string().into(),
        "--seed".into(),
        args.seed.to_string().into(),
    ]);
    if let Some(case) = args.case {
        script_args.extend(["--case".into(), case.to_string().into()]);
    }
    project.run_node_script(&[], "tests/fuzz/run.js", &encode, &script_args, &project.root)
}
