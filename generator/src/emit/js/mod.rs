//! The JS outputs: `constants.js`, and each target's modules: its deserializer — eager
//! (`eager.rs`, plain objects), lazy (`lazy.rs`, classes whose getters read on first access) or of
//! oxc-parser's buffers (`oxc.rs`) — and its walker ([`walk_module`]).
//!
//! The templates lay out the functions `crate::functions` writes, where every JS expression is
//! made, and the views it checks them against; rawast's format adds what its templates say of the
//! buffers ([`buffer_view`]).

mod buffer_view;
pub mod constants;
mod declarations;
pub mod eager;
pub mod lazy;
pub mod oxc;
mod walk_module;

pub(in crate::emit) use self::declarations::check_declarations;
use crate::context::EmitContext;
use crate::error::Error;
use crate::functions::walker::{WalkerView, has_walker};
use crate::prepare::{TargetFormat, TargetPlan};

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
pub fn modules(cx: &EmitContext) -> Vec<Module> {
    if has_walker(cx) { vec![Module::Deserialize, Module::Walk] } else { vec![Module::Deserialize] }
}

use crate::functions::views::render_checked;
pub(in crate::emit) use buffer_view::Reads;
use buffer_view::{BufferView, StringsView};

/// A target's `walk.js`, of its walker, which reads through its deserializer's views.
pub fn walk(cx: &EmitContext, target: &TargetPlan, walker: &WalkerView) -> Result<String, Error> {
    let views = match &target.format {
        TargetFormat::Oxc { .. } => oxc::views(cx),
        TargetFormat::Rawast(settings) => BufferView::new(cx, settings).views,
    };
    walk_module::emit(cx.header(), &target.target.name, walker, &views)
}
