//! The README of a rawast target's package (template `templates/npm/README.md`): what it reads and
//! returns, a TypeScript example with the schema's own names (which `rawast package` type-checks),
//! the buffer's layout and metadata, and the target's string and span settings.

use askama::Template;

use crate::buffer::{FORMAT_VERSION, metadata_offsets};
use crate::config::{
    AddonKind, LATIN1_SLICE_MAX_LEN, LongDecoder, Package, RawastSettings, Runtime, ShortDecoder, SourcePlacement,
    SourceSlicing, SpanStyle, StringPolicy, Target,
};
use crate::context::EmitContext;
use crate::emit::ts_types;
use crate::functions::text::{JsKey, js_string};
use crate::ir::{TypeId, TypeKind, TypeRef};
use crate::model::{PropertyValue, SpanPart};

#[derive(Template)]
#[template(path = "npm/README.md", escape = "none")]
pub(super) struct Readme<'a> {
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
    /// How the package's own parser runs, where it has one ("through a Node.js addon…").
    parser: Option<&'static str>,
    /// The parser is a wasm module, which `init()` loads.
    parser_is_wasm: bool,
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

impl<'a> Readme<'a> {
    /// The README of `target`'s package, whose description is `description`.
    pub(super) fn new(
        cx: &EmitContext<'a>,
        target: &'a Target,
        settings: &RawastSettings,
        package: &'a Package,
        description: &str,
        fingerprint: String,
    ) -> Self {
        let result = cx.result();
        let root = cx.schema.get(result.root).name.as_str();
        Readme {
            header: cx.header_lines(),
            package,
            // The README's first paragraph adds its own full stop.
            description: description.trim_end_matches('.').to_owned(),
            target: &target.name,
            ast: ast_name(cx),
            root: (result.root_key.clone(), root),
            channels: channels(cx, settings),
            ts_example: ts_example(cx, &package.name, root, &result.root_key),
            spans: spans_sentence(cx),
            int64_numbers: ts_types::int64_numbers(cx, settings),
            regenerate: &cx.config.regenerate,
            runtime_module: cx.config.rust.runtime_module.as_deref(),
            parent_links: settings.parent_links(),
            lazy: settings.lazy,
            parser: package.addon.as_ref().map(|addon| match addon.kind {
                AddonKind::Napi => "in this process, through a Node.js addon built for each platform",
                AddonKind::Wasm => "compiled to WebAssembly, the tree read from the module's memory",
            }),
            parser_is_wasm: package.addon.as_ref().is_some_and(|addon| addon.kind == AddonKind::Wasm),
            discriminator_access: cx
                .model
                .mapping
                .discriminator
                .as_deref()
                .map(|d| JsKey::new(d).access)
                .unwrap_or_default(),
            walk_example: walk_example(cx),
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
        }
    }
}

/// What the tree is: "ESTree AST", after the configuration's `ast_name`, or "AST".
pub(super) fn ast_name(cx: &EmitContext) -> String {
    match &cx.config.ast_name {
        Some(name) => format!("{name} AST"),
        None => "AST".to_owned(),
    }
}

/// What `deserialize` returns besides the root: each key, the root's field it is and its type.
fn channels(cx: &EmitContext, settings: &RawastSettings) -> Vec<(String, String, String)> {
    let result = cx.result();
    let TypeKind::Struct(root_struct) = &cx.schema.get(result.root).kind else { unreachable!("the root is a struct") };
    result
        .channels
        .iter()
        .map(|c| (c.key.clone(), root_struct.fields[c.field].name.clone(), ts_types::ts_type(cx, settings, &c.ty)))
        .collect()
}

/// The node type the README's walk example visits, quoted, on the way down and up (the schema's
/// second, the first below the root, or its first), where the target has a walker.
fn walk_example(cx: &EmitContext) -> Option<(String, String)> {
    if !crate::functions::walker::has_walker(cx) {
        return None;
    }
    let types = cx.model.node_types(cx.schema);
    types.get(1).or(types.first()).map(|(name, _)| (js_string(name), js_string(&format!("{name}:exit"))))
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

/// The target's string policy, one `(setting, what it does)` line each, for the README.
fn string_policy(policy: &StringPolicy) -> Vec<(String, String)> {
    let slicing = match policy.source_slicing {
        SourceSlicing::None => "every string is decoded from its bytes",
        SourceSlicing::AsciiPrefix => {
            "strings inside the source's ASCII prefix (up to its first non-ASCII byte) are sliced from the decoded source"
        }
        SourceSlicing::Latin1 => &format!(
            "strings in the source are sliced from the decoded source while they are ASCII, past its first non-ASCII byte too (from a latin1 copy) for those of up to {LATIN1_SLICE_MAX_LEN} bytes"
        ),
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
