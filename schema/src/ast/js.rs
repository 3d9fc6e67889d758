//! Programs, statements and expressions.

use crate::arena::{Box, Span, Str, Vec};
use crate::ast;
use crate::ast::literal::*;

#[ast]
#[repr(C)]
pub struct Program<'a> {
    pub span: Span,
    pub body: Vec<'a, Statement<'a>>,
    pub source_type: SourceType,
    /// Returned beside the AST, as acorn's `onComment` array.
    #[estree(skip)]
    pub comments: Vec<'a, Comment<'a>>,
}

#[ast]
#[repr(u8)]
pub enum SourceType {
    #[estree(rename = "script")]
    Script = 0,
    #[estree(rename = "module")]
    Module = 1,
}

/// A comment, as acorn's `onComment` reports it: `{ type, value, start, end }`.
#[ast]
#[repr(C)]
pub struct Comment<'a> {
    #[estree(rename = "type")]
    pub kind: CommentKind,
    pub value: Str<'a>,
    pub span: Span,
}

#[ast]
#[repr(u8)]
pub enum CommentKind {
    #[estree(rename = "Line")]
    Line = 0,
    #[estree(rename = "Block")]
    Block = 1,
}

#[ast]
#[repr(C, u8)]
pub enum Statement<'a> {
    ExpressionStatement(Box<'a, ExpressionStatement<'a>>) = 0,
    VariableDeclaration(Box<'a, VariableDeclaration<'a>>) = 1,
    ReturnStatement(Box<'a, ReturnStatement<'a>>) = 2,
    EmptyStatement(Box<'a, EmptyStatement>) = 3,
    Directive(Box<'a, Directive<'a>>) = 4,
}

#[ast]
#[repr(C)]
pub struct ExpressionStatement<'a> {
    pub span: Span,
    pub expression: Expression<'a>,
}

/// An entry of a directive prologue, such as `"use strict";`: acorn's `ExpressionStatement` with a
/// `directive` property (the raw text between the quotes), which other statements lack.
#[ast]
#[repr(C)]
#[estree(type = "ExpressionStatement")]
pub struct Directive<'a> {
    pub span: Span,
    pub expression: Expression<'a>,
    pub directive: Str<'a>,
}

#[ast]
#[repr(C)]
pub struct VariableDeclaration<'a> {
    pub span: Span,
    pub declarations: Vec<'a, VariableDeclarator<'a>>,
    pub kind: VariableDeclarationKind,
}

#[ast]
#[repr(u8)]
pub enum VariableDeclarationKind {
    #[estree(rename = "var")]
    Var = 0,
    #[estree(rename = "let")]
    Let = 1,
    #[estree(rename = "const")]
    Const = 2,
}

#[ast]
#[repr(C)]
pub struct VariableDeclarator<'a> {
    pub span: Span,
    pub id: Box<'a, Identifier<'a>>,
    pub init: Option<Expression<'a>>,
}

#[ast]
#[repr(C)]
pub struct ReturnStatement<'a> {
    pub span: Span,
    pub argument: Option<Expression<'a>>,
}

#[ast]
#[repr(C)]
pub struct EmptyStatement {
    pub span: Span,
}

#[ast]
#[repr(C, u8)]
pub enum Expression<'a> {
    Identifier(Box<'a, Identifier<'a>>) = 0,
    StringLiteral(Box<'a, StringLiteral<'a>>) = 1,
    NumericLiteral(Box<'a, NumericLiteral<'a>>) = 2,
    BooleanLiteral(Box<'a, BooleanLiteral<'a>>) = 3,
    NullLiteral(Box<'a, NullLiteral<'a>>) = 4,
    BinaryExpression(Box<'a, BinaryExpression<'a>>) = 5,
    ArrayExpression(Box<'a, ArrayExpression<'a>>) = 6,
}

#[ast]
#[repr(C)]
pub struct Identifier<'a> {
    pub span: Span,
    pub name: Str<'a>,
}

#[ast]
#[repr(C)]
pub struct BinaryExpression<'a> {
    pub span: Span,
    pub left: Expression<'a>,
    pub operator: BinaryOperator,
    pub right: Expression<'a>,
}

#[ast]
#[repr(u8)]
pub enum BinaryOperator {
    #[estree(rename = "+")]
    Addition = 0,
    #[estree(rename = "-")]
    Subtraction = 1,
    #[estree(rename = "*")]
    Multiplication = 2,
    #[estree(rename = "/")]
    Division = 3,
    #[estree(rename = "===")]
    StrictEquality = 4,
    #[estree(rename = "!==")]
    StrictInequality = 5,
}

#[ast]
#[repr(C)]
pub struct ArrayExpression<'a> {
    pub span: Span,
    /// `None` is a hole: `[a, , b]`.
    pub elements: Vec<'a, Option<Expression<'a>>>,
}
