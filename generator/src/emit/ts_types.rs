//! `js/<target>/deserialize.d.ts`: TypeScript types of what `deserialize` returns (template
//! `templates/js/deserialize.d.ts`), from the model. Nodes are interfaces whose discriminator is a
//! string literal, so unions of them narrow on it; the linter target adds `parent`; lazy targets make
//! every property `readonly`, as their nodes' getters are.

use askama::Template;

use crate::config::{Int64, RawastSettings, SourcePlacement, Target};
use crate::context::EmitContext;
use crate::error::Error;
use crate::functions::text::{JsKey, js_string};
use crate::ir::{Builtin, Converter, Primitive, TypeId, TypeKind, TypeRef};
use crate::model::{self, PropertyValue, SpanPart};

#[derive(Template)]
#[template(path = "js/deserialize.d.ts", escape = "none")]
struct DeserializeDts {
    header: String,
    target: String,
    /// `{ program: Program; comments: Comment[] }`.
    result: String,
    declarations: Vec<Declaration>,
    /// Parser layout: the module also exports `encodeSource`.
    encode_source: bool,
    /// A `lazy = true` target: read-only properties (getters), and `materialize` and `VISITOR_KEYS`.
    lazy: bool,
    /// 64-bit integers are read as numbers (`int64 = "number"`), and throw past the safe integers.
    int64_numbers: bool,
    /// `[mapping] discriminator`, which the walking rule of `VISITOR_KEYS` reads (lazy targets have one).
    discriminator: String,
    /// `VISITOR_KEYS`, of a target with a walker (`emit::js::has_walker`).
    visitor_keys: bool,
}

/// `walk.d.ts` (template `templates/js/walk.d.ts`): `walk`, `visit` and their `Visitor`.
#[derive(Template)]
#[template(path = "js/walk.d.ts", escape = "none")]
struct WalkDts {
    header: String,
    target: String,
    /// Each node type, quoted, and the union of the interfaces of its structs.
    nodes: Vec<(String, String)>,
    /// Those interfaces, which it imports from `deserialize.d.ts`.
    imports: Vec<String>,
    lazy: bool,
    /// The walk builds the whole tree once it meets a visited node (nodes with parent links).
    walk_whole_tree: bool,
}

enum Declaration {
    Interface { name: String, properties: Vec<(JsKey, String, Option<String>)> },
    Alias { name: String, ty: String },
}

/// `deserialize.d.ts` (or, for `module`, `walk.d.ts`) of a rawast target.
pub fn emit(
    cx: &EmitContext,
    target: &Target,
    settings: &RawastSettings,
    module: crate::emit::js::Module,
) -> Result<String, Error> {
    if module == crate::emit::js::Module::Walk {
        return walk_dts(cx, target, settings);
    }
    let mut declarations: Vec<Declaration> = cx.schema.ids().map(|id| declaration(cx, settings, id)).collect();
    if settings.parent_links() {
        let nodes: Vec<&str> =
            cx.schema.ids().filter(|id| cx.model.is_node(*id)).map(|id| cx.schema.get(id).name.as_str()).collect();
        declarations.push(Declaration::Alias { name: ANY_NODE.to_owned(), ty: nodes.join(" | ") });
    }
    let shape = cx.result();
    let mut entries = vec![format!("{}: {}", JsKey::new(&shape.root_key).literal, cx.schema.get(shape.root).name)];
    entries.extend(
        shape.channels.iter().map(|c| format!("{}: {}", JsKey::new(&c.key).literal, ts_type(cx, settings, &c.ty))),
    );
    let view = DeserializeDts {
        header: cx.header(),
        target: target.name.clone(),
        result: format!("{{ {} }}", entries.join("; ")),
        declarations,
        encode_source: settings.source_placement == SourcePlacement::Start,
        lazy: settings.lazy,
        int64_numbers: int64_numbers(cx, settings),
        discriminator: cx.model.mapping.discriminator.clone().unwrap_or_default(),
        visitor_keys: crate::functions::walker::has_walker(cx),
    };
    view.render()
        .map_err(|source| Error::Render { template: "js/deserialize.d.ts".to_owned(), message: source.to_string() })
}

/// `walk.d.ts`: the walker's types, of the interfaces each node type is made by.
fn walk_dts(cx: &EmitContext, target: &Target, settings: &RawastSettings) -> Result<String, Error> {
    let mut interfaces: Vec<String> = cx
        .model
        .node_types(cx.schema)
        .into_iter()
        .flat_map(|(_, ids)| ids)
        .map(|id| cx.schema.get(id).name.clone())
        .collect();
    interfaces.sort_unstable();
    interfaces.dedup();
    let view = WalkDts {
        header: cx.header(),
        target: target.name.clone(),
        nodes: nodes_by_type(cx),
        imports: interfaces,
        lazy: settings.lazy,
        walk_whole_tree: settings.parent_links(),
    };
    view.render().map_err(|source| Error::Render { template: "js/walk.d.ts".to_owned(), message: source.to_string() })
}

/// The declaration of schema type `id`: a struct's interface, an enum's union.
fn declaration(cx: &EmitContext, settings: &RawastSettings, id: TypeId) -> Declaration {
    let def = cx.schema.get(id);
    match &def.kind {
        TypeKind::Struct(_) => {
            let object = cx.model.object(id).expect("structs have an object model");
            let mut properties: Vec<_> = object
                .properties
                .iter()
                .map(|p| (JsKey::new(&p.key), property_type(cx, settings, &p.value), property_doc(cx, &p.value)))
                .collect();
            if settings.parent_links() && object.node_type.is_some() {
                properties.push((JsKey::new("parent"), format!("{ANY_NODE} | null"), None));
            }
            Declaration::Interface { name: def.name.clone(), properties }
        }
        TypeKind::Enum(e) if e.variants.iter().any(|v| v.payload.is_some()) => {
            let members: Vec<String> = e
                .variants
                .iter()
                .map(|v| v.payload.as_ref().map_or("null".to_owned(), |p| ts_type(cx, settings, p)))
                .collect();
            Declaration::Alias { name: def.name.clone(), ty: members.join(" | ") }
        }
        TypeKind::Enum(e) => {
            let members: Vec<String> = e.variants.iter().map(|v| js_string(model::variant_string(v))).collect();
            Declaration::Alias { name: def.name.clone(), ty: members.join(" | ") }
        }
    }
}

/// Each node type, quoted, with the union of the interfaces of the structs that make it.
fn nodes_by_type(cx: &EmitContext) -> Vec<(String, String)> {
    let names =
        |ids: Vec<TypeId>| ids.iter().map(|id| cx.schema.get(*id).name.as_str()).collect::<Vec<_>>().join(" | ");
    cx.model.node_types(cx.schema).into_iter().map(|(t, ids)| (js_string(t), names(ids))).collect()
}

/// Whether the target reads 64-bit integers as numbers, which may throw (`int64 = "number"`).
pub(super) fn int64_numbers(cx: &EmitContext, settings: &RawastSettings) -> bool {
    let reads = super::js::Reads::of(cx);
    settings.int64 == Int64::Number && (reads.u64 || reads.i64)
}

/// The union of every node interface: the type of `parent` (with `null`, the root's).
const ANY_NODE: &str = "AnyNode";

fn property_type(cx: &EmitContext, settings: &RawastSettings, value: &PropertyValue) -> String {
    match value {
        PropertyValue::NodeType(name) => js_string(name),
        PropertyValue::Span { part: SpanPart::Start | SpanPart::End, .. } => "number".to_owned(),
        PropertyValue::Span { part: SpanPart::Range, .. } => "[start: number, end: number]".to_owned(),
        PropertyValue::Span { part: SpanPart::Object, .. } => "{ start: number; end: number }".to_owned(),
        PropertyValue::Field { convert: Some(Converter::RegexValue), .. } => "RegExp | null".to_owned(),
        PropertyValue::Field { convert: Some(Converter::BigIntValue), .. } => "bigint".to_owned(),
        PropertyValue::Field { ty, convert: None, .. } => ts_type(cx, settings, ty),
        PropertyValue::Converted { converter, .. } => {
            cx.schema.meta[converter.0].ts_type.clone().unwrap_or_else(|| "unknown".to_owned())
        }
        PropertyValue::FromSpan { option: Some(_) } => "string | null".to_owned(),
        PropertyValue::FromSpan { option: None } => "string".to_owned(),
        PropertyValue::Joined { .. } => "unknown[]".to_owned(),
        PropertyValue::Range => "[start: number, end: number]".to_owned(),
    }
}

/// A doc comment for properties whose type does not say it all: a span's offsets and their unit.
fn property_doc(cx: &EmitContext, value: &PropertyValue) -> Option<String> {
    let PropertyValue::Span { part, .. } = value else { return None };
    let unit = match cx.model.mapping.span_unit {
        crate::config::SpanUnit::Utf16 => "UTF-16 code units",
        crate::config::SpanUnit::Utf8 => "UTF-8 bytes",
    };
    Some(match part {
        SpanPart::Start => format!("Where the node starts in the source text, in {unit}."),
        SpanPart::End => format!("Where the node ends in the source text (exclusive), in {unit}."),
        SpanPart::Range | SpanPart::Object => {
            format!("The node's start and (exclusive) end in the source text, in {unit}.")
        }
    })
}

pub(super) fn ts_type(cx: &EmitContext, settings: &RawastSettings, ty: &TypeRef) -> String {
    ts_type_with(ty, settings.int64 == Int64::BigInt, &|id| cx.schema.get(id).name.clone())
}

/// The TypeScript type of a `ty` value: 64-bit integers as `bigint`s when `bigint`, schema types by
/// the name `named` gives them (oxc's `ts_alias`es and converters' types).
pub(super) fn ts_type_with(ty: &TypeRef, bigint: bool, named: &dyn Fn(TypeId) -> String) -> String {
    match ty {
        TypeRef::Primitive(Primitive::Bool) => "boolean".to_owned(),
        TypeRef::Primitive(Primitive::U64 | Primitive::I64) if bigint => "bigint".to_owned(),
        TypeRef::Primitive(_) => "number".to_owned(),
        TypeRef::Str => "string".to_owned(),
        TypeRef::Span => "{ start: number; end: number }".to_owned(),
        TypeRef::Box(inner) | TypeRef::Cell(inner) => ts_type_with(inner, bigint, named),
        // `T[]`, not `Array<T>`: a schema may have a type named `Array`.
        TypeRef::Vec(inner) => match ts_type_with(inner, bigint, named) {
            element if element.contains(' ') => format!("({element})[]"),
            element => format!("{element}[]"),
        },
        TypeRef::Option(inner) => format!("{} | null", ts_type_with(inner, bigint, named)),
        TypeRef::Builtin(Builtin::StrRef | Builtin::Ident | Builtin::JsStr) => "string".to_owned(),
        TypeRef::Builtin(Builtin::NonZeroU32) => "number".to_owned(),
        TypeRef::Builtin(Builtin::AtomicBool) => "boolean".to_owned(),
        TypeRef::Builtin(Builtin::PointerAlign) => "never".to_owned(),
        TypeRef::Named(id) => named(*id),
    }
}
