//! Buffers built by `rawast_runtime::build`, read back byte by byte as a deserializer would:
//! metadata at the end, pointers turned into offsets with `base_low32`.

use std::mem::offset_of;

use rawast_runtime::{Allocator, ArenaFull, Source, SourcePlacement, Span, build};
use rawast_schema::ast::*;
use rawast_schema::constants::{BUFFER_FORMAT, FORMAT_VERSION, LAYOUT_FINGERPRINT, MAGIC, METADATA_SIZE, metadata};

const SOURCE: &str = "foo;\n// ünïcode";

/// `foo;` as a Program whose identifier name borrows from the source in the buffer.
fn build_program<'a>(allocator: &Allocator<'a>, source: Source<'a>) -> Result<*const u8, ArenaFull> {
    let name = source.slice(0..3);
    let identifier = allocator.alloc(Identifier { span: Span::new(0, 3), name })?;
    let statement =
        allocator.alloc(ExpressionStatement { span: Span::new(0, 4), expression: Node::Identifier(identifier) })?;
    let body = allocator.alloc_vec([Node::ExpressionStatement(statement)].into_iter())?;
    let comment =
        Comment { kind: CommentKind::Line, value: allocator.alloc_str(" ünïcode")?, span: Span::new(5, 15) };
    let comments = allocator.alloc_vec([comment].into_iter())?;
    let program =
        allocator.alloc(Program { span: Span::new(0, 15), source_type: SourceType::Script, body, comments })?;
    Ok(program.as_ptr().cast())
}

struct Reader<'b> {
    bytes: &'b [u8],
    base: u32,
}

impl Reader<'_> {
    fn u32(&self, offset: usize) -> u32 {
        u32::from_le_bytes(self.bytes[offset..offset + 4].try_into().unwrap())
    }

    /// A pointer field as an offset into the buffer (the low 32 bits suffice: buffers are < 4 GiB).
    fn pointer(&self, offset: usize) -> usize {
        let offset = self.u32(offset).wrapping_sub(self.base) as usize;
        assert!(offset < self.bytes.len(), "pointer outside the buffer");
        offset
    }

    fn metadata(&self, field: usize) -> u32 {
        self.u32(self.bytes.len() - METADATA_SIZE + field)
    }

    fn str(&self, offset: usize) -> &str {
        let start = self.pointer(offset);
        // The length follows the pointer (documented in `arena.rs`, asserted there).
        let len = self.u32(offset + size_of::<usize>()) as usize;
        std::str::from_utf8(&self.bytes[start..start + len]).unwrap()
    }
}

/// Reads the buffer back: metadata, then Program → body[0] → expression → identifier name, and the
/// comment text copied into the arena.
fn check(bytes: &[u8], placement: SourcePlacement) {
    let probe = Reader { bytes, base: 0 };
    let base = probe.metadata(metadata::BASE_LOW32);
    let r = Reader { bytes, base };
    assert_eq!(r.metadata(metadata::MAGIC), MAGIC);
    assert_eq!(&bytes[bytes.len() - METADATA_SIZE..][..4], b"RAST");
    assert_eq!(r.metadata(metadata::FORMAT_VERSION), FORMAT_VERSION);
    let fingerprint =
        u64::from(r.metadata(metadata::FINGERPRINT_LOW)) | (u64::from(r.metadata(metadata::FINGERPRINT_HIGH)) << 32);
    assert_eq!(fingerprint, LAYOUT_FINGERPRINT);
    assert_eq!(r.metadata(metadata::SOURCE_LEN) as usize, SOURCE.len());
    assert_eq!(
        r.metadata(metadata::SOURCE_ASCII_LEN) as usize,
        SOURCE.find('ü').unwrap(),
        "the ASCII prefix ends at the comment"
    );

    let source_start = r.metadata(metadata::SOURCE_START) as usize;
    assert_eq!(&bytes[source_start..source_start + SOURCE.len()], SOURCE.as_bytes());
    match placement {
        SourcePlacement::Start => assert_eq!(source_start, 0),
        SourcePlacement::End => assert!(source_start > 0 && source_start + SOURCE.len() + METADATA_SIZE <= bytes.len()),
    }

    let program = r.metadata(metadata::ROOT) as usize;
    assert_eq!(r.u32(program + offset_of!(Program, span) + 4), 15, "Program.span.end");
    let body = program + offset_of!(Program, body);
    assert_eq!(r.u32(body + size_of::<usize>()), 1, "one statement");
    let statement = r.pointer(body);
    let expression_statement = r.pointer(statement + 8);
    assert_eq!(r.u32(expression_statement + 4), 4, "ExpressionStatement.span.end");
    let expression = expression_statement + offset_of!(ExpressionStatement, expression);
    let identifier = r.pointer(expression + 8);
    assert_eq!(r.u32(identifier + 4), 3, "Identifier.span.end");
    assert_eq!(r.str(identifier + offset_of!(Identifier, name)), "foo");
    assert_eq!(r.pointer(identifier + offset_of!(Identifier, name)), source_start, "the name points into the source");

    let comments = program + offset_of!(Program, comments);
    let comment = r.pointer(comments);
    assert_eq!(r.str(comment + offset_of!(Comment, value)), " ünïcode");
}

#[test]
fn parser_layout_puts_the_source_first() {
    let buffer = build(SOURCE, SourcePlacement::Start, &BUFFER_FORMAT, 4096, build_program).unwrap();
    check(buffer.as_bytes(), SourcePlacement::Start);
}

#[test]
fn linter_layout_puts_the_source_last() {
    let buffer = build(SOURCE, SourcePlacement::End, &BUFFER_FORMAT, 4096, build_program).unwrap();
    check(buffer.as_bytes(), SourcePlacement::End);
}

/// A region too small at first is retried larger, and the buffer is sized to what was used.
#[test]
fn a_full_arena_is_retried_and_the_buffer_fits_the_ast() {
    for placement in [SourcePlacement::Start, SourcePlacement::End] {
        let mut attempts = 0;
        let small = build(SOURCE, placement, &BUFFER_FORMAT, 64, |allocator, source| {
            attempts += 1;
            build_program(allocator, source)
        })
        .unwrap();
        assert!(attempts > 1, "64 bytes cannot hold the AST, so the first attempt must fail");
        check(small.as_bytes(), placement);
        let large = build(SOURCE, placement, &BUFFER_FORMAT, 1 << 20, build_program).unwrap();
        assert_eq!(small.as_bytes().len(), large.as_bytes().len(), "the buffer size does not depend on the region's");
        assert!(large.as_bytes().len() < 512, "{} bytes for a tiny AST", large.as_bytes().len());
    }
}
