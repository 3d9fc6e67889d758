//! The walker of a target (template `templates/js/walk.js`): `walk(buffer, visitor)` visits
//! the nodes of the tree in a buffer without building the tree. One function per type that can lead
//! to a node, from the model and layouts the deserializer is written from, for both formats (what
//! builds a value whole is the format's: [`WalkSource`]): a struct's
//! calls the walkers of its fields that can lead to a visited node, in output order, and past
//! `WALK_DEPTH` structs pushes them onto an explicit stack instead (any depth); an enum's, an
//! `Option`'s and a `Box`'s read their tag, niche or pointer and call the next walker; a `Vec`'s
//! calls (or pushes) its elements', or, in a walk led by words, those of the elements that may
//! hold a word, found by galloping over their spans (`spanOf…`, [`SpansFunction`]). A node of a type the visitor names is built by the
//! deserializer's own function, whole, and its subtree visited on the objects built
//! (`NODE_KEYS`, the visitor keys), so the nodes a visitor sees are the eager output's; where the
//! type graph says its type can hold no visited node, nothing inside it is looked at
//! (`childrenNeeded`, worked out with the rest of a visitor's plan). A struct
//! whose value is not read field by field (a converter's) is built whole too, and so is a property
//! of oxc's that a converter computes: such a walker is needed where what the converter reads can
//! lead to a visited node, or where it makes one of a visited type itself, and where the reads are
//! known (`WalkSource::converter_reads`) it builds only where it makes one, or where a scan of the
//! reads meets one (`Walked::Reads`: a scan visits nothing and stops at the first visited node).
//! Where nodes have parent links (the linter layout), a node's `parent` holds the whole tree: the
//! first node of a visited type met has the whole tree read and visited instead
//! (`WalkerView::whole_tree`), and a walk that meets none reads only what could lead to one. On a
//! lazy target the nodes built are its lazy objects, their subtrees visited through their getters
//! in a context of the walk's own, which they keep (`WalkEntry::lazy`).
//!
//! Which walkers a visitor needs is computed in JS from `WALK_CHILDREN`, once per set of node types
//! visited: a walker is needed when it can reach a visited type; the others are never called, so
//! the subtrees they would walk are not read at all.

use std::collections::BTreeSet;

use super::Builder;
use super::builder::at;
use crate::emit::EmitContext;
use crate::emit::text::{by_tag, js_string};
use crate::ir::{MetaId, TypeId, TypeKind, TypeRef};
use crate::layout::Shape;
use crate::model::{ConverterKeeps, PropertyValue, VariantValue};

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

/// Which node types a walker's value can be, for the JS that works out which walkers a visitor needs.
pub(in crate::emit::js) enum NodeOf {
    /// No node (an enum, an `Option`, a plain object).
    Nothing,
    /// Needed whatever the visitor visits (a rawast converter's value: what it holds is known only
    /// once built).
    Always,
    /// Nodes of these types (indices of `node_types`): one, or one per string of its `type` field.
    Types(Vec<usize>),
    /// A struct of these types whose converter, walked by the struct's declared properties, makes
    /// nodes of the second list's types too (`WalkedStruct::made`): built whole where one is visited.
    TypesMaking(Vec<usize>, Vec<usize>),
    /// A converter's value, built whole: it holds nodes of these types that it makes itself, and
    /// those of the walkers it reads (its edges).
    Made(Vec<usize>),
}

/// What `templates/js/walk.js` renders.
pub(in crate::emit::js) struct WalkerView {
    /// Each walker, by index.
    pub(in crate::emit::js) functions: Vec<WalkFunction>,
    /// Each node type, by index: its quoted name and its visitor keys (quoted, joined).
    pub(in crate::emit::js) node_types: Vec<(String, String)>,
    /// The index of the walker of the root.
    pub(in crate::emit::js) root: usize,
    /// The channels returned beside the root that can hold nodes, walked after it, in the result's
    /// order (their positions from `root`, the root's offset).
    pub(in crate::emit::js) channels: Vec<Step>,
    /// `[mapping] discriminator`, the key of a node's type name, as a property access (`.type`).
    pub(in crate::emit::js) discriminator: String,
    /// `walk`'s parameters before `visitor` (`buffer`; oxc's `deserialize`'s), which it hands to
    /// `beginWalk`, and what the buffer is, for its doc.
    pub(in crate::emit::js) params: String,
    pub(in crate::emit::js) buffer_doc: String,
    /// Node types that only converters make (oxc's `TSParameterProperty`): no `VISITOR_KEYS`
    /// entry, their objects walked by their values in order.
    pub(in crate::emit::js) keyless_types: usize,
    /// Nodes with parent links (the linter layout): a visited node's `parent` is the tree's, which
    /// holds the whole tree, so the first node of a visited type met has the whole tree built and
    /// visited instead (what came before it in the walk visits nothing).
    pub(in crate::emit::js) whole_tree: bool,
    /// Some converter's reads are walked before its value is built (`WalkBody::Built`'s `reads`).
    pub(in crate::emit::js) scans: bool,
    /// Some walker builds where the visitor visits a type a converter makes (`makes`): one that
    /// walks a converter's reads first, or one of `NodeOf::TypesMaking`.
    pub(in crate::emit::js) makes: bool,
    /// The nodes built are a lazy target's objects: [`WalkEntry::lazy`].
    pub(in crate::emit::js) lazy: bool,
    /// Each node type's words (`[walk] keywords`), by index, as JS (`null` for none); empty where
    /// walks skip nothing by them ([`WalkEntry::words`]).
    pub(in crate::emit::js) node_words: Vec<String>,
    /// [`WalkEntry::few_strings`].
    pub(in crate::emit::js) few_strings: bool,
    /// [`WalkEntry::comments_below_region`].
    pub(in crate::emit::js) comments_below_region: bool,
    /// The offsets from the root of the lengths of its `Vec`s of `[walk] errors`: a buffer with an
    /// error is walked without words.
    pub(in crate::emit::js) errors: Vec<u32>,
    /// Where a walk that skips by words finds the source's comments (`[walk] comments`), whose
    /// spans hold no node's words; empty where it does not skip, or no comments are named.
    pub(in crate::emit::js) comments: Vec<CommentsVec>,
    /// The `spanOf…` functions of the `Vec`s walked by their words.
    pub(in crate::emit::js) spans: Vec<SpansFunction>,
    /// The deserializer's functions that build what the walk hands over, by name.
    pub(in crate::emit::js) builders: Vec<String>,
}

/// A `Vec` of comments in the root (or a struct inline in it), and where each comment's span is.
pub(in crate::emit::js) struct CommentsVec {
    /// The `Vec`'s offset from the root, and its length's from the `Vec`.
    pub(in crate::emit::js) offset: u32,
    pub(in crate::emit::js) len_offset: u32,
    pub(in crate::emit::js) size: u32,
    pub(in crate::emit::js) align_mask: u32,
    /// The offset of a comment's span's `start` (its `end` follows).
    pub(in crate::emit::js) span: u32,
}

pub(in crate::emit::js) struct WalkFunction {
    pub(in crate::emit::js) name: String,
    pub(in crate::emit::js) comment: String,
    pub(in crate::emit::js) node: NodeOf,
    /// The walkers it can call or push, for the JS that computes which are needed.
    pub(in crate::emit::js) edges: Vec<usize>,
    pub(in crate::emit::js) body: WalkBody,
}

/// A walker called or pushed: its index, its function, and the position it is given.
pub(in crate::emit::js) struct Step {
    pub(in crate::emit::js) walker: usize,
    pub(in crate::emit::js) function: String,
    pub(in crate::emit::js) pos: String,
}

pub(in crate::emit::js) enum WalkBody {
    /// A struct read field by field. `node`: its node type and the expression that builds it
    /// whole (when the visitor visits that type). `children`: in output order. `span`: the offset
    /// of its span's `start` (its `end` follows), where walks skip nodes by their words.
    Object {
        node: Option<(NodeIndex, String)>,
        children: Vec<Step>,
        span: Option<u32>,
    },
    /// A value built whole (a converter's), then its objects visited, as `walk` says.
    /// `value_read`: where the converter's value is a node it reads, altered only in properties
    /// that hold no node (`ConverterKeeps::Value`), that node's type and walker: the value is
    /// walked as that node where its type is not visited.
    Built {
        walk: BuiltWalk,
        value_read: Option<(usize, Step)>,
    },
    /// A data enum: each variant's tag, and the walker of its payload if it can lead to a node.
    Switch {
        what: String,
        cases: Vec<(u8, Option<Step>)>,
    },
    /// `tagged`: its `None` is a tag, which `none_check` checks (`invalidOptionTag`), not a niche.
    Option {
        none_check: String,
        some: Step,
        tagged: bool,
    },
    /// `spans`: where walks skip by words, the function that gives where an element's span is
    /// ([`SpansFunction`]), when every element has one: such a `Vec` is walked by its
    /// words (`walkByWords`) rather than element by element.
    Vec {
        len_offset: u32,
        element_size: u32,
        cost: u32,
        align_mask: u32,
        element: Step,
        spans: Option<String>,
    },
    Boxed {
        size: u32,
        align_mask: u32,
        paid: bool,
        target: Step,
    },
}

/// How a walker of a value built whole (`WalkBody::Built`) walks it. `reads` is the walker of what
/// the converter reads (an `Object` without a node), where that is known; `build`, the expression
/// that builds the value, only where the walker builds it (`walk.js` imports only the builders it
/// calls).
pub(in crate::emit::js) enum BuiltWalk {
    /// Built where what it reads holds a node of a visited type (a scan, which visits nothing
    /// first), or where the converter makes one itself.
    Scanned { build: String, reads: Step },
    /// Built, and its objects visited.
    Visited { build: String },
    /// With [`WalkerView::whole_tree`]: its reads are walked for the first node of a visited type,
    /// where the whole tree is built instead.
    ReadsInTree { reads: Step },
    /// With [`WalkerView::whole_tree`] and [`WalkEntry::probe_built`]: built apart from the tree,
    /// and looked into for a node of a visited type.
    Probed { build: String },
    /// With [`WalkerView::whole_tree`] alone (rawast's builders take the parent): taken for a node
    /// of a visited type.
    Found,
}

impl BuiltWalk {
    /// The walker of what the converter reads, where it is walked before the value is built.
    pub(in crate::emit::js) fn reads(&self) -> Option<&Step> {
        match self {
            BuiltWalk::Scanned { reads, .. } | BuiltWalk::ReadsInTree { reads } => Some(reads),
            BuiltWalk::Visited { .. } | BuiltWalk::Probed { .. } | BuiltWalk::Found => None,
        }
    }
}

/// What builds a value whole: a type's deserializer, or that of a struct's converted property alone.
#[derive(Clone, Copy)]
enum Whole<'k> {
    Type(&'k TypeRef),
    Property(TypeId, &'k str),
}

/// A struct's node type: one, or the one its `type` field's tag gives (a table by tag, a constant
/// named after the walker).
pub(in crate::emit::js) enum NodeIndex {
    Fixed(usize),
    ByTag { offset: u32, table: String, values: String, what: String },
}

/// A function of the template's `spanOf…` family: where the span of a `Vec`'s element is,
/// for a walk led by words to find the element that may hold the next word without reading those
/// before it.
pub(in crate::emit::js) struct SpansFunction {
    pub(in crate::emit::js) name: String,
    pub(in crate::emit::js) comment: String,
    pub(in crate::emit::js) body: SpansBody,
}

pub(in crate::emit::js) enum SpansBody {
    /// A struct with a span, its `start` at `span`.
    Struct { span: u32 },
    /// A data enum each of whose variants is a `Box` of a struct with a span (oxc's `Statement`,
    /// rawast's `Node`): the offset of the span's `start` in the struct, by tag (a constant named
    /// `table`, `undefined` for no variant), its pointer at `payload_offset`.
    Boxed { what: String, payload_offset: u32, table: String, values: String },
}

impl WalkerView {
    /// What `walk.js` takes from `walkInternals()` of `deserialize.js`, sorted: the hooks its
    /// template calls in this walker's form, the readers its walkers call, and the builders. The
    /// conditions are the template's; `tests/module-graph.test.js` checks that each generated
    /// `walk.js` uses every name it takes and names nothing it does not define or take.
    pub(in crate::emit::js) fn imports(&self) -> Vec<String> {
        let mut names: BTreeSet<&str> = ["beginWalk", "endWalk"].into();
        let bodies = || self.functions.iter().map(|f| &f.body);
        // (What a node or value built whole left for later is built where the walk visits it, or
        // looks into it; lazy nodes leave nothing.)
        if self.lazy {
            names.extend(["resumeWalk", "LazyObject", "PROPERTIES"]);
        } else if (!self.whole_tree && (self.visits_nodes(false) || self.visits_values())) || self.probes() {
            names.insert("settle");
        }
        if self.whole_tree {
            names.insert("readResult");
        }
        if self.prunes() {
            names.insert("walkSource");
        }
        let boxed_spans = self.spans.iter().any(|s| matches!(s.body, SpansBody::Boxed { .. }));
        let comments_read = !self.comments.is_empty();
        if bodies().any(|b| matches!(b, WalkBody::Vec { .. } | WalkBody::Boxed { .. }))
            || boxed_spans
            || (comments_read && !self.comments_below_region)
        {
            names.insert("readPointer");
        }
        if comments_read && self.comments_below_region {
            names.insert("readPointerBelow");
        }
        if bodies().any(|b| matches!(b, WalkBody::Vec { .. } | WalkBody::Boxed { paid: true, .. })) {
            names.insert("pay");
        }
        if boxed_spans
            || self.functions.iter().any(|f| f.type_table().is_some() || matches!(f.body, WalkBody::Switch { .. }))
        {
            names.insert("invalid");
        }
        if bodies().any(|b| matches!(b, WalkBody::Option { tagged: true, .. })) {
            names.insert("invalidOptionTag");
        }
        names.extend(self.builders.iter().map(String::as_str));
        names.into_iter().map(str::to_owned).collect()
    }

    /// Whether `beginWalk` takes `fewStrings` first ([`WalkEntry::few_strings`]): where walks skip
    /// by words.
    pub(in crate::emit::js) fn takes_few_strings(&self) -> bool {
        self.few_strings && self.prunes()
    }

    /// Whether some struct's walker builds a node of a visited type whose struct can lead to a node
    /// (`visitNode`), or, with `leaves`, one whose struct cannot (`visitLeaf`).
    pub(in crate::emit::js) fn visits_nodes(&self, leaves: bool) -> bool {
        self.functions.iter().any(
            |f| matches!(&f.body, WalkBody::Object { node: Some(_), children, .. } if children.is_empty() == leaves),
        )
    }

    /// Whether some struct's walker calls those of its fields (`drainAtDepth`).
    pub(in crate::emit::js) fn calls_children(&self) -> bool {
        self.functions.iter().any(|f| matches!(&f.body, WalkBody::Object { children, .. } if !children.is_empty()))
    }

    /// Whether some walker builds a value apart from the tree to look into (`probeValue`).
    pub(in crate::emit::js) fn probes(&self) -> bool {
        self.functions.iter().any(|f| matches!(f.body, WalkBody::Built { walk: BuiltWalk::Probed { .. }, .. }))
    }

    /// Whether walk.js catches `RawastBufferError`s: of the source and comments a walk led by
    /// words reads, of a scan of a converter's reads, and of a walk of the whole tree before it
    /// meets a visited node, where the deserializer decides instead.
    pub(in crate::emit::js) fn catches_buffer_errors(&self) -> bool {
        self.prunes() || self.whole_tree || self.scans
    }

    /// Whether some walker visits a value it builds (`visitValue`).
    pub(in crate::emit::js) fn visits_values(&self) -> bool {
        self.functions.iter().any(|f| {
            f.builds_made()
                || matches!(f.body, WalkBody::Built { walk: BuiltWalk::Scanned { .. } | BuiltWalk::Visited { .. }, .. })
        })
    }

    /// Whether a walk that visits only node types with words skips the nodes whose source holds
    /// none of them (`NODE_WORDS`).
    pub(in crate::emit::js) fn prunes(&self) -> bool {
        !self.node_words.is_empty()
    }

    /// Whether some walker builds a converter's value that makes nodes, or reads its node type from
    /// a tag (oxc's format): `WALK_MADE`, and `WALK_NODE` entries that are lists.
    pub(in crate::emit::js) fn has_lists(&self) -> bool {
        self.functions.iter().any(|f| match &f.node {
            NodeOf::Made(types) => !types.is_empty(),
            NodeOf::Types(types) => types.len() > 1,
            NodeOf::TypesMaking(..) => true,
            NodeOf::Nothing | NodeOf::Always => false,
        })
    }
}

impl NodeIndex {
    /// The index as JS: a number, or `t`, which the walker reads from the tag first.
    pub(in crate::emit::js) fn js(&self) -> String {
        match self {
            NodeIndex::Fixed(index) => index.to_string(),
            NodeIndex::ByTag { .. } => "t".to_owned(),
        }
    }
}

impl WalkFunction {
    /// `[3, 7]`: the edges as a JS array.
    pub(in crate::emit::js) fn edges_js(&self) -> String {
        list_js(&self.edges)
    }

    /// Its entry of `WALK_NODE`: the node type index, `-1` for none, `-2` for always needed, an
    /// array for several.
    pub(in crate::emit::js) fn node_js(&self) -> String {
        match &self.node {
            NodeOf::Nothing | NodeOf::Made(_) => "-1".to_owned(),
            NodeOf::Always => "-2".to_owned(),
            NodeOf::Types(types) | NodeOf::TypesMaking(types, _) if types.len() == 1 => types[0].to_string(),
            NodeOf::Types(types) | NodeOf::TypesMaking(types, _) => list_js(types),
        }
    }

    /// Whether its struct is built whole where the visitor visits a type its converter makes
    /// (`NodeOf::TypesMaking`).
    pub(in crate::emit::js) fn builds_made(&self) -> bool {
        matches!(self.node, NodeOf::TypesMaking(..))
    }

    /// The constant of a struct whose node type its `type` field's tag gives, and its value.
    pub(in crate::emit::js) fn type_table(&self) -> Option<(&str, &str)> {
        match &self.body {
            WalkBody::Object { node: Some((NodeIndex::ByTag { table, values, .. }, _)), .. } => Some((table, values)),
            _ => None,
        }
    }

    /// Whether a converter it builds makes nodes itself (`WALK_MADE`, `makes`).
    pub(in crate::emit::js) fn makes_nodes(&self) -> bool {
        matches!(&self.node, NodeOf::Made(types) | NodeOf::TypesMaking(_, types) if !types.is_empty())
    }

    /// Its entry of `WALK_MADE`: the node types a converter it builds makes, or `null`.
    pub(in crate::emit::js) fn made_js(&self) -> String {
        match &self.node {
            NodeOf::Made(types) | NodeOf::TypesMaking(_, types) if !types.is_empty() => list_js(types),
            _ => "null".to_owned(),
        }
    }
}

fn list_js(items: &[usize]) -> String {
    format!("[{}]", items.iter().map(usize::to_string).collect::<Vec<_>>().join(", "))
}

/// What a walker walks: a value of a type, one property of a struct's object alone, or what the
/// converter of struct `of`'s object (or of its property `key`) reads, at `reads`' offsets.
#[derive(Clone, PartialEq)]
enum Walked {
    Type(TypeRef),
    Property(TypeId, String),
    Reads { of: TypeId, key: Option<String>, reads: Vec<(TypeRef, u32)> },
}

/// Collects the walkers a root needs, each once, in the order first met.
struct Collector<'b, 'a> {
    source: &'b mut dyn WalkSource<'a>,
    cx: &'b EmitContext<'a>,
    node_types: Vec<String>,
    walked: Vec<Walked>,
    functions: Vec<Option<WalkFunction>>,
    /// Walks may skip by words ([`WalkEntry::words`] and `[walk] keywords`): `Vec`s whose
    /// elements' spans can be read get a `spanOf…` function, each element type once.
    by_words: bool,
    spans: Vec<(TypeRef, SpansFunction)>,
    /// [`WalkEntry::whole_tree`] and [`WalkEntry::probe_built`]: which values built whole a walker
    /// builds ([`BuiltWalk`]).
    whole_tree: bool,
    probe_built: bool,
    /// The deserializer's functions the walkers' builds call.
    builders: BTreeSet<String>,
}

/// Whether a target gets `walk`, `visit` and `VISITOR_KEYS`: a schema whose objects a walker can
/// tell apart.
pub(crate) fn has_walker(cx: &EmitContext) -> bool {
    cx.model.visitor_keys().is_ok() && cx.model.mapping.discriminator.is_some()
}

/// How `walk` starts and ends, by format: what `deserialize.js` gives `walk.js` to read a buffer
/// with (`beginWalk`, `endWalk`, and the hooks [`WalkerView::imports`] lists).
pub(in crate::emit::js) struct WalkEntry {
    /// Nodes have parent links: [`WalkerView::whole_tree`]. `probe_built`: a value a converter builds
    /// is built apart from the tree and looked into for a visited node (oxc's), rather than taken
    /// for one (rawast's builders take the parent).
    pub(in crate::emit::js) whole_tree: bool,
    pub(in crate::emit::js) probe_built: bool,
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
    pub(in crate::emit::js) comments_below_region: bool,
}

/// The walker of a target's tree, from its root; `None` when the model's visitor keys are errors
/// (a schema whose objects no walker can tell apart: `Model::visitor_keys`).
pub(in crate::emit::js) fn walker<'a>(
    source: &mut dyn WalkSource<'a>,
    cx: &EmitContext<'a>,
    root: &TypeRef,
    entry: WalkEntry,
) -> Option<WalkerView> {
    let model = cx.model;
    let keys = model.visitor_keys().ok()?;
    let discriminator = model.mapping.discriminator.clone().unwrap_or_else(|| "type".to_owned());
    let node_types = keys
        .entries
        .iter()
        .filter(|e| model.node_types(cx.schema).iter().any(|(t, _)| *t == e.name))
        .map(|e| e.name.clone())
        .collect();
    let by_words = entry.words && !cx.config.walk_keywords.is_empty();
    let mut collector = Collector {
        source,
        cx,
        node_types,
        walked: Vec::new(),
        functions: Vec::new(),
        by_words,
        spans: Vec::new(),
        whole_tree: entry.whole_tree,
        probe_built: entry.probe_built,
        builders: BTreeSet::new(),
    };
    let root_type = root;
    let root = collector.index(&Walked::Type(root.clone()));
    let result = cx.result();
    let Shape::Struct { field_offsets } = &collector.source.builder().layout.get(result.root).shape else {
        unreachable!("the root is a struct")
    };
    let channels = result
        .channels
        .iter()
        .filter(|c| model.builds_nodes(&c.ty))
        .map(|c| collector.step(&c.ty, at("root", field_offsets[c.field])))
        .collect();
    let functions: Vec<WalkFunction> =
        collector.functions.into_iter().map(|f| f.expect("every walker is written")).collect();
    let keyless_types =
        collector.node_types.iter().filter(|name| !keys.entries.iter().any(|e| &e.name == *name)).count();
    let node_types = collector
        .node_types
        .iter()
        .map(|name| {
            let keys = keys
                .entries
                .iter()
                .find(|e| &e.name == name)
                .map(|e| e.keys.iter().map(|k| js_string(k)).collect::<Vec<_>>().join(", "));
            (js_string(name), keys.map_or_else(|| "null".to_owned(), |keys| format!("[{keys}]")))
        })
        .collect();
    let scans = functions.iter().any(|f| matches!(&f.body, WalkBody::Built { walk, .. } if walk.reads().is_some()));
    // (Read where a struct is built for a type its converter makes, or its converter's reads are
    // walked, or scanned, before its value is built.)
    let makes = functions.iter().any(|f| {
        f.builds_made()
            || (f.makes_nodes() && matches!(&f.body, WalkBody::Built { walk, .. } if walk.reads().is_some()))
    });
    let WalkEntry {
        whole_tree,
        probe_built: _,
        params,
        buffer_doc,
        lazy,
        words: _,
        few_strings,
        comments_below_region,
    } = entry;
    let node_words: Vec<String> =
        if by_words { collector.node_types.iter().map(|name| node_words(cx, name)).collect() } else { Vec::new() };
    let layout = collector.source.builder().layout;
    let (comments, errors) = if node_words.is_empty() {
        (Vec::new(), Vec::new())
    } else {
        (comments_vecs(cx, layout, root_type), errors_vecs(cx, layout, root_type))
    };
    Some(WalkerView {
        functions,
        node_types,
        root,
        channels,
        discriminator: crate::emit::text::JsKey::new(&discriminator).access,
        whole_tree,
        params,
        buffer_doc,
        keyless_types,
        scans,
        makes,
        lazy,
        node_words,
        few_strings,
        comments_below_region,
        comments,
        errors,
        spans: collector.spans.into_iter().map(|(_, f)| f).collect(),
        builders: collector.builders.into_iter().collect(),
    })
}

/// The `Vec`s of `[walk] comments` in the walk's root struct and in the structs inline in it
/// (oxc-parser's buffers hold them in `RawTransferData`, Oxlint's in `Program`, its root).
fn comments_vecs(cx: &EmitContext, layout: &crate::layout::SchemaLayout, root: &TypeRef) -> Vec<CommentsVec> {
    let Some(comment) = crate::model::Model::walk_comments_type(cx.schema, cx.config) else { return Vec::new() };
    let Some(span) = span_offset(cx, layout, comment) else { return Vec::new() };
    let element = layout.of(&TypeRef::Named(comment));
    root_vec_offsets(cx, layout, root, comment)
        .into_iter()
        .map(|offset| CommentsVec {
            offset,
            len_offset: layout.width.bytes(),
            size: element.size,
            align_mask: element.align - 1,
            span,
        })
        .collect()
}

/// The offsets from the root of the lengths of its `Vec`s of `[walk] errors`
/// ([`crate::model::Model::root_vecs`]).
fn errors_vecs(cx: &EmitContext, layout: &crate::layout::SchemaLayout, root: &TypeRef) -> Vec<u32> {
    let Some(error) = crate::model::Model::walk_errors_type(cx.schema, cx.config) else { return Vec::new() };
    root_vec_offsets(cx, layout, root, error).into_iter().map(|offset| offset + layout.width.bytes()).collect()
}

/// The offsets from the root (a struct) of its `Vec`s of `element`, and of the structs inline in it.
fn root_vec_offsets(
    cx: &EmitContext,
    layout: &crate::layout::SchemaLayout,
    root: &TypeRef,
    element: TypeId,
) -> Vec<u32> {
    let TypeRef::Named(root) = root else { return Vec::new() };
    let offset_in = |id: TypeId, field: usize| match &layout.get(id).shape {
        Shape::Struct { field_offsets } => field_offsets[field],
        _ => unreachable!("the root and the structs inline in it are structs"),
    };
    crate::model::Model::root_vecs(cx.schema, *root, element)
        .into_iter()
        .map(|path| {
            let (mut id, mut offset) = (*root, 0);
            for &field in &path {
                offset += offset_in(id, field);
                let TypeKind::Struct(s) = &cx.schema.get(id).kind else { unreachable!("structs") };
                if let TypeRef::Named(inner) = &s.fields[field].ty {
                    id = *inner;
                }
            }
            offset
        })
        .collect()
}

impl Collector<'_, '_> {
    /// The index of the walker of `walked`, writing it (and those it calls) if it is new.
    fn index(&mut self, walked: &Walked) -> usize {
        let walked = match walked {
            Walked::Type(TypeRef::Cell(inner)) => Walked::Type((**inner).clone()),
            other => other.clone(),
        };
        if let Some(index) = self.walked.iter().position(|w| *w == walked) {
            return index;
        }
        let index = self.walked.len();
        self.walked.push(walked.clone());
        self.functions.push(None);
        let function = match &walked {
            Walked::Type(ty) => self.function(ty),
            Walked::Property(id, key) => self.property_function(*id, key),
            Walked::Reads { of, key, reads } => self.reads_function(*of, key.as_deref(), reads),
        };
        self.functions[index] = Some(function);
        index
    }

    fn step(&mut self, ty: &TypeRef, pos: String) -> Step {
        self.step_of(&Walked::Type(ty.clone()), pos)
    }

    fn step_of(&mut self, walked: &Walked, pos: String) -> Step {
        let walker = self.index(walked);
        Step {
            walker,
            function: self.functions[walker]
                .as_ref()
                .map_or_else(|| self.name(&self.walked[walker]), |f| f.name.clone()),
            pos,
        }
    }

    fn name(&self, walked: &Walked) -> String {
        match walked {
            Walked::Type(ty) => self.source.builder().function_name(ty).replacen("deserialize", "walk", 1),
            Walked::Property(id, key) => {
                format!("walk{}Of{}", crate::casing::capitalized(key), self.cx.schema.get(*id).name)
            }
            Walked::Reads { of, key: Some(key), .. } => {
                format!("walkReadsOf{}Of{}", crate::casing::capitalized(key), self.cx.schema.get(*of).name)
            }
            Walked::Reads { of, key: None, .. } => format!("walkReadsOf{}", self.cx.schema.get(*of).name),
        }
    }

    /// The index of node type `name`, listed if only a converter makes it.
    fn node_index(&mut self, name: &str) -> usize {
        match self.node_types.iter().position(|n| n == name) {
            Some(index) => index,
            None => {
                self.node_types.push(name.to_owned());
                self.node_types.len() - 1
            }
        }
    }

    /// A walker that builds a converter's value whole and visits it: needed where the values it
    /// reads can lead to a visited node, or it makes one of a visited type. The converter is
    /// struct `of`'s (or its property `key`'s), at `within`, `THIS` being `of`'s object.
    fn converted(
        &mut self,
        converter: MetaId,
        whole: Whole,
        of: TypeId,
        key: Option<&str>,
        within: (TypeId, u32),
    ) -> (NodeOf, WalkBody, Vec<usize>) {
        let cx = self.cx;
        let keeps = cx.model.converter_keeps(cx.schema, converter, Some(of));
        let reads = if keeps == ConverterKeeps::Nothing {
            None
        } else {
            self.source.converter_reads(converter, Some(within), key.map(|_| of))
        };
        // (Its builder is written before the walkers of its reads: the order of functions in
        // `walk.js`.)
        let build = self.value_build(whole, reads.is_some());
        let made = self.made_by(converter);
        if keeps == ConverterKeeps::Nothing {
            // It holds only the nodes it makes: nothing to look into.
            return (
                NodeOf::Made(made),
                WalkBody::Built { walk: self.built_walk(build, None), value_read: None },
                Vec::new(),
            );
        }
        match reads {
            Some(reads) => {
                // A converter whose value is one of its reads, a node (`JSXElement`'s
                // `openingElement`): walked as that read where its node type is not visited.
                let value_read = match keeps {
                    ConverterKeeps::Value(read) if made.is_empty() => self.value_read(&read, &reads),
                    _ => None,
                };
                let reads = self.step_of(&Walked::Reads { of, key: key.map(str::to_owned), reads }, "pos".to_owned());
                let mut edges = vec![reads.walker];
                edges.extend(value_read.as_ref().map(|(_, step)| step.walker));
                (NodeOf::Made(made), WalkBody::Built { walk: self.built_walk(build, Some(reads)), value_read }, edges)
            }
            None => {
                let edges = self.read_by(converter);
                (NodeOf::Made(made), WalkBody::Built { walk: self.built_walk(build, None), value_read: None }, edges)
            }
        }
    }

    /// The expression that builds `whole` (writing its builder if it is new), whose functions
    /// `walk.js` imports.
    fn build(&mut self, whole: Whole) -> String {
        let build = match whole {
            Whole::Type(ty) => self.source.build(ty),
            Whole::Property(id, key) => self.source.build_property(id, key),
        };
        self.builders.extend(build.functions);
        build.call
    }

    /// The expression that builds a node of type `ty` whole where the visitor visits its type; a
    /// walk of the whole tree builds the tree instead, and imports no builder for it.
    fn node_build(&mut self, ty: &TypeRef) -> String {
        if self.whole_tree { self.source.build(ty).call } else { self.build(Whole::Type(ty)) }
    }

    /// The expression that builds a value built whole (`whole`), where its walker builds it: always,
    /// but in a walk of the whole tree, where it is built only to be looked into apart from the
    /// tree (`probe_built`) for lack of a walker of what its converter reads (`has_reads`).
    fn value_build(&mut self, whole: Whole, has_reads: bool) -> Option<String> {
        (!self.whole_tree || (self.probe_built && !has_reads)).then(|| self.build(whole))
    }

    /// How a walker walks a value built whole, from `value_build`'s `build` and the walker of what
    /// its converter reads (`reads`, where known).
    fn built_walk(&self, build: Option<String>, reads: Option<Step>) -> BuiltWalk {
        match (build, reads) {
            (Some(build), Some(reads)) => BuiltWalk::Scanned { build, reads },
            (Some(build), None) if !self.whole_tree => BuiltWalk::Visited { build },
            (Some(build), None) => BuiltWalk::Probed { build },
            (None, Some(reads)) => BuiltWalk::ReadsInTree { reads },
            (None, None) => BuiltWalk::Found,
        }
    }

    /// How a walker walks a value built whole with no walker of what it reads (`built_walk`),
    /// writing its builder where the walker builds it.
    fn unread_walk(&mut self, whole: Whole) -> BuiltWalk {
        let build = self.value_build(whole, false);
        self.built_walk(build, None)
    }

    /// The node type of `read`, a value a converter reads that is its own value, and the step that
    /// walks it among `reads` (where it is one node type's struct, read in place).
    fn value_read(&mut self, read: &TypeRef, reads: &[(TypeRef, u32)]) -> Option<(usize, Step)> {
        let mut inner = read;
        while let TypeRef::Box(boxed) = inner {
            inner = boxed;
        }
        let TypeRef::Named(id) = inner else { return None };
        let [node_type] = self.cx.model.walked(*id)?.node_types.as_slice() else { return None };
        let (_, offset) = reads.iter().find(|(ty, _)| ty == read)?;
        let index = self.node_index(&node_type.clone());
        Some((index, self.step(read, at("pos", *offset))))
    }

    /// The walker of what a converter reads (`Walked::Reads`): those of its reads that can lead to
    /// a node, in the order it reads them, as a struct's fields.
    fn reads_function(&mut self, of: TypeId, key: Option<&str>, reads: &[(TypeRef, u32)]) -> WalkFunction {
        let name = self.name(&Walked::Reads { of, key: key.map(str::to_owned), reads: reads.to_vec() });
        let mut children: Vec<Step> = Vec::new();
        for (ty, offset) in reads {
            let step = self.step(ty, at("pos", *offset));
            if !children.iter().any(|c| c.walker == step.walker && c.pos == step.pos) {
                children.push(step);
            }
        }
        let edges = children.iter().map(|s| s.walker).collect();
        let what = key.map_or_else(
            || format!("`{}`", self.cx.schema.get(of).name),
            |key| format!("`{}`'s `{key}`", self.cx.schema.get(of).name),
        );
        WalkFunction {
            name,
            comment: format!("What the converter of {what} reads"),
            node: NodeOf::Nothing,
            edges,
            body: WalkBody::Object { node: None, children, span: None },
        }
    }

    /// The name of the `spanOf…` function of `element`, a `Vec`'s element type, written once; `None`
    /// where some element may have no span (an `Option`, an enum with a variant that is no boxed
    /// struct with a span).
    fn spans_of(&mut self, element: &TypeRef) -> Option<String> {
        if let Some((_, f)) = self.spans.iter().find(|(ty, _)| ty == element) {
            return Some(f.name.clone());
        }
        let cx = self.cx;
        let layout = self.source.builder().layout;
        let TypeRef::Named(id) = element else { return None };
        let body = match (&cx.schema.get(*id).kind, &layout.get(*id).shape) {
            (TypeKind::Struct(_), _) => SpansBody::Struct { span: span_offset(cx, layout, *id)? },
            (TypeKind::Enum(e), Shape::DataEnum { payload_offset }) => {
                let mut spans = Vec::new();
                for variant in &e.variants {
                    let Some(TypeRef::Box(boxed)) = &variant.payload else { return None };
                    let TypeRef::Named(target) = &**boxed else { return None };
                    spans.push((variant.discriminant, span_offset(cx, layout, *target)?.to_string()));
                }
                if spans.is_empty() {
                    return None;
                }
                let name = &cx.schema.get(*id).name;
                SpansBody::Boxed {
                    what: name.clone(),
                    payload_offset: *payload_offset,
                    table: format!("{}_SPANS", crate::casing::screaming_case(name)),
                    values: format!("[{}]", by_tag(spans)),
                }
            }
            _ => return None,
        };
        let name = self.source.builder().function_name(element).replacen("deserialize", "spanOf", 1);
        let comment = format!("`{}`", cx.schema.rust_type(element, "'a"));
        self.spans.push((element.clone(), SpansFunction { name: name.clone(), comment, body }));
        Some(name)
    }

    /// The node types converter `converter` makes itself, in the model's output variant.
    fn made_by(&mut self, converter: MetaId) -> Vec<usize> {
        crate::model::made_node_types_in(self.cx.schema, converter, self.cx.model.variant)
            .iter()
            .map(|t| self.node_index(t))
            .collect()
    }

    /// The walkers of the values converter `converter` reads (in the model's output variant) that
    /// can lead to a node: where its value is built whole without a scan.
    fn read_by(&mut self, converter: MetaId) -> Vec<usize> {
        let cx = self.cx;
        crate::model::converter_reads_in(cx.schema, converter, cx.model.variant)
            .iter()
            .filter(|ty| cx.model.builds_nodes(ty))
            .map(|ty| self.index(&Walked::Type(ty.clone())))
            .collect()
    }

    fn property_function(&mut self, id: TypeId, key: &str) -> WalkFunction {
        let cx = self.cx;
        let name = self.name(&Walked::Property(id, key.to_owned()));
        let object = cx.model.object(id).expect("structs have an object model");
        let Some(PropertyValue::Converted { converter, within }) =
            object.properties.iter().find(|p| p.key == key).map(|p| &p.value)
        else {
            unreachable!("only converters' properties are walked alone")
        };
        let (node, body, edges) = self.converted(
            *converter,
            Whole::Property(id, key),
            id,
            Some(key),
            (within.id, within.path.offset(self.source.builder().layout)),
        );
        WalkFunction {
            name,
            comment: format!("`{}`'s `{key}`, a converter's value", cx.schema.get(id).name),
            node,
            edges,
            body,
        }
    }

    fn function(&mut self, ty: &TypeRef) -> WalkFunction {
        let cx = self.cx;
        let layout = self.source.builder().layout;
        let name = self.name(&Walked::Type(ty.clone()));
        let comment = format!("`{}`", cx.schema.rust_type(ty, "'a"));
        let (node, body, edges) = match ty {
            TypeRef::Named(id) => match (&cx.schema.get(*id).kind, &layout.get(*id).shape) {
                (TypeKind::Struct(_), Shape::Struct { .. }) => {
                    let walked = cx.model.walked(*id).expect("structs are walked");
                    let object = cx.model.object(*id).expect("structs have an object model");
                    let read_by_fields = walked.properties.as_ref().is_some_and(|properties| {
                        properties.iter().all(|p| match &p.value {
                            // rawast's converters (`convert`) take what they read whole.
                            PropertyValue::Field { ty, convert, .. } => convert.is_none() || !cx.model.builds_nodes(ty),
                            _ => true,
                        })
                    });
                    // (A struct whose node types have no visitor keys is never in the output by
                    // its own: one a converter reads its way into, `FormalParameterRest`. One whose
                    // converter makes nodes would have no node to build them with: built whole.)
                    let output = walked.node_types.iter().all(|t| self.node_types.contains(t));
                    if !read_by_fields || (!output && !walked.made.is_empty()) {
                        match object.via {
                            Some(converter) => self.converted(converter, Whole::Type(ty), *id, None, (*id, 0)),
                            None => (
                                NodeOf::Always,
                                WalkBody::Built { walk: self.unread_walk(Whole::Type(ty)), value_read: None },
                                Vec::new(),
                            ),
                        }
                    } else {
                        let indices: Vec<usize> = if output {
                            walked.node_types.iter().map(|t| self.node_index(t)).collect()
                        } else {
                            Vec::new()
                        };
                        let node = match (&walked.type_field, indices.as_slice()) {
                            (_, []) => None,
                            (None, [index]) => Some((NodeIndex::Fixed(*index), self.node_build(ty))),
                            (Some((path, enum_ty, strings)), _) => {
                                let table = by_tag(
                                    strings
                                        .iter()
                                        .zip(&indices)
                                        .map(|((discriminant, _), index)| (*discriminant, index.to_string())),
                                );
                                let what = cx.schema.rust_type(enum_ty, "'a");
                                let constant = format!("{}_TYPES", crate::casing::screaming_case(&name));
                                Some((
                                    NodeIndex::ByTag {
                                        offset: path.offset(layout),
                                        table: constant,
                                        values: format!("[{table}]"),
                                        what,
                                    },
                                    self.node_build(ty),
                                ))
                            }
                            (None, _) => unreachable!("several node types come from a `type` field"),
                        };
                        let mut children = Vec::new();
                        for property in walked.properties.iter().flatten() {
                            match &property.value {
                                PropertyValue::Field { at: field, ty, .. } if cx.model.builds_nodes(ty) => {
                                    children.push(self.step(ty, at("pos", field.offset(layout))))
                                }
                                PropertyValue::Joined { parts, .. } => {
                                    for (path, ty) in parts.iter().filter(|(_, ty)| cx.model.builds_nodes(ty)) {
                                        children.push(self.step(ty, at("pos", path.offset(layout))));
                                    }
                                }
                                PropertyValue::Converted { converter, .. }
                                    if cx.model.converter_builds_nodes(cx.schema, *converter) =>
                                {
                                    children.push(
                                        self.step_of(&Walked::Property(*id, property.key.clone()), "pos".to_owned()),
                                    );
                                }
                                _ => {}
                            }
                        }
                        let made: Vec<usize> = walked.made.iter().map(|t| self.node_index(t)).collect();
                        let node_of = match (indices.is_empty(), made.is_empty()) {
                            (true, _) => NodeOf::Nothing,
                            (false, true) => NodeOf::Types(indices),
                            (false, false) => NodeOf::TypesMaking(indices, made),
                        };
                        let edges = children.iter().map(|s| s.walker).collect();
                        // (A struct with a field whose nodes may lie outside its span is never skipped by it.)
                        let span = if node.is_some() && !crate::model::Model::spans_outside(cx.schema, cx.config, *id) {
                            span_offset(cx, layout, *id)
                        } else {
                            None
                        };
                        (node_of, WalkBody::Object { node, children, span }, edges)
                    }
                }
                (TypeKind::Enum(e), shape) => {
                    let enumeration = cx.model.enumeration(*id).expect("enums have a model");
                    let converters: Vec<MetaId> = enumeration
                        .via
                        .into_iter()
                        .chain(enumeration.variants.iter().filter_map(|v| match v.value {
                            VariantValue::Converted(converter) => Some(converter),
                            _ => None,
                        }))
                        .collect();
                    if converters.is_empty()
                        && let Shape::DataEnum { payload_offset } = shape
                    {
                        let mut cases = Vec::new();
                        for variant in &e.variants {
                            let step = match &variant.payload {
                                Some(payload) if cx.model.builds_nodes(payload) => {
                                    Some(self.step(payload, at("pos", *payload_offset)))
                                }
                                _ => None,
                            };
                            cases.push((variant.discriminant, step));
                        }
                        let edges = cases.iter().filter_map(|(_, s)| s.as_ref().map(|s| s.walker)).collect();
                        (NodeOf::Nothing, WalkBody::Switch { what: cx.schema.get(*id).name.clone(), cases }, edges)
                    } else {
                        // oxc's enums some of whose variants a converter reads (`JSXElementName`'s
                        // `this`): built whole, small values.
                        let walk = self.unread_walk(Whole::Type(ty));
                        let mut made = Vec::new();
                        let mut edges = Vec::new();
                        for converter in converters {
                            made.extend(self.made_by(converter));
                            // (A converter that takes only what holds no node of the values it
                            // reads, a name, a span, holds none of theirs: it leads to the nodes
                            // it makes alone.)
                            if cx.model.converter_keeps(cx.schema, converter, None) != ConverterKeeps::Nothing {
                                edges.extend(self.read_by(converter));
                            }
                        }
                        for payload in enumeration.variants.iter().filter_map(|v| match &v.value {
                            VariantValue::Payload(p) if cx.model.builds_nodes(p) => Some(p.clone()),
                            _ => None,
                        }) {
                            edges.push(self.index(&Walked::Type(payload)));
                        }
                        (NodeOf::Made(made), WalkBody::Built { walk, value_read: None }, edges)
                    }
                }
                _ => unreachable!("a type that can lead to a node is a struct or an enum"),
            },
            TypeRef::Option(inner) => {
                let (none_check, payload) = self.source.builder().none_test(inner, "pos");
                let some = self.step(inner, payload);
                let edges = vec![some.walker];
                let tagged = matches!(layout.option_repr(inner), crate::layout::OptionRepr::Tagged { .. });
                (NodeOf::Nothing, WalkBody::Option { none_check, some, tagged }, edges)
            }
            TypeRef::Vec(inner) => {
                let element_layout = layout.of(inner);
                let element = self.step(inner, "element".to_owned());
                let edges = vec![element.walker];
                let spans = if self.by_words { self.spans_of(inner) } else { None };
                (
                    NodeOf::Nothing,
                    WalkBody::Vec {
                        len_offset: layout.width.bytes(),
                        element_size: element_layout.size,
                        cost: element_layout.size.max(1),
                        align_mask: element_layout.align - 1,
                        element,
                        spans,
                    },
                    edges,
                )
            }
            TypeRef::Box(inner) => {
                let target_layout = layout.of(inner);
                let target = self.step(inner, "target".to_owned());
                let edges = vec![target.walker];
                (
                    NodeOf::Nothing,
                    WalkBody::Boxed {
                        size: target_layout.size,
                        align_mask: target_layout.align - 1,
                        paid: self.source.builder().box_paid(inner),
                        target,
                    },
                    edges,
                )
            }
            _ => unreachable!("only structs, enums, `Option`s, `Vec`s and `Box`es lead to nodes"),
        };
        WalkFunction { name, comment, node, edges, body }
    }
}

/// Node type `name`'s words (`[walk] keywords`) as a JS array, or `null`.
fn node_words(cx: &EmitContext, name: &str) -> String {
    match cx.config.walk_keywords.iter().find(|k| k.node_type.name == name) {
        Some(keyword) => format!("[{}]", keyword.words.iter().map(|w| js_string(w)).collect::<Vec<_>>().join(", ")),
        None => "null".to_owned(),
    }
}

/// The offset of struct `id`'s span's `start` (its `end` is the next `u32`), from the node's span
/// field as the model has it ([`crate::model::Model::span_field`]): rawast's `Span`, or oxc's
/// struct of `start` and `end`.
fn span_offset(cx: &EmitContext, layout: &crate::layout::SchemaLayout, id: TypeId) -> Option<u32> {
    let index = crate::model::Model::span_field(cx.schema, id)?;
    let (TypeKind::Struct(s), Shape::Struct { field_offsets }) = (&cx.schema.get(id).kind, &layout.get(id).shape)
    else {
        return None;
    };
    match &s.fields[index].ty {
        TypeRef::Span => Some(field_offsets[index]),
        TypeRef::Named(span) => {
            let (TypeKind::Struct(fields), Shape::Struct { field_offsets: offsets }) =
                (&cx.schema.get(*span).kind, &layout.get(*span).shape)
            else {
                return None;
            };
            let offset_of = |name: &str| {
                fields
                    .fields
                    .iter()
                    .position(|f| f.name == name && f.ty == TypeRef::Primitive(crate::ir::Primitive::U32))
                    .map(|i| offsets[i])
            };
            let (start, end) = (offset_of("start")?, offset_of("end")?);
            (end == start + 4).then_some(field_offsets[index] + start)
        }
        _ => None,
    }
}

/// Each `VISITOR_KEYS` entry, quoted: its name and its keys; `None` when they are errors.
pub(in crate::emit::js) fn visitor_keys(cx: &EmitContext) -> Option<Vec<(String, String)>> {
    let keys = cx.model.visitor_keys().ok()?;
    Some(
        keys.entries
            .iter()
            .map(|entry| {
                (js_string(&entry.name), entry.keys.iter().map(|k| js_string(k)).collect::<Vec<_>>().join(", "))
            })
            .collect(),
    )
}
