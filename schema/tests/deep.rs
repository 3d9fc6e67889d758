//! ASTs 100,000 levels deep, built directly in Rust (acorn and `JSON.stringify` overflow their
//! stacks on them). Writes their buffers to `target/deep/` for `tests/deep.test.js`, which checks that
//! both deserializers return the whole tree, and refuse a buffer that would expand without bound.

use std::path::PathBuf;

use rawast_runtime::{Allocator, ArenaFull, Source, SourcePlacement, Span, Vec, build};
use rawast_schema::ast::*;
use rawast_schema::constants::BUFFER_FORMAT;

const DEPTH: usize = 100_000;

fn program<'a>(allocator: &Allocator<'a>, source: Source<'a>, expression: Node<'a>) -> Result<*const u8, ArenaFull> {
    let statement = allocator.alloc(ExpressionStatement { span: Span::new(0, source.len() as u32), expression })?;
    let body = allocator.alloc_vec([Node::ExpressionStatement(statement)].into_iter())?;
    let program = allocator.alloc(Program {
        span: Span::new(0, source.len() as u32),
        body,
        source_type: SourceType::Script,
        comments: Vec::new(),
    })?;
    Ok(program.as_ptr().cast())
}

/// `a+a+…+a`: each `BinaryExpression` is the left operand of the next.
fn chain<'a>(allocator: &Allocator<'a>, source: Source<'a>) -> Result<*const u8, ArenaFull> {
    let identifier = |at: usize| {
        allocator.alloc(Identifier { span: Span::new(at as u32, at as u32 + 1), name: source.slice(at..at + 1) })
    };
    let mut expression = Node::Identifier(identifier(0)?);
    for term in 1..DEPTH {
        let right = Node::Identifier(identifier(2 * term)?);
        let span = Span::new(0, 2 * term as u32 + 1);
        expression = Node::BinaryExpression(allocator.alloc(BinaryExpression {
            span,
            left: expression,
            operator: BinaryOperator::Addition,
            right,
        })?);
    }
    program(allocator, source, expression)
}

/// `[[[…]]]`: each array the only element of the next.
fn arrays<'a>(allocator: &Allocator<'a>, source: Source<'a>) -> Result<*const u8, ArenaFull> {
    let inner_start = DEPTH as u32 - 1;
    let mut array =
        allocator.alloc(ArrayExpression { span: Span::new(inner_start, inner_start + 2), elements: Vec::new() })?;
    for level in 1..DEPTH as u32 {
        let elements = allocator.alloc_vec([Some(Node::ArrayExpression(array))].into_iter())?;
        array = allocator
            .alloc(ArrayExpression { span: Span::new(inner_start - level, inner_start + 2 + level), elements })?;
    }
    program(allocator, source, Node::ArrayExpression(array))
}

/// A corrupt-looking buffer: 64 levels whose two operands are the same node, a tree of 2^64 nodes in
/// a few kilobytes. A deserializer must refuse it rather than try to build it.
fn shared<'a>(allocator: &Allocator<'a>, source: Source<'a>) -> Result<*const u8, ArenaFull> {
    let mut expression =
        Node::Identifier(allocator.alloc(Identifier { span: Span::new(0, 1), name: source.slice(0..1) })?);
    for _ in 0..64 {
        // SAFETY: the copy points to the same arena value; nothing is ever freed or mutated.
        let same = unsafe { std::ptr::read(&expression) };
        let span = Span::new(0, 1);
        expression = Node::BinaryExpression(allocator.alloc(BinaryExpression {
            span,
            left: expression,
            operator: BinaryOperator::Addition,
            right: same,
        })?);
    }
    program(allocator, source, expression)
}

#[test]
fn deep_buffers_are_built_without_recursion() {
    let out = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/deep");
    std::fs::create_dir_all(&out).unwrap();
    let chain_source = vec!["a"; DEPTH].join("+");
    let arrays_source = format!("{}{}", "[".repeat(DEPTH), "]".repeat(DEPTH));
    for (layout, placement) in [("parser", SourcePlacement::Start), ("linter", SourcePlacement::End)] {
        let buffer = build(&chain_source, placement, &BUFFER_FORMAT, 1 << 16, chain).unwrap();
        // Each level holds at least a BinaryExpression and an Identifier.
        assert!(buffer.as_bytes().len() > DEPTH * 64, "{} bytes", buffer.as_bytes().len());
        std::fs::write(out.join(format!("chain.{layout}.bin")), buffer.as_bytes()).unwrap();
        let buffer = build(&arrays_source, placement, &BUFFER_FORMAT, 1 << 16, arrays).unwrap();
        std::fs::write(out.join(format!("arrays.{layout}.bin")), buffer.as_bytes()).unwrap();
        let buffer = build("a", placement, &BUFFER_FORMAT, 1 << 16, shared).unwrap();
        std::fs::write(out.join(format!("shared.{layout}.bin")), buffer.as_bytes()).unwrap();
    }
}
