//! `npm/<target>/`: a publishable npm package of a target's deserializer (templates `templates/npm/`).
//!
//! The package holds the same `deserialize.js` and `deserialize.d.ts` as `js/<target>/` (rendered
//! once, written twice), and `walk.js` and `walk.d.ts` where the target has a walker, plus
//! `package.json`, `README.md` and, when the user names their license text (`license_file`), a copy
//! of it as `LICENSE`. Its version is tied to the layout:
//! `codegen.toml` records the fingerprint each version was released with, and codegen refuses a
//! layout change that keeps the version (`check_versions`).

use askama::Template;

use super::EmitContext;
use super::text::{JsKey, js_string};
use crate::buffer::{FORMAT_VERSION, metadata_offsets};
use crate::config::{
    LongDecoder, OxcSettings, Package, RawastSettings, Runtime, ShortDecoder, SourcePlacement, SourceSlicing,
    SpanStyle, StringPolicy, Target,
};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{TypeId, TypeKind, TypeRef};
use crate::layout::PointerWidth;
use crate::model::{PropertyValue, SpanPart};
use crate::{Error, Output, SourceFile};

#[derive(Template)]
#[template(path = "npm/package.json", escape = "none")]
struct PackageJson {
    /// Each string value below is a JSON string literal, quotes included.
    name: String,
    version: String,
    description: String,
    license: String,
    repository: Option<String>,
    /// JSON string literals.
    keywords: Vec<String>,
    /// Scoped packages are private on npm unless published with public access.
    scoped: bool,
    /// JSON string literals: name, version range.
    peer_dependencies: Vec<(String, String)>,
    /// `rawast`: what the smoke test and tools read of the target, each value JSON.
    meta: Vec<(&'static str, String)>,
    /// The package has `walk.js` too (`emit::js::Module::Walk`), exported as `<name>/walk`.
    walker: bool,
}

#[derive(Template)]
#[template(path = "npm/README.md", escape = "none")]
struct Readme<'a> {
    /// The generated-file header's two sentences.
    header: [String; 2],
    package: &'a Package,
    description: String,
    target: &'a str,
    /// What the tree is, as in "builds the ESTree AST as plain JavaScript objects".
    ast: String,
    /// The root's key in what `deserialize` returns (`program`), and its type.
    root: (String, &'a str),
    /// The other keys (`comments`), each with the root's field it is and its TypeScript type.
    channels: Vec<(String, String, String)>,
    /// The TypeScript usage example, type-checked by `rawast package`.
    ts_example: String,
    /// What the README says of spans: their keys on a node (from `[mapping] spans`) and their unit.
    spans: String,
    /// 64-bit integers are read as numbers (`int64 = "number"`), and throw past the safe integers.
    int64_numbers: bool,
    /// The command that regenerates the package.
    regenerate: &'a str,
    /// The rawast-runtime path when the producer builds buffers with it.
    runtime_module: Option<&'a str>,
    parent_links: bool,
    /// Lazy target: node objects whose properties are read from the buffer on first access.
    lazy: bool,
    /// `.type`: how the walker of `VISITOR_KEYS` reads the discriminator (lazy targets have one).
    discriminator_access: String,
    /// A target's `walk`, `visit` and `VISITOR_KEYS` (`emit::js::has_walker`): the visitor
    /// keys of its example, quoted, of the node type it visits on the way down and up (the
    /// schema's second, the first below the root, or its first).
    walk_example: Option<(String, String)>,
    runtime: &'static str,
    layout: &'static str,
    metadata: Vec<MetadataRow>,
    format_version: u32,
    fingerprint: String,
    /// 64 or 32: the producer's pointer width.
    pointer_bits: u32,
    strings: Vec<(String, String)>,
    constants_path: String,
    /// The fields of `Metadata` a producer fills in, with the expressions of the README's example.
    producer_fields: Vec<(&'static str, &'static str)>,
    placement_variant: &'static str,
}

struct MetadataRow {
    offset: u32,
    name: &'static str,
    doc: &'static str,
}

/// Refuses a layout that differs from the one a package's version was released with: old and new
/// deserializers cannot read each other's buffers, so they must not share a version number. A
/// package with no recorded fingerprint (not released yet) gets a note with the value to record.
pub fn check_versions(cx: &EmitContext) -> Result<Vec<Diagnostic>, Error> {
    let mut diagnostics = Diagnostics::default();
    let mut notes = Vec::new();
    for target in &cx.config.targets {
        let Some(package) = &target.package else { continue };
        // oxc's buffers are read with the 64-bit layouts.
        let fingerprint = cx.fingerprint(target.rawast().map_or(PointerWidth::W64, |settings| settings.pointer_width));
        match &package.fingerprint {
            None => notes.push(
                Diagnostic::note(format!(
                    "{} {} records no layout fingerprint yet; the layout of target `{}` is {fingerprint:016x}",
                    package.name, package.version, target.name
                ))
                .at(package.location.clone())
                .with_help(format!(
                    "when you publish this version, add `fingerprint = \"{fingerprint:016x}\"` to [targets.{}.package]: codegen then refuses a layout change until the version is bumped",
                    target.name
                )),
            ),
            Some(released) if released.value != fingerprint => diagnostics.push(
                Diagnostic::new(format!(
                    "the buffer layout of target `{}` changed: its fingerprint is now {fingerprint:016x}, but {} {} was released with {:016x}",
                    target.name, package.name, package.version, released.value
                ))
                .at(released.location.clone())
                .with_help(format!(
                    "a deserializer refuses buffers of another layout, so publish it as a new version: bump `version` (major, or minor before 1.0) and set `fingerprint = \"{fingerprint:016x}\"`"
                )),
            ),
            Some(_) => {}
        }
    }
    diagnostics.into_result(notes).map_err(Error::Input)
}

/// The package's files other than the deserializer module and its types, which the caller adds.
/// `inputs` holds the license file's text.
pub fn emit(
    cx: &EmitContext,
    target: &Target,
    settings: &RawastSettings,
    package: &Package,
    inputs: &[SourceFile],
) -> Result<Vec<Output>, Error> {
    let dir = target.module_dir();
    let fingerprint = format!("{:016x}", cx.fingerprint(settings.pointer_width));
    let ast = match &cx.config.ast_name {
        Some(name) => format!("{name} AST"),
        None => "AST".to_owned(),
    };
    let description = package.description.clone().unwrap_or_else(|| {
        format!(
            "Turns rawast buffers ({} layout) into the {ast} as JavaScript objects: the generated `{}` deserializer",
            placement_name(settings),
            target.name
        )
    });
    let mut keywords =
        vec!["ast".to_owned(), "deserializer".to_owned(), "raw-transfer".to_owned(), "rawast".to_owned()];
    if let Some(name) = &cx.config.ast_name {
        keywords.insert(0, name.to_lowercase());
    }
    let json = PackageJson::new(
        package,
        &description,
        &keywords,
        vec![
            ("target", js_string(&target.name)),
            ("formatVersion", FORMAT_VERSION.to_string()),
            ("layoutFingerprint", js_string(&fingerprint)),
            ("pointerWidth", settings.pointer_width.bits().to_string()),
            (
                "sourcePlacement",
                js_string(match settings.source_placement {
                    SourcePlacement::Start => "start",
                    SourcePlacement::End => "end",
                }),
            ),
        ],
        crate::emit::js::has_walker(cx),
    );
    let result = cx.result();
    let root = cx.schema.get(result.root).name.as_str();
    let TypeKind::Struct(root_struct) = &cx.schema.get(result.root).kind else { unreachable!("the root is a struct") };
    let channels = result
        .channels
        .iter()
        .map(|c| {
            (c.key.clone(), root_struct.fields[c.field].name.clone(), super::ts_types::ts_type(cx, settings, &c.ty))
        })
        .collect();
    let readme = Readme {
        header: cx.header_lines(),
        package,
        // The README's first paragraph adds its own full stop.
        description: description.trim_end_matches('.').to_owned(),
        target: &target.name,
        ast,
        root: (result.root_key.clone(), root),
        channels,
        ts_example: ts_example(cx, &package.name, root, &result.root_key),
        spans: spans_sentence(cx),
        int64_numbers: super::ts_types::int64_numbers(cx, settings),
        regenerate: &cx.config.regenerate,
        runtime_module: cx.config.rust.runtime_module.as_deref(),
        parent_links: settings.parent_links(),
        lazy: settings.lazy,
        discriminator_access: cx
            .model
            .mapping
            .discriminator
            .as_deref()
            .map(|d| JsKey::new(d).access)
            .unwrap_or_default(),
        walk_example: crate::emit::js::has_walker(cx)
            .then(|| {
                let types = cx.model.node_types(cx.schema);
                types.get(1).or(types.first()).map(|(name, _)| (js_string(name), js_string(&format!("{name}:exit"))))
            })
            .flatten(),
        runtime: match settings.runtime {
            Runtime::Node => "Node.js 20 or later",
            Runtime::Web => "any JavaScript runtime with `TextDecoder` (browsers, Deno, Bun, Node.js 20 or later)",
        },
        layout: match settings.source_placement {
            SourcePlacement::Start => "[source text][arena][metadata]",
            SourcePlacement::End => "[arena][source text][metadata]",
        },
        metadata: metadata_offsets()
            .map(|(offset, field)| MetadataRow { offset, name: field.name, doc: field.doc })
            .collect(),
        format_version: FORMAT_VERSION,
        fingerprint,
        pointer_bits: settings.pointer_width.bits(),
        strings: string_policy(&settings.strings),
        constants_path: format!("{}/rust/constants.rs", cx.config.output_dir.path),
        producer_fields: metadata_offsets()
            .filter_map(|(_, field)| Some((field.name, producer_example(field.name)?)))
            .collect(),
        placement_variant: match settings.source_placement {
            SourcePlacement::Start => "Start",
            SourcePlacement::End => "End",
        },
    };
    let mut files = vec![
        output(&dir, "package.json", render(&json, "npm/package.json")?),
        output(&dir, "README.md", render(&readme, "npm/README.md")?),
    ];
    files.extend(license_file(&dir, package, inputs)?);
    Ok(files)
}

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
    regenerate: &'a str,
}

/// The package files of an oxc target besides its module and types, as [`emit`]'s; `root` is the
/// type at the root of its buffers.
pub fn emit_oxc(
    cx: &EmitContext,
    target: &Target,
    settings: &OxcSettings,
    root: TypeId,
    package: &Package,
    inputs: &[SourceFile],
) -> Result<Vec<Output>, Error> {
    let dir = target.module_dir();
    let fingerprint = format!("{:016x}", cx.fingerprint(PointerWidth::W64));
    let producer = settings.producer();
    let producer_version = package
        .peer_dependencies
        .iter()
        .find(|(name, _)| name == producer)
        .map(|(_, version)| version.as_str())
        .unwrap_or("(any)");
    let language = if settings.typescript { "TypeScript" } else { "JavaScript" };
    let variant = format!(
        "{language}{}{}",
        if settings.range { ", with `range`" } else { "" },
        if settings.parent { ", with `parent`" } else { "" }
    );
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
        result: super::js::oxc::result_shape(cx.model, root),
        extension: if settings.typescript { "ts" } else { "js" },
        typescript: settings.typescript,
        range: settings.range,
        parent: settings.parent,
        linter: settings.linter,
        ts_example: oxc_ts_example(&package.name, settings),
        fingerprint,
        regenerate: &cx.config.regenerate,
    };
    let mut files = vec![
        output(&dir, "package.json", render(&json, "npm/package.json")?),
        output(&dir, "README.md", render(&readme, "npm/oxc_README.md")?),
    ];
    files.extend(license_file(&dir, package, inputs)?);
    Ok(files)
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

/// A TypeScript example with the schema's real names: the root type and, where the schema has one,
/// a union of node types narrowed on `type`. `rawast package` type-checks it against the package.
fn ts_example(cx: &EmitContext, package: &str, root: &str, root_key: &str) -> String {
    let narrowing = narrowing_example(cx);
    let mut imports = format!("type {root}");
    if let Some((union, ..)) = &narrowing
        && union != root
    {
        imports.push_str(&format!(", type {union}"));
    }
    let mut out = format!(
        "import {{ deserialize, {imports} }} from {};\n\ndeclare const buffer: Uint8Array; // the bytes your producer wrote\nconst root: {root} = deserialize(buffer){};\n",
        js_string(package),
        JsKey::new(root_key).access
    );
    if let (Some((union, node_type, property)), Some(discriminator)) = (narrowing, &cx.model.mapping.discriminator) {
        let discriminator = JsKey::new(discriminator);
        out.push_str(&format!(
            "\n// Node types are interfaces whose `{}` is a string literal: checking it narrows a union.\nfunction {}Of(node: {union}) {{\n  return node{} === {} ? node{} : undefined;\n}}\n",
            discriminator.name,
            property.name,
            discriminator.access,
            js_string(&node_type),
            property.access,
        ));
    }
    out
}

/// A union (a data enum whose variants are all node structs) with a member whose type name no other
/// member shares, and a property of that member: `(union, member type, property)`.
fn narrowing_example(cx: &EmitContext) -> Option<(String, String, JsKey)> {
    cx.model.mapping.discriminator.as_ref()?;
    let node_of = |ty: &TypeRef| -> Option<TypeId> {
        let TypeRef::Box(inner) = ty else { return None };
        let TypeRef::Named(id) = **inner else { return None };
        cx.model.is_node(id).then_some(id)
    };
    cx.schema.ids().find_map(|id| {
        let TypeKind::Enum(e) = &cx.schema.get(id).kind else { return None };
        let members: Option<Vec<TypeId>> = e.variants.iter().map(|v| v.payload.as_ref().and_then(node_of)).collect();
        let members = members.filter(|m| m.len() > 1)?;
        let types: Vec<&str> = members.iter().filter_map(|m| cx.model.node_type(*m)).collect();
        members.iter().zip(&types).find_map(|(member, node_type)| {
            if types.iter().filter(|t| *t == node_type).count() > 1 {
                return None;
            }
            let object = cx.model.object(*member)?;
            let property = object
                .properties
                .iter()
                .filter(|p| matches!(p.value, PropertyValue::Field { .. }))
                .map(|p| JsKey::new(&p.key))
                .find(JsKey::is_identifier)?;
            Some((cx.schema.get(id).name.clone(), (*node_type).to_owned(), property))
        })
    })
}

impl PackageJson {
    fn new(
        package: &Package,
        description: &str,
        keywords: &[String],
        meta: Vec<(&'static str, String)>,
        walker: bool,
    ) -> Self {
        PackageJson {
            name: js_string(&package.name),
            version: js_string(&package.version),
            description: js_string(description),
            license: js_string(&package.license),
            repository: package.repository.as_deref().map(js_string),
            keywords: keywords.iter().map(|k| js_string(k)).collect(),
            scoped: package.name.starts_with('@'),
            peer_dependencies: package
                .peer_dependencies
                .iter()
                .map(|(name, version)| (js_string(name), js_string(version)))
                .collect(),
            meta,
            walker,
        }
    }
}

/// The user's license text as the package's `LICENSE`, when `license_file` names it.
fn license_file(dir: &str, package: &Package, inputs: &[SourceFile]) -> Result<Option<Output>, Error> {
    let Some(license) = &package.license_file else { return Ok(None) };
    let text = inputs
        .iter()
        .find(|file| file.path == license.path)
        .ok_or_else(|| Error::MissingInput { path: license.path.clone() })?;
    Ok(Some(output(dir, "LICENSE", text.text.clone())))
}

fn output(dir: &str, file: &str, contents: String) -> Output {
    Output { path: format!("{dir}/{file}"), contents }
}

/// Renders a template, ending the file with a newline (askama drops the template's last one).
fn render(template: &impl Template, name: &str) -> Result<String, Error> {
    let mut text =
        template.render().map_err(|source| Error::Render { template: name.to_owned(), message: source.to_string() })?;
    if !text.ends_with('\n') {
        text.push('\n');
    }
    Ok(text)
}

/// How the README's producer example computes a metadata field; `None` for the fields `Metadata`
/// fills in itself.
fn producer_example(field: &str) -> Option<&'static str> {
    match field {
        "magic" | "format_version" | "fingerprint_low" | "fingerprint_high" => None,
        "root" => Some("root_offset"),
        "source_start" => Some("source_offset"),
        "source_len" => Some("source.len() as u32"),
        "source_ascii_len" => Some("source.bytes().position(|b| !b.is_ascii()).unwrap_or(source.len()) as u32"),
        "base_low32" => Some("base as u32"),
        _ => Some("todo!(\"see the metadata table above\")"),
    }
}

fn placement_name(settings: &RawastSettings) -> &'static str {
    match settings.source_placement {
        SourcePlacement::Start => "parser",
        SourcePlacement::End => "linter",
    }
}

/// The target's string policy, one `(setting, what it does)` line each, for the README.
fn string_policy(policy: &StringPolicy) -> Vec<(String, String)> {
    let slicing = match policy.source_slicing {
        SourceSlicing::None => "every string is decoded from its bytes",
        SourceSlicing::AsciiPrefix => {
            "strings inside the source's ASCII prefix (up to its first non-ASCII byte) are sliced from the decoded source"
        }
        SourceSlicing::Latin1 => {
            "strings in the source are sliced from the decoded source while they are ASCII, past its first non-ASCII byte too (from a latin1 copy)"
        }
    };
    let short = match policy.short_decoder {
        ShortDecoder::Loop => "concatenated `String.fromCharCode` calls",
        ShortDecoder::Apply => "`String.fromCharCode.apply` on a reused array per length",
        ShortDecoder::Switch => "an unrolled `String.fromCharCode(b0, b1, …)` per length",
    };
    let long = match policy.long_decoder {
        LongDecoder::TextDecoder => "`TextDecoder`",
        LongDecoder::Utf8Slice => "Node's `Buffer#utf8Slice`",
    };
    vec![
        (format!("source_slicing = \"{}\"", policy.source_slicing.as_str()), format!("{slicing}.")),
        (
            format!("short_decoder = \"{}\", short_max_len = {}", policy.short_decoder.as_str(), policy.short_max_len),
            format!("other ASCII strings of at most {} bytes are decoded in JS with {short}.", policy.short_max_len),
        ),
        (format!("long_decoder = \"{}\"", policy.long_decoder.as_str()), format!("the rest are decoded with {long}.")),
    ]
}

/// "Spans (`start`, `end`) are offsets into the source text in UTF-8 bytes.", after `[mapping]
/// spans`, with the key a span field's rename gives (`range`, `loc`).
fn spans_sentence(cx: &EmitContext) -> String {
    let mapping = &cx.model.mapping;
    let key = |part: SpanPart| {
        cx.schema.ids().filter_map(|id| cx.model.object(id)).flat_map(|o| &o.properties).find_map(|p| match p.value {
            PropertyValue::Span { part: found, .. } if found == part => Some(p.key.clone()),
            _ => None,
        })
    };
    let keys = match mapping.spans {
        SpanStyle::StartEnd => "`start`, `end`".to_owned(),
        SpanStyle::Range => format!("`{}: [start, end]`", key(SpanPart::Range).unwrap_or_else(|| "range".to_owned())),
        SpanStyle::Object => {
            format!("`{}: {{ start, end }}`", key(SpanPart::Object).unwrap_or_else(|| "span".to_owned()))
        }
        SpanStyle::None => return "Nodes carry no spans (`[mapping] spans = \"none\"`).".to_owned(),
    };
    format!("Spans ({keys}) are offsets into the source text in {}.", mapping.span_unit.description())
}
