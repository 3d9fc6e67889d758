//! `npm/<target>/`: a publishable npm package of a target's deserializer (templates `templates/npm/`).
//!
//! The package holds the same `deserialize.js` and `deserialize.d.ts` as `js/<target>/` (rendered
//! once, written twice), plus `package.json`, `README.md` and, when the user names their license
//! text (`license_file`), a copy of it as `LICENSE`. Its version is tied to the layout:
//! `codegen.toml` records the fingerprint each version was released with, and codegen refuses a
//! layout change that keeps the version (`check_versions`).

use askama::Template;

use super::EmitContext;
use crate::buffer::{FORMAT_VERSION, metadata_offsets};
use crate::config::{LongDecoder, Package, Runtime, ShortDecoder, SourcePlacement, SourceSlicing, Target};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{TypeId, TypeKind, TypeRef};
use crate::{Error, Output, SourceFile, estree};


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
    target: String,
    format_version: u32,
    fingerprint: String,
    pointer_width: u32,
    source_placement: &'static str,
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
    /// The root type: what `program` is.
    root: &'a str,
    /// The root's field returned as `comments`, with its TypeScript type.
    comments: Option<(String, String)>,
    /// The TypeScript usage example, type-checked by `rawast package`.
    ts_example: String,
    span_unit: &'static str,
    /// The command that regenerates the package.
    regenerate: &'a str,
    /// The rawast-runtime path when the producer builds buffers with it.
    runtime_module: Option<&'a str>,
    parent_links: bool,
    /// Lazy target: node objects whose properties are read from the buffer on first access.
    lazy: bool,
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
        let fingerprint = cx.fingerprint(target.pointer_width);
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
pub fn emit(cx: &EmitContext, target: &Target, package: &Package, inputs: &[SourceFile]) -> Result<Vec<Output>, Error> {
    let dir = format!("npm/{}", target.name);
    let fingerprint = format!("{:016x}", cx.fingerprint(target.pointer_width));
    let ast = match &cx.config.ast_name {
        Some(name) => format!("{name} AST"),
        None => "AST".to_owned(),
    };
    let description = package.description.clone().unwrap_or_else(|| {
        format!("Turns rawast buffers ({} layout) into the {ast} as JavaScript objects: the generated `{}` deserializer", placement_name(target), target.name)
    });
    let mut keywords = vec!["ast".to_owned(), "deserializer".to_owned(), "raw-transfer".to_owned(), "rawast".to_owned()];
    if let Some(name) = &cx.config.ast_name {
        keywords.insert(0, name.to_lowercase());
    }
    let json = PackageJson {
        name: json_string(&package.name),
        version: json_string(&package.version),
        description: json_string(&description),
        license: json_string(&package.license),
        repository: package.repository.as_deref().map(json_string),
        keywords: keywords.iter().map(|k| json_string(k)).collect(),
        scoped: package.name.starts_with('@'),
        target: json_string(&target.name),
        format_version: FORMAT_VERSION,
        fingerprint: json_string(&fingerprint),
        pointer_width: target.pointer_width.bits(),
        source_placement: match target.source_placement {
            SourcePlacement::Start => "\"start\"",
            SourcePlacement::End => "\"end\"",
        },
    };
    let root = cx.config.root.as_ref().map_or("unknown", |r| r.name.as_str());
    let readme = Readme {
        header: cx.header_lines(),
        package,
        // The README's first paragraph adds its own full stop.
        description: description.trim_end_matches('.').to_owned(),
        target: &target.name,
        ast,
        root,
        comments: comments_field(cx),
        ts_example: ts_example(cx, &package.name, root),
        span_unit: cx.config.span_unit.description(),
        regenerate: &cx.config.regenerate,
        runtime_module: cx.config.rust.runtime_module.as_deref(),
        parent_links: target.source_placement == SourcePlacement::End,
        lazy: target.lazy,
        runtime: match target.runtime {
            Runtime::Node => "Node.js 20 or later",
            Runtime::Web => "any JavaScript runtime with `TextDecoder` (browsers, Deno, Bun, Node.js 20 or later)",
        },
        layout: match target.source_placement {
            SourcePlacement::Start => "[source text][arena][metadata]",
            SourcePlacement::End => "[arena][source text][metadata]",
        },
        metadata: metadata_offsets().map(|(offset, field)| MetadataRow { offset, name: field.name, doc: field.doc }).collect(),
        format_version: FORMAT_VERSION,
        fingerprint,
        pointer_bits: target.pointer_width.bits(),
        strings: string_policy(target),
        constants_path: format!("{}/rust/constants.rs", cx.config.output_dir.path),
        producer_fields: metadata_offsets().filter_map(|(_, field)| Some((field.name, producer_example(field.name)?))).collect(),
        placement_variant: match target.source_placement {
            SourcePlacement::Start => "Start",
            SourcePlacement::End => "End",
        },
    };
    let mut files = vec![output(&dir, "package.json", render(&json, "npm/package.json")?), output(&dir, "README.md", render(&readme, "npm/README.md")?)];
    if let Some(license) = &package.license_file {
        let text = inputs.iter().find(|file| file.path == license.path).ok_or_else(|| Error::MissingInput { path: license.path.clone() })?;
        files.push(output(&dir, "LICENSE", text.text.clone()));
    }
    Ok(files)
}

/// The root's field that `deserialize` returns as `comments`, and its TypeScript type.
fn comments_field(cx: &EmitContext) -> Option<(String, String)> {
    cx.comments_field().map(|field| (field.name.clone(), super::ts_types::ts_type(cx, &field.ty)))
}

/// A TypeScript example with the schema's real names: the root type and, where the schema has one,
/// a union of node types narrowed on `type`. `rawast package` type-checks it against the package.
fn ts_example(cx: &EmitContext, package: &str, root: &str) -> String {
    let narrowing = narrowing_example(cx);
    let mut imports = format!("type {root}");
    if let Some((union, ..)) = &narrowing
        && union != root
    {
        imports.push_str(&format!(", type {union}"));
    }
    let mut out = format!(
        "import {{ deserialize, {imports} }} from {};\n\ndeclare const buffer: Uint8Array; // the bytes your producer wrote\nconst root: {root} = deserialize(buffer).program;\n",
        json_string(package)
    );
    if let Some((union, node_type, property)) = narrowing {
        out.push_str(&format!(
            "\n// Node types are interfaces whose `type` is a string literal: checking it narrows a union.\nfunction {property}Of(node: {union}) {{\n  return node.type === {} ? node.{property} : undefined;\n}}\n",
            json_string(&node_type)
        ));
    }
    out
}

/// A union (a data enum whose variants are all node structs) with a member whose `type` no other
/// member shares, and a property of that member: `(union, member type, property)`.
fn narrowing_example(cx: &EmitContext) -> Option<(String, String, String)> {
    let node_of = |ty: &TypeRef| -> Option<TypeId> {
        let TypeRef::Box(inner) = ty else { return None };
        let TypeRef::Named(id) = **inner else { return None };
        estree::node_type(cx.schema, id).map(|_| id)
    };
    cx.schema.ids().find_map(|id| {
        let TypeKind::Enum(e) = &cx.schema.get(id).kind else { return None };
        let members: Option<Vec<TypeId>> = e.variants.iter().map(|v| v.payload.as_ref().and_then(node_of)).collect();
        let members = members.filter(|m| m.len() > 1)?;
        let types: Vec<String> = members.iter().filter_map(|m| estree::node_type(cx.schema, *m)).collect();
        members.iter().zip(&types).find_map(|(member, node_type)| {
            if types.iter().filter(|t| *t == node_type).count() > 1 {
                return None;
            }
            let property = estree::checked_properties(cx.schema, *member).into_iter().map(|p| p.key).find(|key| is_identifier(key))?;
            Some((cx.schema.get(id).name.clone(), node_type.clone(), property))
        })
    })
}

fn is_identifier(key: &str) -> bool {
    key.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_' || c == '$') && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$') && key != "type"
}

fn output(dir: &str, file: &str, contents: String) -> Output {
    Output { path: format!("{dir}/{file}"), contents }
}

/// Renders a template, ending the file with a newline (askama drops the template's last one).
fn render(template: &impl Template, name: &str) -> Result<String, Error> {
    let mut text = template.render().map_err(|source| Error::Render { template: name.to_owned(), message: source.to_string() })?;
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

fn placement_name(target: &Target) -> &'static str {
    match target.source_placement {
        SourcePlacement::Start => "parser",
        SourcePlacement::End => "linter",
    }
}

/// The target's string policy, one `(setting, what it does)` line each, for the README.
fn string_policy(target: &Target) -> Vec<(String, String)> {
    let policy = &target.strings;
    let slicing = match policy.source_slicing {
        SourceSlicing::None => "every string is decoded from its bytes",
        SourceSlicing::AsciiPrefix => "strings inside the source's ASCII prefix (up to its first non-ASCII byte) are sliced from the decoded source",
        SourceSlicing::Latin1 => "strings in the source are sliced from the decoded source while they are ASCII, past its first non-ASCII byte too (from a latin1 copy)",
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
    let snake = |debug: String| {
        let mut out = String::new();
        for (i, c) in debug.chars().enumerate() {
            if c.is_ascii_uppercase() && i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        }
        out
    };
    vec![
        (format!("source_slicing = \"{}\"", snake(format!("{:?}", policy.source_slicing))), format!("{slicing}.")),
        (
            format!("short_decoder = \"{}\", short_max_len = {}", snake(format!("{:?}", policy.short_decoder)), policy.short_max_len),
            format!("other ASCII strings of at most {} bytes are decoded in JS with {short}.", policy.short_max_len),
        ),
        (format!("long_decoder = \"{}\"", snake(format!("{:?}", policy.long_decoder))), format!("the rest are decoded with {long}.")),
    ]
}

/// `value` as a JSON string literal.
fn json_string(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::json_string;

    #[test]
    fn json_strings_escape_quotes_backslashes_and_controls() {
        assert_eq!(json_string(r#"a "b" \c"#), r#""a \"b\" \\c""#);
        assert_eq!(json_string("x\ny\u{1}"), "\"x\\ny\\u0001\"");
        assert_eq!(json_string("é"), "\"é\"");
    }
}
