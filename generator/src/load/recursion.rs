//! Types that contain themselves without a pointer in between have no finite size.

use crate::ir::{Schema, TypeId, TypeKind, TypeRef};

/// A cycle of by-value containment, reported at the member of `ty` that starts it.
pub(super) struct Cycle {
    pub ty: TypeId,
    /// Index of the field or variant of `ty` through which the cycle runs.
    pub member: usize,
    /// `ty`, the types in between, and `ty` again.
    pub path: Vec<TypeId>,
}

/// The named type a member holds by value (through `Option` but not `Box` or `Vec`), if any.
fn inline_named(ty: &TypeRef) -> Option<TypeId> {
    match ty {
        TypeRef::Named(id) => Some(*id),
        TypeRef::Option(inner) | TypeRef::Cell(inner) => inline_named(inner),
        _ => None,
    }
}

fn inline_members(schema: &Schema, id: TypeId) -> Vec<Option<TypeId>> {
    match &schema.get(id).kind {
        TypeKind::Struct(s) => s.fields.iter().map(|f| inline_named(&f.ty)).collect(),
        TypeKind::Enum(e) => e.variants.iter().map(|v| v.payload.as_ref().and_then(inline_named)).collect(),
    }
}

/// Each cycle once, reported at its first type in schema order.
pub(super) fn find_inline_cycles(schema: &Schema) -> Vec<Cycle> {
    let mut cycles: Vec<Cycle> = Vec::new();
    for start in schema.ids() {
        if cycles.iter().any(|cycle| cycle.path.contains(&start)) {
            continue;
        }
        for (member, target) in inline_members(schema, start).into_iter().enumerate() {
            let Some(target) = target else { continue };
            if let Some(mut path) = path_to(schema, target, start) {
                path.insert(0, start);
                cycles.push(Cycle { ty: start, member, path });
                break;
            }
        }
    }
    cycles
}

/// A by-value containment path from `from` to `to`, both included; depth-first, deterministic.
fn path_to(schema: &Schema, from: TypeId, to: TypeId) -> Option<Vec<TypeId>> {
    let mut visited = vec![false; schema.types.len()];
    let mut stack = vec![(from, vec![from])];
    while let Some((id, path)) = stack.pop() {
        if id == to {
            return Some(path);
        }
        if std::mem::replace(&mut visited[id.0], true) {
            continue;
        }
        for next in inline_members(schema, id).into_iter().flatten().rev() {
            let mut next_path = path.clone();
            next_path.push(next);
            stack.push((next, next_path));
        }
    }
    None
}
