//! What `templates/js/walk.js` renders ([`WalkerView`]), and what the template asks of it: which
//! of the deserializer's functions `walk.js` imports, and which of its parts this walk needs.

use std::collections::BTreeSet;

use super::{BuiltWalk, CommentsVec, NodeTypesOf, SpansBody, SpansFunction, Step, WalkBody, WalkFunction};

/// What `templates/js/walk.js` renders.
pub(crate) struct WalkerView {
    /// Each walker, by index.
    pub(crate) functions: Vec<WalkFunction>,
    /// Each node type, by index: its quoted name and its visitor keys (quoted, joined).
    pub(crate) node_types: Vec<(String, String)>,
    /// The index of the walker of the root.
    pub(crate) root: usize,
    /// The channels returned beside the root that can hold nodes, walked after it, in the result's
    /// order (their positions from `root`, the root's offset).
    pub(crate) channels: Vec<Step>,
    /// `[mapping] discriminator`, the key of a node's type name, as a property access (`.type`).
    pub(crate) discriminator: String,
    /// `walk`'s parameters before `visitor` (`buffer`; oxc's `deserialize`'s), which it hands to
    /// `beginWalk`, and what the buffer is, for its doc.
    pub(crate) params: String,
    pub(crate) buffer_doc: String,
    /// Node types that only converters make (oxc's `TSParameterProperty`): no `VISITOR_KEYS`
    /// entry, their objects walked by their values in order.
    pub(crate) keyless_types: usize,
    /// Nodes with parent links (the linter layout): a visited node's `parent` is the tree's, which
    /// holds the whole tree, so the first node of a visited type met has the whole tree built and
    /// visited instead (what came before it in the walk visits nothing).
    pub(crate) whole_tree: bool,
    /// Some converter's reads are walked before its value is built (`WalkBody::Built`'s `reads`).
    pub(crate) scans: bool,
    /// Some walker builds where the visitor visits a type a converter makes (`makes`): one that
    /// walks a converter's reads first, or one of `NodeTypesOf::TypesMaking`.
    pub(crate) makes: bool,
    /// The nodes built are a lazy target's objects: [`super::WalkEntry::lazy`].
    pub(crate) lazy: bool,
    /// Each node type's words (`[walk] keywords`), by index, as JS (`null` for none); empty where
    /// walks skip nothing by them ([`super::WalkEntry::words`]).
    pub(crate) node_words: Vec<String>,
    /// [`super::WalkEntry::few_strings`].
    pub(crate) few_strings: bool,
    /// [`super::WalkEntry::comments_outside_ast`].
    pub(crate) comments_outside_ast: bool,
    /// The offsets from the root of the lengths of its `Vec`s of `[walk] errors`: a buffer with an
    /// error is walked without words.
    pub(crate) errors: Vec<u32>,
    /// Where a walk that skips by words finds the source's comments (`[walk] comments`), whose
    /// spans hold no node's words; empty where it does not skip, or no comments are named.
    pub(crate) comments: Vec<CommentsVec>,
    /// The `spanOf…` functions of the `Vec`s walked by their words.
    pub(crate) spans: Vec<SpansFunction>,
    /// The deserializer's functions that build what the walk hands over, by name.
    pub(crate) builders: Vec<String>,
}

impl WalkerView {
    /// What `walk.js` takes from `internalsForWalk()` of `deserialize.js`, sorted: the hooks its
    /// template calls in this walker's form, the readers its walkers call, and the builders. The
    /// conditions are the template's; `tests/module-graph.test.js` checks that each generated
    /// `walk.js` uses every name it takes and names nothing it does not define or take.
    pub(crate) fn imports(&self) -> Vec<String> {
        let mut names: BTreeSet<&str> = ["beginWalk", "endWalk"].into();
        let bodies = || self.functions.iter().map(|f| &f.body);
        // (What a node or value built whole left for later is built where the walk visits it, or
        // looks into it; lazy nodes leave nothing.)
        if self.lazy {
            names.extend(["resumeWalk", "BaseLazyObject", "PROPERTIES"]);
        } else if (!self.whole_tree && (self.visits_nodes(false) || self.visits_values())) || self.probes() {
            names.insert("settle");
        }
        if self.whole_tree {
            names.insert("readResult");
        }
        if self.prunes() {
            names.insert("sourceForWords");
        }
        let boxed_spans = self.spans.iter().any(|s| matches!(s.body, SpansBody::Boxed { .. }));
        let comments_read = !self.comments.is_empty();
        if bodies().any(|b| matches!(b, WalkBody::Vec { .. } | WalkBody::Boxed { .. }))
            || boxed_spans
            || (comments_read && !self.comments_outside_ast)
        {
            names.insert("readPointer");
        }
        if comments_read && self.comments_outside_ast {
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

    /// Whether `beginWalk` takes `fewStrings` first ([`super::WalkEntry::few_strings`]): where
    /// walks skip by words.
    pub(crate) fn takes_few_strings(&self) -> bool {
        self.few_strings && self.prunes()
    }

    /// Whether some struct's walker builds a node of a visited type whose struct can lead to a node
    /// (`visitNode`), or, with `leaves`, one whose struct cannot (`visitLeaf`).
    pub(crate) fn visits_nodes(&self, leaves: bool) -> bool {
        self.functions.iter().any(
            |f| matches!(&f.body, WalkBody::Object { node: Some(_), children, .. } if children.is_empty() == leaves),
        )
    }

    /// Whether some struct's walker calls those of its fields (`drainAtDepth`).
    pub(crate) fn calls_children(&self) -> bool {
        self.functions.iter().any(|f| matches!(&f.body, WalkBody::Object { children, .. } if !children.is_empty()))
    }

    /// Whether some walker builds a value apart from the tree to look into (`probeValue`).
    pub(crate) fn probes(&self) -> bool {
        self.functions.iter().any(|f| matches!(f.body, WalkBody::Built { walk: BuiltWalk::Probed { .. }, .. }))
    }

    /// Whether walk.js catches `RawastBufferError`s: of the source and comments a walk led by
    /// words reads, of a scan of a converter's reads, and of a walk of the whole tree before it
    /// meets a visited node, where the deserializer decides instead.
    pub(crate) fn catches_buffer_errors(&self) -> bool {
        self.prunes() || self.whole_tree || self.scans
    }

    /// Whether some walker visits a value it builds (`visitValue`).
    pub(crate) fn visits_values(&self) -> bool {
        self.functions.iter().any(|f| {
            f.builds_made()
                || matches!(f.body, WalkBody::Built { walk: BuiltWalk::Scanned { .. } | BuiltWalk::Visited { .. }, .. })
        })
    }

    /// Whether a walk that visits only node types with words skips the nodes whose source holds
    /// none of them (`NODE_WORDS`).
    pub(crate) fn prunes(&self) -> bool {
        !self.node_words.is_empty()
    }

    /// Whether some walker builds a converter's value that makes nodes, or reads its node type from
    /// a tag (oxc's format): `WALK_MADE`, and `WALK_NODE` entries that are lists.
    pub(crate) fn has_lists(&self) -> bool {
        self.functions.iter().any(|f| match &f.node {
            NodeTypesOf::Made(types) => !types.is_empty(),
            NodeTypesOf::Types(types) => types.len() > 1,
            NodeTypesOf::TypesMaking(..) => true,
            NodeTypesOf::Nothing | NodeTypesOf::Always => false,
        })
    }
}
