//! The walker of a target (`templates/js/walk.js`): `walk(buffer, visitor)` visits the nodes of the
//! tree in a buffer without building the tree. Each type that can lead to a node gets a walker,
//! written from the model and layouts the deserializer is written from; a node of a visited type is
//! built whole by the deserializer's own function, so a visitor sees the eager output's nodes, and
//! what cannot lead to a visited node is never read (JS works out which walkers a visitor needs).
//!
//! [`walker`] collects the walkers from the root ([`collector`]): each type's ([`type_walkers`])
//! and those of values built whole ([`built_whole`]), from what the format gives ([`format`]), with
//! what a walk led by words reads ([`words`]); the template renders the [`WalkerView`].

mod built_whole;
mod collector;
mod format;
mod type_walkers;
mod view;
mod walk_function;
mod words;

use self::collector::{Collector, WalkTarget};
use self::words::{comments_vecs, errors_vecs, node_words};
use crate::context::EmitContext;
use crate::functions::text::{JsKey, js_array, js_string};
use crate::ir::TypeRef;
use crate::model::VisitorKeys;

pub(crate) use self::format::{Build, WalkEntry, WalkSource, rawast_walker};
pub(crate) use self::view::WalkerView;
pub(crate) use self::walk_function::{BuiltWalk, NodeIndex, NodeTypesOf, Step, WalkBody, WalkFunction};
pub(crate) use self::words::{CommentsVec, SpansBody, SpansFunction};

/// Whether a target gets `walk`, `visit` and `VISITOR_KEYS`: a schema whose objects a walker can
/// tell apart.
pub(crate) fn has_walker(cx: &EmitContext) -> bool {
    cx.model.visitor_keys().is_ok() && cx.model.mapping.discriminator.is_some()
}

/// The walker of a target's tree, from its root; `None` where the target has none ([`has_walker`]).
pub(crate) fn walker<'a>(
    source: &mut dyn WalkSource<'a>,
    cx: &EmitContext<'a>,
    root: &TypeRef,
    entry: WalkEntry,
) -> Option<WalkerView> {
    if !has_walker(cx) {
        return None;
    }
    let keys = cx.model.visitor_keys().ok()?;
    let mut collector = Collector::new(source, cx, keyed_node_types(cx, keys), &entry);
    let root_walker = collector.index(&WalkTarget::Type(root.clone()));
    let channels = collector.channels();
    let functions: Vec<WalkFunction> =
        collector.functions.into_iter().map(|f| f.expect("every walker is written")).collect();
    let keyless_types =
        collector.node_types.iter().filter(|name| !keys.entries.iter().any(|e| &e.name == *name)).count();
    let node_words = node_words(cx, &collector.node_types, collector.by_words);
    let layout = collector.source.builder().layout;
    let (comments, errors) = if node_words.is_empty() {
        (Vec::new(), Vec::new())
    } else {
        (comments_vecs(cx, layout, root), errors_vecs(cx, layout, root))
    };
    let discriminator = cx.model.mapping.discriminator.as_deref().unwrap_or("type");
    let WalkEntry {
        whole_tree,
        looks_into_built: _,
        params,
        buffer_doc,
        lazy,
        words: _,
        few_strings,
        comments_outside_ast,
    } = entry;
    Some(WalkerView {
        node_types: node_type_keys(keys, &collector.node_types),
        root: root_walker,
        channels,
        discriminator: JsKey::new(discriminator).access,
        whole_tree,
        params,
        buffer_doc,
        keyless_types,
        scans: functions.iter().any(WalkFunction::walks_reads_first),
        makes: functions.iter().any(WalkFunction::builds_where_made),
        functions,
        lazy,
        node_words,
        few_strings,
        comments_outside_ast,
        comments,
        errors,
        spans: collector.spans.into_iter().map(|(_, f)| f).collect(),
        builders: collector.builders.into_iter().collect(),
    })
}

/// The node types of the model that have visitor keys, in `VISITOR_KEYS`' order: the walk's first
/// node types, before those only converters make ([`Collector::node_index`]).
fn keyed_node_types(cx: &EmitContext, keys: &VisitorKeys) -> Vec<String> {
    keys.entries
        .iter()
        .filter(|e| cx.model.node_types(cx.schema).iter().any(|(t, _)| *t == e.name))
        .map(|e| e.name.clone())
        .collect()
}

/// Each of `node_types`, quoted, with its visitor keys as a JS array ([`WalkerView::node_types`]),
/// `null` for a type only a converter makes, which has none.
fn node_type_keys(keys: &VisitorKeys, node_types: &[String]) -> Vec<(String, String)> {
    node_types
        .iter()
        .map(|name| {
            let keys = keys.entries.iter().find(|e| &e.name == name);
            let keys = keys.map(|e| js_array(e.keys.iter().map(|key| js_string(key))));
            (js_string(name), keys.unwrap_or_else(|| "null".to_owned()))
        })
        .collect()
}

/// Each `VISITOR_KEYS` entry, quoted: its name and its keys; `None` when they are errors.
pub(crate) fn visitor_keys(cx: &EmitContext) -> Option<Vec<(String, String)>> {
    let keys = cx.model.visitor_keys().ok()?;
    Some(keys.entries.iter().map(|entry| (js_string(&entry.name), quoted_list(&entry.keys))).collect())
}

/// `items` as JS strings, joined by commas: the elements of a JS array.
fn quoted_list(items: &[String]) -> String {
    items.iter().map(|item| js_string(item)).collect::<Vec<_>>().join(", ")
}
