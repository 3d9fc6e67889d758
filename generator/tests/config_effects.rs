//! No key of codegen.toml is accepted and ignored: each key, written with a value other than its
//! default on a configuration where it could matter, either changes what codegen generates (or
//! the notes it prints) or is an error at the key, naming it. `CASES` lists, for every key, the
//! base configurations it is tried on and which of the two it must do; `every_key_has_a_case`
//! finds the keys `codegen.toml` takes from the configuration parser itself, so that a key added
//! later without a case here fails the test.
//!
//! A base is a small configuration of one target `t` (or none) on a fixture schema; a case writes
//! its edits into the base's tables, generates both, and compares.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use rawast_generator::{Config, Diagnostic, Error, Generation, SourceFile};

/// What writing a key must do.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Expect {
    /// The outputs or notes differ from the base's.
    Effect,
    /// Codegen refuses the configuration, with an error in codegen.toml that names the key.
    Refused,
}
use Expect::{Effect, Refused};

/// A key, the bases it is tried on, and what writing it must do there. Each edit is a table and a
/// line written into it (replacing the line of the same key), or `-key` to remove that key.
struct Case {
    key: &'static str,
    bases: &'static [&'static str],
    edits: &'static [(&'static str, &'static str)],
    expect: Expect,
}

const fn case(
    key: &'static str,
    bases: &'static [&'static str],
    edits: &'static [(&'static str, &'static str)],
    expect: Expect,
) -> Case {
    Case { key, bases, edits, expect }
}

/// Keys whose effect is not in what codegen generates, with the test that shows it.
const TESTED_ELSEWHERE: &[(&str, &str)] = &[
    (
        "targets.package.smoke.buffer",
        "generator/cli/src/package/check.rs, smoke_table_names_the_smoke_tests_inputs: `rawast package` runs the smoke test on it",
    ),
    (
        "targets.package.smoke.source",
        "generator/cli/src/package/check.rs, smoke_table_names_the_smoke_tests_inputs: `rawast package` parses it with the addon",
    ),
    (
        "targets.package.smoke.expected",
        "generator/cli/src/package/check.rs, smoke_table_names_the_smoke_tests_inputs: `rawast package` compares the smoke test's output with it",
    ),
];

/// The rawast targets' bases, eager and lazy, in both layouts, on both pointer widths and runtimes.
const RAWAST_TARGETS: &[&str] = &["parser", "linter", "lazy", "wasm32", "wasm32-lazy"];
/// Bases whose targets have walkers that skip by words.
const WALKS: &[&str] = &["walk", "walk-lazy", "walk-linter", "walk-utf8-wasm32", "oxc-walk", "oxc-walk-linter"];
/// The oxc targets' bases: each of oxc's variants.
const OXC_TARGETS: &[&str] = &["oxc-js", "oxc-ts", "oxc-range", "oxc-parent", "oxc-linter", "oxc-buffer"];

const CASES: &[Case] = &[
    // [schema]
    case(
        "schema.files",
        &["parser", "no-targets"],
        &[("schema", r#"files = ["mapping/estree/schema.rs", "extra.rs"]"#)],
        Effect,
    ),
    case(
        "schema.crates",
        &["parser", "no-targets"],
        &[("schema.crates", r#"extra = ["extra.rs"]"#), ("schema", r#"cargo_manifest = "Cargo.toml""#)],
        Effect,
    ),
    case(
        "schema.crates",
        &["parser"],
        &[("schema.crates", "extra = []"), ("schema", r#"cargo_manifest = "Cargo.toml""#)],
        Refused,
    ),
    case("schema.crates", &["parser"], &[("schema.crates", r#"extra = ["extra.rs"]"#)], Refused),
    case("schema.cargo_manifest", &["parser", "oxc-js"], &[("schema", r#"cargo_manifest = "Cargo.toml""#)], Refused),
    case("schema.dialect", &["parser"], &[("schema", r#"dialect = "oxc""#)], Refused),
    case("schema.dialect", &["oxc-js"], &[("schema", "-dialect")], Refused),
    case(
        "schema.ast_module",
        &["parser", "no-targets", "oxc-js"],
        &[("schema", r#"ast_module = "crate::syntax""#)],
        Effect,
    ),
    case(
        "schema.arena_module",
        &["parser", "no-targets", "oxc-js"],
        &[("schema", r#"arena_module = "crate::arena""#)],
        Effect,
    ),
    case(
        "schema.runtime_module",
        &["parser", "no-targets", "packaged"],
        &[("schema", r#"runtime_module = "my_runtime""#)],
        Effect,
    ),
    case("schema.runtime_module", &["oxc-js"], &[("schema", r#"runtime_module = "rawast_runtime""#)], Refused),
    case(
        "schema.producer_module",
        &["parser", "lazy"],
        &[("schema", r#"producer_module = "crate::producer""#)],
        Effect,
    ),
    case(
        "schema.producer_module",
        &["no-targets"],
        &[("schema", r#"producer_module = "crate::producer""#), ("schema", r#"root = "Program""#)],
        Effect,
    ),
    case(
        "schema.producer_module",
        &["ranges", "oxc-js"],
        &[("schema", r#"producer_module = "crate::producer""#)],
        Refused,
    ),
    case("schema.unexported", &["oxc-js"], &[("schema", r#"unexported = ["Comment"]"#)], Effect),
    case("schema.unexported", &["oxc-js"], &[("schema", r#"unexported = ["Missing"]"#)], Refused),
    case("schema.unexported", &["oxc-private"], &[("schema", r#"unexported = ["Private"]"#)], Refused),
    case("schema.unexported", &["parser", "no-targets"], &[("schema", r#"unexported = ["Comment"]"#)], Refused),
    case("schema.root", &["parser", "lazy", "producer-only"], &[("schema", r#"root = "BlockStatement""#)], Effect),
    case("schema.root", &["no-targets", "oxc-js", "oxc-linter"], &[("schema", r#"root = "Program""#)], Refused),
    case("schema.ast_name", &["packaged", "packaged-linter"], &[("schema", r#"ast_name = "Tiny""#)], Effect),
    case("schema.ast_name", &["parser", "no-targets", "oxc-packaged"], &[("schema", r#"ast_name = "Tiny""#)], Refused),
    // [mapping]
    case("mapping.root_key", RAWAST_TARGETS, &[("mapping", r#"root_key = "tree""#)], Effect),
    case("mapping.channels", RAWAST_TARGETS, &[("mapping", r#"channels = ["comments"]"#)], Effect),
    case("mapping.channels", &["producer-only"], &[("mapping", r#"channels = ["comments"]"#)], Effect),
    case("mapping.discriminator", &["parser", "linter", "wasm32"], &[("mapping", r#"discriminator = """#)], Effect),
    case("mapping.discriminator", RAWAST_TARGETS, &[("mapping", r#"discriminator = "kind""#)], Effect),
    case("mapping.discriminator", &["lazy", "walk", "producer"], &[("mapping", r#"discriminator = """#)], Refused),
    case("mapping.spans", RAWAST_TARGETS, &[("mapping", r#"spans = "range""#)], Effect),
    case("mapping.spans", RAWAST_TARGETS, &[("mapping", r#"spans = "object""#)], Effect),
    case("mapping.spans", RAWAST_TARGETS, &[("mapping", r#"spans = "none""#)], Effect),
    case("mapping.spans", &["producer"], &[("mapping", r#"spans = "range""#)], Refused),
    case("mapping.span_unit", RAWAST_TARGETS, &[("mapping", r#"span_unit = "utf8""#)], Effect),
    case("mapping.span_unit", &["walk", "walk-lazy", "walk-linter"], &[("mapping", r#"span_unit = "utf8""#)], Effect),
    case("mapping.span_unit", &["spans-none"], &[("mapping", r#"span_unit = "utf8""#)], Refused),
    case("mapping.span_unit", &["spans-none-walk"], &[("mapping", r#"span_unit = "utf8""#)], Effect),
    case("mapping.case", &["snake-fields", "snake-fields-lazy"], &[("mapping", r#"case = "snake""#)], Effect),
    case("mapping.case", &["parser", "lazy"], &[("mapping", r#"case = "snake""#)], Refused),
    case("mapping.case", &["snake-fields-producer"], &[("mapping", r#"case = "snake""#)], Refused),
    // `[mapping]` describes what targets generate, and only rawast's targets.
    case(
        "mapping.root_key",
        &["no-targets", "producer-only", "oxc-js", "oxc-linter"],
        &[("mapping", r#"root_key = "tree""#)],
        Refused,
    ),
    case("mapping.channels", &["no-targets", "oxc-js"], &[("mapping", r#"channels = ["comments"]"#)], Refused),
    case(
        "mapping.discriminator",
        &["no-targets", "oxc-js", "oxc-walk"],
        &[("mapping", r#"discriminator = "kind""#)],
        Refused,
    ),
    case("mapping.spans", &["no-targets", "oxc-js"], &[("mapping", r#"spans = "range""#)], Refused),
    case(
        "mapping.span_unit",
        &["no-targets", "producer-only", "oxc-js", "oxc-walk"],
        &[("mapping", r#"span_unit = "utf8""#)],
        Refused,
    ),
    case("mapping.case", &["no-targets", "oxc-js"], &[("mapping", r#"case = "snake""#)], Refused),
    // [output]
    case("output.dir", &["parser", "no-targets", "oxc-js"], &[("output", r#"dir = "elsewhere""#)], Effect),
    case(
        "output.regenerate",
        &["parser", "no-targets", "oxc-js"],
        &[("output", r#"regenerate = "make generated""#)],
        Effect,
    ),
    // [targets.t]
    case("targets.format", &["parser"], &[("targets.t", r#"format = "oxc""#)], Refused),
    case("targets.format", &["oxc-js"], &[("targets.t", "-format")], Refused),
    case(
        "targets.source_placement",
        &["parser", "wasm32", "packaged"],
        &[("targets.t", r#"source_placement = "end""#)],
        Effect,
    ),
    case(
        "targets.source_placement",
        &["linter", "packaged-linter"],
        &[("targets.t", r#"source_placement = "start""#)],
        Effect,
    ),
    case("targets.source_placement", &["lazy"], &[("targets.t", r#"source_placement = "end""#)], Refused),
    case("targets.source_placement", &["parser"], &[("targets.t", "-source_placement")], Refused),
    case(
        "targets.runtime",
        &["parser", "linter", "lazy", "packaged", "int64", "plain"],
        &[("targets.t", r#"runtime = "web""#)],
        Effect,
    ),
    case("targets.runtime", &["wasm32", "wasm32-lazy"], &[("targets.t", r#"runtime = "node""#)], Effect),
    case("targets.runtime", &["utf8-slice"], &[("targets.t", r#"runtime = "web""#)], Refused),
    case(
        "targets.pointer_width",
        &["parser", "linter", "lazy", "packaged", "int64", "plain"],
        &[("targets.t", "pointer_width = 32")],
        Effect,
    ),
    case("targets.pointer_width", &["parser"], &[("targets.t", "pointer_width = 16")], Refused),
    case("targets.lazy", &["parser", "wasm32", "packaged", "int64", "plain"], &[("targets.t", "lazy = true")], Effect),
    case("targets.lazy", &["linter", "no-discriminator"], &[("targets.t", "lazy = true")], Refused),
    case("targets.int64", &["int64", "int64-lazy", "int64-linter"], &[("targets.t", r#"int64 = "bigint""#)], Effect),
    case("targets.int64", &["parser", "lazy", "packaged", "plain"], &[("targets.t", r#"int64 = "bigint""#)], Refused),
    case(
        "targets.strings.source_slicing",
        RAWAST_TARGETS,
        &[("targets.t.strings", r#"source_slicing = "none""#)],
        Effect,
    ),
    case(
        "targets.strings.source_slicing",
        RAWAST_TARGETS,
        &[("targets.t.strings", r#"source_slicing = "ascii_prefix""#)],
        Effect,
    ),
    case(
        "targets.strings.short_decoder",
        RAWAST_TARGETS,
        &[("targets.t.strings", r#"short_decoder = "apply""#)],
        Effect,
    ),
    case(
        "targets.strings.short_decoder",
        RAWAST_TARGETS,
        &[("targets.t.strings", r#"short_decoder = "switch""#)],
        Effect,
    ),
    case(
        "targets.strings.short_decoder",
        &["parser"],
        &[("targets.t.strings", r#"short_decoder = "apply""#), ("targets.t.strings", "short_max_len = 0")],
        Refused,
    ),
    case("targets.strings.short_max_len", RAWAST_TARGETS, &[("targets.t.strings", "short_max_len = 8")], Effect),
    case("targets.strings.short_max_len", RAWAST_TARGETS, &[("targets.t.strings", "short_max_len = 0")], Effect),
    case("targets.strings.short_max_len", &["parser"], &[("targets.t.strings", "short_max_len = 65")], Refused),
    case(
        "targets.strings.long_decoder",
        &["parser", "linter", "lazy"],
        &[("targets.t.strings", r#"long_decoder = "utf8_slice""#)],
        Effect,
    ),
    case(
        "targets.strings.long_decoder",
        &["wasm32", "wasm32-lazy"],
        &[("targets.t.strings", r#"long_decoder = "utf8_slice""#)],
        Refused,
    ),
    case(
        "targets.strings.source_slicing",
        &["int64", "plain", "oxc-js"],
        &[("targets.t.strings", r#"source_slicing = "none""#)],
        Refused,
    ),
    case(
        "targets.strings.short_decoder",
        &["int64", "plain", "oxc-js"],
        &[("targets.t.strings", r#"short_decoder = "apply""#)],
        Refused,
    ),
    case(
        "targets.strings.short_max_len",
        &["int64", "plain", "oxc-js"],
        &[("targets.t.strings", "short_max_len = 8")],
        Refused,
    ),
    case(
        "targets.strings.long_decoder",
        &["int64", "plain", "oxc-js"],
        &[("targets.t.strings", r#"long_decoder = "utf8_slice""#)],
        Refused,
    ),
    case("targets.package.name", &["parser", "linter", "lazy", "wasm32"], PACKAGE, Effect),
    case("targets.package.name", &["packaged", "oxc-packaged"], &[("targets.t.package", r#"name = "other""#)], Effect),
    case(
        "targets.package.version",
        &["packaged", "oxc-packaged"],
        &[("targets.t.package", r#"version = "2.0.0""#)],
        Effect,
    ),
    case(
        "targets.package.fingerprint",
        &["packaged", "oxc-packaged"],
        &[("targets.t.package", r#"fingerprint = "0123456789abcdef""#)],
        Refused,
    ),
    case(
        "targets.package.description",
        &["packaged", "oxc-packaged"],
        &[("targets.t.package", r#"description = "Reads trees""#)],
        Effect,
    ),
    case(
        "targets.package.license",
        &["packaged", "oxc-packaged"],
        &[("targets.t.package", r#"license = "Apache-2.0""#)],
        Effect,
    ),
    case(
        "targets.package.license_file",
        &["packaged", "oxc-packaged"],
        &[("targets.t.package", r#"license_file = "LICENSE""#)],
        Effect,
    ),
    case(
        "targets.package.repository",
        &["packaged", "oxc-packaged"],
        &[("targets.t.package", r#"repository = "git+https://example.com/tiny.git""#)],
        Effect,
    ),
    case(
        "targets.package.peer_dependencies",
        &["packaged"],
        &[("targets.t.package", r#"peer_dependencies = { "tiny-parser" = "1.0.0" }"#)],
        Effect,
    ),
    case(
        "targets.package.peer_dependencies",
        &["oxc-packaged"],
        &[("targets.t.package", r#"peer_dependencies = { "oxc-parser" = "0.1.0" }"#)],
        Effect,
    ),
    case(
        "targets.package.peer_dependencies",
        &["oxc-packaged"],
        &[("targets.t.package", r#"peer_dependencies = { "acorn" = "8.0.0" }"#)],
        Refused,
    ),
    case(
        "targets.package.smoke",
        &["oxc-packaged"],
        &[
            ("targets.t.package.smoke", r#"buffer = "sample.bin""#),
            ("targets.t.package.smoke", r#"expected = "sample.json""#),
        ],
        Refused,
    ),
    case("targets.package.addon", &["packaged", "packaged-linter", "lazy-packaged"], ADDON, Effect),
    case("targets.package.addon", &["oxc-packaged", "packaged-wasm32", "packaged-web"], ADDON, Refused),
    case("targets.package.addon.build", &["addon"], &[("targets.t.package.addon", r#"build = "tiny::other""#)], Effect),
    case("targets.package.addon.build", &["addon"], &[("targets.t.package.addon", r#"build = "not a path""#)], Refused),
    case(
        "targets.package.addon.buffer_format",
        &["addon"],
        &[("targets.t.package.addon", r#"buffer_format = "tiny::FORMAT""#)],
        Effect,
    ),
    case(
        "targets.package.addon.buffer_format",
        &["addon"],
        &[("targets.t.package.addon", r#"buffer_format = "tiny::""#)],
        Refused,
    ),
    case("targets.package.addon.name", &["addon"], &[("targets.t.package.addon", r#"name = "other""#)], Effect),
    case("targets.package.addon.name", &["addon"], &[("targets.t.package.addon", r#"name = "Tiny-Addon""#)], Refused),
    case("targets.package.addon.crate", &["addon"], &[("targets.t.package.addon", r#"crate = "parser""#)], Effect),
    case("targets.package.addon.crate", &["addon"], &[("targets.t.package.addon", r#"crate = "../parser""#)], Refused),
    case(
        "targets.package.addon.modules",
        &["addon"],
        &[("targets.t.package.addon", r#"modules = ["extra.rs"]"#)],
        Effect,
    ),
    case(
        "targets.package.addon.modules",
        &["addon"],
        &[("targets.t.package.addon", r#"modules = ["/extra.rs"]"#)],
        Refused,
    ),
    case("targets.package.wasm", &["packaged-wasm32", "lazy-packaged-wasm32"], WASM, Effect),
    case("targets.package.wasm", &["packaged", "packaged-web", "oxc-packaged", "addon"], WASM, Refused),
    case("targets.package.wasm.build", &["wasm"], &[("targets.t.package.wasm", r#"build = "tiny::other""#)], Effect),
    case(
        "targets.package.wasm.buffer_format",
        &["wasm"],
        &[("targets.t.package.wasm", r#"buffer_format = "tiny::FORMAT""#)],
        Effect,
    ),
    case("targets.package.wasm.name", &["wasm"], &[("targets.t.package.wasm", r#"name = "other""#)], Effect),
    case("targets.package.wasm.crate", &["wasm"], &[("targets.t.package.wasm", r#"crate = "parser""#)], Effect),
    case("targets.package.wasm.modules", &["wasm"], &[("targets.t.package.wasm", r#"modules = ["extra.rs"]"#)], Effect),
    case(
        "targets.package.smoke.source",
        &["packaged"],
        &[
            ("targets.t.package.smoke", r#"source = "sample.txt""#),
            ("targets.t.package.smoke", r#"expected = "sample.json""#),
        ],
        Refused,
    ),
    case(
        "targets.typescript",
        &["oxc-js", "oxc-range", "oxc-parent", "oxc-buffer", "oxc-packaged"],
        &[("targets.t", "typescript = true")],
        Effect,
    ),
    case(
        "targets.range",
        &["oxc-js", "oxc-ts", "oxc-parent", "oxc-buffer", "oxc-packaged"],
        &[("targets.t", "range = true")],
        Effect,
    ),
    case(
        "targets.parent",
        &["oxc-js", "oxc-ts", "oxc-range", "oxc-buffer", "oxc-packaged"],
        &[("targets.t", "parent = true")],
        Effect,
    ),
    case("targets.linter", &["oxc-js", "oxc-walk"], &[("targets.t", "linter = true")], Effect),
    case(
        "targets.source_text",
        &["oxc-js", "oxc-ts", "oxc-range", "oxc-parent", "oxc-packaged"],
        &[("targets.t", r#"source_text = "buffer""#)],
        Effect,
    ),
    case("targets.typescript", &["oxc-linter", "parser"], &[("targets.t", "typescript = true")], Refused),
    case("targets.range", &["oxc-linter", "parser"], &[("targets.t", "range = true")], Refused),
    case("targets.parent", &["oxc-linter", "parser"], &[("targets.t", "parent = true")], Refused),
    case("targets.linter", &["parser"], &[("targets.t", "linter = true")], Refused),
    case("targets.source_text", &["oxc-linter", "parser"], &[("targets.t", r#"source_text = "buffer""#)], Refused),
    case("targets.source_placement", OXC_TARGETS, &[("targets.t", r#"source_placement = "start""#)], Refused),
    case("targets.runtime", OXC_TARGETS, &[("targets.t", r#"runtime = "node""#)], Refused),
    case("targets.pointer_width", OXC_TARGETS, &[("targets.t", "pointer_width = 64")], Refused),
    case("targets.lazy", OXC_TARGETS, &[("targets.t", "lazy = true")], Refused),
    case("targets.int64", OXC_TARGETS, &[("targets.t", r#"int64 = "bigint""#)], Refused),
    // [walk]
    case("walk.keywords", RAWAST_TARGETS, &[("walk.keywords", r#"UnaryExpression = ["typeof"]"#)], Effect),
    case(
        "walk.keywords",
        &["utf8", "packaged", "oxc-js", "oxc-ts", "oxc-parent", "oxc-linter"],
        &[("walk.keywords", r#"BlockStatement = ["{"]"#)],
        Effect,
    ),
    case("walk.keywords", WALKS, &[("walk.keywords", r#"ExpressionStatement = [";"]"#)], Effect),
    case("walk.keywords", &["parser", "oxc-js"], &[("walk.keywords", r#"Missing = ["missing"]"#)], Refused),
    case(
        "walk.keywords",
        &["no-targets", "no-discriminator"],
        &[("walk.keywords", r#"Section = ["section"]"#)],
        Refused,
    ),
    case("walk.keywords", &["unwalkable"], &[("walk.keywords", r#"Name = ["name"]"#)], Refused),
    case("walk.comments", WALKS, &[("walk", r#"comments = "Comment""#)], Effect),
    case("walk.comments", &["parser", "no-targets", "oxc-js"], &[("walk", r#"comments = "Comment""#)], Refused),
    case("walk.outside_span", WALKS, &[("walk", r#"outside_span = ["BlockStatement.body"]"#)], Effect),
    case(
        "walk.outside_span",
        &["parser", "no-targets", "oxc-js"],
        &[("walk", r#"outside_span = ["BlockStatement.body"]"#)],
        Refused,
    ),
    case("walk.errors", WALKS, &[("walk", r#"errors = "Comment""#)], Effect),
    case("walk.errors", &["parser", "no-targets", "oxc-js"], &[("walk", r#"errors = "Comment""#)], Refused),
];

/// The table that makes target `t` an npm package.
/// A package's addon: the parser crate is the configuration's directory's (`Cargo.toml`, `tiny`).
const ADDON: &[(&str, &str)] = &[
    ("targets.t.package.addon", r#"build = "tiny::build_program""#),
    ("targets.t.package.addon", r#"buffer_format = "tiny::constants::BUFFER_FORMAT""#),
];

/// A package's wasm module, of the same parser crate.
const WASM: &[(&str, &str)] = &[
    ("targets.t.package.wasm", r#"build = "tiny::build_program""#),
    ("targets.t.package.wasm", r#"buffer_format = "tiny::constants::BUFFER_FORMAT""#),
];

const PACKAGE: &[(&str, &str)] = &[
    ("targets.t.package", r#"name = "tiny""#),
    ("targets.t.package", r#"version = "1.0.0""#),
    ("targets.t.package", r#"license = "MIT""#),
];

/// A rawast schema: the ESTree fixture's (`Str`s, comments, nested nodes, no 64-bit integers, no
/// field named with `_`).
const RAWAST: &str = r#"
[schema]
files = ["mapping/estree/schema.rs"]
ast_module = "crate::ast"
runtime_module = "rawast_runtime"
root = "Program"
[output]
dir = "out"
[targets.t]
source_placement = "start"
"#;

/// An oxc schema: the oxc fixture's.
const OXC: &str = r#"
[schema]
dialect = "oxc"
files = ["oxc/mini/ast.rs", "oxc/mini/module_record.rs", "oxc/mini/serialize.rs", "oxc/mini/raw_transfer.rs"]
ast_module = "crate::ast"
arena_module = "crate::ast"
[output]
dir = "out"
[targets.t]
format = "oxc"
"#;

/// Each base: a configuration, as edits of `RAWAST` or `OXC`.
fn base(name: &str) -> Toml {
    let rawast = |edits: &[(&str, &str)]| Toml::parse(RAWAST).with(edits);
    let oxc = |edits: &[(&str, &str)]| Toml::parse(OXC).with(edits);
    let walk = ("walk.keywords", r#"UnaryExpression = ["typeof"]"#);
    let oxc_walk = ("walk.keywords", r#"VariableDeclaration = ["var", "let", "const"]"#);
    let int64 = [("schema", r#"files = ["mapping/int64/schema.rs"]"#), ("schema", r#"root = "Counts""#)];
    // (Its `Tree` has a `type` of its own.)
    let snake = [
        ("schema", r#"files = ["mapping/shapes/schema.rs"]"#),
        ("schema", r#"root = "Tree""#),
        ("mapping", r#"discriminator = "kind""#),
    ];
    let oxc_package =
        [PACKAGE, &[("targets.t.package", r#"peer_dependencies = { "oxc-parser" = "0.157.0" }"#)]].concat();
    match name {
        "parser" => rawast(&[]),
        "linter" => rawast(&[("targets.t", r#"source_placement = "end""#)]),
        "lazy" => rawast(&[("targets.t", "lazy = true")]),
        "wasm32" => rawast(&[("targets.t", "pointer_width = 32"), ("targets.t", r#"runtime = "web""#)]),
        "wasm32-lazy" => rawast(&[
            ("targets.t", "pointer_width = 32"),
            ("targets.t", r#"runtime = "web""#),
            ("targets.t", "lazy = true"),
        ]),
        "utf8" => rawast(&[("mapping", r#"span_unit = "utf8""#)]),
        "utf8-slice" => rawast(&[("targets.t.strings", r#"long_decoder = "utf8_slice""#)]),
        "ranges" => rawast(&[("mapping", r#"spans = "range""#)]),
        "spans-none" => rawast(&[("mapping", r#"spans = "none""#)]),
        "spans-none-walk" => rawast(&[("mapping", r#"spans = "none""#), walk]),
        "packaged" => rawast(PACKAGE),
        "lazy-packaged" => rawast(PACKAGE).with(&[("targets.t", "lazy = true")]),
        "packaged-web" => rawast(PACKAGE).with(&[("targets.t", r#"runtime = "web""#)]),
        "packaged-wasm32" => {
            rawast(PACKAGE).with(&[("targets.t", "pointer_width = 32"), ("targets.t", r#"runtime = "web""#)])
        }
        "addon" => rawast(PACKAGE).with(ADDON),
        "wasm" => base("packaged-wasm32").with(WASM),
        "lazy-packaged-wasm32" => base("packaged-wasm32").with(&[("targets.t", "lazy = true")]),
        "packaged-linter" => rawast(PACKAGE).with(&[("targets.t", r#"source_placement = "end""#)]),
        "producer" => rawast(&[("schema", r#"producer_module = "crate::producer""#)]),
        "producer-only" => {
            rawast(&[("schema", r#"producer_module = "crate::producer""#), ("targets.t", "-source_placement")])
                .without("targets.t")
        }
        "no-targets" => rawast(&[("schema", "-root")]).without("targets.t"),
        "walk" => rawast(&[walk]),
        "walk-lazy" => rawast(&[walk, ("targets.t", "lazy = true")]),
        "walk-linter" => rawast(&[walk, ("targets.t", r#"source_placement = "end""#)]),
        "walk-utf8-wasm32" => rawast(&[
            walk,
            ("mapping", r#"span_unit = "utf8""#),
            ("targets.t", "pointer_width = 32"),
            ("targets.t", r#"runtime = "web""#),
        ]),
        "int64" => rawast(&int64),
        "int64-lazy" => rawast(&int64).with(&[("targets.t", "lazy = true")]),
        "int64-linter" => rawast(&int64).with(&[("targets.t", r#"source_placement = "end""#)]),
        // No `Str`, no 64-bit integer.
        "plain" => rawast(&[
            ("schema", r#"files = ["mapping/objects/schema.rs"]"#),
            ("schema", r#"root = "Document""#),
            ("mapping", r#"discriminator = "kind""#),
        ]),
        "no-discriminator" => base("plain").with(&[("mapping", r#"discriminator = """#)]),
        "snake-fields" => rawast(&snake),
        "snake-fields-lazy" => rawast(&snake).with(&[("targets.t", "lazy = true")]),
        "snake-fields-producer" => rawast(&snake[..2]).with(&[("schema", r#"producer_module = "crate::producer""#)]),
        // Objects no walker can tell apart: eager targets have no walker (lazy ones are an error).
        "unwalkable" => rawast(&[
            ("schema", r#"files = ["mapping_errors/visitor_keys/schema.rs"]"#),
            ("schema", r#"root = "Query""#),
        ]),
        "oxc-js" => oxc(&[]),
        "oxc-ts" => oxc(&[("targets.t", "typescript = true")]),
        "oxc-range" => oxc(&[("targets.t", "range = true")]),
        "oxc-parent" => oxc(&[("targets.t", "parent = true")]),
        "oxc-linter" => oxc(&[("targets.t", "linter = true")]),
        "oxc-buffer" => oxc(&[("targets.t", r#"source_text = "buffer""#)]),
        "oxc-packaged" => oxc(&oxc_package),
        "oxc-walk" => oxc(&[oxc_walk]),
        "oxc-walk-linter" => oxc(&[oxc_walk, ("targets.t", "linter = true")]),
        "oxc-private" => oxc(&[(
            "schema",
            r#"files = ["oxc/mini/ast.rs", "oxc/mini/module_record.rs", "oxc/mini/serialize.rs", "oxc/mini/raw_transfer.rs", "private.rs"]"#,
        )]),
        _ => panic!("no base `{name}`"),
    }
}

/// Inputs the bases name besides the fixtures' files.
fn extra_input(path: &str) -> Option<&'static str> {
    match path {
        // A type more: in a file of the schema, or of a crate (`[schema.crates] extra`).
        "extra.rs" | "extra/extra.rs" => {
            Some("use rawast_runtime::{Span, ast};\n\n#[ast]\n#[repr(C)]\npub struct Extra {\n    pub span: Span,\n}\n")
        }
        // A type of an oxc schema that is not `pub`.
        "private.rs" => Some("use oxc_ast_macros::ast;\n\n#[ast]\nstruct Private {\n    pub value: u32,\n}\n"),
        "LICENSE" => Some("The tiny license.\n"),
        // The parser crate of a package's addon.
        "Cargo.toml" | "parser/Cargo.toml" => Some("[package]\nname = \"tiny\"\nversion = \"1.0.0\"\n"),
        _ => None,
    }
}

#[test]
fn every_case_has_its_effect_or_is_refused_at_its_key() {
    let mut failures = Vec::new();
    let mut bases = std::collections::BTreeMap::new();
    for case in CASES {
        for &name in case.bases {
            let base = base(name);
            let generated = bases.entry(name).or_insert_with(|| {
                generate(&base.render()).unwrap_or_else(|d| panic!("base `{name}` does not generate:\n{}", render(&d)))
            });
            let variant = base.with(case.edits);
            let text = variant.render();
            let problem = match (generate(&text), case.expect) {
                (Ok(other), Effect) if differs(generated, &other) => continue,
                (Ok(_), Effect) => "changes nothing".to_owned(),
                (Ok(_), Refused) => "is accepted".to_owned(),
                (Err(diagnostics), Refused) if names_key(&diagnostics, case.key) => continue,
                (Err(diagnostics), _) => format!(
                    "is refused{}:\n{}",
                    if case.expect == Refused { " without an error that names the key" } else { "" },
                    render(&diagnostics)
                ),
            };
            failures.push(format!("`{}` on base `{name}` ({:?}) {problem}\n{text}", case.key, case.edits));
        }
    }
    assert!(failures.is_empty(), "{} of the cases fail:\n\n{}", failures.len(), failures.join("\n"));
}

/// Every key `codegen.toml` takes has a case above, or an effect outside the generated files that
/// a test elsewhere shows: a key added to the configuration's tables without one fails here.
#[test]
fn every_key_has_a_case() {
    let tables = [
        ("", ""),
        ("schema", "[schema]"),
        ("mapping", "[mapping]"),
        ("output", "[output]"),
        ("walk", "[walk]"),
        ("targets", "[targets.t]"),
        ("targets.strings", "[targets.t.strings]"),
        ("targets.package", "[targets.t.package]"),
        ("targets.package.smoke", "[targets.t.package.smoke]"),
        ("targets.package.addon", "[targets.t.package.addon]"),
        ("targets.package.wasm", "[targets.t.package.wasm]"),
    ];
    let mut keys = BTreeSet::new();
    for (prefix, header) in tables {
        for key in keys_of(header) {
            keys.insert(if prefix.is_empty() { key } else { format!("{prefix}.{key}") });
        }
    }
    // Tables: their cases are their keys' cases.
    let parents: BTreeSet<&str> = tables.iter().map(|(prefix, _)| *prefix).collect();
    let covered = |key: &str| {
        CASES
            .iter()
            .map(|c| c.key)
            .chain(TESTED_ELSEWHERE.iter().map(|(k, _)| *k))
            .any(|k| k == key || k.starts_with(&format!("{key}.")))
    };
    let missing: Vec<&String> = keys.iter().filter(|key| !parents.contains(key.as_str()) && !covered(key)).collect();
    assert!(missing.is_empty(), "keys of codegen.toml without a case in tests/config_effects.rs: {missing:?}");
    assert!(keys.len() > 40, "the keys were not found: {keys:?}");
    let unknown: Vec<&str> = CASES
        .iter()
        .map(|c| c.key)
        .filter(|k| !keys.contains(*k) && !keys.iter().any(|key| k.starts_with(&format!("{key}."))))
        .collect();
    assert!(unknown.is_empty(), "cases of keys codegen.toml does not take: {unknown:?}");
}

/// The keys of a table of `codegen.toml` (`header`, or the top level), as the configuration parser
/// lists them when it refuses an unknown one.
fn keys_of(header: &str) -> Vec<String> {
    let mut toml = Toml::parse(RAWAST).with(PACKAGE).with(ADDON).with(&[
        ("targets.t.package.smoke", r#"buffer = "a.bin""#),
        ("targets.t.package.smoke", r#"expected = "a.json""#),
    ]);
    let section = header.trim_start_matches('[').trim_end_matches(']');
    toml = toml.with(&[(section, "unknown_key = 1")]);
    let error = match Config::parse(&SourceFile { path: "codegen.toml".to_owned(), text: toml.render() }) {
        Err(diagnostics) => diagnostics.0[0].message.clone(),
        Ok(_) => panic!("{header} takes any key"),
    };
    let expected = error.split_once("expected").unwrap_or_else(|| panic!("{header}: {error}")).1;
    expected.split('`').skip(1).step_by(2).map(str::to_owned).collect()
}

fn fixtures() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures"))
}

/// Generates from a configuration, as codegen does with the files it names; `Err`: the diagnostics.
fn generate(text: &str) -> Result<Generation, Vec<Diagnostic>> {
    let config =
        Config::parse(&SourceFile { path: "codegen.toml".to_owned(), text: text.to_owned() }).map_err(|d| d.0)?;
    let read = |path: &str| {
        extra_input(path)
            .map(str::to_owned)
            .unwrap_or_else(|| fs::read_to_string(fixtures().join(path)).unwrap_or_else(|e| panic!("{path}: {e}")))
    };
    let mut inputs: Vec<SourceFile> =
        config.input_files().iter().map(|f| SourceFile { path: f.path.clone(), text: read(&f.path) }).collect();
    inputs.extend(config.crate_files.iter().map(|f| SourceFile { path: f.name(), text: read(&f.name()) }));
    match rawast_generator::generate(&config, &inputs) {
        Ok(generation) => Ok(generation),
        Err(Error::Input(diagnostics)) => Err(diagnostics.0),
        Err(other) => panic!("{other}\n{text}"),
    }
}

/// Whether two generations differ in their outputs or in their notes (whose places in the
/// configuration move with its lines).
fn differs(a: &Generation, b: &Generation) -> bool {
    let notes = |g: &Generation| g.notes.iter().map(|n| (n.message.clone(), n.help.clone())).collect::<Vec<_>>();
    a.outputs != b.outputs || notes(a) != notes(b)
}

/// Whether an error in codegen.toml names the key, in its message, its help or the line it points
/// at: by its name (`short_max_len`) or the table's it is in (`strings`, refused whole).
fn names_key(diagnostics: &[Diagnostic], key: &str) -> bool {
    let names: Vec<&str> = key.split('.').skip(1).collect();
    diagnostics.iter().any(|d| {
        d.location.as_ref().is_some_and(|l| l.file == "codegen.toml")
            && [Some(&d.message), d.help.as_ref(), d.location.as_ref().map(|l| &l.source_line)]
                .into_iter()
                .flatten()
                .any(|text| names.iter().any(|name| text.contains(name)))
    })
}

fn render(diagnostics: &[Diagnostic]) -> String {
    diagnostics.iter().map(ToString::to_string).collect()
}

/// A configuration as tables of lines, to write keys into.
#[derive(Clone, Debug)]
struct Toml(Vec<(String, Vec<String>)>);

impl Toml {
    fn parse(text: &str) -> Toml {
        let mut tables = vec![(String::new(), Vec::new())];
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            match line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
                Some(header) => tables.push((header.to_owned(), Vec::new())),
                None => tables.last_mut().unwrap().1.push(line.to_owned()),
            }
        }
        Toml(tables)
    }

    /// This configuration with each edit made: `key = value` replaces the key's line in the table
    /// (made if missing), `-key` removes it.
    fn with(&self, edits: &[(&str, &str)]) -> Toml {
        let mut toml = self.clone();
        for (table, line) in edits {
            let index = toml.0.iter().position(|(t, _)| t == table).unwrap_or_else(|| {
                toml.0.push(((*table).to_owned(), Vec::new()));
                toml.0.len() - 1
            });
            let lines = &mut toml.0[index].1;
            let key = |line: &str| line.trim_start_matches('-').split(" =").next().unwrap().to_owned();
            lines.retain(|l| key(l) != key(line));
            if !line.starts_with('-') {
                lines.push((*line).to_owned());
            }
        }
        toml
    }

    /// This configuration without a table.
    fn without(mut self, table: &str) -> Toml {
        self.0.retain(|(t, _)| t != table);
        self
    }

    fn render(&self) -> String {
        let mut text = String::new();
        for (table, lines) in &self.0 {
            if !table.is_empty() {
                text.push_str(&format!("\n[{table}]\n"));
            }
            for line in lines {
                text.push_str(line);
                text.push('\n');
            }
        }
        text
    }
}
