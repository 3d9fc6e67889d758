//! The eager deserializer of a target (template `templates/js/deserialize.js`): one function per
//! type, each building plain objects as the model lays them out (`crate::model`).
//!
//! The linter target adds `parent` to every node: children are built after their parent exists, with
//! `null` placeholders keeping the property order, and hence the object shape, the same for all nodes.

use askama::Template;

use super::walk_module::WalkInternals;
use super::{BufferView, StringsView, render_checked};
use crate::config::{Int64, LongDecoder, RawastSettings, Runtime, ShortDecoder, SourceSlicing, SpanUnit, Target};
use crate::context::EmitContext;
use crate::error::Error;
use crate::functions::builder::Builder;
use crate::functions::format::RuntimeFormat;
use crate::functions::function::{Body, Function, ResultView};
use crate::functions::walker::{WalkerView, visitor_keys};
use crate::ir::TypeRef;

#[derive(Template)]
#[template(path = "js/deserialize.js", escape = "none")]
struct DeserializeJs {
    header: String,
    target: String,
    buffer: BufferView,
    parent_links: bool,
    strings: StringsView,
    /// rawast's eager format, as the shared templates read it.
    format: RuntimeFormat,
    /// Read by the shared `js/deferred.js`: every cycle of rawast's schemas has a place to defer
    /// (`model::graph::undeferrable_cycle`), so nothing is read first.
    read_first: bool,
    result: ResultView,
    functions: Vec<Function>,
    /// What its walker (`walk.js`, `functions/walker/`) takes from it: targets whose objects a walker can
    /// tell apart (`Model::visitor_keys`).
    walk_internals: Option<WalkInternals>,
    /// `VISITOR_KEYS` (`js/visitor_keys.js`) of a target with a walker.
    visitor_keys: Vec<(String, String)>,
    discriminator: String,
    /// Spans count UTF-8 bytes (`[mapping] span_unit`): a walk searches the source one byte a character.
    spans_in_bytes: bool,
}

/// The deserializer's module, `deserialize.js`, whose walker, where it has one, is `walker`.
pub fn emit(
    cx: &EmitContext,
    target: &Target,
    settings: &RawastSettings,
    walker: Option<&WalkerView>,
) -> Result<String, Error> {
    let builder = Builder::new(cx, settings);
    let mut functions: Vec<Function> = cx.schema.ids().map(|id| builder.named_function(id)).collect();
    let root = TypeRef::Named(cx.result().root);
    functions.extend(builder.helper_functions());
    let view = DeserializeJs {
        header: cx.header(),
        target: target.name.clone(),
        parent_links: builder.parent_links,
        strings: StringsView::new(settings),
        format: RuntimeFormat::rawast(false),
        read_first: false,
        result: builder.result(builder.read_in(&root, "root", "null", "null")),
        functions,
        walk_internals: walker.map(WalkInternals::of),
        visitor_keys: if walker.is_some() { visitor_keys(cx).unwrap_or_default() } else { Vec::new() },
        discriminator: cx.model.mapping.discriminator.clone().unwrap_or_default(),
        spans_in_bytes: cx.model.mapping.span_unit == SpanUnit::Utf8,
        buffer: BufferView::new(cx, settings),
    };
    render_checked(&view, "js/deserialize.js", &view.buffer.views)
}
