//! What the templates every format shares (`function.js`, `deferred.js`, `readers.js`,
//! `check_metadata.js`) need to know of a target's format: a [`RuntimeFormat`], described once per
//! format here, which each template view carries whole.

use crate::model::OutputVariant;

/// How a format's runtime builds its values and links nodes to their parents.
#[derive(Clone, Copy, Debug)]
pub struct RuntimeFormat {
    /// Objects are classes whose getters read on first access (rawast's `lazy` targets), not
    /// plain objects.
    pub(crate) lazy: bool,
    /// The runtime keeps the node whose children are being read in the variable `parent`, which
    /// oxc's converters set too; rawast's builders take it as an argument instead.
    pub(crate) parent_in_variable: bool,
    /// Nodes take their `parent` from that variable: oxc's `parent` variants and Oxlint's.
    pub(crate) parent_links_by_variable: bool,
    /// The program's `comments` and `tokens` are getters (Oxlint's output), which resolving
    /// deferred values must not call.
    pub(crate) program_getters: bool,
}

impl RuntimeFormat {
    /// rawast's format: eager plain objects, or lazy classes.
    pub(crate) fn rawast(lazy: bool) -> Self {
        RuntimeFormat { lazy, parent_in_variable: false, parent_links_by_variable: false, program_getters: false }
    }

    /// oxc-parser's and Oxlint's buffers, read as oxc's own deserializer of `variant` reads them:
    /// eager.
    pub(crate) fn oxc(variant: OutputVariant) -> Self {
        RuntimeFormat {
            lazy: false,
            parent_in_variable: true,
            parent_links_by_variable: variant.parent,
            program_getters: variant.linter,
        }
    }
}
