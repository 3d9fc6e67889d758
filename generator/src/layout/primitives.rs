//! Layouts of the types the schema language has built in: scalars and the arena primitives of
//! `schema/src/arena.rs`. The 32-bit model is wasm32's, where `u64` and `f64` are 8-aligned.

use super::niche::Niche;
use super::{Layout, PointerWidth};
use crate::ir::{Builtin, Dialect, Primitive};

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

/// `Vec<'a, T>`: rawast's is a pointer, then `len: u32` and `cap: u32`; oxc_allocator's adds a
/// pointer to its allocator (24 bytes on 64-bit, 16 on 32-bit).
pub fn vec(width: PointerWidth, dialect: Dialect) -> Layout {
    let p = width.bytes();
    let size = match dialect {
        Dialect::Rawast => super::round_up(p + 8, p),
        Dialect::Oxc => super::round_up(p + 8, p) + p,
    };
    Layout { size, align: p, niche: Some(pointer_niche(width)) }
}

/// The oxc dialect's built-in types.
pub fn builtin(builtin: Builtin, width: PointerWidth) -> Layout {
    let p = width.bytes();
    match builtin {
        // Pointer and `usize` length.
        Builtin::StrRef => Layout { size: 2 * p, align: p, niche: Some(pointer_niche(width)) },
        // Pointer, then a `u64` of length and hash on 64-bit, or two `u32`s on 32-bit.
        Builtin::Ident => Layout { size: p + 8, align: p, niche: Some(pointer_niche(width)) },
        // Pointer, `u32` length, `bool`, `#[repr(C)]`: the bool's 254 free values beat the
        // pointer's one, so `Option<JSStr>` is `None` when the bool is 2.
        Builtin::JsStr => Layout { size: super::round_up(p + 5, p), align: p, niche: Some(Niche::new(p + 4, 1, 0, 1)) },
        Builtin::PointerAlign => Layout { size: 0, align: p, niche: None },
        Builtin::NonZeroU32 => Layout { size: 4, align: 4, niche: Some(Niche::non_zero(0, 4)) },
        Builtin::AtomicBool => Layout { size: 1, align: 1, niche: None },
    }
}
