//! The README of a rawast target's package (template `templates/npm/README.md`), for the package's
//! user: what it is, one usage example (`rawast package` runs every `js` block and type-checks the
//! `ts` one), the walker, errors, TypeScript and versions. The buffer format is the book's.

use askama::Template;

use super::example::ExampleInput;
use crate::buffer::FORMAT_VERSION;
use crate::config::{AddonKind, Package, RawastSettings, Runtime, SpanStyle, Target};
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
    /// What the tree is, as in "writes the JSONC AST into one buffer".
    ast: String,
    /// How a user gets the tree: the package's parser, or `deserialize` of a buffer.
    entry: Entry,
    /// The variable the examples read (`source`, `buffer`): [`ExampleInput::of`] the target.
    input: &'static str,
    root: Root<'a>,
    /// The other keys of the result (`comments`).
    channels: Vec<Channel>,
    /// The TypeScript usage example, type-checked by `rawast package`.
    ts_example: String,
    /// What the README says of spans: their keys on a node (from `[mapping] spans`) and their unit.
    spans: String,
    /// 64-bit integers are read as numbers (`int64 = "number"`), and throw past the safe integers.
    int64_numbers: bool,
    parent_links: bool,
    /// Lazy target: node objects whose properties are read from the buffer on first access.
    lazy: bool,
    /// `.type`: how the examples read a node's discriminator.
    discriminator_access: String,
    /// The walk example, where the target has a walker (`walk`, `visit`, `VISITOR_KEYS`).
    walk: Option<WalkExample>,
    runtime: &'static str,
    format_version: u32,
    fingerprint: String,
    /// 64 or 32: the producer's pointer width.
    pointer_bits: u32,
}

/// How the package's user gets a tree.
enum Entry {
    /// `parse(source)`, through the package's Node.js addon.
    Napi,
    /// `init()`, then `parse(source)`, through the package's WebAssembly module, `module`.
    Wasm { module: String },
    /// `deserialize(buffer)` of a buffer the user's producer wrote.
    Buffer,
}

impl Entry {
    /// The package has a parser: `parse`, `parseBuffer` and `walkSource`.
    fn has_parser(&self) -> bool {
        !matches!(self, Entry::Buffer)
    }

    fn is_wasm(&self) -> bool {
        matches!(self, Entry::Wasm { .. })
    }
}

/// The root in the result: `.document`, its type, and its node type's access and value
/// (`.type`, `"Document"`) where it is a node.
struct Root<'a> {
    access: String,
    type_name: &'a str,
    node_type: Option<(String, String)>,
}

/// A key of the result beside the root: its access (`.comments`), the root's field it is and its
/// TypeScript type.
struct Channel {
    access: String,
    field: String,
    ts_type: String,
}

/// The node type the walk example visits, as visitor keys: entering (`Comment`) and leaving
/// (`"Comment:exit"`).
struct WalkExample {
    enter: String,
    exit: String,
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
        let discriminator = cx.model.mapping.discriminator.as_deref().map(JsKey::new);
        Readme {
            header: cx.header_lines(),
            package,
            // The README's first paragraph adds its own full stop.
            description: description.trim_end_matches('.').to_owned(),
            target: &target.name,
            ast: ast_name(cx),
            entry: match &package.addon {
                Some(addon) if addon.kind == AddonKind::Napi => Entry::Napi,
                Some(addon) => Entry::Wasm { module: addon.built_file("") },
                None => Entry::Buffer,
            },
            input: ExampleInput::of(target).variable().expect("a rawast target's examples read `source` or `buffer`"),
            root: Root {
                access: JsKey::new(&result.root_key).access,
                type_name: root,
                node_type: discriminator
                    .as_ref()
                    .zip(cx.model.node_type(result.root))
                    .map(|(key, node_type)| (key.access.clone(), js_string(node_type))),
            },
            channels: channels(cx, settings),
            ts_example: ts_example(cx, &package.name, root, &result.root_key),
            spans: spans_sentence(cx),
            int64_numbers: ts_types::int64_numbers(cx, settings),
            parent_links: settings.parent_links(),
            lazy: settings.lazy,
            discriminator_access: discriminator.map(|key| key.access).unwrap_or_default(),
            walk: walk_example(cx),
            runtime: match settings.runtime {
                Runtime::Node => "Node.js 20 or later",
                Runtime::Web => "any JavaScript runtime with `TextDecoder` (browsers, Deno, Bun, Node.js 20 or later)",
            },
            format_version: FORMAT_VERSION,
            fingerprint,
            pointer_bits: settings.pointer_width.bits(),
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

/// What `deserialize` returns besides the root.
fn channels(cx: &EmitContext, settings: &RawastSettings) -> Vec<Channel> {
    let result = cx.result();
    let TypeKind::Struct(root_struct) = &cx.schema.get(result.root).kind else { unreachable!("the root is a struct") };
    result
        .channels
        .iter()
        .map(|c| Channel {
            access: JsKey::new(&c.key).access,
            field: root_struct.fields[c.field].name.clone(),
            ts_type: ts_types::ts_type(cx, settings, &c.ty),
        })
        .collect()
}

/// The walk example's visitor keys, where the target has a walker: of the schema's second node
/// type (the first below the root), or its first.
fn walk_example(cx: &EmitContext) -> Option<WalkExample> {
    if !crate::functions::walker::has_walker(cx) {
        return None;
    }
    let types = cx.model.node_types(cx.schema);
    let (name, _) = types.get(1).or(types.first())?;
    Some(WalkExample { enter: JsKey::new(name).literal, exit: js_string(&format!("{name}:exit")) })
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
