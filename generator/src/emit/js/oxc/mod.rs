//! Deserializers of oxc-parser's own raw transfer buffers (targets with `format = "oxc"`), which
//! return what oxc's generated deserializers return, from oxc's schema as it is.
//!
//! What each type becomes in JS is the model's (`model::oxc`: oxc's `#[estree(...)]`, `#[ts]` and
//! `#[js_only]` rules, for the target's output variant), and the functions are written with the
//! building blocks rawast's own format uses (`Builder`, `templates/js/function.js`). What is oxc's
//! alone: the functions are those the root `RawTransferData` reaches, each once (`emitter`); the
//! `raw_deser` JS of the `#[ast_meta]` converters that `via` and `add_fields` name is rendered by
//! [`snippet`] and its calls placed by [`nesting`] (`convert`); a struct's properties that a
//! snippet reads through `THIS.name` are read first (`bodies`).

mod bodies;
mod convert;
mod emitter;
mod nesting;
mod node_literal;
mod scan;
pub mod snippet;

use std::collections::BTreeSet;

use askama::Template;

use self::emitter::{Emitter, Problem};
use self::snippet::Flags;
use super::Builder;
use super::function::{Body, Function};
use super::views::{View, render_checked, views};
use super::walk_module::{self, WalkInternals};
use super::walker::{Build, WalkEntry, WalkSource, WalkerView, visitor_keys, walker};
use crate::config::{OxcSettings, SourceText, Target};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::emit::context::EmitContext;
use crate::error::Error;
use crate::ir::{MetaId, TypeId, TypeRef};
use crate::model::Model;

/// The metadata oxc-parser writes after the active region of its buffer.
const METADATA: &str = "RawTransferMetadata";
/// The views oxc's own code reads through: its strings and budget (`int32`), its converters.
const OXC_VIEWS: [&str; 2] = ["int32", "float64"];

const TEMPLATE: &str = "js/oxc_deserialize.js";

#[derive(Template)]
#[template(path = "js/oxc_deserialize.js", escape = "none")]
struct OxcDeserializeJs {
    header: String,
    target: String,
    variant: String,
    /// `{ program, comments, … }`: the root's keys.
    result_shape: String,
    metadata_size: u32,
    data_offset_field: u32,
    /// The size of the root, `RawTransferData`.
    root_size: u32,
    root: String,
    views: Vec<View>,
    /// Each function, rendered (`FunctionJs`), in name order.
    functions: Vec<String>,
    /// Read by the shared `js/deferred.js`: every node's `parent` (oxc's `PARENT`).
    parent_links: bool,
    /// Oxlint's buffers and output (`linter = true`): `linter` has what its runtime reads.
    linter: Option<LinterView>,
    /// Read by the shared `js/deferred.js`: the parent is the variable `parent`.
    parent_global: bool,
    /// Read by the shared `js/deferred.js`: the program's `comments` and `tokens` are getters
    /// (Oxlint's output), which resolving `Deferred`s must not call.
    program_getters: bool,
    /// Some `Box` is read first where the JS stack runs out (`Emitter::read_first_in_nesting_cycles`):
    /// reads from the top of the stack go through `readFromTop`.
    read_first: bool,
    /// `source_text = "buffer"`: every string from the buffer, the caller's text only checked.
    source_from_buffer: bool,
    /// What its walker (`walk.js`, `emit/js/walker/`) takes from it.
    walk_internals: Option<WalkInternals>,
    /// Its walker's `beginWalk` takes `fewStrings` ([`super::walker::WalkerView::takes_few_strings`]).
    walk_few_strings: bool,
    visitor_keys: Vec<(String, String)>,
    discriminator: String,
    /// Some function reads a `bool`, whose other bytes it refuses (`readBool`).
    reads_bool: bool,
    /// Some function reads an `Option` with a tag, whose tags other than 0 and 1 it refuses
    /// (`invalidOptionTag`).
    reads_option_tag: bool,
}

impl OxcDeserializeJs {
    /// Whether its walk sets `fewStrings`: it skips by words.
    fn few_strings(&self) -> bool {
        self.walk_few_strings
    }

    /// What writes the buffers it reads, as its checks' messages name it.
    fn buffer_writer(&self) -> &'static str {
        if self.linter.is_some() { "Oxlint" } else { "oxc-parser" }
    }
}

/// One function, as `templates/js/function.js` writes it for every format: the emitter checks
/// each function's calls against its code (`nesting::check_recorded`).
#[derive(Template)]
#[template(path = "js/function.js", escape = "none")]
struct FunctionJs<'f> {
    function: &'f Function,
    /// Read by the shared template: oxc's deserializers are eager.
    lazy: bool,
    /// oxc's `parent` variants: the parent node is a variable, `parent`, that each node with
    /// children sets while they are read (oxc's converters set it too), not an argument.
    parent_global: bool,
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
struct LinterView {
    source_text_field: u32,
    comments_field: u32,
    comment_size: u32,
    comment_kind_field: u32,
    /// The metadata's `tokens_offset` and `tokens_len`.
    tokens_offset_field: u32,
    tokens_len_field: u32,
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

/// The walker's module, `walk.js`, where the target has a walker.
pub fn emit_walk(
    cx: &EmitContext,
    target: &Target,
    settings: &OxcSettings,
    root: TypeId,
) -> Result<Option<String>, Error> {
    let Some((walker, _)) = target_walker(cx, settings, root) else { return Ok(None) };
    let views = views(cx.schema, cx.layout64, &OXC_VIEWS);
    walk_module::emit(cx.header(), &target.name, &walker, &views).map(Some)
}

/// The deserializer's module, `deserialize.js`; `cx.model` is the model of the target's output
/// variant.
pub fn emit(cx: &EmitContext, target: &Target, settings: &OxcSettings, root: TypeId) -> Result<String, Error> {
    let fail = |problem| failure(target, problem);
    let (walker, walk_builds) = target_walker(cx, settings, root).unzip();
    let walk_builds = walk_builds.unwrap_or_default();
    // Written twice: first with every `Box` called, to learn which must be (those read first where
    // the JS stack runs out: `Emitter::read_first_in_nesting_cycles`); then with the others that an
    // enum's case or an `Option` holds read in place (`Emitter::boxes_called`), which takes no
    // `Box` out of a cycle that needs one (check_cycles below checks it).
    let first = write(cx, settings, root, &walk_builds, None).map_err(fail)?;
    let Written { emitter, metadata, root_fn } =
        write(cx, settings, root, &walk_builds, Some(first.emitter.read_first)).map_err(fail)?;
    let in_schema = |message| fail(Problem::Schema(message));
    nesting::check_cycles(&emitter.calls).map_err(in_schema)?;
    let data_offset_field = emitter.field_offset(metadata, 0, &["data_offset"]).map_err(in_schema)?;
    let linter = if settings.linter { Some(LinterView::of(cx, &emitter, root, metadata).map_err(fail)?) } else { None };
    let read_first = !emitter.read_first.is_empty();
    let functions = emitter.functions_without_unused_constructors();
    // (A walk reads through the deserializer's functions: what they call is all a walk may.)
    let calls = |name: &str| functions.iter().any(|f| f.contains(&format!("{name}(")));
    let (reads_bool, reads_option_tag) = (calls("readBool"), calls("invalidOptionTag"));
    let view = OxcDeserializeJs {
        header: cx.header(),
        target: target.name.clone(),
        variant: if settings.linter {
            "Oxlint (TypeScript, with `range`, `parent` and `loc`, comments and tokens on demand, no parentheses)"
                .to_owned()
        } else {
            variant_name(settings)
        },
        result_shape: result_shape(cx.model, root),
        metadata_size: cx.layout64.get(metadata).layout.size,
        data_offset_field,
        root_size: cx.layout64.get(root).layout.size,
        root: root_fn,
        read_first,
        source_from_buffer: settings.linter || settings.source_text == SourceText::Buffer,
        functions,
        parent_links: settings.parent,
        linter,
        parent_global: true,
        program_getters: settings.linter,
        views: views(cx.schema, cx.layout64, &OXC_VIEWS),
        walk_internals: walker.as_ref().map(WalkInternals::of),
        walk_few_strings: walker.as_ref().is_some_and(|w| w.takes_few_strings()),
        visitor_keys: visitor_keys(cx).unwrap_or_default(),
        discriminator: "type".to_owned(),
        reads_bool,
        reads_option_tag,
    };
    render_checked(&view, TEMPLATE, &view.views)
}

/// What the schema makes impossible is the user's to fix (a diagnostic); the rest is a bug.
fn failure(target: &Target, problem: Problem) -> Error {
    match problem {
        Problem::Schema(message) => {
            Error::Input(Diagnostics(vec![Diagnostic::new(format!("target `{}`: {message}", target.name))]))
        }
        Problem::Internal(message) => Error::Render { template: TEMPLATE.to_owned(), message },
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
/// builds (`walk_builds`) reach; `boxes_called`: as [`Emitter::boxes_called`].
fn write<'s>(
    cx: &'s EmitContext<'s>,
    settings: &OxcSettings,
    root: TypeId,
    walk_builds: &[emitter::Reader],
    boxes_called: Option<BTreeSet<String>>,
) -> Result<Written<'s>, Problem> {
    let mut emitter = Emitter::new(cx, Flags::of(settings));
    emitter.boxes_called = boxes_called;
    let metadata = emitter.named(METADATA)?;
    let root_fn = emitter.deserializer(&TypeRef::Named(root));
    for reader in walk_builds {
        emitter.register(reader.clone());
    }
    emitter.run()?;
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

/// Which of oxc's deserializers the target reproduces: "JavaScript, with `range`".
pub fn variant_name(settings: &OxcSettings) -> String {
    format!(
        "{}{}{}",
        if settings.typescript { "TypeScript" } else { "JavaScript" },
        if settings.range { ", with `range`" } else { "" },
        if settings.parent { ", with `parent`" } else { "" }
    )
}

/// `{ program, comments, module, errors }`: the keys of the root's object, for the file's comment and
/// the package's README.
pub fn result_shape(model: &Model, root: TypeId) -> String {
    let keys: Vec<&str> =
        model.object(root).map(|object| object.properties.iter().map(|p| p.key.as_str()).collect()).unwrap_or_default();
    if keys.is_empty() { "the root's value".to_owned() } else { format!("{{ {} }}", keys.join(", ")) }
}
