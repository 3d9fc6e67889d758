//! The deserializer of a `lazy = true` target (template `templates/js/deserialize_lazy.js`).
//!
//! Each struct becomes a class whose type name and span are there when the object is made and whose
//! other properties are getters that read the buffer on first access and keep the value, so a
//! consumer that visits part of the tree decodes only that part. The expressions that read each type
//! are the eager deserializer's (`Builder`): the getters call the same helper functions, and a
//! struct's `deserializeX(pos)` returns `new LazyX(pos)` instead of an object literal.

use askama::Template;

use super::walk_module::WalkInternals;
use super::{BufferView, StringsView, render_checked};
use crate::config::{
    Int64, LongDecoder, RawastSettings, Runtime, ShortDecoder, SourcePlacement, SourceSlicing, SpanUnit, Target,
};
use crate::context::EmitContext;
use crate::error::Error;
use crate::functions::builder::Builder;
use crate::functions::builder::expr::{call, numbered};
use crate::functions::format::RuntimeFormat;
use crate::functions::function::{Body, Function, Prop, PropKind, ResultView};
use crate::functions::text::js_string;
use crate::functions::walker::WalkerView;
use crate::ir::{TypeId, TypeKind, TypeRef};
use crate::model::{PropertyValue, SpanPart};

#[derive(Template)]
#[template(path = "js/deserialize_lazy.js", escape = "none")]
struct DeserializeLazyJs {
    header: String,
    target: String,
    buffer: BufferView,
    strings: StringsView,
    /// rawast's lazy format, as the shared templates read it.
    format: RuntimeFormat,
    result: ResultView,
    classes: Vec<Class>,
    functions: Vec<Function>,
    /// What its walker (`walk.js`, `functions/walker/`) takes from it: the nodes the walker hands over are
    /// this target's lazy objects, which keep the walk's context.
    walk_internals: Option<WalkInternals>,
    /// Each `VISITOR_KEYS` entry (a node type, or where plain objects lie), quoted → the quoted keys
    /// that can lead to nodes, in property order.
    visitor_keys: Vec<(String, String)>,
    /// `[mapping] discriminator`, for the comment on `VISITOR_KEYS` (lazy targets have one).
    discriminator: String,
    /// Spans count UTF-8 bytes (`[mapping] span_unit`): a walk searches the source one byte a character.
    spans_in_bytes: bool,
}

/// The class of one struct, `LazyIdentifier`: prefixed so that a schema type such as `RegExp` does
/// not shadow a JS global.
struct Class {
    /// The struct's name, `Identifier`.
    type_name: String,
    /// `deserializeIdentifier`, the function the eager deserializer would have, returning an instance.
    factory: String,
    /// The node's type name under the discriminator key, a constant of the class: `(key, "Name")`.
    node_type: Option<Prop>,
    /// Read when the object is made, by the factory, and handed to the constructor: the span, a
    /// field keyed like the discriminator.
    eager: Vec<Eager>,
    /// The constructor's arguments for the instance `KEEPERS` holds (values of the same kinds as
    /// those read), or `None` where a value's kind is not known here (that class is not kept).
    keeper_args: Option<String>,
    /// Getters, reading from `this.#pos`, each with the private field that keeps its value.
    getters: Vec<Getter>,
    /// Every property in order, quoted, for `materialize`.
    properties: String,
}

/// A property read when the object is made: its value, from `pos`, and its constructor parameter.
struct Eager {
    prop: Prop,
    param: String,
}

struct Getter {
    prop: Prop,
    /// The private field's name after its `#`: `name`, or `property3` for a key that is no
    /// identifier.
    private: String,
}

/// The deserializer's module, `deserialize.js`, whose walker, where it has one, is `walker`.
pub fn emit(
    cx: &EmitContext,
    target: &Target,
    settings: &RawastSettings,
    walker: Option<&WalkerView>,
) -> Result<String, Error> {
    // `Config::parse` refuses `lazy` with the linter layout: lazy nodes have no `parent`.
    assert_eq!(settings.source_placement, SourcePlacement::Start, "lazy targets use the parser layout");
    let builder = Builder::new(cx, settings);
    let mut classes = Vec::new();
    let mut functions = Vec::new();
    for id in cx.schema.ids() {
        match cx.schema.get(id).kind {
            TypeKind::Struct(_) => classes.push(class(&builder, id)),
            TypeKind::Enum(_) => functions.push(builder.named_function(id)),
        }
    }
    let root = TypeRef::Named(cx.result().root);
    functions.extend(builder.helper_functions());
    let view = DeserializeLazyJs {
        header: cx.header(),
        target: target.name.clone(),
        buffer: BufferView::new(cx, settings),
        strings: StringsView::new(settings),
        format: RuntimeFormat::rawast(true),
        result: builder.result(call(&builder.function_name(&root), &["root"])),
        classes,
        functions,
        walk_internals: walker.map(WalkInternals::of),
        visitor_keys: crate::functions::walker::visitor_keys(cx)
            .expect("`generate` refuses lazy targets whose visitor keys are errors"),
        discriminator: cx
            .model
            .mapping
            .discriminator
            .clone()
            .expect("`Config::parse` requires a discriminator of lazy targets"),
        spans_in_bytes: cx.model.mapping.span_unit == SpanUnit::Utf8,
    };
    render_checked(&view, "js/deserialize_lazy.js", &view.buffer.views)
}

fn class(builder: &Builder, id: TypeId) -> Class {
    let def = builder.cx.schema.get(id);
    // The same properties twice: read from the constructor's `pos`, and from the getters' `this.#pos`.
    let from_pos = builder.props(id, "pos", false);
    let from_this = builder.props(id, "this.#pos", false);
    let properties: Vec<String> = from_pos.iter().map(|p| js_string(&p.key.name)).collect();
    let (mut node_type, mut eager, mut getters) = (None, Vec::new(), Vec::new());
    let mut keeper_args = Some(vec!["0".to_owned()]);
    for (index, (from_pos, from_this)) in from_pos.into_iter().zip(from_this).enumerate() {
        match from_pos.kind {
            PropKind::NodeType => node_type = Some(from_pos),
            PropKind::Span | PropKind::OwnType => {
                let kept = keeper_value(builder, id, &from_pos.key.name);
                keeper_args = keeper_args.zip(kept).map(|(mut args, value)| {
                    args.push(value);
                    args
                });
                eager.push(Eager { param: crate::functions::builder::local_name(&from_pos.key.name), prop: from_pos });
            }
            PropKind::Field => {
                // The class's own private fields are `#context` and `#pos`.
                let own = from_this.key.is_identifier() && !["context", "pos"].contains(&from_this.key.name.as_str());
                let private = if own { from_this.key.name.clone() } else { numbered("property", index) };
                getters.push(Getter { prop: from_this, private });
            }
        }
    }
    Class {
        type_name: def.name.clone(),
        factory: builder.function_name(&TypeRef::Named(id)),
        node_type,
        eager,
        keeper_args: keeper_args.map(|args| args.join(", ")),
        getters,
        properties: properties.join(", "),
    }
}

/// A value of the kind the property `key` of struct `id` reads when its object is made (a number
/// for a span's start or end, an array or object for a span made one, the first string of a
/// fieldless enum), for the instance that keeps the class's map alive; `None` for another kind.
fn keeper_value(builder: &Builder, id: TypeId, key: &str) -> Option<String> {
    let cx = builder.cx;
    let property = cx.model.object(id)?.properties.iter().find(|p| p.key == key)?;
    match &property.value {
        PropertyValue::Span { part, .. } => Some(
            match part {
                SpanPart::Start | SpanPart::End => "0",
                SpanPart::Range => "[0, 0]",
                SpanPart::Object => "{ start: 0, end: 0 }",
            }
            .to_owned(),
        ),
        PropertyValue::Field { ty: TypeRef::Named(enum_id), convert: None, .. } => {
            match &cx.schema.get(*enum_id).kind {
                TypeKind::Enum(e) if e.variants.iter().all(|v| v.payload.is_none()) => {
                    e.variants.first().map(|v| js_string(crate::model::variant_string(v)))
                }
                _ => None,
            }
        }
        _ => None,
    }
}
