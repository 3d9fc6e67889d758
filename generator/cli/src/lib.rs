//! The `rawast` command as a library: what a parser's own xtask or `build.rs` calls to regenerate
//! its deserializers, and to build and check their npm packages. A function per command, its flags
//! as options: [`codegen`] ([`Mode`], [`Report`]), [`addon()`] ([`AddonOptions`]) and [`package()`]
//! ([`PackageOptions`], [`PackageReport`]). Each returns what the command prints, or an [`Error`]
//! that prints as the command does; [`read_config`], [`read_schema`] and [`crate_roots`] give a
//! tool of yours the inputs as codegen reads them.
//!
//! ```no_run
//! // xtask/src/main.rs of a parser: `cargo xtask codegen [--check]`.
//! let check = std::env::args().any(|arg| arg == "--check");
//! let mode = if check { rawast::Mode::Check } else { rawast::Mode::Write };
//! match rawast::codegen("codegen.toml".as_ref(), mode) {
//!     Ok(report) => {
//!         report.notes.iter().for_each(|note| eprintln!("{note}"));
//!         print!("{}", report.summary());
//!         std::process::exit(if report.success() { 0 } else { 1 });
//!     }
//!     Err(error) => {
//!         eprintln!("{error}");
//!         std::process::exit(1);
//!     }
//! }
//! ```
//!
//! The generator itself (`rawast-generator`) is pure: it turns input texts into output texts. This
//! crate is its edge: it reads the files `codegen.toml` names, writes the output directory safely
//! ([`codegen`]) and runs npm, publint, tsc and Node on the packages ([`package()`]).

#![warn(missing_docs)]

mod addon;
mod codegen;
mod crates;
mod error;
pub mod package;
mod selection;
mod tools;

pub use addon::{AddonOptions, BuiltAddon, addon, napi_platform};
pub use codegen::{Change, FileReport, Mode, Report, codegen, crate_roots, read_config, read_schema};
pub use error::Error;
pub use package::{PackageOptions, PackageReport, package};
