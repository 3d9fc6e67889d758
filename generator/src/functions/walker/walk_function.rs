//! A walker of `walk.js` as the template renders it ([`WalkFunction`]): what it does
//! ([`WalkBody`]), the walkers it calls ([`Step`]), and what the JS that works out which walkers a
//! visitor needs knows of it ([`NodeTypesOf`], its edges).

use crate::functions::text::js_array;

/// Which node types a walker's value can be, for the JS that works out which walkers a visitor needs.
pub(crate) enum NodeTypesOf {
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

pub(crate) struct WalkFunction {
    pub(crate) name: String,
    pub(crate) comment: String,
    pub(crate) node: NodeTypesOf,
    /// The walkers it can call or push, for the JS that computes which are needed.
    pub(crate) edges: Vec<usize>,
    pub(crate) body: WalkBody,
}

/// A walker called or pushed: its index, its function, and the position it is given.
pub(crate) struct Step {
    pub(crate) walker: usize,
    pub(crate) function: String,
    pub(crate) pos: String,
}

pub(crate) enum WalkBody {
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
    /// ([`super::SpansFunction`]), when every element has one: such a `Vec` is walked by its
    /// words (`stepByWords`) rather than element by element.
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
pub(crate) enum BuiltWalk {
    /// Built where what it reads holds a node of a visited type (a scan, which visits nothing
    /// first), or where the converter makes one itself.
    Scanned { build: String, reads: Step },
    /// Built, and its objects visited.
    Visited { build: String },
    /// With [`super::WalkerView::whole_tree`]: its reads are walked for the first node of a
    /// visited type, where the whole tree is built instead.
    ReadsInTree { reads: Step },
    /// With [`super::WalkerView::whole_tree`] and [`super::WalkEntry::looks_into_built`]: built apart
    /// from the tree, and looked into for a node of a visited type.
    Probed { build: String },
    /// With [`super::WalkerView::whole_tree`] alone (rawast's builders take the parent): taken for
    /// a node of a visited type.
    Found,
}

impl BuiltWalk {
    /// The walker of what the converter reads, where it is walked before the value is built.
    pub(crate) fn reads(&self) -> Option<&Step> {
        match self {
            BuiltWalk::Scanned { reads, .. } | BuiltWalk::ReadsInTree { reads } => Some(reads),
            BuiltWalk::Visited { .. } | BuiltWalk::Probed { .. } | BuiltWalk::Found => None,
        }
    }
}

/// A struct's node type: one, or the one its `type` field's tag gives (a table by tag, a constant
/// named after the walker).
pub(crate) enum NodeIndex {
    Fixed(usize),
    ByTag { offset: u32, table: String, values: String, what: String },
}

impl NodeIndex {
    /// The index as JS: a number, or `t`, which the walker reads from the tag first.
    pub(crate) fn js(&self) -> String {
        match self {
            NodeIndex::Fixed(index) => index.to_string(),
            NodeIndex::ByTag { .. } => "t".to_owned(),
        }
    }
}

impl WalkFunction {
    /// `[3, 7]`: the edges as a JS array.
    pub(crate) fn edges_js(&self) -> String {
        list_js(&self.edges)
    }

    /// Its entry of `WALK_NODE`: the node type index, `-1` for none, `-2` for always needed, an
    /// array for several.
    pub(crate) fn node_js(&self) -> String {
        match &self.node {
            NodeTypesOf::Nothing | NodeTypesOf::Made(_) => "-1".to_owned(),
            NodeTypesOf::Always => "-2".to_owned(),
            NodeTypesOf::Types(types) | NodeTypesOf::TypesMaking(types, _) if types.len() == 1 => types[0].to_string(),
            NodeTypesOf::Types(types) | NodeTypesOf::TypesMaking(types, _) => list_js(types),
        }
    }

    /// Whether its struct is built whole where the visitor visits a type its converter makes
    /// (`NodeTypesOf::TypesMaking`).
    pub(crate) fn builds_made(&self) -> bool {
        matches!(self.node, NodeTypesOf::TypesMaking(..))
    }

    /// The constant of a struct whose node type its `type` field's tag gives, and its value.
    pub(crate) fn type_table(&self) -> Option<(&str, &str)> {
        match &self.body {
            WalkBody::Object { node: Some((NodeIndex::ByTag { table, values, .. }, _)), .. } => Some((table, values)),
            _ => None,
        }
    }

    /// Whether a converter it builds makes nodes itself (`WALK_MADE`, `makes`).
    pub(crate) fn makes_nodes(&self) -> bool {
        matches!(&self.node, NodeTypesOf::Made(types) | NodeTypesOf::TypesMaking(_, types) if !types.is_empty())
    }

    /// Its entry of `WALK_MADE`: the node types a converter it builds makes, or `null`.
    pub(crate) fn made_js(&self) -> String {
        match &self.node {
            NodeTypesOf::Made(types) | NodeTypesOf::TypesMaking(_, types) if !types.is_empty() => list_js(types),
            _ => "null".to_owned(),
        }
    }

    /// Whether it walks a converter's reads before it builds the value ([`BuiltWalk::reads`]):
    /// [`super::WalkerView::scans`].
    pub(super) fn walks_reads_first(&self) -> bool {
        matches!(&self.body, WalkBody::Built { walk, .. } if walk.reads().is_some())
    }

    /// Whether it builds where the visitor visits a type a converter makes
    /// ([`super::WalkerView::makes`]): a struct built for a type its converter makes, or a
    /// converter's value that makes nodes, whose reads are walked first.
    pub(super) fn builds_where_made(&self) -> bool {
        self.builds_made() || (self.makes_nodes() && self.walks_reads_first())
    }
}

/// `items` as a JS array.
fn list_js(items: &[usize]) -> String {
    js_array(items.iter().map(usize::to_string))
}
