//! The JS outputs: `constants.js`, and each target's deserializer — eager (`eager.rs`, plain
//! objects), lazy (`lazy.rs`, classes whose getters read on first access) or of oxc-parser's buffers
//! (`oxc/`).
//!
//! What they share: the typed-array views ([`views`]), the template views of functions
//! ([`function`]) and the [`Builder`] of the JS expressions that read each type ([`builder`]); and,
//! for rawast's format, what its templates say of the buffers ([`buffer_view`]). The templates lay
//! the functions out; every JS expression is made in Rust.

mod buffer_view;
mod builder;
pub mod constants;
pub mod eager;
mod function;
pub mod lazy;
pub mod oxc;
mod views;
mod walker;

pub(crate) use walker::has_walker;

/// Which of a target's two modules to emit. A target with a walker has `deserialize.js`, the
/// deserializer alone, and `walk.js`, the same deserializer with its walker (`walk`, `visit`): the
/// walker is about half a module's code, which V8 parses whenever a process loads the module, so a
/// process that only deserializes should not load it (bench/README.md, 2026-11-27, "loading").
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Module {
    Deserialize,
    Walk,
}

impl Module {
    /// Its file name, `.js` or `.d.ts` to follow.
    pub fn stem(self) -> &'static str {
        match self {
            Module::Deserialize => "deserialize",
            Module::Walk => "walk",
        }
    }
}

pub(in crate::emit) use buffer_view::Reads;
use buffer_view::{BufferView, StringsView};
use builder::Builder;
use function::{Body, Function, Prop, PropKind, ResultView};
use views::render_checked;
