//! A target's modules over oxc-parser's own buffers (`format = "oxc"`): `deserialize.js`, rendered
//! (template `templates/js/oxc_deserialize.js`) from the functions prepare wrote
//! (`functions::oxc`), which return what oxc's generated deserializers return.

use askama::Template;

use super::walk_module::WalkInternals;
use crate::config::{OxcSettings, SourceText, Target};
use crate::context::EmitContext;
use crate::error::Error;
use crate::functions::format::RuntimeFormat;
use crate::functions::oxc::{LinterView, OxcFunctions};
use crate::functions::views::{View, render_checked};
use crate::functions::walker::{WalkerView, visitor_keys};
use crate::ir::TypeId;
use crate::model::{Model, OutputVariant};

/// The views oxc's own code reads through: its strings and budget (`int32`), its converters.
const OXC_VIEWS: [&str; 2] = ["int32", "float64"];

const TEMPLATE: &str = "js/oxc_deserialize.js";

#[derive(Template)]
#[template(path = "js/oxc_deserialize.js", escape = "none")]
struct OxcDeserializeJs<'w> {
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
    linter: Option<&'w LinterView>,
    /// oxc's format, as the shared templates read it.
    format: RuntimeFormat,
    /// Some `Box` is read first where the JS stack runs out (`OxcFunctions::read_first`):
    /// reads from the top of the stack go through `readFromTop`.
    read_first: bool,
    /// `source_text = "buffer"`: every string from the buffer, the caller's text only checked.
    source_from_buffer: bool,
    /// What its walker (`walk.js`, `functions/walker/`) takes from it.
    walk_internals: Option<WalkInternals>,
    /// Its walker's `beginWalk` takes `fewStrings` (`WalkerView::takes_few_strings`).
    walk_few_strings: bool,
    visitor_keys: Vec<(String, String)>,
    discriminator: String,
    /// Some function reads a `bool`, whose other bytes it refuses (`readBool`).
    reads_bool: bool,
    /// Some function reads an `Option` with a tag, whose tags other than 0 and 1 it refuses
    /// (`invalidOptionTag`).
    reads_option_tag: bool,
}

impl OxcDeserializeJs<'_> {
    /// Whether its walk sets `fewStrings`: it skips by words.
    fn few_strings(&self) -> bool {
        self.walk_few_strings
    }

    /// What writes the buffers it reads, as its checks' messages name it.
    fn buffer_writer(&self) -> &'static str {
        if self.linter.is_some() { "Oxlint" } else { "oxc-parser" }
    }
}

/// The deserializer's module, `deserialize.js`, of the functions prepare wrote; `cx.model` is the
/// model of the target's output variant.
pub fn emit(
    cx: &EmitContext,
    target: &Target,
    settings: &OxcSettings,
    root: TypeId,
    written: &OxcFunctions,
    walker: Option<&WalkerView>,
) -> Result<String, Error> {
    let functions = written.functions.clone();
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
        metadata_size: written.metadata_size,
        data_offset_field: written.data_offset_field,
        root_size: cx.layout64.get(root).layout.size,
        root: written.root_fn.clone(),
        read_first: written.read_first,
        source_from_buffer: settings.linter || settings.source_text == SourceText::Buffer,
        functions,
        parent_links: settings.parent,
        linter: written.linter.as_ref(),
        format: RuntimeFormat::oxc(OutputVariant::of(settings)),
        views: views(cx),
        walk_internals: walker.map(WalkInternals::of),
        walk_few_strings: walker.is_some_and(|w| w.takes_few_strings()),
        visitor_keys: visitor_keys(cx).unwrap_or_default(),
        discriminator: "type".to_owned(),
        reads_bool,
        reads_option_tag,
    };
    render_checked(&view, TEMPLATE, &view.views)
}

/// The views of the buffer oxc's deserializers and walkers read through.
pub(super) fn views(cx: &EmitContext) -> Vec<View> {
    crate::functions::views::views(cx.schema, cx.layout64, &OXC_VIEWS)
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
