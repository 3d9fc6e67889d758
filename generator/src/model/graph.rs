//! The schema's type graph: which named types hold which (through fields, variants and their
//! `Option`, `Box`, `Vec` and `Cell` layers), and its cycles. A cycle is the only way a value can
//! nest without bound, so it is what deserializers must be ready for: reading a value that reaches
//! a cycle may recurse deeper than the JS stack holds, and every cycle needs a place where the
//! recursion can stop and be continued later (a property of an object, or an element of an array:
//! somewhere a value can be left as a `Deferred`). Values that reach no cycle are read in bounded
//! depth and work, whatever the buffer holds.

use crate::ir::{Schema, TypeId, TypeKind, TypeRef};

/// One place where a named type holds another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Edge {
    pub from: TypeId,
    pub to: TypeId,
    pub site: Site,
    /// Whether a `Vec` lies between them (its elements are a place to defer).
    pub through_vec: bool,
}

/// Where in `from` an edge starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Site {
    /// A struct's field (by index).
    Field(usize),
    /// A data enum's variant (by index in its variant list).
    Variant(usize),
}

/// The type graph of a schema, and which types lie on its cycles.
#[derive(Debug, Clone)]
pub struct TypeGraph {
    pub edges: Vec<Edge>,
    /// By `TypeId`: the strongly connected component.
    component: Vec<usize>,
    /// By `TypeId`: whether the type lies on a cycle (its component has more than one type, or it
    /// holds itself).
    cyclic: Vec<bool>,
    /// By `TypeId`: whether a value of the type can reach a type on a cycle.
    reaches_cycle: Vec<bool>,
}

impl TypeGraph {
    pub fn new(schema: &Schema) -> Self {
        let count = schema.types.len();
        let mut edges = Vec::new();
        for from in schema.ids() {
            let sites: Vec<(Site, &TypeRef)> = match &schema.get(from).kind {
                TypeKind::Struct(s) => s.fields.iter().enumerate().map(|(i, f)| (Site::Field(i), &f.ty)).collect(),
                TypeKind::Enum(e) => e
                    .variants
                    .iter()
                    .enumerate()
                    .filter_map(|(i, v)| v.payload.as_ref().map(|p| (Site::Variant(i), p)))
                    .collect(),
            };
            for (site, ty) in sites {
                if let Some((to, through_vec)) = named_in(ty) {
                    edges.push(Edge { from, to, site, through_vec });
                }
            }
        }
        let mut out: Vec<Vec<usize>> = vec![Vec::new(); count];
        for edge in &edges {
            out[edge.from.0].push(edge.to.0);
        }
        let component = components(&out);
        let mut size = vec![0usize; count];
        for &c in &component {
            size[c] += 1;
        }
        let cyclic: Vec<bool> = (0..count).map(|t| size[component[t]] > 1 || out[t].contains(&t)).collect();
        // Reaching a cycle: a fixpoint over the edges (the graph is small).
        let mut reaches_cycle = cyclic.clone();
        let mut changed = true;
        while changed {
            changed = false;
            for edge in &edges {
                if reaches_cycle[edge.to.0] && !reaches_cycle[edge.from.0] {
                    reaches_cycle[edge.from.0] = true;
                    changed = true;
                }
            }
        }
        Self { edges, component, cyclic, reaches_cycle }
    }

    /// Whether `id` lies on a cycle of the graph.
    pub fn on_cycle(&self, id: TypeId) -> bool {
        self.cyclic[id.0]
    }

    /// Whether an edge lies on a cycle: both its ends in one strongly connected component.
    pub fn edge_on_cycle(&self, edge: &Edge) -> bool {
        self.component[edge.from.0] == self.component[edge.to.0]
    }

    /// Whether reading a `ty` value may recurse without bound (it reaches a cycle): where the JS
    /// stack runs out below it, it must be left for later. Anything else is read in bounded depth.
    pub fn may_nest(&self, ty: &TypeRef) -> bool {
        match ty {
            TypeRef::Box(inner) | TypeRef::Vec(inner) | TypeRef::Option(inner) | TypeRef::Cell(inner) => {
                self.may_nest(inner)
            }
            TypeRef::Named(id) => self.reaches_cycle[id.0],
            TypeRef::Primitive(_) | TypeRef::Span | TypeRef::Str | TypeRef::Builtin(_) => false,
        }
    }

    /// A cycle all of whose edges pass `keeps` (its edges in order, the last leading back to the
    /// first's type), if there is one: a way to nest that never passes an edge the caller can
    /// defer at.
    pub fn cycle_through(&self, keeps: impl Fn(&Edge) -> bool) -> Option<Vec<Edge>> {
        let count = self.cyclic.len();
        let kept: Vec<&Edge> = self.edges.iter().filter(|e| self.edge_on_cycle(e) && keeps(e)).collect();
        let mut out: Vec<Vec<usize>> = vec![Vec::new(); count];
        for edge in &kept {
            out[edge.from.0].push(edge.to.0);
        }
        let component = components(&out);
        let mut size = vec![0usize; count];
        for &c in &component {
            size[c] += 1;
        }
        let start = (0..count).find(|&t| size[component[t]] > 1 || out[t].contains(&t))?;
        // Walk inside the component until a type repeats: `edges[i]` leads from `path[i]`.
        let mut path = vec![start];
        let mut edges = Vec::new();
        loop {
            let here = *path.last().expect("the path starts with a type");
            let edge = **kept
                .iter()
                .find(|e| e.from.0 == here && component[e.to.0] == component[start])
                .expect("a type on a cycle has an edge within its component");
            edges.push(edge);
            if let Some(first) = path.iter().position(|&t| t == edge.to.0) {
                return Some(edges.split_off(first));
            }
            path.push(edge.to.0);
        }
    }
}

/// The cycle of a rawast-dialect schema that its deserializers could not read at any depth, if
/// there is one: one on which no value is an object's property or an array's element, the places
/// where a deserializer can leave what it has not read yet (a `Deferred`). Only enums, `Box`es and
/// `Option`s lie on such a cycle, and in JS the levels vanish: a data enum is its variant's payload,
/// so `Wrap(Box<Wrap>)` nested a million times is the innermost value, read a million calls deep.
pub fn undeferrable_cycle(schema: &Schema, model: &super::Model) -> Option<Vec<Edge>> {
    use super::{FieldRole, PropertyValue};
    // The struct fields that are properties of an object (flattened ones in their outer object).
    let mut properties = std::collections::BTreeSet::new();
    for id in schema.ids() {
        for property in model.object(id).map_or(&[][..], |o| &o.properties) {
            if let PropertyValue::Field { at, convert: None, .. } = &property.value
                && let Some(&last) = at.0.last()
            {
                properties.insert(last);
            }
        }
    }
    model.graph.cycle_through(|edge| {
        let read = match edge.site {
            Site::Field(index) => !matches!(model.field_role(schema, edge.from, index), FieldRole::Skipped),
            Site::Variant(_) => true,
        };
        let defers =
            edge.through_vec || matches!(edge.site, Site::Field(index) if properties.contains(&(edge.from, index)));
        read && !defers
    })
}

/// The named type a field's type holds, if any, and whether a `Vec` lies on the way.
fn named_in(ty: &TypeRef) -> Option<(TypeId, bool)> {
    match ty {
        TypeRef::Named(id) => Some((*id, false)),
        TypeRef::Vec(inner) => named_in(inner).map(|(id, _)| (id, true)),
        TypeRef::Box(inner) | TypeRef::Option(inner) | TypeRef::Cell(inner) => named_in(inner),
        TypeRef::Primitive(_) | TypeRef::Span | TypeRef::Str | TypeRef::Builtin(_) => None,
    }
}

/// Tarjan's strongly connected components, without recursion: the component of each vertex.
pub(crate) fn components(out: &[Vec<usize>]) -> Vec<usize> {
    const UNSEEN: usize = usize::MAX;
    let count = out.len();
    let mut index = vec![UNSEEN; count];
    let mut low = vec![0; count];
    let mut on_stack = vec![false; count];
    let mut stack = Vec::new();
    let mut component = vec![UNSEEN; count];
    let mut next = 0;
    for start in 0..count {
        if index[start] != UNSEEN {
            continue;
        }
        // Frames of the depth-first search: a vertex and how many of its edges were followed.
        let mut frames = vec![(start, 0usize)];
        index[start] = next;
        low[start] = next;
        next += 1;
        stack.push(start);
        on_stack[start] = true;
        while let Some(&mut (vertex, ref mut followed)) = frames.last_mut() {
            if let Some(&to) = out[vertex].get(*followed) {
                *followed += 1;
                if index[to] == UNSEEN {
                    index[to] = next;
                    low[to] = next;
                    next += 1;
                    stack.push(to);
                    on_stack[to] = true;
                    frames.push((to, 0));
                } else if on_stack[to] {
                    low[vertex] = low[vertex].min(index[to]);
                }
                continue;
            }
            frames.pop();
            if let Some(&(parent, _)) = frames.last() {
                low[parent] = low[parent].min(low[vertex]);
            }
            if low[vertex] == index[vertex] {
                loop {
                    let member = stack.pop().expect("the vertex is on the stack");
                    on_stack[member] = false;
                    component[member] = index[vertex];
                    if member == vertex {
                        break;
                    }
                }
            }
        }
    }
    component
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_and_cycles() {
        // 0 → 1 → 2 → 0, 2 → 3, 3 → 3, 4 alone.
        let out = vec![vec![1], vec![2], vec![0, 3], vec![3], vec![]];
        let c = components(&out);
        assert_eq!(c[0], c[1]);
        assert_eq!(c[1], c[2]);
        assert_ne!(c[2], c[3]);
        assert_ne!(c[3], c[4]);
    }
}
