//! The package files of an oxc target (templates `templates/npm/oxc_README.md` and
//! `package.json`): a deserializer of oxc-parser's or Oxlint's buffers, whose producer is the
//! package's peer dependency, and a README whose example reads what that producer writes (run by
//! `rawast package`, as its TypeScript example is type-checked).

use askama::Template;

use super::example::ExampleInput;
use super::files::{PackageJson, package_files};
use crate::config::{OxcSettings, Package, Target};
use crate::context::EmitContext;
use crate::emit::js::oxc::{result_shape, variant_name};
use crate::error::Error;
use crate::files::{Output, SourceFile};
use crate::functions::text::js_string;
use crate::ir::TypeId;
use crate::layout::PointerWidth;

#[derive(Template)]
#[template(path = "npm/oxc_README.md", escape = "none")]
struct OxcReadme<'a> {
    header: [String; 2],
    package: &'a Package,
    description: String,
    target: &'a str,
    /// `oxc-parser` or `oxlint`, and the version range the package names for it.
    producer: &'static str,
    producer_version: &'a str,
    /// "JavaScript, with `range`": which of oxc's deserializers it reproduces.
    variant: String,
    /// `{ program, comments, … }`: the keys of what `deserialize` returns.
    result: String,
    /// `js` or `ts`: the example's file extension and `lang`.
    extension: &'static str,
    typescript: bool,
    range: bool,
    parent: bool,
    linter: bool,
    ts_example: String,
    fingerprint: String,
    /// The oldest Node.js major version whose producer writes buffers ([`ExampleInput::node_major`]).
    node_major: u32,
}

/// The package files of an oxc target besides its module and types, as [`super::emit`]'s; `root`
/// is the type at the root of its buffers.
pub fn emit_oxc(
    cx: &EmitContext,
    target: &Target,
    settings: &OxcSettings,
    root: TypeId,
    package: &Package,
    inputs: &[SourceFile],
) -> Result<Vec<Output>, Error> {
    let fingerprint = format!("{:016x}", cx.fingerprint(PointerWidth::W64));
    let producer = settings.producer();
    let producer_version = package
        .peer_dependencies
        .iter()
        .find(|(name, _)| name == producer)
        .map(|(_, version)| version.as_str())
        .unwrap_or("(any)");
    let variant = variant_name(settings);
    let description = package.description.clone().unwrap_or_else(|| {
        if settings.linter {
            format!("Reads the buffers Oxlint {producer_version} hands its JS plugins into its ESTree program: the generated `{}` deserializer", target.name)
        } else {
            format!("Reads {producer} {producer_version}'s raw transfer buffers into its ESTree AST ({variant}): the generated `{}` deserializer", target.name)
        }
    });
    let json = PackageJson::new(
        package,
        &description,
        &["estree", "oxc", producer, "ast", "deserializer", "raw-transfer", "rawast"].map(str::to_owned),
        vec![
            ("target", js_string(&target.name)),
            ("format", js_string("oxc")),
            ("producer", js_string(producer)),
            ("typescript", settings.typescript.to_string()),
            ("range", settings.range.to_string()),
            ("parent", settings.parent.to_string()),
            ("linter", settings.linter.to_string()),
            ("layoutFingerprint", js_string(&fingerprint)),
        ],
        true,
    );
    let readme = OxcReadme {
        header: cx.header_lines(),
        package,
        description: description.trim_end_matches('.').to_owned(),
        target: &target.name,
        producer,
        producer_version,
        variant,
        result: result_shape(cx.model, root),
        extension: if settings.typescript { "ts" } else { "js" },
        typescript: settings.typescript,
        range: settings.range,
        parent: settings.parent,
        linter: settings.linter,
        ts_example: oxc_ts_example(&package.name, settings),
        fingerprint,
        node_major: ExampleInput::of(target).node_major(),
    };
    package_files(&target.module_dir(), &json, &readme, "npm/oxc_README.md", package, inputs)
}

/// The TypeScript example of an oxc target's README, which `rawast package` type-checks.
fn oxc_ts_example(package: &str, settings: &OxcSettings) -> String {
    // `walk.js` exports all that `deserialize.js` does, and the walker.
    let walk_module = js_string(&format!("{package}/walk"));
    // A small lint rule: where `eval` is called, the buffer walked and only the calls built.
    let rule = |args: &str| {
        format!(
            "\n// A small lint rule: where `eval` is called (only the calls are built).\nconst evals: number[] = [];\nwalk({args}{{\n  CallExpression(node) {{\n    if (node.callee.type === \"Identifier\" && node.callee.name === \"eval\") evals.push(node.start);\n  }},\n}});\n"
        )
    };
    if settings.linter {
        return format!(
            "import {{ deserialize, walk, type Program }} from {walk_module};\n\ndeclare const buffer: Uint8Array; // one file's buffer, as Oxlint's Rust side wrote it\nconst program: Program = deserialize(buffer);\nconst line: number | undefined = program.body[0]?.loc.start.line;\nconst tokens: number = deserialize(buffer).tokens.length;\n{}",
            rule("buffer, ")
        );
    }
    let mut out = format!(
        "import {{ deserialize, walk, type Node, type Program }} from {walk_module};\n\ndeclare const buffer: Uint8Array; // what parseRawSync wrote\ndeclare const sourceText: string, sourceStartPos: number, sourceByteLen: number;\nconst program: Program = deserialize(buffer, sourceText, sourceStartPos, sourceByteLen).program;\nconst types: string[] = program.body.map((node: Node) => node.type);\n"
    );
    if settings.parent {
        out.push_str("const holder: Node | null = program.body[0]?.parent ?? null;\n");
    }
    out.push_str(&rule("buffer, sourceText, sourceStartPos, sourceByteLen, "));
    out
}
