//! What a format gives its walker: how it builds the values a walk hands over ([`WalkSource`]),
//! and how `walk` starts and ends ([`WalkEntry`]). rawast's own format is here; oxc's is in
//! `emit/js/oxc`.

use crate::emit::js::Builder;
use crate::ir::{MetaId, TypeId, TypeRef};

/// How a format builds the values a walk hands over: the deserializer's own functions, which
/// `walk.js` takes from `deserialize.js` (`walkInternals()`).
pub(in crate::emit::js) trait WalkSource<'a> {
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
pub(in crate::emit::js) struct Build {
    pub(in crate::emit::js) call: String,
    pub(in crate::emit::js) functions: Vec<String>,
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
pub(in crate::emit::js) struct WalkEntry {
    /// Nodes have parent links: [`super::WalkerView::whole_tree`]. `looks_into_built`: a value a
    /// converter builds is built apart from the tree and looked into for a visited node (oxc's),
    /// rather than taken for one (rawast's builders take the parent).
    pub(in crate::emit::js) whole_tree: bool,
    pub(in crate::emit::js) looks_into_built: bool,
    pub(in crate::emit::js) params: String,
    pub(in crate::emit::js) buffer_doc: String,
    /// The nodes built are a lazy target's objects: their subtrees are visited through their
    /// getters, which read in the context of the walk's buffer (`beginWalk` makes it, `resumeWalk`
    /// enters it again after a visitor's function), and nothing is left deferred.
    pub(in crate::emit::js) lazy: bool,
    /// The deserializer has `walkSource()`, the source as a JS string whose indices are the
    /// buffer's span offsets: a walk that visits only types with `[walk] keywords` skips every node
    /// whose span holds none of their words.
    pub(in crate::emit::js) words: bool,
    /// `beginWalk` takes `fewStrings` first (oxc's): a walk that skips by words builds few strings,
    /// and makes no copy of a non-ASCII source's bytes to slice them from.
    pub(in crate::emit::js) few_strings: bool,
    /// The comments (`[walk] comments`) may lie anywhere below the buffer's metadata, not only in
    /// the AST's region that `readPointer` allows (Oxlint allocates some files' comments below the
    /// program's): they are read with the deserializer's `readPointerBelow`.
    pub(in crate::emit::js) comments_outside_ast: bool,
}
