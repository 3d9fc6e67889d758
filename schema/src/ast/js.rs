//! Programs, statements and expressions.

use crate::arena::{Box, Span, Str, Vec};
use crate::ast;
use crate::ast::literal::*;

#[ast]
#[repr(C)]
pub struct Program<'a> {
    pub span: Span,
    pub source_type: SourceType,
    pub hashbang: Option<Str<'a>>,
    pub body: Vec<'a, Statement<'a>>,
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

#[ast]
#[repr(C)]
pub struct Comment<'a> {
    pub span: Span,
    pub kind: CommentKind,
    pub value: Str<'a>,
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
}

#[ast]
#[repr(C)]
pub struct ExpressionStatement<'a> {
    pub span: Span,
    pub expression: Expression<'a>,
    /// Acorn's `directive`: the raw text of a directive prologue entry, such as `"use strict"`.
    pub directive: Option<Str<'a>>,
}

#[ast]
#[repr(C)]
pub struct VariableDeclaration<'a> {
    pub span: Span,
    pub kind: VariableDeclarationKind,
    pub declarations: Vec<'a, VariableDeclarator<'a>>,
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
    BooleanLiteral(Box<'a, BooleanLiteral>) = 3,
    NullLiteral(Box<'a, NullLiteral>) = 4,
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
