//! The root of oxc-parser's raw transfer buffers and the types only it uses, as oxc-parser 0.157.0
//! defines them in its napi crate (`napi/parser/src/raw_transfer_types.rs` in oxc's repository),
//! which is not published: described here with oxc's `#[ast]` macro so that rustc lays them out as
//! oxc-parser does, and rawast's layout checks (`generated/rust/assert_layouts.rs`) cover them too.
//! The fields and `#[estree]` attributes are oxc's; the conversions from oxc's types are left out, and so is
//! `#[generate_derive(ESTree)]`, which asks for oxc's JSON serializer (rawast reads the buffer instead).

use oxc_allocator::ArenaVec;
use oxc_ast::ast::{Comment, Program};
use oxc_ast_macros::ast;
use oxc_span::Span;
use oxc_str::Str;
use oxc_syntax::module_record::{DynamicImport, ExportEntry, ImportEntry, NameSpan};

/// What oxc-parser's buffer holds at `data_offset`.
#[ast]
#[estree(no_type, no_ts_def)]
pub struct RawTransferData<'a> {
    pub program: Program<'a>,
    pub comments: ArenaVec<'a, Comment>,
    pub module: EcmaScriptModule<'a>,
    pub errors: ArenaVec<'a, Error<'a>>,
}

/// The metadata at the end of the buffer.
#[ast]
pub struct RawTransferMetadata {
    /// Offset of `RawTransferData` within the buffer.
    pub data_offset: u32,
    /// Whether the AST is TypeScript.
    pub is_ts: bool,
    /// Always `false` in the parser (the linter's).
    pub is_jsx: bool,
    /// Always `false` in the parser (the linter's).
    pub has_bom: bool,
    /// Offset of the lexer's tokens within the buffer.
    pub tokens_offset: u32,
    /// Number of tokens.
    pub tokens_len: u32,
}

#[ast]
#[estree(no_type, no_ts_def)]
pub struct Error<'a> {
    pub severity: ErrorSeverity,
    pub message: Str<'a>,
    pub labels: ArenaVec<'a, ErrorLabel<'a>>,
    pub help_message: Option<Str<'a>>,
    pub codeframe: Str<'a>,
}

#[ast]
#[derive(Clone, Copy)]
#[estree(no_rename_variants, no_ts_def)]
pub enum ErrorSeverity {
    Error = 0,
    Warning = 1,
    Advice = 2,
}

#[ast]
#[estree(no_type, no_ts_def)]
pub struct ErrorLabel<'a> {
    pub message: Option<Str<'a>>,
    pub span: Span,
}

#[ast]
#[estree(no_type, no_ts_def)]
pub struct EcmaScriptModule<'a> {
    pub has_module_syntax: bool,
    pub static_imports: ArenaVec<'a, StaticImport<'a>>,
    pub static_exports: ArenaVec<'a, StaticExport<'a>>,
    pub dynamic_imports: ArenaVec<'a, DynamicImport>,
    pub import_metas: ArenaVec<'a, Span>,
}

#[ast]
#[estree(no_type, no_ts_def)]
pub struct StaticImport<'a> {
    pub span: Span,
    pub module_request: NameSpan<'a>,
    pub entries: ArenaVec<'a, ImportEntry<'a>>,
}

#[ast]
#[estree(no_type, no_ts_def)]
pub struct StaticExport<'a> {
    pub span: Span,
    pub entries: ArenaVec<'a, ExportEntry<'a>>,
}
