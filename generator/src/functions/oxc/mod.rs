//! The functions of deserializers of oxc-parser's own raw transfer buffers (targets with
//! `format = "oxc"`), which return what oxc's generated deserializers return, from oxc's schema as
//! it is: [`write_functions`] writes those the root `RawTransferData` and the walker reach.
//!
//! What each type becomes in JS is the model's (`model::oxc`, for the target's output variant), and
//! the functions are written with the building blocks rawast's own format uses (`Builder`,
//! `templates/js/function.js`). What is oxc's alone: each function is written once (`emitter`);
//! the `raw_deser` JS of the converters that `via` and `add_fields` name is rendered by [`snippet`]
//! and its calls placed by [`nesting`] (`convert`); a struct's properties that a snippet reads
//! through `THIS.name` are read first (`bodies`).

mod bodies;
mod convert;
mod emitter;
mod nesting;
mod node_literal;
mod scan;
pub(crate) mod snippet;

use askama::Template;

use self::emitter::{Emitter, Problem};
use self::snippet::Flags;
use super::builder::Builder;
use super::format::RuntimeFormat;
use super::function::{Body, Function};
use super::walker::{Build, WalkEntry, WalkSource, WalkerView, walker};
use crate::config::{OxcSettings, Target};
use crate::context::EmitContext;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::error::Error;
use crate::ir::{MetaId, TypeId, TypeRef};

/// The metadata oxc-parser writes after the active region of its buffer.
const METADATA: &str = "RawTransferMetadata";

/// A target's functions, written: what its modules are rendered from.
pub struct OxcFunctions {
    /// Each function's code, in name order.
    pub(crate) functions: Vec<String>,
    /// The root's function.
    pub(crate) root_fn: String,
    /// Some `Box` is read first where the JS stack runs out (`Emitter::read_first_in_nesting_cycles`):
    /// reads from the top of the stack go through `readFromTop`.
    pub(crate) read_first: bool,
    /// The size of the metadata, and where in it the active region's offset is.
    pub(crate) metadata_size: u32,
    pub(crate) data_offset_field: u32,
    /// Oxlint's buffers (`linter = true`): what its runtime reads.
    pub(crate) linter: Option<LinterView>,
}

/// Writes the functions of `target`'s deserializer, with its walker, where it has one, whose builds
/// are among them; `cx.model` is the model of the target's output variant. A schema oxc's buffers
/// cannot be read by is an input error.
pub(crate) fn write_functions(
    cx: &EmitContext,
    target: &Target,
    settings: &OxcSettings,
    root: TypeId,
) -> Result<(OxcFunctions, Option<WalkerView>), Error> {
    let fail = |problem| failure(target, problem);
    let (walker, walk_builds) = target_walker(cx, settings, root).unzip();
    let walk_builds = walk_builds.unwrap_or_default();
    let Written { emitter, metadata, root_fn } = write(cx, settings, root, &walk_builds).map_err(fail)?;
    let in_schema = |message| fail(Problem::Schema(message));
    nesting::check_cycles(&emitter.calls).map_err(in_schema)?;
    let data_offset_field = emitter.field_offset(metadata, 0, &["data_offset"]).map_err(in_schema)?;
    let linter = if settings.linter { Some(LinterView::of(cx, &emitter, root, metadata).map_err(fail)?) } else { None };
    let functions = OxcFunctions {
        read_first: !emitter.read_first.is_empty(),
        functions: emitter.functions_without_unused_constructors(),
        root_fn,
        metadata_size: cx.layout64.get(metadata).layout.size,
        data_offset_field,
        linter,
    };
    Ok((functions, walker))
}

/// One function, as `templates/js/function.js` writes it for every format: the emitter checks
/// each function's calls against its code (`nesting::check_recorded`).
#[derive(Template)]
#[template(path = "js/function.js", escape = "none")]
struct FunctionJs<'f> {
    function: &'f Function,
    format: RuntimeFormat,
}

/// A node constructor (`function::Prototype`), shared by the functions that make its shape.
#[derive(Template)]
#[template(path = "js/node_constructor.js", escape = "none")]
struct NodeConstructorJs<'c> {
    name: &'c str,
    /// The nodes' `type`, or the first function's type where they have no constant one.
    node_type: &'c str,
    prototype: &'c str,
    made: &'c super::function::Construction,
}

/// What Oxlint's runtime (`templates/js/oxlint_runtime.js`) reads of the program: where its source
/// text and comments are (`&str` and `Vec`: a pointer, then the length at +8), and a comment's size
/// and where its kind is.
pub struct LinterView {
    pub(crate) source_text_field: u32,
    pub(crate) comments_field: u32,
    pub(crate) comment_size: u32,
    pub(crate) comment_kind_field: u32,
    /// The metadata's `tokens_offset` and `tokens_len`.
    pub(crate) tokens_offset_field: u32,
    pub(crate) tokens_len_field: u32,
}

/// What a walk of oxc's buffers builds whole: the deserializer's functions, which it names and
/// records (`readers`) for the deserializer to write.
struct WalkBuilds<'e, 's> {
    emitter: &'e Emitter<'s>,
    readers: Vec<emitter::Reader>,
}

impl WalkBuilds<'_, '_> {
    fn build_with(&mut self, reader: emitter::Reader) -> Build {
        let function = self.emitter.reader_name(&reader);
        self.readers.push(reader);
        Build { call: format!("buildWhole({function}, pos)"), functions: vec!["buildWhole".to_owned(), function] }
    }
}

impl<'s> WalkSource<'s> for WalkBuilds<'_, 's> {
    fn builder(&self) -> &Builder<'s> {
        &self.emitter.builder
    }

    fn build(&mut self, ty: &TypeRef) -> Build {
        self.build_with(emitter::Reader::Value(ty.clone()))
    }

    fn build_property(&mut self, id: TypeId, key: &str) -> Build {
        self.build_with(emitter::Reader::Property(id, key.to_owned()))
    }

    fn converter_reads(
        &mut self,
        converter: MetaId,
        within: Option<(TypeId, u32)>,
        object: Option<TypeId>,
    ) -> Option<Vec<(TypeRef, u32)>> {
        self.emitter.converter_reads_at(converter, within, object)
    }
}

/// The walker of a target's tree from `root`, with the readers of the deserializer's functions
/// its builds call, in the order it names them; `None` where the target has no walker.
fn target_walker(cx: &EmitContext, settings: &OxcSettings, root: TypeId) -> Option<(WalkerView, Vec<emitter::Reader>)> {
    let emitter = Emitter::new(cx, Flags::of(settings));
    let mut builds = WalkBuilds { emitter: &emitter, readers: Vec::new() };
    let walker = walker(&mut builds, cx, &TypeRef::Named(root), walk_entry(settings))?;
    Some((walker, builds.readers))
}

/// What the schema makes impossible is the user's to fix (a diagnostic); the rest is a bug.
fn failure(target: &Target, problem: Problem) -> Error {
    match problem {
        Problem::Internal(_) | Problem::Unrendered { .. } => {
            Error::Render { template: "js/function.js".to_owned(), message: problem.to_string() }
        }
        problem => Error::Input(Diagnostics(vec![Diagnostic::new(format!("target `{}`: {problem}", target.name))])),
    }
}

/// A deserializer's functions written from its root.
struct Written<'s> {
    emitter: Emitter<'s>,
    metadata: TypeId,
    /// The root's function.
    root_fn: String,
}

/// Writes every function the root (the type at the root of the target's buffers) and the walker's
/// builds (`walk_builds`) reach, each once: with the `Box`es that an enum's case or an `Option`
/// holds read in place, but those on a cycle with no place to stop, whose callers are written
/// again to call them, and which are then written to read first where the JS stack runs out
/// (`check_cycles` checks that every cycle has a place to stop).
fn write<'s>(
    cx: &'s EmitContext<'s>,
    settings: &OxcSettings,
    root: TypeId,
    walk_builds: &[emitter::Reader],
) -> Result<Written<'s>, Problem> {
    let mut emitter = Emitter::new(cx, Flags::of(settings));
    let metadata = emitter.named(METADATA)?;
    let root_fn = emitter.deserializer(&TypeRef::Named(root));
    for reader in walk_builds {
        emitter.register(reader.clone());
    }
    emitter.run()?;
    emitter.call_boxes_in_nesting_cycles()?;
    emitter.read_first_in_nesting_cycles()?;
    Ok(Written { emitter, metadata, root_fn })
}

/// How the walker of oxc-parser's buffers (Oxlint's) starts and ends.
fn walk_entry(settings: &OxcSettings) -> WalkEntry {
    let linter = settings.linter;
    WalkEntry {
        // In the `parent` variants and Oxlint's, a node's `parent` holds the whole tree.
        whole_tree: settings.parent || linter,
        looks_into_built: true,
        params: if linter { "buffer" } else { "buffer, sourceText, sourceStartPos, sourceByteLen" }.to_owned(),
        buffer_doc: format!(
            "the buffer, as `deserialize` takes it{}",
            if linter { "" } else { " (and its other arguments)" }
        ),
        lazy: false,
        // oxc's spans count UTF-16 units, the caller's `sourceText`'s (Oxlint's: decoded by `setUp`).
        words: true,
        few_strings: true,
        comments_outside_ast: linter,
    }
}

impl LinterView {
    /// Where Oxlint's runtime finds the program's source text and comments, from the layouts.
    fn of(cx: &EmitContext, emitter: &Emitter, root: TypeId, metadata: TypeId) -> Result<Self, Problem> {
        let comment = emitter.named("Comment")?;
        let field = |id, path: &[&str]| emitter.field_offset(id, 0, path).map_err(Problem::Schema);
        Ok(LinterView {
            source_text_field: field(root, &["source_text"])?,
            comments_field: field(root, &["comments"])?,
            comment_size: cx.layout64.get(comment).layout.size,
            comment_kind_field: field(comment, &["kind"])?,
            tokens_offset_field: field(metadata, &["tokens_offset"])?,
            tokens_len_field: field(metadata, &["tokens_len"])?,
        })
    }
}
