//! Layouts of the types the schema language has built in: scalars and the arena primitives of
//! `schema/src/arena.rs`. The 32-bit model is wasm32's, where `u64` and `f64` are 8-aligned.

use super::{Layout, PointerWidth};
use super::niche::Niche;
use crate::ir::Primitive;

pub fn primitive(p: Primitive) -> Layout {
    let size = match p {
        Primitive::Bool | Primitive::U8 | Primitive::I8 => 1,
        Primitive::U16 | Primitive::I16 => 2,
        Primitive::U32 | Primitive::I32 => 4,
        Primitive::U64 | Primitive::I64 | Primitive::F64 => 8,
    };
    let niche = (p == Primitive::Bool).then(|| Niche::new(0, 1, 0, 1));
    Layout { size, align: size, niche }
}

/// `Span { start: u32, end: u32 }`.
pub fn span() -> Layout {
    Layout { size: 8, align: 4, niche: None }
}

/// A non-null pointer: the niche of `Box`, `Str` and `Vec`, always at offset 0.
fn pointer_niche(width: PointerWidth) -> Niche {
    Niche::non_zero(0, width.bytes())
}

/// `Box<'a, T>`: one pointer.
pub fn boxed(width: PointerWidth) -> Layout {
    let p = width.bytes();
    Layout { size: p, align: p, niche: Some(pointer_niche(width)) }
}

/// `Str<'a>`: pointer, then `len: u32`.
pub fn str(width: PointerWidth) -> Layout {
    let p = width.bytes();
    Layout { size: super::round_up(p + 4, p), align: p, niche: Some(pointer_niche(width)) }
}

/// `Vec<'a, T>`: pointer, then `len: u32` and `cap: u32`.
pub fn vec(width: PointerWidth) -> Layout {
    let p = width.bytes();
    Layout { size: super::round_up(p + 8, p), align: p, niche: Some(pointer_niche(width)) }
}
