//! `cargo xtask bench`'s command line: its forms, its help (what each mode times and prints) and
//! its flags.

use std::path::PathBuf;

/// The forms, which clap's one generated line would run together.
pub const USAGE: &str = "\
cargo xtask bench [--json FILE] [--samples N] [PATH...]
       cargo xtask bench --target oxc-… [--json FILE] [--samples N] [PATH...]
       cargo xtask bench --target oxlint-plugins --session [--json FILE] [--samples N] [PATH...]
       cargo xtask bench --lazy [--samples N] [PATH...]
       cargo xtask bench --visit [--target T] [--json FILE] [--samples N] [PATH...]
       cargo xtask bench --visit --target oxc-… --session [--json FILE] [--samples N] [PATH...]
       cargo xtask bench --load [--target T] [--json FILE] [--samples N]
       cargo xtask bench --e2e [--json FILE] [--samples N] [PATH...]
       cargo xtask bench --check
       cargo xtask bench --report [--check]";

pub const LONG_ABOUT: &str = "\
Deserialize-only benchmark (see shared PERF.md)

In one Node process with --expose-gc, for each file: rawast's parser deserializer on the buffer the
Rust producer wrote; oxc-parser's deserializer on its raw-transfer buffer of the same source (given
the source string); JSON.parse of acorn's AST as JSON; a type-shaped clone of acorn's AST (the
floor). Methods are interleaved in a fresh seeded random order each round, garbage is collected
before every sample; a warm-up of at least 3 rounds and 0.5 s per file (three rounds of a small
file end before V8 has optimized its code), then N samples (default 15). Files under 5 KB, and the empty
program (the fixed cost of a call), are also timed per call, in batches. Then, per file, the parser
layout's source encoding: the generated `encodeSource` into a buffer allocated once against
`new TextEncoder().encode`, interleaved the same way. Prints a progress line per file (stderr), the
CPU and Node version, then a markdown table of median (min) ns per node, each method counting the
nodes of its own output, a table of µs per call, a table of median (min) ms of the two encoders, a
table of rawast on each non-ASCII file against its ASCII twin (every non-ASCII character replaced),
the worst file against each of oxc, JSON.parse and the clone, the geomean against oxc per file class
(below), and last the geometric means of rawast's ns/node over the others'. --json holds the first two tables, the machine and the geomeans.

With --lazy, instead: the parser target (plain objects) against the lazy parser-lazy target
(getters that read on first access), each deserializing then (a) collecting every string literal's
value and (b) counting identifiers with the same VISITOR_KEYS visitor, and (c) reading only the
top-level statements' types; interleaved and collected the same way; a markdown table of median
(min) ms and lazy ÷ eager ratios.

With --visit, instead: bench/visit.js, the generated walker of the parser target on its buffers
(with --target, of another target of codegen.toml with 64-bit buffers: linter, parser-lazy).
Methods, interleaved and collected as above: walk_full (`walk` with a visitor of every Identifier,
its name read), walk_sparse (`walk` with a visitor of DebuggerStatement and ImportDeclaration),
eager (`deserialize`) and eager_visit_full (`deserialize`, then `visit` with walk_full's visitor).
For a lazy target, eager and eager_visit_full are its eager twin's (parser for parser-lazy: the
same buffers read into plain objects), and lazy_visit_full is the lazy target's `deserialize`, then
its `visit`. Prints a markdown table of median (min) ms with walk_full ÷ eager_visit_full,
walk_full ÷ eager and walk_sparse ÷ eager (and lazy_visit_full ÷ eager_visit_full), the files where
walk_full is slower than eager_visit_full, and the geomeans; --json holds
`files[].ms.<method>` = `{median, min}`.

With --visit --target and an oxc target without parents (oxc-js, oxc-ts, oxc-js-range,
oxc-ts-range, oxc-js-buffer-text), instead: bench/oxc-visit.js, on oxc-parser's buffers (each
file parsed once; the JS or TS default set as below). Methods: walk_full and walk_sparse (the
target's `walk`, as above), oxc_eager_visitor_full (oxc's deserializer of the same variant, then
oxc-parser's `Visitor` with walk_full's visitor), oxc_lazy_visitor_full and
oxc_lazy_visitor_sparse (oxc's lazy mode on the same buffer, walked by its lazy visitor: identifiers
are its four Rust types there), oxc_eager (oxc's deserializer), eager_visit_full and eager (the
target's `deserialize`, with and without its `visit`). Ratios: walk_full ÷ oxc_eager_visitor_full,
walk_sparse ÷ oxc_eager, walk_full ÷ eager_visit_full, and oxc's lazy visits ÷ oxc_eager. (Targets
with parent links are refused: their walk reads the whole tree at the first visited node.)

With --target and a target of tests/oxc/codegen.toml (oxc-js, oxc-ts, oxc-js-range, oxc-ts-range),
instead: the same-buffer benchmark (bench/oxc.js). Each file is parsed once by oxc-parser; rawast's
deserializer and oxc's own of the same variant (js, ts, js_range, ts_range) read that buffer,
interleaved as above with JSON.parse of the same tree, the type-shaped clone, and the construct-only
floor (the same objects built from values already decoded, read from a flat tape: no buffer, no
decoding, no property loads). A file whose two outputs differ is not timed. Prints a markdown table
of median (min) ns per node with rawast's ratios to each, the worst file against each, how many files
rawast is slower on than oxc, the same and the geomean per file class (size: under 5 KB, 5-100 KB,
larger; JavaScript, JSX and TSX, TypeScript; non-ASCII-heavy: 1% of the bytes or more), and their
geometric means. Default files: the default set (below) for JS targets;
for TS targets typescript's lib.dom.d.ts and typescript.d.ts, zod's v3 types.ts and v4 schemas.ts,
@tanstack/router-core's router.ts, @tanstack/react-router's link.tsx and Match.tsx, and
@tanstack/solid-router's route.tsx, and five ordinary sources of 20-45 KB (katex's Parser.ts,
zrender's Animator.ts, puppeteer-core's cdp/Page.ts, router-core's utils.ts, entities' decode.ts).
Files under 5 KB and the empty program (the fixed cost) are also timed per call. A -parent target is
measured against oxc's variant without parents (oxc-parser 0.157 ships none with).

With --target oxlint-plugins (`linter = true`), instead: bench/oxlint.js. Oxlint 1.91.0 lints the files once
with a capture plugin; each file's buffer, put back at its offsets, is read by rawast's target and by
Oxlint's own deserializer (cut out of the pinned bundle into target/oxlint-deserialize.mjs, timed as
Oxlint calls it: the source decoded, then deserializeProgramOnly), with the same baselines (of the tree
without parent links) and µs per call on files under 5 KB and on Oxlint's buffer of an empty file
(the fixed cost of a call; --json: `fixed_cost_us`). Default files: both default sets.

With --load, instead: bench/load.js, what loading a deserializer costs a process. Each module is
imported in a fresh Node process, timed inside it, the modules in a fresh seeded random order each
round (one warm-up round, then N, default 15): every target's deserialize.js and walk.js (with
--target, that target's), oxc-parser's deserializer of each oxc target's variant, and Oxlint's
deserializer. Prints a markdown table of median (min) ms per module, per target deserialize.js ÷
walk.js and each ÷ its reference, and last their geometric means.

With --session (Oxlint's target only), instead: bench/oxlint-session.js, as a linter runs a
deserializer. Each of six processes (rawast, Oxlint, rawast, …) holds one deserializer and reads
every captured file once per pass, keeping the last tree, with no forced collection; N passes (default
11), the first a warm-up. Prints per file the median µs per read, rawast ÷ Oxlint, how many files
rawast is slower on and the geomean, per file class and over all.

With --visit --target and an oxc target without parents, and --session: bench/oxc-visit-session.js,
as a tool visits files. Each of twelve processes (walk_sparse, oxc_eager, walk_full,
oxc_eager_visitor_full, three rounds, each round in another order) runs one method: every file
parsed by oxc-parser (not timed), then visited once, file after file, the last result kept, with no
forced collection; N passes (default 11), the first a warm-up. Prints per file the median µs per
call of each method, walk_sparse ÷ oxc_eager and walk_full ÷ oxc_eager_visitor_full, the same for a
whole pass, and their geomeans; --json holds `files[].us.<method>`.

With --e2e, instead: examples/jsonc/bench/e2e.js, the whole call of a Rust parser's `parse()` through
its native addon (examples/jsonc's packages, whose addons this builds first with `rawast addon`),
in one process on the same files, interleaved and collected as above. Methods: raw (`parse`: the
parse into the buffer the package reuses, then `deserialize`), raw_lazy (the lazy package's
`parse`), raw_walk_sparse (`walkSource` visiting NullLiteral), json_route (the same parse, the tree
written as JSON in Rust, handed over as a string, `JSON.parse`), parse_only (the Rust parse alone:
the floor), parse_into (the parse and the hand-over into the reused buffer), jsonc_parser
(`parseTree` of jsonc-parser, the JS peer) and, on plain JSON files, json_parse_native (`JSON.parse`
of the text: values only, a reference). Default files: the JSON and JSONC files of the pinned
node_modules, at most six per size class (under 5 KB, 5-100 KB, larger) and kind (JSON, JSONC),
spread over the sizes. Prints median µs per call per file and the geometric means of raw against
each reference beside issue 56's goals; --json holds `files[].{path,bytes,kind}`,
`files[].ms.<method>` = `{median, min}` and the geomeans.

With --check, instead: no timing worth reading. Every form above runs briefly (two or three small
files of the pinned packages, --samples 2), as its command line parses, and the JSON each writes is
read back: an entry per file, every figure a positive number, and the results table each would make
(below). A bench that no longer runs, or finds the trees it compares before timing different, fails
it, and so do results tables that differ from their JSON (--report --check, first). `cargo xtask
test` runs it (its step `benches`).

With --report, instead: nothing is timed. The results tables of bench/README.md, each between
`<!-- results:NAME -->` and `<!-- /results:NAME -->`, are written again from the JSON the benches
left in bench/results/NAME.json (run each bench with `--json bench/results/NAME.json`, the command
each table names): a line with the CPU, its cores, the Node version, the day and the samples, then
the geomeans of the ratios the bench's goals are about, per file class, and the goals. A results
file not there gives a line saying which command writes it. With --check, the tables are compared
instead of written: exit 1 if one differs from what its JSON gives.";

#[derive(clap::Args)]
pub struct Args {
    /// A target of tests/oxc/codegen.toml: the same-buffer benchmark against oxc's deserializer
    /// (oxlint-plugins: against Oxlint's)
    #[arg(long, value_name = "T", conflicts_with = "lazy")]
    pub(crate) target: Option<String>,
    /// Also write the results as JSON
    #[arg(long, value_name = "FILE", conflicts_with = "lazy")]
    pub(crate) json: Option<PathBuf>,
    /// Benchmark the lazy target against the eager one (bench/lazy.js)
    #[arg(long)]
    pub(crate) lazy: bool,
    /// Benchmark the generated walker against deserializing and visiting (bench/visit.js)
    #[arg(long, conflicts_with = "lazy")]
    pub(crate) visit: bool,
    /// Time loading each target's modules (and oxc's and Oxlint's deserializers) in fresh
    /// processes (bench/load.js)
    #[arg(long, conflicts_with_all = ["lazy", "session", "visit", "paths"])]
    pub(crate) load: bool,
    /// The whole call of a Rust parser's `parse()` through its native addon, against the JSON route
    /// and JS parsers (examples/jsonc/bench/e2e.js)
    #[arg(long, conflicts_with_all = ["target", "lazy", "visit", "load", "session"])]
    pub(crate) e2e: bool,
    /// With --target oxlint-plugins: one deserializer per process, each file read once per pass
    /// (bench/oxlint-session.js); with --visit --target oxc-…: one method per process, each file
    /// parsed and visited once per pass (bench/oxc-visit-session.js). --samples: passes per
    /// process, default 11
    #[arg(long, requires = "target")]
    pub(crate) session: bool,
    /// Instead of timing: every mode above, briefly (two or three small files, --samples 2), each
    /// run's --json read back (`cargo xtask test`'s step `benches`); with --report, compare the
    /// results tables instead of writing them
    #[arg(long, conflicts_with_all = ["target", "json", "lazy", "visit", "load", "session", "samples", "paths", "e2e"])]
    pub(crate) check: bool,
    /// Instead of timing: write the results tables of bench/README.md from bench/results/*.json
    #[arg(long, conflicts_with_all = ["target", "json", "lazy", "visit", "load", "session", "samples", "paths", "e2e"])]
    pub(crate) report: bool,
    /// Samples per method and file (default 15; with --session, passes per process, default 11)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub(crate) samples: Option<u32>,
    /// JS files (.jsx parsed as JSX). Default: 29 files of the pinned packages, the PERF.md set
    /// first, then bundles, ES modules, literal tables, comment-, string- and non-ASCII-heavy files,
    /// JSX, and five files under 5 KB
    #[arg(value_name = "PATH")]
    pub(crate) paths: Vec<PathBuf>,
}
