//! The JSONC schema: what `rawast codegen` reads (`codegen.toml` names this file) and what the parser
//! builds in the arena. Each struct with a `span` becomes a node `{ type, ...fields, start, end }`.

use rawast_runtime::{Box, Span, Str, Vec, ast};

/// The root: one value, and every comment of the file in source order (returned beside the root).
#[ast]
#[repr(C)]
pub struct Document<'a> {
    pub span: Span,
    pub value: Value<'a>,
    pub comments: Vec<'a, Comment<'a>>,
}

#[ast]
#[repr(C)]
pub struct Comment<'a> {
    pub span: Span,
    pub kind: CommentKind,
    /// The text between the markers: after `//` up to the line end, or inside `/* */`.
    pub text: Str<'a>,
}

#[ast]
#[repr(u8)]
pub enum CommentKind {
    Line = 0,
    Block = 1,
}

#[ast]
#[repr(C, u8)]
pub enum Value<'a> {
    Object(Box<'a, Object<'a>>) = 0,
    Array(Box<'a, Array<'a>>) = 1,
    String(Box<'a, StringLiteral<'a>>) = 2,
    Number(Box<'a, NumberLiteral<'a>>) = 3,
    Boolean(Box<'a, BooleanLiteral>) = 4,
    Null(Box<'a, NullLiteral>) = 5,
}

#[ast]
#[repr(C)]
pub struct Object<'a> {
    pub span: Span,
    pub members: Vec<'a, Member<'a>>,
    /// A `,` after the last member (a JSONC extension).
    pub trailing_comma: bool,
}

#[ast]
#[repr(C)]
pub struct Member<'a> {
    pub span: Span,
    pub key: StringLiteral<'a>,
    pub value: Value<'a>,
}

#[ast]
#[repr(C)]
pub struct Array<'a> {
    pub span: Span,
    pub elements: Vec<'a, Value<'a>>,
    /// A `,` after the last element (a JSONC extension).
    pub trailing_comma: bool,
}

#[ast]
#[repr(C)]
pub struct StringLiteral<'a> {
    pub span: Span,
    /// The decoded value: WTF-8 when it holds lone surrogates (`"\ud800"`).
    pub value: Str<'a>,
    /// The source text, quotes included.
    pub raw: Str<'a>,
}

#[ast]
#[repr(C)]
pub struct NumberLiteral<'a> {
    pub span: Span,
    pub value: f64,
    pub raw: Str<'a>,
}

#[ast]
#[repr(C)]
pub struct BooleanLiteral {
    pub span: Span,
    pub value: bool,
}

#[ast]
#[repr(C)]
pub struct NullLiteral {
    pub span: Span,
}
