//! The eager deserializer of a target (template `templates/js/deserialize.js`): one function per
//! type, each building plain objects as the model lays them out (`crate::model`).
//!
//! The linter target adds `parent` to every node: children are built after their parent exists, with
//! `null` placeholders keeping the property order, and hence the object shape, the same for all nodes.

use askama::Template;

use super::walker::{BuiltWalk, NodeIndex, StartsBody, WalkBody, WalkEntry, WalkerView, visitor_keys, walker};
use super::{Body, Builder, BufferView, Function, Module, ResultView, StringsView, render_checked};
use crate::config::{Int64, LongDecoder, RawastSettings, Runtime, ShortDecoder, SourceSlicing, SpanUnit, Target};
use crate::emit::EmitContext;
use crate::ir::TypeRef;
use crate::Error;

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
    getters_kept: bool,
    /// Read by the shared `js/deferred.js`: every cycle of rawast's schemas has a place to defer
    /// (`model::graph::undeferrable_cycle`), so nothing is read first.
    read_first: bool,
    result: ResultView,
    functions: Vec<Function>,
    /// `walk(buffer, visitor)` (`walker.rs`): targets without parent links whose objects a walker
    /// can tell apart (`Model::visitor_keys`).
    walker: Option<WalkerView>,
    /// `VISITOR_KEYS` (`js/visitor_keys.js`) of a target with a walker, in both its modules.
    visitor_keys: Vec<(String, String)>,
    /// `deserialize.js` of a target whose walker is in `walk.js`.
    walk_elsewhere: bool,
    discriminator: String,
}

pub fn emit(cx: &EmitContext, target: &Target, settings: &RawastSettings, module: Module) -> Result<String, Error> {
    let mut builder = Builder::new(cx, settings);
    let mut functions: Vec<Function> = cx.schema.ids().map(|id| builder.named_function(id)).collect();
    functions.extend(builder.helper_functions());
    let root = TypeRef::Named(cx.result().root);
    let buffer = BufferView::new(cx, settings);
    let entry = WalkEntry {
        whole_tree: builder.parent_links,
        probe_built: false,
        params: "buffer".to_owned(),
        buffer_doc: "bytes written by a rawast producer (a Node.js `Buffer` works too)".to_owned(),
        set_up: "setUp(buffer)".to_owned(),
        release: format!("{} = undefined;", buffer.released().collect::<Vec<_>>().join(" = ")),
        lazy: false,
        // Spans count UTF-16 units: the source decoded (as strings are, lone surrogates kept).
        source_text: (cx.model.mapping.span_unit == SpanUnit::Utf16).then(|| "decodeWtf8(sourceStart, sourceEnd - sourceStart)".to_owned()),
        few_strings: false,
        comments_below_region: false,
    };
    let has_walker = super::has_walker(cx);
    let walker = if has_walker && module == Module::Walk { walker(&mut builder, cx, &root, entry) } else { None };
    let view = DeserializeJs {
        header: cx.header(),
        target: target.name.clone(),
        buffer,
        parent_links: builder.parent_links,
        strings: StringsView::new(settings),
        lazy: false,
        parent_global: false,
        getters_kept: false,
        read_first: false,
        result: builder.result(builder.read_in(&root, "root", "null", "null")),
        functions,
        walker,
        visitor_keys: if has_walker { visitor_keys(cx).unwrap_or_default() } else { Vec::new() },
        walk_elsewhere: has_walker && module == Module::Deserialize,
        discriminator: cx.model.mapping.discriminator.clone().unwrap_or_default(),
    };
    render_checked(&view, "js/deserialize.js", &view.buffer.views)
}
