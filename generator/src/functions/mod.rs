//! The JS functions each type of the model becomes: the expressions that read it from a buffer
//! (`builder`), the views templates lay functions out from (`function`), walkers
//! (`walker`), and the functions of oxc-parser's buffers (`oxc`), which are written from the
//! converters' JS and can meet a schema they cannot read.
//!
//! Prepare writes with them what each target's modules need, where an input error can still be
//! reported; the generators render the modules.

pub(crate) mod builder;
pub mod format;
pub(crate) mod function;
pub(crate) mod names;
pub(crate) mod oxc;
pub mod text;
pub(crate) mod views;
pub(crate) mod walker;
