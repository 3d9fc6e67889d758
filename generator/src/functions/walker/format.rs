//! What a format gives its walker: how it builds the values a walk hands over ([`WalkSource`]),
//! and how `walk` starts and ends ([`WalkEntry`]). rawast's own format is here
//! ([`rawast_walker`]); oxc's is in `functions/oxc`.

use super::{WalkerView, walker};
use crate::config::RawastSettings;
use crate::context::EmitContext;
use crate::functions::builder::Builder;
use crate::ir::{MetaId, TypeId, TypeRef};

/// How a format builds the values a walk hands over: the deserializer's own functions, which
/// `walk.js` takes from `deserialize.js` (`internalsForWalk()`).
pub(crate) trait WalkSource<'a> {
    fn builder(&self) -> &Builder<'a>;
    /// The call that builds the `ty` at `pos` whole.
    fn build(&mut self, ty: &TypeRef) -> Build;
    /// The call that builds the property `key` of struct `id`'s object at `pos` alone (oxc: a
    /// converter's value).
    fn build_property(&mut self, id: TypeId, key: &str) -> Build;
    /// Where converter `converter` reads values that can hold nodes, each a type at an offset from
    /// `pos`, the struct it converts (`within`) at `pos` plus the offset given, `THIS` being
    /// `object`'s properties; `None` where that is not known (a walk then builds the value to look
    /// into it).
    fn converter_reads(
        &mut self,
        converter: MetaId,
        within: Option<(TypeId, u32)>,
        object: Option<TypeId>,
    ) -> Option<Vec<(TypeRef, u32)>>;
}

/// A call of the deserializer's functions that builds a value whole: its JS, and the functions it
/// names, which `walk.js` imports.
pub(crate) struct Build {
    pub(crate) call: String,
    pub(crate) functions: Vec<String>,
}

impl<'a> WalkSource<'a> for Builder<'a> {
    fn builder(&self) -> &Builder<'a> {
        self
    }

    fn build(&mut self, ty: &TypeRef) -> Build {
        Build { call: self.read(ty, "pos"), functions: vec![self.function_name(ty)] }
    }

    fn build_property(&mut self, _: TypeId, key: &str) -> Build {
        unreachable!("rawast's objects have no converted property (`{key}`)")
    }

    fn converter_reads(
        &mut self,
        _: MetaId,
        _: Option<(TypeId, u32)>,
        _: Option<TypeId>,
    ) -> Option<Vec<(TypeRef, u32)>> {
        // (rawast's converters take their fields whole: their values are built and looked into.)
        None
    }
}

/// How `walk` starts and ends, by format: what `deserialize.js` gives `walk.js` to read a buffer
/// with (`beginWalk`, `endWalk`, and the hooks [`super::WalkerView::imports`] lists).
pub(crate) struct WalkEntry {
    /// Nodes have parent links: [`super::WalkerView::whole_tree`]. `looks_into_built`: a value a
    /// converter builds is built apart from the tree and looked into for a visited node (oxc's),
    /// rather than taken for one (rawast's builders take the parent).
    pub(crate) whole_tree: bool,
    pub(crate) looks_into_built: bool,
    pub(crate) params: String,
    pub(crate) buffer_doc: String,
    /// The nodes built are a lazy target's objects: their subtrees are visited through their
    /// getters, which read in the context of the walk's buffer (`beginWalk` makes it, `resumeWalk`
    /// enters it again after a visitor's function), and nothing is left deferred.
    pub(crate) lazy: bool,
    /// The deserializer has `sourceForWords()`, the source as a JS string whose indices are the
    /// buffer's span offsets: a walk that visits only types with `[walk] keywords` skips every node
    /// whose span holds none of their words.
    pub(crate) words: bool,
    /// `beginWalk` takes `fewStrings` first (oxc's): a walk that skips by words builds few strings,
    /// and makes no copy of a non-ASCII source's bytes to slice them from.
    pub(crate) few_strings: bool,
    /// The comments (`[walk] comments`) may lie anywhere below the buffer's metadata, not only in
    /// the AST's region that `readPointer` allows (Oxlint allocates some files' comments below the
    /// program's): they are read with the deserializer's `readPointerBelow`.
    pub(crate) comments_outside_ast: bool,
}

/// The walker of a target of rawast's format, from its root, whose builds are the deserializer's
/// reads; `None` where the target has none. A lazy target's walk reads the buffer as `deserialize`
/// does, in a context of its own that the nodes it hands over keep (`beginWalk`); its end leaves
/// the context rather than dropping the views.
pub(crate) fn rawast_walker(cx: &EmitContext, settings: &RawastSettings) -> Option<WalkerView> {
    let mut builder = Builder::new(cx, settings);
    let buffer_doc = "bytes written by a rawast producer (a Node.js `Buffer` works too)";
    let entry = WalkEntry {
        whole_tree: builder.parent_links,
        looks_into_built: false,
        params: "buffer".to_owned(),
        buffer_doc: if settings.lazy {
            format!("{buffer_doc}; it must not change while the nodes visited are used")
        } else {
            buffer_doc.to_owned()
        },
        lazy: settings.lazy,
        // (`sourceForWords`: the source as its spans count, UTF-16 units or bytes.)
        words: true,
        few_strings: false,
        comments_outside_ast: false,
    };
    walker(&mut builder, cx, &TypeRef::Named(cx.result().root), entry)
}
