//! Literals. ESTree has one `Literal` node; the schema has one struct per kind of value, each with
//! the properties acorn gives that kind (`regex` and `bigint` only where they belong).

use crate::ast;
use rawast_runtime::{Span, Str};

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

#[ast]
#[repr(C)]
#[estree(type = "Literal")]
pub struct RegExpLiteral<'a> {
    pub span: Span,
    /// A `RegExp` built from the pattern and flags, or `null` where the runtime cannot build it.
    #[estree(convert = "regex_value")]
    pub value: Option<RegExp<'a>>,
    pub raw: Str<'a>,
    pub regex: RegExp<'a>,
}

#[ast]
#[repr(C)]
#[estree(type = "Literal")]
pub struct BigIntLiteral<'a> {
    pub span: Span,
    /// A `BigInt` of these decimal digits.
    #[estree(convert = "bigint_value")]
    pub value: Str<'a>,
    pub raw: Str<'a>,
    pub bigint: Str<'a>,
}

/// `Literal.regex`, and the input of a regular expression literal's `value`.
#[ast]
#[repr(C)]
pub struct RegExp<'a> {
    pub pattern: Str<'a>,
    pub flags: Str<'a>,
}
