//! The book's Rust examples as doctests: `cargo test -p rawast-docs --doc` compiles and runs every
//! ```` ```rust ```` block of the chapters included here, as a reader's crate that depends on
//! `rawast-runtime` and `rawast` would. `cargo xtask docs` fails when a chapter with Rust blocks is
//! missing from this list. The walk-through's blocks (getting-started.md) are the files of a
//! crate, which `cargo xtask docs` builds instead.

#[cfg(doctest)]
#[doc = include_str!("schema.md")]
mod schema {}

#[cfg(doctest)]
#[doc = include_str!("runtime.md")]
mod runtime {}

#[cfg(doctest)]
#[doc = include_str!("buffer-format.md")]
mod buffer_format {}

#[cfg(doctest)]
#[doc = include_str!("snapshots.md")]
mod snapshots {}
