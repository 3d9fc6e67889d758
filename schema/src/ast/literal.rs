//! Literals. ESTree has one `Literal` node; the schema keeps one struct per kind of value, each
//! mapped to `type: "Literal"`.

use crate::arena::{Span, Str};
use crate::ast;

#[ast]
#[repr(C)]
#[estree(type = "Literal")]
pub struct StringLiteral<'a> {
    pub span: Span,
    pub value: Str<'a>,
    pub raw: Str<'a>,
}

#[ast]
#[repr(C)]
#[estree(type = "Literal")]
pub struct NumericLiteral<'a> {
    pub span: Span,
    pub value: f64,
    pub raw: Str<'a>,
}

#[ast]
#[repr(C)]
#[estree(type = "Literal")]
pub struct BooleanLiteral<'a> {
    pub span: Span,
    pub value: bool,
    pub raw: Str<'a>,
}

#[ast]
#[repr(C)]
#[estree(type = "Literal")]
pub struct NullLiteral<'a> {
    pub span: Span,
    /// Always `None`: acorn's `value` is `null`. Kept as a field so that the property comes before
    /// `raw`, where acorn puts it.
    pub value: Option<Str<'a>>,
    pub raw: Str<'a>,
}
