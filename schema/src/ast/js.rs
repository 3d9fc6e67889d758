//! Programs, statements, expressions, patterns, classes and modules: every ESTree node type acorn
//! emits for JavaScript (`schema/ESTREE.md` lists them with acorn's key order, which the field order
//! here follows). Node-valued fields are `Node`: acorn puts nodes of many types in the same position.

use crate::ast;
use crate::ast::jsx::*;
use crate::ast::literal::*;
use rawast_runtime::{Box, Span, Str, Vec};

#[ast]
#[repr(C)]
pub struct Program<'a> {
    pub span: Span,
    pub body: Vec<'a, Node<'a>>,
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

/// A comment, as acorn's `onComment` reports it: `{ type, value, start, end }`. A hashbang is a
/// `Line` comment too.
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

/// Every node type, for fields that hold a node: acorn puts different node types in the same
/// position (an expression, a pattern, a declaration), so one union serves them all.
#[ast]
#[repr(C, u8)]
pub enum Node<'a> {
    ArrayExpression(Box<'a, ArrayExpression<'a>>) = 0,
    ArrayPattern(Box<'a, ArrayPattern<'a>>) = 1,
    ArrowFunctionExpression(Box<'a, ArrowFunctionExpression<'a>>) = 2,
    AssignmentExpression(Box<'a, AssignmentExpression<'a>>) = 3,
    AssignmentPattern(Box<'a, AssignmentPattern<'a>>) = 4,
    AwaitExpression(Box<'a, AwaitExpression<'a>>) = 5,
    BinaryExpression(Box<'a, BinaryExpression<'a>>) = 6,
    BlockStatement(Box<'a, BlockStatement<'a>>) = 7,
    BreakStatement(Box<'a, BreakStatement<'a>>) = 8,
    CallExpression(Box<'a, CallExpression<'a>>) = 9,
    CatchClause(Box<'a, CatchClause<'a>>) = 10,
    ChainExpression(Box<'a, ChainExpression<'a>>) = 11,
    ClassBody(Box<'a, ClassBody<'a>>) = 12,
    ClassDeclaration(Box<'a, ClassDeclaration<'a>>) = 13,
    ClassExpression(Box<'a, ClassExpression<'a>>) = 14,
    ConditionalExpression(Box<'a, ConditionalExpression<'a>>) = 15,
    ContinueStatement(Box<'a, ContinueStatement<'a>>) = 16,
    DebuggerStatement(Box<'a, DebuggerStatement>) = 17,
    DoWhileStatement(Box<'a, DoWhileStatement<'a>>) = 18,
    EmptyStatement(Box<'a, EmptyStatement>) = 19,
    ExportAllDeclaration(Box<'a, ExportAllDeclaration<'a>>) = 20,
    ExportDefaultDeclaration(Box<'a, ExportDefaultDeclaration<'a>>) = 21,
    ExportNamedDeclaration(Box<'a, ExportNamedDeclaration<'a>>) = 22,
    ExportSpecifier(Box<'a, ExportSpecifier<'a>>) = 23,
    ExpressionStatement(Box<'a, ExpressionStatement<'a>>) = 24,
    ForInStatement(Box<'a, ForInStatement<'a>>) = 25,
    ForOfStatement(Box<'a, ForOfStatement<'a>>) = 26,
    ForStatement(Box<'a, ForStatement<'a>>) = 27,
    FunctionDeclaration(Box<'a, FunctionDeclaration<'a>>) = 28,
    FunctionExpression(Box<'a, FunctionExpression<'a>>) = 29,
    Identifier(Box<'a, Identifier<'a>>) = 30,
    IfStatement(Box<'a, IfStatement<'a>>) = 31,
    ImportAttribute(Box<'a, ImportAttribute<'a>>) = 32,
    ImportDeclaration(Box<'a, ImportDeclaration<'a>>) = 33,
    ImportDefaultSpecifier(Box<'a, ImportDefaultSpecifier<'a>>) = 34,
    ImportExpression(Box<'a, ImportExpression<'a>>) = 35,
    ImportNamespaceSpecifier(Box<'a, ImportNamespaceSpecifier<'a>>) = 36,
    ImportSpecifier(Box<'a, ImportSpecifier<'a>>) = 37,
    LabeledStatement(Box<'a, LabeledStatement<'a>>) = 38,
    LogicalExpression(Box<'a, LogicalExpression<'a>>) = 39,
    MemberExpression(Box<'a, MemberExpression<'a>>) = 40,
    MetaProperty(Box<'a, MetaProperty<'a>>) = 41,
    MethodDefinition(Box<'a, MethodDefinition<'a>>) = 42,
    NewExpression(Box<'a, NewExpression<'a>>) = 43,
    ObjectExpression(Box<'a, ObjectExpression<'a>>) = 44,
    ObjectPattern(Box<'a, ObjectPattern<'a>>) = 45,
    ParenthesizedExpression(Box<'a, ParenthesizedExpression<'a>>) = 46,
    PrivateIdentifier(Box<'a, PrivateIdentifier<'a>>) = 47,
    Property(Box<'a, Property<'a>>) = 48,
    PropertyDefinition(Box<'a, PropertyDefinition<'a>>) = 49,
    RestElement(Box<'a, RestElement<'a>>) = 50,
    ReturnStatement(Box<'a, ReturnStatement<'a>>) = 51,
    SequenceExpression(Box<'a, SequenceExpression<'a>>) = 52,
    SpreadElement(Box<'a, SpreadElement<'a>>) = 53,
    StaticBlock(Box<'a, StaticBlock<'a>>) = 54,
    Super(Box<'a, Super>) = 55,
    SwitchCase(Box<'a, SwitchCase<'a>>) = 56,
    SwitchStatement(Box<'a, SwitchStatement<'a>>) = 57,
    TaggedTemplateExpression(Box<'a, TaggedTemplateExpression<'a>>) = 58,
    TemplateElement(Box<'a, TemplateElement<'a>>) = 59,
    TemplateLiteral(Box<'a, TemplateLiteral<'a>>) = 60,
    ThisExpression(Box<'a, ThisExpression>) = 61,
    ThrowStatement(Box<'a, ThrowStatement<'a>>) = 62,
    TryStatement(Box<'a, TryStatement<'a>>) = 63,
    UnaryExpression(Box<'a, UnaryExpression<'a>>) = 64,
    UpdateExpression(Box<'a, UpdateExpression<'a>>) = 65,
    VariableDeclaration(Box<'a, VariableDeclaration<'a>>) = 66,
    VariableDeclarator(Box<'a, VariableDeclarator<'a>>) = 67,
    WhileStatement(Box<'a, WhileStatement<'a>>) = 68,
    WithStatement(Box<'a, WithStatement<'a>>) = 69,
    YieldExpression(Box<'a, YieldExpression<'a>>) = 70,
    Directive(Box<'a, Directive<'a>>) = 71,
    StringLiteral(Box<'a, StringLiteral<'a>>) = 72,
    NumericLiteral(Box<'a, NumericLiteral<'a>>) = 73,
    BooleanLiteral(Box<'a, BooleanLiteral<'a>>) = 74,
    NullLiteral(Box<'a, NullLiteral<'a>>) = 75,
    RegExpLiteral(Box<'a, RegExpLiteral<'a>>) = 76,
    BigIntLiteral(Box<'a, BigIntLiteral<'a>>) = 77,
    JSXAttribute(Box<'a, JSXAttribute<'a>>) = 78,
    JSXClosingElement(Box<'a, JSXClosingElement<'a>>) = 79,
    JSXClosingFragment(Box<'a, JSXClosingFragment>) = 80,
    JSXElement(Box<'a, JSXElement<'a>>) = 81,
    JSXEmptyExpression(Box<'a, JSXEmptyExpression>) = 82,
    JSXExpressionContainer(Box<'a, JSXExpressionContainer<'a>>) = 83,
    JSXFragment(Box<'a, JSXFragment<'a>>) = 84,
    JSXIdentifier(Box<'a, JSXIdentifier<'a>>) = 85,
    JSXMemberExpression(Box<'a, JSXMemberExpression<'a>>) = 86,
    JSXNamespacedName(Box<'a, JSXNamespacedName<'a>>) = 87,
    JSXOpeningElement(Box<'a, JSXOpeningElement<'a>>) = 88,
    JSXOpeningFragment(Box<'a, JSXOpeningFragment<'a>>) = 89,
    JSXSpreadAttribute(Box<'a, JSXSpreadAttribute<'a>>) = 90,
    JSXText(Box<'a, JSXText<'a>>) = 91,
    JSXTextWithBigint(Box<'a, JSXTextWithBigint<'a>>) = 92,
}

/// An entry of a directive prologue, such as `"use strict";`: acorn's `ExpressionStatement` with a
/// `directive` property (the raw text between the quotes), which other statements lack.
#[ast]
#[repr(C)]
#[estree(type = "ExpressionStatement")]
pub struct Directive<'a> {
    pub span: Span,
    pub expression: Node<'a>,
    pub directive: Str<'a>,
}

/// `TemplateElement.value`: `cooked` is `null` after an invalid escape (tagged templates only).
#[ast]
#[repr(C)]
pub struct TemplateElementValue<'a> {
    pub raw: Str<'a>,
    pub cooked: Option<Str<'a>>,
}

#[ast]
#[repr(C)]
pub struct ArrayExpression<'a> {
    pub span: Span,
    pub elements: Vec<'a, Option<Node<'a>>>,
}

#[ast]
#[repr(C)]
pub struct ArrayPattern<'a> {
    pub span: Span,
    pub elements: Vec<'a, Option<Node<'a>>>,
}

#[ast]
#[repr(C)]
pub struct ArrowFunctionExpression<'a> {
    pub span: Span,
    pub id: Option<Node<'a>>,
    pub expression: bool,
    pub generator: bool,
    #[estree(rename = "async")]
    pub is_async: bool,
    pub params: Vec<'a, Node<'a>>,
    pub body: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct AssignmentExpression<'a> {
    pub span: Span,
    pub operator: AssignmentOperator,
    pub left: Node<'a>,
    pub right: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct AssignmentPattern<'a> {
    pub span: Span,
    pub left: Node<'a>,
    pub right: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct AwaitExpression<'a> {
    pub span: Span,
    pub argument: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct BinaryExpression<'a> {
    pub span: Span,
    pub left: Node<'a>,
    pub operator: BinaryOperator,
    pub right: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct BlockStatement<'a> {
    pub span: Span,
    pub body: Vec<'a, Node<'a>>,
}

#[ast]
#[repr(C)]
pub struct BreakStatement<'a> {
    pub span: Span,
    pub label: Option<Node<'a>>,
}

#[ast]
#[repr(C)]
pub struct CallExpression<'a> {
    pub span: Span,
    pub callee: Node<'a>,
    pub arguments: Vec<'a, Node<'a>>,
    pub optional: bool,
}

#[ast]
#[repr(C)]
pub struct CatchClause<'a> {
    pub span: Span,
    pub param: Option<Node<'a>>,
    pub body: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct ChainExpression<'a> {
    pub span: Span,
    pub expression: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct ClassBody<'a> {
    pub span: Span,
    pub body: Vec<'a, Node<'a>>,
}

#[ast]
#[repr(C)]
pub struct ClassDeclaration<'a> {
    pub span: Span,
    pub id: Option<Node<'a>>,
    pub super_class: Option<Node<'a>>,
    pub body: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct ClassExpression<'a> {
    pub span: Span,
    pub id: Option<Node<'a>>,
    pub super_class: Option<Node<'a>>,
    pub body: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct ConditionalExpression<'a> {
    pub span: Span,
    pub test: Node<'a>,
    pub consequent: Node<'a>,
    pub alternate: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct ContinueStatement<'a> {
    pub span: Span,
    pub label: Option<Node<'a>>,
}

#[ast]
#[repr(C)]
pub struct DebuggerStatement {
    pub span: Span,
}

#[ast]
#[repr(C)]
pub struct DoWhileStatement<'a> {
    pub span: Span,
    pub body: Node<'a>,
    pub test: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct EmptyStatement {
    pub span: Span,
}

#[ast]
#[repr(C)]
pub struct ExportAllDeclaration<'a> {
    pub span: Span,
    pub exported: Option<Node<'a>>,
    pub source: Node<'a>,
    pub attributes: Vec<'a, Node<'a>>,
}

#[ast]
#[repr(C)]
pub struct ExportDefaultDeclaration<'a> {
    pub span: Span,
    pub declaration: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct ExportNamedDeclaration<'a> {
    pub span: Span,
    pub declaration: Option<Node<'a>>,
    pub specifiers: Vec<'a, Node<'a>>,
    pub source: Option<Node<'a>>,
    pub attributes: Vec<'a, Node<'a>>,
}

#[ast]
#[repr(C)]
pub struct ExportSpecifier<'a> {
    pub span: Span,
    pub local: Node<'a>,
    pub exported: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct ExpressionStatement<'a> {
    pub span: Span,
    pub expression: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct ForInStatement<'a> {
    pub span: Span,
    pub left: Node<'a>,
    pub right: Node<'a>,
    pub body: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct ForOfStatement<'a> {
    pub span: Span,
    #[estree(rename = "await")]
    pub is_await: bool,
    pub left: Node<'a>,
    pub right: Node<'a>,
    pub body: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct ForStatement<'a> {
    pub span: Span,
    pub init: Option<Node<'a>>,
    pub test: Option<Node<'a>>,
    pub update: Option<Node<'a>>,
    pub body: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct FunctionDeclaration<'a> {
    pub span: Span,
    pub id: Option<Node<'a>>,
    pub expression: bool,
    pub generator: bool,
    #[estree(rename = "async")]
    pub is_async: bool,
    pub params: Vec<'a, Node<'a>>,
    pub body: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct FunctionExpression<'a> {
    pub span: Span,
    pub id: Option<Node<'a>>,
    pub expression: bool,
    pub generator: bool,
    #[estree(rename = "async")]
    pub is_async: bool,
    pub params: Vec<'a, Node<'a>>,
    pub body: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct Identifier<'a> {
    pub span: Span,
    pub name: Str<'a>,
}

#[ast]
#[repr(C)]
pub struct IfStatement<'a> {
    pub span: Span,
    pub test: Node<'a>,
    pub consequent: Node<'a>,
    pub alternate: Option<Node<'a>>,
}

#[ast]
#[repr(C)]
pub struct ImportAttribute<'a> {
    pub span: Span,
    pub key: Node<'a>,
    pub value: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct ImportDeclaration<'a> {
    pub span: Span,
    pub specifiers: Vec<'a, Node<'a>>,
    pub source: Node<'a>,
    pub attributes: Vec<'a, Node<'a>>,
}

#[ast]
#[repr(C)]
pub struct ImportDefaultSpecifier<'a> {
    pub span: Span,
    pub local: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct ImportExpression<'a> {
    pub span: Span,
    pub source: Node<'a>,
    pub options: Option<Node<'a>>,
}

#[ast]
#[repr(C)]
pub struct ImportNamespaceSpecifier<'a> {
    pub span: Span,
    pub local: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct ImportSpecifier<'a> {
    pub span: Span,
    pub imported: Node<'a>,
    pub local: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct LabeledStatement<'a> {
    pub span: Span,
    pub body: Node<'a>,
    pub label: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct LogicalExpression<'a> {
    pub span: Span,
    pub left: Node<'a>,
    pub operator: LogicalOperator,
    pub right: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct MemberExpression<'a> {
    pub span: Span,
    pub object: Node<'a>,
    pub property: Node<'a>,
    pub computed: bool,
    pub optional: bool,
}

#[ast]
#[repr(C)]
pub struct MetaProperty<'a> {
    pub span: Span,
    pub meta: Node<'a>,
    pub property: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct MethodDefinition<'a> {
    pub span: Span,
    #[estree(rename = "static")]
    pub is_static: bool,
    pub computed: bool,
    pub key: Node<'a>,
    pub kind: MethodDefinitionKind,
    pub value: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct NewExpression<'a> {
    pub span: Span,
    pub callee: Node<'a>,
    pub arguments: Vec<'a, Node<'a>>,
}

#[ast]
#[repr(C)]
pub struct ObjectExpression<'a> {
    pub span: Span,
    pub properties: Vec<'a, Node<'a>>,
}

#[ast]
#[repr(C)]
pub struct ObjectPattern<'a> {
    pub span: Span,
    pub properties: Vec<'a, Node<'a>>,
}

#[ast]
#[repr(C)]
pub struct ParenthesizedExpression<'a> {
    pub span: Span,
    pub expression: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct PrivateIdentifier<'a> {
    pub span: Span,
    pub name: Str<'a>,
}

#[ast]
#[repr(C)]
pub struct Property<'a> {
    pub span: Span,
    pub method: bool,
    pub shorthand: bool,
    pub computed: bool,
    pub key: Node<'a>,
    pub value: Node<'a>,
    pub kind: PropertyKind,
}

#[ast]
#[repr(C)]
pub struct PropertyDefinition<'a> {
    pub span: Span,
    #[estree(rename = "static")]
    pub is_static: bool,
    pub computed: bool,
    pub key: Node<'a>,
    pub value: Option<Node<'a>>,
}

#[ast]
#[repr(C)]
pub struct RestElement<'a> {
    pub span: Span,
    pub argument: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct ReturnStatement<'a> {
    pub span: Span,
    pub argument: Option<Node<'a>>,
}

#[ast]
#[repr(C)]
pub struct SequenceExpression<'a> {
    pub span: Span,
    pub expressions: Vec<'a, Node<'a>>,
}

#[ast]
#[repr(C)]
pub struct SpreadElement<'a> {
    pub span: Span,
    pub argument: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct StaticBlock<'a> {
    pub span: Span,
    pub body: Vec<'a, Node<'a>>,
}

#[ast]
#[repr(C)]
pub struct Super {
    pub span: Span,
}

#[ast]
#[repr(C)]
pub struct SwitchCase<'a> {
    pub span: Span,
    pub consequent: Vec<'a, Node<'a>>,
    pub test: Option<Node<'a>>,
}

#[ast]
#[repr(C)]
pub struct SwitchStatement<'a> {
    pub span: Span,
    pub discriminant: Node<'a>,
    pub cases: Vec<'a, Node<'a>>,
}

#[ast]
#[repr(C)]
pub struct TaggedTemplateExpression<'a> {
    pub span: Span,
    pub tag: Node<'a>,
    pub quasi: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct TemplateElement<'a> {
    pub span: Span,
    pub value: TemplateElementValue<'a>,
    pub tail: bool,
}

#[ast]
#[repr(C)]
pub struct TemplateLiteral<'a> {
    pub span: Span,
    pub expressions: Vec<'a, Node<'a>>,
    pub quasis: Vec<'a, Node<'a>>,
}

#[ast]
#[repr(C)]
pub struct ThisExpression {
    pub span: Span,
}

#[ast]
#[repr(C)]
pub struct ThrowStatement<'a> {
    pub span: Span,
    pub argument: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct TryStatement<'a> {
    pub span: Span,
    pub block: Node<'a>,
    pub handler: Option<Node<'a>>,
    pub finalizer: Option<Node<'a>>,
}

#[ast]
#[repr(C)]
pub struct UnaryExpression<'a> {
    pub span: Span,
    pub operator: UnaryOperator,
    pub prefix: bool,
    pub argument: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct UpdateExpression<'a> {
    pub span: Span,
    pub operator: UpdateOperator,
    pub prefix: bool,
    pub argument: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct VariableDeclaration<'a> {
    pub span: Span,
    pub declarations: Vec<'a, Node<'a>>,
    pub kind: VariableDeclarationKind,
}

#[ast]
#[repr(C)]
pub struct VariableDeclarator<'a> {
    pub span: Span,
    pub id: Node<'a>,
    pub init: Option<Node<'a>>,
}

#[ast]
#[repr(C)]
pub struct WhileStatement<'a> {
    pub span: Span,
    pub test: Node<'a>,
    pub body: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct WithStatement<'a> {
    pub span: Span,
    pub object: Node<'a>,
    pub body: Node<'a>,
}

#[ast]
#[repr(C)]
pub struct YieldExpression<'a> {
    pub span: Span,
    pub delegate: bool,
    pub argument: Option<Node<'a>>,
}

/// `AssignmentExpression.operator`.
#[ast]
#[repr(u8)]
pub enum AssignmentOperator {
    #[estree(rename = "=")]
    Assign = 0,
    #[estree(rename = "+=")]
    Addition = 1,
    #[estree(rename = "-=")]
    Subtraction = 2,
    #[estree(rename = "*=")]
    Multiplication = 3,
    #[estree(rename = "/=")]
    Division = 4,
    #[estree(rename = "%=")]
    Remainder = 5,
    #[estree(rename = "<<=")]
    ShiftLeft = 6,
    #[estree(rename = ">>=")]
    ShiftRight = 7,
    #[estree(rename = ">>>=")]
    ShiftRightZeroFill = 8,
    #[estree(rename = "|=")]
    BitwiseOr = 9,
    #[estree(rename = "^=")]
    BitwiseXor = 10,
    #[estree(rename = "&=")]
    BitwiseAnd = 11,
    #[estree(rename = "**=")]
    Exponential = 12,
    #[estree(rename = "||=")]
    LogicalOr = 13,
    #[estree(rename = "&&=")]
    LogicalAnd = 14,
    #[estree(rename = "??=")]
    LogicalNullish = 15,
}

/// `BinaryExpression.operator`.
#[ast]
#[repr(u8)]
pub enum BinaryOperator {
    #[estree(rename = "==")]
    Equality = 0,
    #[estree(rename = "!=")]
    Inequality = 1,
    #[estree(rename = "===")]
    StrictEquality = 2,
    #[estree(rename = "!==")]
    StrictInequality = 3,
    #[estree(rename = "<")]
    LessThan = 4,
    #[estree(rename = "<=")]
    LessEqualThan = 5,
    #[estree(rename = ">")]
    GreaterThan = 6,
    #[estree(rename = ">=")]
    GreaterEqualThan = 7,
    #[estree(rename = "<<")]
    ShiftLeft = 8,
    #[estree(rename = ">>")]
    ShiftRight = 9,
    #[estree(rename = ">>>")]
    ShiftRightZeroFill = 10,
    #[estree(rename = "+")]
    Addition = 11,
    #[estree(rename = "-")]
    Subtraction = 12,
    #[estree(rename = "*")]
    Multiplication = 13,
    #[estree(rename = "/")]
    Division = 14,
    #[estree(rename = "%")]
    Remainder = 15,
    #[estree(rename = "|")]
    BitwiseOr = 16,
    #[estree(rename = "^")]
    BitwiseXor = 17,
    #[estree(rename = "&")]
    BitwiseAnd = 18,
    #[estree(rename = "in")]
    In = 19,
    #[estree(rename = "instanceof")]
    Instanceof = 20,
    #[estree(rename = "**")]
    Exponential = 21,
}

/// `LogicalExpression.operator`.
#[ast]
#[repr(u8)]
pub enum LogicalOperator {
    #[estree(rename = "||")]
    Or = 0,
    #[estree(rename = "&&")]
    And = 1,
    #[estree(rename = "??")]
    Coalesce = 2,
}

/// `UnaryExpression.operator`.
#[ast]
#[repr(u8)]
pub enum UnaryOperator {
    #[estree(rename = "-")]
    Minus = 0,
    #[estree(rename = "+")]
    Plus = 1,
    #[estree(rename = "!")]
    Not = 2,
    #[estree(rename = "~")]
    BitwiseNot = 3,
    #[estree(rename = "typeof")]
    Typeof = 4,
    #[estree(rename = "void")]
    Void = 5,
    #[estree(rename = "delete")]
    Delete = 6,
}

/// `UpdateExpression.operator`.
#[ast]
#[repr(u8)]
pub enum UpdateOperator {
    #[estree(rename = "++")]
    Increment = 0,
    #[estree(rename = "--")]
    Decrement = 1,
}

/// `VariableDeclaration.kind`.
#[ast]
#[repr(u8)]
pub enum VariableDeclarationKind {
    #[estree(rename = "var")]
    Var = 0,
    #[estree(rename = "let")]
    Let = 1,
    #[estree(rename = "const")]
    Const = 2,
    #[estree(rename = "using")]
    Using = 3,
    #[estree(rename = "await using")]
    AwaitUsing = 4,
}

/// `MethodDefinition.kind`.
#[ast]
#[repr(u8)]
pub enum MethodDefinitionKind {
    #[estree(rename = "constructor")]
    Constructor = 0,
    #[estree(rename = "method")]
    Method = 1,
    #[estree(rename = "get")]
    Get = 2,
    #[estree(rename = "set")]
    Set = 3,
}

/// `Property.kind`.
#[ast]
#[repr(u8)]
pub enum PropertyKind {
    #[estree(rename = "init")]
    Init = 0,
    #[estree(rename = "get")]
    Get = 1,
    #[estree(rename = "set")]
    Set = 2,
}
