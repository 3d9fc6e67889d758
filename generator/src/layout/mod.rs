//! The layout engine: size, alignment, field offsets and niches of every schema type, for 64-bit
//! and 32-bit targets, computed as rustc does for `repr(C)` structs, `repr(u8)` and `repr(C, u8)`
//! enums and `Option`. The generated `assert_layouts.rs` makes rustc check every number.

mod niche;
mod oxc_order;
mod primitives;
mod table;

pub use niche::Niche;
pub use table::layout_table;

use crate::ir::{Dialect, EnumRepr, Schema, StructRepr, TypeId, TypeKind, TypeRef};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PointerWidth {
    W64,
    W32,
}

impl PointerWidth {
    pub const ALL: [PointerWidth; 2] = [PointerWidth::W64, PointerWidth::W32];

    pub fn bytes(self) -> u32 {
        match self {
            PointerWidth::W64 => 8,
            PointerWidth::W32 => 4,
        }
    }

    pub fn bits(self) -> u32 {
        self.bytes() * 8
    }
}

/// Size, alignment and the niche `Option` would use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    pub size: u32,
    pub align: u32,
    /// The scalar with the most free values (the first one on ties), as rustc picks it.
    pub niche: Option<Niche>,
}

/// The layout of one schema type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeLayout {
    pub layout: Layout,
    pub shape: Shape,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    /// Offsets of the fields, in declaration order.
    Struct { field_offsets: Vec<u32> },
    /// A fieldless enum: just the `u8`.
    FieldlessEnum,
    /// A `u8` tag at offset 0 and the payload (if the variant has one) at `payload_offset`.
    DataEnum { payload_offset: u32 },
}

/// How `Option<T>` encodes `None`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionRepr {
    /// `None` is `value` in the `size`-byte scalar at `offset` of `T`; `Some(t)` is just `t`.
    Niche { offset: u32, size: u32, value: u64 },
    /// A tag of `tag_size` bytes at offset 0 (0 = `None`, 1 = `Some`), then `T` at `payload_offset`.
    Tagged { tag_size: u32, payload_offset: u32 },
}

/// Layouts of every type of a schema for one pointer width.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaLayout {
    pub width: PointerWidth,
    /// The schema's dialect, which decides the layout of some built-in types (`Vec`).
    pub dialect: Dialect,
    pub types: Vec<TypeLayout>,
}

pub(crate) fn round_up(value: u32, align: u32) -> u32 {
    value.div_ceil(align) * align
}

impl SchemaLayout {
    /// Computes every type's layout, for 64-bit and 32-bit together (oxc's field order depends on
    /// both). The schema must be free of by-value cycles (`load` ensures it).
    pub fn compute(schema: &Schema) -> [Self; 2] {
        let mut computer =
            Computer { schema, done: vec![None; schema.types.len()], in_progress: vec![false; schema.types.len()] };
        for id in schema.ids() {
            computer.named(id);
        }
        let mut widths = [Vec::new(), Vec::new()];
        for both in computer.done {
            let [layout64, layout32] = both.expect("every type computed");
            widths[0].push(layout64);
            widths[1].push(layout32);
        }
        let [types64, types32] = widths;
        let dialect = schema.dialect;
        [
            Self { width: PointerWidth::W64, dialect, types: types64 },
            Self { width: PointerWidth::W32, dialect, types: types32 },
        ]
    }

    pub fn get(&self, id: TypeId) -> &TypeLayout {
        &self.types[id.0]
    }

    /// The layout of a field type.
    pub fn of(&self, ty: &TypeRef) -> Layout {
        layout_of(ty, self.width, self.dialect, &mut |id| self.types[id.0].layout)
    }

    /// How `Option<inner>` represents `None`.
    pub fn option_repr(&self, inner: &TypeRef) -> OptionRepr {
        option_layout(self.of(inner)).1
    }
}

/// The index of a width in `[64-bit, 32-bit]` pairs.
fn index(width: PointerWidth) -> usize {
    match width {
        PointerWidth::W64 => 0,
        PointerWidth::W32 => 1,
    }
}

struct Computer<'s> {
    schema: &'s Schema,
    done: Vec<Option<[TypeLayout; 2]>>,
    in_progress: Vec<bool>,
}

impl Computer<'_> {
    fn named(&mut self, id: TypeId) -> [Layout; 2] {
        if let Some([layout64, layout32]) = &self.done[id.0] {
            return [layout64.layout, layout32.layout];
        }
        assert!(
            !std::mem::replace(&mut self.in_progress[id.0], true),
            "by-value cycle through `{}`",
            self.schema.get(id).name
        );
        let result = match &self.schema.get(id).kind {
            TypeKind::Struct(s) => {
                let fields: Vec<[Layout; 2]> = s.fields.iter().map(|f| self.field(&f.ty)).collect();
                let width = |w: usize| fields.iter().map(|f| f[w]).collect::<Vec<Layout>>();
                // Zero-sized on one width is zero-sized on both.
                let transparent = s.repr == StructRepr::Oxc && fields.iter().filter(|f| f[0].size > 0).count() <= 1;
                if transparent {
                    [transparent_layout(&width(0)), transparent_layout(&width(1))]
                } else {
                    let order = match s.repr {
                        StructRepr::C => (0..fields.len()).collect(),
                        StructRepr::Oxc => oxc_order::field_order(self.schema, s, &fields),
                    };
                    [struct_layout(&width(0), &order), struct_layout(&width(1), &order)]
                }
            }
            TypeKind::Enum(e) => {
                let payloads: Vec<[Layout; 2]> =
                    e.variants.iter().filter_map(|v| v.payload.as_ref()).map(|ty| self.field(ty)).collect();
                let min = e.variants.iter().map(|v| v.discriminant).min().unwrap_or(0);
                let max = e.variants.iter().map(|v| v.discriminant).max().unwrap_or(0);
                let tag_niche = Niche::new(0, 1, u64::from(min), u64::from(max));
                let one = |w: usize| match e.repr {
                    EnumRepr::U8 => TypeLayout {
                        layout: Layout { size: 1, align: 1, niche: Some(tag_niche) },
                        shape: Shape::FieldlessEnum,
                    },
                    EnumRepr::CU8 => {
                        // repr(C, u8): `struct { tag: u8, payload: union { each variant as a repr(C) struct } }`.
                        let union_align = payloads.iter().map(|l| l[w].align).max().unwrap_or(1);
                        let union_size = round_up(payloads.iter().map(|l| l[w].size).max().unwrap_or(0), union_align);
                        let payload_offset = round_up(1, union_align);
                        let size = round_up(payload_offset + union_size, union_align);
                        TypeLayout {
                            layout: Layout { size, align: union_align, niche: Some(tag_niche) },
                            shape: Shape::DataEnum { payload_offset },
                        }
                    }
                };
                [one(0), one(1)]
            }
        };
        let layouts = [result[0].layout, result[1].layout];
        self.done[id.0] = Some(result);
        layouts
    }

    fn field(&mut self, ty: &TypeRef) -> [Layout; 2] {
        let dialect = self.schema.dialect;
        PointerWidth::ALL.map(|width| layout_of(ty, width, dialect, &mut |id| self.named(id)[index(width)]))
    }
}

fn layout_of(ty: &TypeRef, width: PointerWidth, dialect: Dialect, named: &mut dyn FnMut(TypeId) -> Layout) -> Layout {
    match ty {
        TypeRef::Primitive(p) => primitives::primitive(*p),
        TypeRef::Span => primitives::span(),
        TypeRef::Str => primitives::str(width),
        TypeRef::Box(_) => primitives::boxed(width),
        TypeRef::Vec(_) => primitives::vec(width, dialect),
        TypeRef::Option(inner) => option_layout(layout_of(inner, width, dialect, named)).0,
        // `Cell` hides its value's niche: rustc cannot assume an `UnsafeCell`'s bits stay valid.
        TypeRef::Cell(inner) => Layout { niche: None, ..layout_of(inner, width, dialect, named) },
        TypeRef::Builtin(builtin) => primitives::builtin(*builtin, width),
        TypeRef::Named(id) => named(*id),
    }
}

/// `repr(C)`: fields placed in `order` (indices into `fields`), each at the next multiple of its
/// alignment; the offsets come back in declaration order.
fn struct_layout(fields: &[Layout], order: &[usize]) -> TypeLayout {
    let mut offset = 0;
    let mut align = 1;
    let mut niche: Option<Niche> = None;
    let mut field_offsets = vec![0; fields.len()];
    for &index in order {
        let field = &fields[index];
        offset = round_up(offset, field.align);
        field_offsets[index] = offset;
        if let Some(candidate) = field.niche {
            // Strictly larger only: on ties rustc keeps the niche earliest in memory.
            if niche.is_none_or(|n| candidate.available() > n.available()) {
                niche = Some(candidate.shifted(offset));
            }
        }
        offset += field.size;
        align = align.max(field.align);
    }
    TypeLayout {
        layout: Layout { size: round_up(offset, align), align, niche },
        shape: Shape::Struct { field_offsets },
    }
}

/// `repr(transparent)`: the layout of the one field that is not zero-sized (or of nothing), all
/// fields at offset 0.
fn transparent_layout(fields: &[Layout]) -> TypeLayout {
    let align = fields.iter().map(|f| f.align).max().unwrap_or(1);
    let data = fields.iter().find(|f| f.size > 0);
    let layout = Layout { size: data.map_or(0, |f| f.size), align, niche: data.and_then(|f| f.niche) };
    TypeLayout { layout, shape: Shape::Struct { field_offsets: vec![0; fields.len()] } }
}

/// `Option<T>`: fill a niche of `T` if it has a free value, else add a tag.
fn option_layout(inner: Layout) -> (Layout, OptionRepr) {
    if let Some((value, rest)) = inner.niche.and_then(|n| n.reserve()) {
        let repr = OptionRepr::Niche { offset: rest.offset, size: rest.size, value };
        return (Layout { niche: Some(rest), ..inner }, repr);
    }
    // rustc widens the tag to the payload's alignment (there is room for it anyway), except before
    // a zero-sized payload. The tag's own values 0..=1 leave a niche for an enclosing `Option`.
    let tag_size = if inner.size == 0 { 1 } else { inner.align };
    let payload_offset = round_up(tag_size, inner.align);
    let align = inner.align.max(tag_size);
    let size = round_up(payload_offset + inner.size, align);
    let niche = Niche::new(0, tag_size, 0, 1);
    (Layout { size, align, niche: Some(niche) }, OptionRepr::Tagged { tag_size, payload_offset })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tagged_option_widens_its_tag() {
        let u32_layout = primitives::primitive(crate::ir::Primitive::U32);
        let (layout, repr) = option_layout(u32_layout);
        assert_eq!((layout.size, layout.align), (8, 4));
        assert_eq!(repr, OptionRepr::Tagged { tag_size: 4, payload_offset: 4 });
        // `Option<Option<u32>>` uses the tag's free values rather than a second tag.
        let (outer, outer_repr) = option_layout(layout);
        assert_eq!(outer.size, 8);
        assert_eq!(outer_repr, OptionRepr::Niche { offset: 0, size: 4, value: 2 });
    }

    #[test]
    fn struct_prefers_the_larger_niche() {
        let boolean = primitives::primitive(crate::ir::Primitive::Bool);
        let pointer = primitives::boxed(PointerWidth::W64);
        let s = struct_layout(&[pointer, boolean], &[0, 1]);
        assert_eq!(s.layout.niche, Some(Niche::new(8, 1, 0, 1)));
        assert_eq!((s.layout.size, s.layout.align), (16, 8));
    }
}
