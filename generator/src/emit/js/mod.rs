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
mod walk_module;
mod walker;

pub(crate) use walker::has_walker;

/// One of a target's two modules. A target with a walker has `deserialize.js`, the deserializer,
/// and `walk.js`, its walker (`walk`, `visit`), which imports `deserialize.js`: the walker is about
/// as much code as the deserializer, which V8 parses whenever a process loads the module, so a
/// process that only deserializes does not load it.
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

/// A target's modules: `deserialize`, and `walk` where it has a walker ([`has_walker`]).
pub fn modules(cx: &crate::emit::EmitContext) -> Vec<Module> {
    if has_walker(cx) { vec![Module::Deserialize, Module::Walk] } else { vec![Module::Deserialize] }
}

pub(in crate::emit) use buffer_view::Reads;
use buffer_view::{BufferView, StringsView};
use builder::Builder;
use function::{Body, Function, Prop, PropKind, ResultView};
use views::render_checked;
