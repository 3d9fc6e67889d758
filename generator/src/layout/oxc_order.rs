//! The field order oxc's `#[ast]` macro gives a struct before `#[repr(C)]` lays it out.
//!
//! oxc's `ast_tools` computes one order for both pointer widths and the macro rewrites the struct in
//! it (`oxc_ast_macros`' generated `STRUCTS` table); rawast derives the same order from the rule
//! oxc documents, and rustc confirms every resulting offset (`assert_layouts.rs`):
//!
//! 1. a field `span` of type `Span` first, then a field `node_id` of type `Cell<NodeId>`;
//! 2. the others by alignment on 64-bit, then on 32-bit, highest first, keeping source order on ties;
//! 3. each next field is the first in that order whose alignment the current offset satisfies on both
//!    widths; when none does, the offset is padded to the next alignment up (64-bit first) and the
//!    search repeats.

use super::Layout;
use crate::ir::{Schema, Struct, TypeRef};

/// The order in which `s`'s fields lie in memory, as indices into `s.fields`. `fields` holds each
/// field's `[64-bit, 32-bit]` layout.
pub(super) fn field_order(schema: &Schema, s: &Struct, fields: &[[Layout; 2]]) -> Vec<usize> {
    let named = |ty: &TypeRef, name: &str| matches!(ty, TypeRef::Named(id) if schema.get(*id).name == name);
    let priority = |index: usize| -> u64 {
        let field = &s.fields[index];
        if field.name == "span" && named(&field.ty, "Span") {
            u64::MAX
        } else if field.name == "node_id" && matches!(&field.ty, TypeRef::Cell(inner) if named(inner, "NodeId")) {
            u64::MAX - 1
        } else {
            (u64::from(fields[index][0].align) << 32) | u64::from(fields[index][1].align)
        }
    };
    let mut pending: Vec<usize> = (0..fields.len()).collect();
    // Stable: equal priorities keep source order.
    pending.sort_by_key(|&index| std::cmp::Reverse(priority(index)));

    let mut order = Vec::with_capacity(fields.len());
    // Per width: the offset reached and the largest alignment it satisfies (any, at offset 0).
    let mut offset = [0u32; 2];
    let mut fits = [u32::MAX; 2];
    while !pending.is_empty() {
        let next = pending.iter().position(|&index| (0..2).all(|w| fields[index][w].align <= fits[w]));
        match next {
            Some(position) => {
                let index = pending.remove(position);
                order.push(index);
                for w in 0..2 {
                    let size = fields[index][w].size;
                    if size > 0 {
                        offset[w] += size;
                        // The lowest set bit of the offset: the largest power of two dividing it.
                        fits[w] = if offset[w] == 0 { u32::MAX } else { 1 << offset[w].trailing_zeros() };
                    }
                }
            }
            None => {
                // Pending fields are sorted by alignment, highest first: the last has the smallest.
                let smallest = fields[*pending.last().expect("not empty")];
                let w = if fits[0] < smallest[0].align { 0 } else { 1 };
                fits[w] *= 2;
                offset[w] = super::round_up(offset[w], fits[w]);
            }
        }
    }
    order
}
