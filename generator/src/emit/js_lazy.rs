//! `js/<target>/deserialize.js` of a `lazy = true` target (template `templates/js/deserialize_lazy.js`).
//!
//! Each struct becomes a class whose `type`, `start` and `end` are read when the object is made and
//! whose other properties are getters that read the buffer on first access and keep the value, so a
//! consumer that visits part of the tree decodes only that part. The expressions that read each type
//! are the eager deserializer's (`js_deserializer::Builder`): the class getters call the same helper
//! functions, and a struct's `deserializeX(pos)` returns `new LazyX(pos)` instead of an object literal.

use askama::Template;

use super::EmitContext;
use super::js_deserializer::{Body, BufferView, Builder, Function, Prop, StringsView};
use crate::config::{SourcePlacement, Target};
use crate::ir::{TypeId, TypeKind, TypeRef};
use crate::{Error, estree};

#[derive(Template)]
#[template(path = "js/deserialize_lazy.js", escape = "none")]
struct DeserializeLazyJs {
    header: String,
    target: String,
    buffer: BufferView,
    strings: StringsView,
    root: String,
    comments: Option<String>,
    classes: Vec<Class>,
    functions: Vec<Function>,
    /// Quoted ESTree `type` → the quoted property names that can hold nodes, in property order.
    visitor_keys: Vec<(String, String)>,
}

/// The class of one struct.
struct Class {
    /// `LazyIdentifier`: prefixed so that a schema type such as `RegExp` does not shadow a JS global.
    name: String,
    /// `deserializeIdentifier`, the function the eager deserializer would have, returning an instance.
    factory: String,
    comment: String,
    /// The node's ESTree `type`, a constant of the class; `None` for plain objects (and comments,
    /// whose `type` is a field).
    node_type: Option<String>,
    /// Read by the constructor, from `pos`: the span's `start` and `end`, a `type` field.
    eager: Vec<Prop>,
    /// Getters, reading from `this.#pos`.
    getters: Vec<Prop>,
    /// Every property in ESTree order, quoted, for `materialize`.
    properties: String,
}

/// Properties read when the object is made, because reading them decodes no child.
const EAGER_KEYS: [&str; 3] = ["type", "start", "end"];

pub fn emit(cx: &EmitContext, target: &Target) -> Result<String, Error> {
    // `Config::parse` refuses `lazy` with the linter layout: lazy nodes have no `parent`.
    assert_eq!(target.source_placement, SourcePlacement::Start, "lazy targets use the parser layout");
    let width = target.pointer_width;
    let builder = Builder { cx, layout: cx.layout(width), parent_links: false };
    let (root, comments) = builder.root_and_comments()?;

    let mut classes = Vec::new();
    let mut functions = Vec::new();
    for id in cx.schema.ids() {
        match cx.schema.get(id).kind {
            TypeKind::Struct(_) => classes.push(class(&builder, id)),
            TypeKind::Enum(_) => functions.push(builder.named_function(id, false)),
        }
    }
    for ty in cx.schema.used_types() {
        if let Some(function) = builder.helper_function(&ty) {
            functions.push(function);
        }
    }
    let view = DeserializeLazyJs {
        header: cx.header(),
        target: target.name.clone(),
        buffer: BufferView::new(cx, target, root),
        strings: StringsView::new(target),
        root: builder.function_name(&TypeRef::Named(root)),
        comments,
        classes,
        functions,
        visitor_keys: visitor_keys(cx),
    };
    view.render().map_err(|source| Error::Render { template: "js/deserialize_lazy.js".to_owned(), message: source.to_string() })
}

fn class(builder: &Builder, id: TypeId) -> Class {
    let def = builder.cx.schema.get(id);
    // The same properties twice: read from the constructor's `pos`, and from the getters' `this.#pos`.
    let (mut from_pos, mut from_this) = (Vec::new(), Vec::new());
    builder.push_fields(&mut from_pos, id, "pos", 0, false);
    builder.push_fields(&mut from_this, id, "this.#pos", 0, false);
    let node_type = estree::node_type(builder.cx.schema, id);
    let mut properties: Vec<String> = node_type.iter().map(|_| "\"type\"".to_owned()).collect();
    properties.extend(from_pos.iter().map(|p| format!("{:?}", p.key)));
    let (mut eager, mut getters) = (Vec::new(), Vec::new());
    for (from_pos, from_this) in from_pos.into_iter().zip(from_this) {
        if EAGER_KEYS.contains(&from_pos.key.as_str()) {
            eager.push(from_pos);
        } else {
            getters.push(from_this);
        }
    }
    Class {
        name: format!("Lazy{}", def.name),
        factory: builder.function_name(&TypeRef::Named(id)),
        comment: format!("`{}`", def.name),
        node_type: node_type.map(|t| format!("{t:?}")),
        eager,
        getters,
        properties: properties.join(", "),
    }
}

/// For each ESTree node type, the properties that can hold nodes (of any struct with that type).
fn visitor_keys(cx: &EmitContext) -> Vec<(String, String)> {
    let mut keys: Vec<(String, Vec<String>)> = Vec::new();
    for id in cx.schema.ids() {
        let Some(node_type) = estree::node_type(cx.schema, id) else { continue };
        let index = keys.iter().position(|(t, _)| *t == node_type).unwrap_or_else(|| {
            keys.push((node_type, Vec::new()));
            keys.len() - 1
        });
        for property in estree::checked_properties(cx.schema, id) {
            if can_be_node(cx, &property.ty) && !keys[index].1.contains(&property.key) {
                keys[index].1.push(property.key);
            }
        }
    }
    keys.into_iter().map(|(t, k)| (format!("{t:?}"), k.iter().map(|k| format!("{k:?}")).collect::<Vec<_>>().join(", "))).collect()
}


/// Whether a value of `ty` can be a node or an array of nodes (not only plain objects, such as a
/// template element's `value`).
fn can_be_node(cx: &EmitContext, ty: &TypeRef) -> bool {
    match ty {
        TypeRef::Vec(inner) => can_be_node(cx, inner),
        _ => estree::accepted_types(cx.schema, ty).iter().any(|(_, id)| id.is_some()),
    }
}
