//! A schema loaded and laid out ([`Analysis`]): the first part of prepare, which the layout tools
//! use alone.

use crate::diagnostic::Diagnostics;
use crate::files::SourceFile;
use crate::ir::{Dialect, Schema};
use crate::layout::SchemaLayout;

/// A loaded schema with its layouts for both pointer widths.
pub struct Analysis {
    pub schema: Schema,
    pub layout64: SchemaLayout,
    pub layout32: SchemaLayout,
}

/// Loads the schema files, written in rawast's schema language, and computes their layouts.
pub fn analyze(schema_files: &[SourceFile]) -> Result<Analysis, Diagnostics> {
    analyze_as(schema_files, Dialect::Rawast)
}

/// Loads schema files written in `dialect` and computes their layouts.
pub fn analyze_as(schema_files: &[SourceFile], dialect: Dialect) -> Result<Analysis, Diagnostics> {
    let schema = crate::load::load(schema_files, dialect)?;
    let [layout64, layout32] = SchemaLayout::compute(&schema);
    Ok(Analysis { schema, layout64, layout32 })
}
