//! JSX, as acorn-jsx emits it.

use crate::ast;
use crate::ast::js::Node;
use rawast_runtime::{Span, Str, Vec};

#[ast]
#[repr(C)]
pub struct JSXAttribute<'a> {
    pub span: Span,
    pub name: Node<'a>,
    pub value: Option<Node<'a>>,
}

#[ast]
#[repr(C)]
pub struct JSXClosingElement<'a> {
    pub span: Span,
    pub name: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct JSXClosingFragment {
    pub span: Span,
}

#[ast]
#[repr(C)]
pub struct JSXElement<'a> {
    pub span: Span,
    pub opening_element: Node<'a>,
    pub closing_element: Option<Node<'a>>,
    pub children: Vec<'a, Node<'a>>,
}

#[ast]
#[repr(C)]
pub struct JSXEmptyExpression {
    pub span: Span,
}

#[ast]
#[repr(C)]
pub struct JSXExpressionContainer<'a> {
    pub span: Span,
    pub expression: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct JSXFragment<'a> {
    pub span: Span,
    pub opening_fragment: Node<'a>,
    pub closing_fragment: Node<'a>,
    pub children: Vec<'a, Node<'a>>,
}

#[ast]
#[repr(C)]
pub struct JSXIdentifier<'a> {
    pub span: Span,
    pub name: Str<'a>,
}

#[ast]
#[repr(C)]
pub struct JSXMemberExpression<'a> {
    pub span: Span,
    pub object: Node<'a>,
    pub property: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct JSXNamespacedName<'a> {
    pub span: Span,
    pub namespace: Node<'a>,
    pub name: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct JSXOpeningElement<'a> {
    pub span: Span,
    pub attributes: Vec<'a, Node<'a>>,
    pub name: Node<'a>,
    pub self_closing: bool,
}

#[ast]
#[repr(C)]
pub struct JSXOpeningFragment<'a> {
    pub span: Span,
    pub attributes: Vec<'a, Node<'a>>,
    pub self_closing: bool,
}

#[ast]
#[repr(C)]
pub struct JSXSpreadAttribute<'a> {
    pub span: Span,
    pub argument: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct JSXText<'a> {
    pub span: Span,
    pub value: Str<'a>,
    pub raw: Str<'a>,
}

/// acorn-jsx reads text with acorn's literal reader, which adds `bigint` (the text itself) when
/// the text ends in `n`: `<a>fun</a>`. A struct of its own keeps both shapes exact.
#[ast]
#[repr(C)]
#[estree(type = "JSXText")]
pub struct JSXTextWithBigint<'a> {
    pub span: Span,
    pub value: Str<'a>,
    pub raw: Str<'a>,
    pub bigint: Str<'a>,
}
