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
pub struct BooleanLiteral {
    pub span: Span,
    pub value: bool,
}

#[ast]
#[repr(C)]
#[estree(type = "Literal")]
pub struct NullLiteral {
    pub span: Span,
}
