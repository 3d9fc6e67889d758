//! The settings of a target of rawast's format: where its buffers hold the source, the runtime it
//! runs on, the producer's pointer width, how strings and 64-bit integers are read, and laziness.

use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use super::RawTarget;
use crate::config::error_at;
use crate::config::strings::{self, StringPolicy};
use crate::diagnostic::Diagnostic;
use crate::files::SourceFile;
use crate::layout::PointerWidth;

/// The settings of a target of rawast's format.
#[derive(Debug, Clone, PartialEq)]
pub struct RawastSettings {
    pub source_placement: SourcePlacement,
    pub runtime: Runtime,
    /// The producer's pointer width: 32 for wasm32 producers, whose buffers use the 32-bit layouts.
    pub pointer_width: PointerWidth,
    pub strings: StringPolicy,
    /// Emit node classes whose getters deserialize on first access, instead of plain objects.
    pub lazy: bool,
    /// How `u64` and `i64` values become JS values.
    pub int64: Int64,
}

impl RawastSettings {
    /// Whether every node has a `parent`: the linter layout's nodes (source text at the end).
    pub fn parent_links(&self) -> bool {
        self.source_placement == SourcePlacement::End
    }
}

/// How a target turns 64-bit integers into JS values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Int64 {
    /// A `number`; a value past `Number.MAX_SAFE_INTEGER` (2^53 - 1) is an `Error`, never rounded.
    Number,
    /// A `bigint`, exact.
    BigInt,
}

/// Where the deserializer runs, which decides the APIs it may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Runtime {
    /// Node.js: `Buffer` is there.
    Node,
    /// Browsers, Deno, Bun, workers: standard APIs only (`TextDecoder`, typed arrays).
    Web,
}

/// Where the source text sits in the buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SourcePlacement {
    /// Parser layout: `[source][arena][metadata]`. The source is written first, then parsed in place.
    Start,
    /// Linter layout: `[arena][source][metadata]`.
    End,
}

/// The settings of a rawast target, and where `lazy = true` is written, if it is.
pub(super) fn check(
    name: &str,
    header: Range<usize>,
    target: &RawTarget,
    file: &SourceFile,
    diagnostics: &mut Vec<Diagnostic>,
) -> (RawastSettings, Option<Range<usize>>) {
    if target.source_placement.is_none() {
        diagnostics.push(error_at(
            file,
            header,
            format!("target `{name}` needs source_placement"),
            "\"start\" (parser layout) or \"end\" (linter layout)",
        ));
    }
    let source_placement = target.source_placement.as_ref().map_or(SourcePlacement::End, |p| *p.get_ref());
    let runtime = target.runtime.as_ref().map_or(Runtime::Node, |r| *r.get_ref());
    let strings = match &target.strings {
        Some(raw) => strings::check(raw.get_ref(), runtime, file, diagnostics),
        None => StringPolicy::default(),
    };
    let pointer_width = match &target.pointer_width {
        None => PointerWidth::W64,
        Some(width) => PointerWidth::ALL.into_iter().find(|w| w.bits() == *width.get_ref()).unwrap_or_else(|| {
            diagnostics.push(error_at(
                file,
                width.span(),
                format!("pointer_width = {} is not supported", width.get_ref()),
                "64 (native producers) or 32 (wasm32 producers)",
            ));
            PointerWidth::W64
        }),
    };
    let lazy = target.lazy.as_ref().filter(|lazy| *lazy.get_ref());
    // Lazy nodes are built one level at a time, so no `parent` can be set before its child exists.
    if let Some(lazy) = lazy
        && source_placement == SourcePlacement::End
    {
        diagnostics.push(error_at(
            file,
            lazy.span(),
            "lazy = true needs source_placement = \"start\"",
            "lazy node classes have no `parent` links, which the linter layout's deserializer promises",
        ));
    }
    let int64 = target.int64.as_ref().map_or(Int64::Number, |i| *i.get_ref());
    let settings = RawastSettings { source_placement, runtime, pointer_width, strings, lazy: lazy.is_some(), int64 };
    (settings, lazy.map(Spanned::span))
}
