//! The walker of an eager target (template `templates/js/walk.js`): `walk(buffer, visitor)` visits
//! the nodes of the tree in a buffer without building the tree. One function per type that can lead
//! to a node, from the model and layouts the deserializer is written from (nothing here is
//! particular to rawast's format; oxc's targets are not walked yet): a struct's
//! calls the walkers of its fields that can lead to a visited node, in output order, and past
//! `WALK_DEPTH` structs pushes them onto an explicit stack instead (any depth); an enum's, an
//! `Option`'s and a `Box`'s read their tag, niche or pointer and call the next walker; a `Vec`'s
//! calls (or pushes) its elements'. A node of a type the visitor names is built by the
//! deserializer's own function, whole, and its subtree visited on the objects built
//! (`NODE_KEYS`, the visitor keys), so the nodes a visitor sees are the eager output's. A struct
//! whose value is not read field by field (a converter's) is built whole too. Where nodes have
//! parent links (the linter layout), a node's `parent` holds the whole tree: the first node of a
//! visited type met has the whole tree read and visited instead (`WalkerView::whole_tree`), and a
//! walk that meets none reads only what could lead to one.
//!
//! Which walkers a visitor needs is computed in JS from `WALK_CHILDREN`, once per set of node types
//! visited: a walker is needed when it can reach a visited type; the others are never called, so
//! the subtrees they would walk are not read at all.

use super::Builder;
use super::builder::at;
use crate::emit::EmitContext;
use crate::emit::text::js_string;
use crate::ir::{TypeKind, TypeRef};
use crate::layout::Shape;
use crate::model::PropertyValue;

/// `WalkFunction::node` of a walker that is needed whatever the visitor visits.
const ALWAYS: i64 = -2;

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
    /// Nodes with parent links (the linter layout): a visited node's `parent` is the tree's, which
    /// holds the whole tree, so the first node of a visited type met has the whole tree built and
    /// visited instead (what came before it in the walk visits nothing).
    pub(in crate::emit::js) whole_tree: bool,
}

pub(in crate::emit::js) struct WalkFunction {
    pub(in crate::emit::js) name: String,
    pub(in crate::emit::js) comment: String,
    /// The node type it walks (an index of `node_types`), `-1` for other values, [`ALWAYS`] for a
    /// struct built whole (what its objects hold is known only once built).
    pub(in crate::emit::js) node: i64,
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
    /// A struct read field by field. `node`: its node type's index and the expression that builds
    /// it whole (when the visitor visits that type). `children`: in output order.
    Object { node: Option<(usize, String)>, children: Vec<Step> },
    /// A struct always built whole (a converter reads it), then its objects visited.
    Built { build: String },
    /// A data enum: each variant's tag, and the walker of its payload if it can lead to a node.
    Switch { what: String, cases: Vec<(u8, Option<Step>)> },
    Option { none_check: String, some: Step },
    Vec { len_offset: u32, element_size: u32, cost: u32, align_mask: u32, element: Step },
    Boxed { size: u32, align_mask: u32, paid: bool, target: Step },
}

impl WalkFunction {
    /// `[3, 7]`: the edges as a JS array.
    pub(in crate::emit::js) fn edges_js(&self) -> String {
        format!("[{}]", self.edges.iter().map(usize::to_string).collect::<Vec<_>>().join(", "))
    }
}

/// Collects the walkers a root needs, each once, in the order first met.
struct Collector<'b, 'a> {
    builder: &'b Builder<'a>,
    node_types: Vec<String>,
    types: Vec<TypeRef>,
    functions: Vec<Option<WalkFunction>>,
}

/// Whether an eager target gets `walk`, `visit` and `VISITOR_KEYS`: a schema whose objects a
/// walker can tell apart.
pub(crate) fn has_walker(cx: &EmitContext, settings: &crate::config::RawastSettings) -> bool {
    !settings.lazy && cx.model.visitor_keys().is_ok() && cx.model.mapping.discriminator.is_some()
}

/// The walker of a target's tree, from its root; `None` when the model's visitor keys are errors
/// (a schema whose objects no walker can tell apart: `Model::visitor_keys`).
pub(in crate::emit::js) fn walker(builder: &Builder, root: &TypeRef) -> Option<WalkerView> {
    let model = builder.cx.model;
    let keys = model.visitor_keys().ok()?;
    let discriminator = model.mapping.discriminator.clone()?;
    let node_types = model.node_types(builder.cx.schema).into_iter().map(|(name, _)| name.to_owned()).collect();
    let mut collector = Collector { builder, node_types, types: Vec::new(), functions: Vec::new() };
    let root = collector.index(root);
    let result = builder.cx.result();
    let Shape::Struct { field_offsets } = &builder.layout.get(result.root).shape else { unreachable!("the root is a struct") };
    let channels = result.channels.iter().filter(|c| model.builds_nodes(&c.ty)).map(|c| collector.step(&c.ty, at("root", field_offsets[c.field]))).collect();
    let functions = collector.functions.into_iter().map(|f| f.expect("every walker is written")).collect();
    let node_types = collector
        .node_types
        .iter()
        .map(|name| {
            let entry = keys.entries.iter().find(|e| &e.name == name).expect("every node type has visitor keys");
            (js_string(name), entry.keys.iter().map(|k| js_string(k)).collect::<Vec<_>>().join(", "))
        })
        .collect();
    Some(WalkerView { functions, node_types, root, channels, discriminator: crate::emit::text::JsKey::new(&discriminator).access, whole_tree: builder.parent_links })
}

impl Collector<'_, '_> {
    /// The index of `ty`'s walker, writing it (and those it calls) if it is new.
    fn index(&mut self, ty: &TypeRef) -> usize {
        let ty = match ty {
            TypeRef::Cell(inner) => inner.as_ref(),
            other => other,
        };
        if let Some(index) = self.types.iter().position(|t| t == ty) {
            return index;
        }
        let index = self.types.len();
        self.types.push(ty.clone());
        self.functions.push(None);
        let function = self.function(ty);
        self.functions[index] = Some(function);
        index
    }

    fn step(&mut self, ty: &TypeRef, pos: String) -> Step {
        let walker = self.index(ty);
        Step { walker, function: self.name(walker), pos }
    }

    fn name(&self, walker: usize) -> String {
        walker_name(self.builder, &self.types[walker])
    }

    fn function(&mut self, ty: &TypeRef) -> WalkFunction {
        let builder = self.builder;
        let cx = builder.cx;
        let layout = builder.layout;
        let name = walker_name(builder, ty);
        let comment = format!("`{}`", cx.schema.rust_type(ty, "'a"));
        let (node, body) = match ty {
            TypeRef::Named(id) => match (&cx.schema.get(*id).kind, &layout.get(*id).shape) {
                (TypeKind::Struct(_), Shape::Struct { .. }) => {
                    let object = cx.model.object(*id).expect("structs have an object model");
                    let build = builder.read(ty, "pos");
                    let node_index = object.node_type.as_ref().map(|t| self.node_types.iter().position(|n| n == t).expect("node types are listed"));
                    let read_by_fields = object.via.is_none()
                        && object.properties.iter().all(|p| match &p.value {
                            PropertyValue::NodeType(_) | PropertyValue::Span { .. } => true,
                            PropertyValue::Field { ty, convert, .. } => convert.is_none() || !cx.model.builds_nodes(ty),
                            // oxc's values made by its converters' JS, or joined from several fields.
                            PropertyValue::Converted { .. } | PropertyValue::Joined { .. } => false,
                            PropertyValue::FromSpan { .. } | PropertyValue::Range => true,
                        });
                    let body = if read_by_fields {
                        let mut children = Vec::new();
                        for property in &object.properties {
                            if let PropertyValue::Field { at: field, ty, .. } = &property.value
                                && cx.model.builds_nodes(ty)
                            {
                                children.push(self.step(ty, at("pos", field.offset(layout))));
                            }
                        }
                        WalkBody::Object { node: node_index.map(|i| (i, build)), children }
                    } else {
                        WalkBody::Built { build }
                    };
                    let node = match (&body, node_index) {
                        (WalkBody::Built { .. }, _) => ALWAYS,
                        (_, Some(index)) => index as i64,
                        (_, None) => -1,
                    };
                    (node, body)
                }
                (TypeKind::Enum(e), Shape::DataEnum { payload_offset }) => {
                    let mut cases = Vec::new();
                    for variant in &e.variants {
                        let step = match &variant.payload {
                            Some(payload) if cx.model.builds_nodes(payload) => Some(self.step(payload, at("pos", *payload_offset))),
                            _ => None,
                        };
                        cases.push((variant.discriminant, step));
                    }
                    (-1, WalkBody::Switch { what: cx.schema.get(*id).name.clone(), cases })
                }
                _ => unreachable!("a type that can lead to a node is a struct or a data enum"),
            },
            TypeRef::Option(inner) => {
                let (none_check, payload) = builder.none_test(inner, "pos");
                (-1, WalkBody::Option { none_check, some: self.step(inner, payload) })
            }
            TypeRef::Vec(inner) => {
                let element_layout = layout.of(inner);
                let element = self.step(inner, "element".to_owned());
                (-1, WalkBody::Vec { len_offset: layout.width.bytes(), element_size: element_layout.size, cost: element_layout.size.max(1), align_mask: element_layout.align - 1, element })
            }
            TypeRef::Box(inner) => {
                let target_layout = layout.of(inner);
                let target = self.step(inner, "target".to_owned());
                (-1, WalkBody::Boxed { size: target_layout.size, align_mask: target_layout.align - 1, paid: cx.model.may_nest(inner), target })
            }
            _ => unreachable!("only structs, enums, `Option`s, `Vec`s and `Box`es lead to nodes"),
        };
        let edges = match &body {
            WalkBody::Object { children, .. } => children.iter().map(|s| s.walker).collect(),
            WalkBody::Built { .. } => Vec::new(),
            WalkBody::Switch { cases, .. } => cases.iter().filter_map(|(_, s)| s.as_ref().map(|s| s.walker)).collect(),
            WalkBody::Option { some: step, .. } | WalkBody::Vec { element: step, .. } | WalkBody::Boxed { target: step, .. } => vec![step.walker],
        };
        WalkFunction { name, comment, node, edges, body }
    }
}

/// `walkX`, named after the type as its reader `deserializeX` is.
fn walker_name(builder: &Builder, ty: &TypeRef) -> String {
    builder.function_name(ty).replacen("deserialize", "walk", 1)
}

/// Each `VISITOR_KEYS` entry, quoted: its name and its keys; `None` when they are errors.
pub(in crate::emit::js) fn visitor_keys(cx: &EmitContext) -> Option<Vec<(String, String)>> {
    let keys = cx.model.visitor_keys().ok()?;
    Some(keys.entries.iter().map(|entry| (js_string(&entry.name), entry.keys.iter().map(|k| js_string(k)).collect::<Vec<_>>().join(", "))).collect())
}
