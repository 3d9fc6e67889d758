//! `npm/<target>/`: a publishable npm package of a target's deserializer (templates `templates/npm/`).
//!
//! The package holds the same `deserialize.js` and `deserialize.d.ts` as `js/<target>/` (rendered
//! once, written twice), plus `package.json`, `README.md` and `LICENSE`. Its version is tied to the
//! layout: `codegen.toml` records the fingerprint each version was released with, and codegen refuses
//! a layout change that keeps the version (`check_versions`).

use askama::Template;

use super::EmitContext;
use crate::buffer::{FORMAT_VERSION, metadata_offsets};
use crate::config::{LongDecoder, Package, Runtime, ShortDecoder, SourcePlacement, SourceSlicing, Target};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::{Error, Output};


#[derive(Template)]
#[template(path = "npm/package.json", escape = "none")]
struct PackageJson {
    /// Each string value below is a JSON string literal, quotes included.
    name: String,
    version: String,
    description: String,
    license: String,
    repository: Option<String>,
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
    generated_from: String,
    package: &'a Package,
    description: String,
    target: &'a str,
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

#[derive(Template)]
#[template(path = "npm/LICENSE", escape = "none")]
struct License<'a> {
    holder: &'a str,
}

/// Refuses a layout that differs from the one a package's version was released with: old and new
/// deserializers cannot read each other's buffers, so they must not share a version number.
pub fn check_versions(cx: &EmitContext) -> Result<(), Error> {
    let mut diagnostics = Diagnostics::default();
    for target in &cx.config.targets {
        let Some(package) = &target.package else { continue };
        let fingerprint = cx.fingerprint(target.pointer_width);
        if package.fingerprint.value != fingerprint {
            diagnostics.push(
                Diagnostic::new(format!(
                    "the buffer layout of target `{}` changed: its fingerprint is now {fingerprint:016x}, but {} {} was released with {:016x}",
                    target.name, package.name, package.version, package.fingerprint.value
                ))
                .at(package.fingerprint.location.clone())
                .with_help(format!(
                    "a deserializer refuses buffers of another layout, so publish it as a new version: bump `version` (major, or minor before 1.0) and set `fingerprint = \"{fingerprint:016x}\"`"
                )),
            );
        }
    }
    diagnostics.into_result(()).map_err(Error::Input)
}

/// The package's files other than the deserializer module and its types, which the caller adds.
pub fn emit(cx: &EmitContext, target: &Target, package: &Package) -> Result<Vec<Output>, Error> {
    let dir = format!("npm/{}", target.name);
    let fingerprint = format!("{:016x}", cx.fingerprint(target.pointer_width));
    let description = package.description.clone().unwrap_or_else(|| {
        format!("Turns rawast buffers ({} layout) into ESTree objects: the generated `{}` deserializer", placement_name(target), target.name)
    });
    let json = PackageJson {
        name: json_string(&package.name),
        version: json_string(&package.version),
        description: json_string(&description),
        license: json_string(&package.license),
        repository: package.repository.as_deref().map(json_string),
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
    let readme = Readme {
        generated_from: cx.header().lines().next().unwrap_or_default().trim_start_matches("// ").to_owned(),
        package,
        // The README's first paragraph adds its own full stop.
        description: description.trim_end_matches('.').to_owned(),
        target: &target.name,
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
        constants_path: format!("{}/rust/constants.rs", cx.config.output_dir),
        producer_fields: metadata_offsets().filter_map(|(_, field)| Some((field.name, producer_example(field.name)?))).collect(),
        placement_variant: match target.source_placement {
            SourcePlacement::Start => "Start",
            SourcePlacement::End => "End",
        },
    };
    let holder = format!("the {} authors", package.name);
    Ok(vec![
        output(&dir, "package.json", render(&json, "npm/package.json")?),
        output(&dir, "README.md", render(&readme, "npm/README.md")?),
        output(&dir, "LICENSE", render(&License { holder: &holder }, "npm/LICENSE")?),
    ])
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
