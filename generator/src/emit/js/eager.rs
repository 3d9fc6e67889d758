//! The eager deserializer of a target (template `templates/js/deserialize.js`): one function per
//! type, each building plain objects as the model lays them out (`crate::model`).
//!
//! The linter target adds `parent` to every node: children are built after their parent exists, with
//! `null` placeholders keeping the property order, and hence the object shape, the same for all nodes.

use askama::Template;

use super::walk_module::{self, WalkInternals};
use super::walker::{WalkEntry, WalkerView, visitor_keys, walker};
use super::{Body, BufferView, Builder, Function, ResultView, StringsView, render_checked};
use crate::Error;
use crate::config::{Int64, LongDecoder, RawastSettings, Runtime, ShortDecoder, SourceSlicing, SpanUnit, Target};
use crate::emit::context::EmitContext;
use crate::ir::TypeRef;

#[derive(Template)]
#[template(path = "js/deserialize.js", escape = "none")]
struct DeserializeJs {
    header: String,
    target: String,
    buffer: BufferView,
    parent_links: bool,
    strings: StringsView,
    /// Whether the shared templates render the lazy deserializer's functions.
    lazy: bool,
    /// Read by the shared templates: rawast's nodes take their parent as an argument (oxc's keep it
    /// in a variable, `parent`).
    parent_global: bool,
    /// Read by the shared `js/deferred.js`: no getter is left unread (oxc's Oxlint output has some).
    program_getters: bool,
    /// Read by the shared `js/deferred.js`: every cycle of rawast's schemas has a place to defer
    /// (`model::graph::undeferrable_cycle`), so nothing is read first.
    read_first: bool,
    result: ResultView,
    functions: Vec<Function>,
    /// What its walker (`walk.js`, `emit/js/walker/`) takes from it: targets whose objects a walker can
    /// tell apart (`Model::visitor_keys`).
    walk_internals: Option<WalkInternals>,
    /// `VISITOR_KEYS` (`js/visitor_keys.js`) of a target with a walker.
    visitor_keys: Vec<(String, String)>,
    discriminator: String,
    /// Spans count UTF-8 bytes (`[mapping] span_unit`): a walk searches the source one byte a character.
    spans_in_bytes: bool,
}

/// The deserializer's module, `deserialize.js`.
pub fn emit(cx: &EmitContext, target: &Target, settings: &RawastSettings) -> Result<String, Error> {
    let mut builder = Builder::new(cx, settings);
    let mut functions: Vec<Function> = cx.schema.ids().map(|id| builder.named_function(id)).collect();
    let root = TypeRef::Named(cx.result().root);
    let walker = target_walker(cx, &mut builder);
    functions.extend(builder.helper_functions());
    let view = DeserializeJs {
        header: cx.header(),
        target: target.name.clone(),
        parent_links: builder.parent_links,
        strings: StringsView::new(settings),
        lazy: false,
        parent_global: false,
        program_getters: false,
        read_first: false,
        result: builder.result(builder.read_in(&root, "root", "null", "null")),
        functions,
        walk_internals: walker.as_ref().map(WalkInternals::of),
        visitor_keys: if walker.is_some() { visitor_keys(cx).unwrap_or_default() } else { Vec::new() },
        discriminator: cx.model.mapping.discriminator.clone().unwrap_or_default(),
        spans_in_bytes: cx.model.mapping.span_unit == SpanUnit::Utf8,
        buffer: BufferView::new(cx, settings),
    };
    render_checked(&view, "js/deserialize.js", &view.buffer.views)
}

/// The walker's module, `walk.js`, where the target has a walker.
pub fn emit_walk(cx: &EmitContext, target: &Target, settings: &RawastSettings) -> Result<Option<String>, Error> {
    let Some(walker) = target_walker(cx, &mut Builder::new(cx, settings)) else { return Ok(None) };
    walk_module::emit(cx.header(), &target.name, &walker, &BufferView::new(cx, settings).views).map(Some)
}

/// The walker of an eager target's tree, whose builds are `builder`'s reads; `None` where the
/// target has none.
fn target_walker<'a>(cx: &EmitContext<'a>, builder: &mut Builder<'a>) -> Option<WalkerView> {
    let entry = WalkEntry {
        whole_tree: builder.parent_links,
        looks_into_built: false,
        params: "buffer".to_owned(),
        buffer_doc: "bytes written by a rawast producer (a Node.js `Buffer` works too)".to_owned(),
        lazy: false,
        // (`walkSource`: the source as its spans count, UTF-16 units or bytes.)
        words: true,
        few_strings: false,
        comments_outside_ast: false,
    };
    walker(builder, cx, &TypeRef::Named(cx.result().root), entry)
}
