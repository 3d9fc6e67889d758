//! `js/<target>/deserialize.d.ts`: TypeScript types of what `deserialize` returns (template
//! `templates/js/deserialize.d.ts`). Nodes are interfaces whose `type` is a string literal, so unions
//! of them discriminate on `type`; the linter target adds `parent`; lazy targets make every property
//! `readonly`, as their nodes' getters are.

use askama::Template;

use super::EmitContext;
use crate::config::{SourcePlacement, Target};
use crate::ir::{Converter, Primitive, TypeId, TypeKind, TypeRef};
use crate::{Error, estree};

#[derive(Template)]
#[template(path = "js/deserialize.d.ts", escape = "none")]
struct DeserializeDts {
    header: String,
    target: String,
    root: String,
    comments: String,
    declarations: Vec<Declaration>,
    /// Parser layout: the module also exports `encodeSource`.
    encode_source: bool,
    /// A `lazy = true` target: read-only properties (getters), and `materialize` and `VISITOR_KEYS`.
    lazy: bool,
}

enum Declaration {
    Interface { name: String, properties: Vec<(String, String)> },
    Alias { name: String, ty: String },
}

pub fn emit(cx: &EmitContext, target: &Target) -> Result<String, Error> {
    let parent_links = target.source_placement == SourcePlacement::End;
    let mut declarations = Vec::new();
    for id in cx.schema.ids() {
        let def = cx.schema.get(id);
        declarations.push(match &def.kind {
            TypeKind::Struct(_) => {
                let mut properties = Vec::new();
                if let Some(node_type) = estree::node_type(cx.schema, id) {
                    properties.push(("type".to_owned(), format!("{node_type:?}")));
                }
                push_properties(cx, id, &mut properties);
                if parent_links && estree::node_type(cx.schema, id).is_some() {
                    properties.push(("parent".to_owned(), format!("{ANY_NODE} | null")));
                }
                Declaration::Interface { name: def.name.clone(), properties }
            }
            TypeKind::Enum(e) if e.variants.iter().any(|v| v.payload.is_some()) => {
                let members: Vec<String> = e.variants.iter().map(|v| v.payload.as_ref().map_or("null".to_owned(), |p| ts_type(cx, p))).collect();
                Declaration::Alias { name: def.name.clone(), ty: members.join(" | ") }
            }
            TypeKind::Enum(e) => {
                let members: Vec<String> = e.variants.iter().map(|v| format!("{:?}", v.estree.rename.as_deref().unwrap_or(&v.name))).collect();
                Declaration::Alias { name: def.name.clone(), ty: members.join(" | ") }
            }
        });
    }
    if parent_links {
        declarations.push(Declaration::Alias { name: ANY_NODE.to_owned(), ty: any_node(cx) });
    }
    let root = cx.config.root.as_ref().map_or_else(|| "unknown".to_owned(), |r| r.name.clone());
    let comments = comments_type(cx).unwrap_or_else(|| "never[]".to_owned());
    let view = DeserializeDts {
        header: cx.header(),
        target: target.name.clone(),
        root,
        comments,
        declarations,
        encode_source: target.source_placement == SourcePlacement::Start,
        lazy: target.lazy,
    };
    view.render().map_err(|source| Error::Render { template: "js/deserialize.d.ts".to_owned(), message: source.to_string() })
}

/// The union of every node interface: the type of `parent` (with `null`, the root's).
const ANY_NODE: &str = "AnyNode";

fn any_node(cx: &EmitContext) -> String {
    let nodes: Vec<String> = cx.schema.ids().filter(|id| estree::node_type(cx.schema, *id).is_some()).map(|id| cx.schema.get(id).name.clone()).collect();
    nodes.join(" | ")
}

fn comments_type(cx: &EmitContext) -> Option<String> {
    cx.comments_field().map(|field| ts_type(cx, &field.ty))
}

fn push_properties(cx: &EmitContext, id: TypeId, properties: &mut Vec<(String, String)>) {
    let TypeKind::Struct(s) = &cx.schema.get(id).kind else { return };
    for field in &s.fields {
        if field.estree.skip {
            continue;
        }
        match (&field.ty, field.estree.flatten) {
            (TypeRef::Span, _) => {
                properties.push(("start".to_owned(), "number".to_owned()));
                properties.push(("end".to_owned(), "number".to_owned()));
            }
            (TypeRef::Named(inner), true) => push_properties(cx, *inner, properties),
            _ => {
                let ty = match field.estree.convert {
                    Some(Converter::RegexValue) => "RegExp | null".to_owned(),
                    Some(Converter::BigIntValue) => "bigint".to_owned(),
                    None => ts_type(cx, &field.ty),
                };
                properties.push((estree::property_name(field), ty));
            }
        }
    }
}

pub(super) fn ts_type(cx: &EmitContext, ty: &TypeRef) -> String {
    match ty {
        TypeRef::Primitive(Primitive::Bool) => "boolean".to_owned(),
        TypeRef::Primitive(_) => "number".to_owned(),
        TypeRef::Str => "string".to_owned(),
        TypeRef::Span => "{ start: number; end: number }".to_owned(),
        TypeRef::Box(inner) => ts_type(cx, inner),
        // `T[]`, not `Array<T>`: a schema may have a type named `Array`.
        TypeRef::Vec(inner) => match ts_type(cx, inner) {
            element if element.contains(' ') => format!("({element})[]"),
            element => format!("{element}[]"),
        },
        TypeRef::Option(inner) => format!("{} | null", ts_type(cx, inner)),
        TypeRef::Named(id) => cx.schema.get(*id).name.clone(),
    }
}
