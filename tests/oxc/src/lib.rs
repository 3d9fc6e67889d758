//! rustc checks rawast's layouts of oxc's AST against the real crates.
//!
//! `generated/rust/assert_layouts.rs` is written by `rawast codegen` from oxc_ast 0.157.0's own
//! source files (`codegen.toml`): a `const` block of `size_of`, `align_of` and `offset_of!` checks
//! and of `Option`'s `None` encodings, and one of every enum's discriminants. It names the types as `use crate::ast::*` finds them, so this
//! module gathers every module that defines one; building this crate is the check.

#![allow(clippy::all)]

/// Every module of the oxc crates that defines an AST type, and the arena types.
pub mod ast {
    pub use oxc_allocator::{Box, Vec};
    // oxc_ast::ast also re-exports oxc_syntax's operators and number kinds.
    pub use crate::raw_transfer::*;
    pub use oxc_ast::ast::*;
    pub use oxc_index::nonmax::NonMaxU32;
    pub use oxc_regular_expression::ast::*;
    pub use oxc_span::*;
    pub use oxc_str::{Ident, JSStr, Str};
    pub use oxc_syntax::module_record::*;
    pub use oxc_syntax::node::*;
    pub use oxc_syntax::reference::*;
    pub use oxc_syntax::scope::*;
    pub use oxc_syntax::symbol::*;
    pub use std::cell::Cell;
    pub use std::num::NonZeroU32;
}

pub mod raw_transfer;

mod assert_layouts {
    include!("../generated/rust/assert_layouts.rs");
}
