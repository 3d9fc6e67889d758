//! A target's `walk.js` (template `templates/js/walk.js`): the walker ([`WalkerView`]) in a module
//! of its own, which imports its deserializer's functions from `deserialize.js`
//! (`internalsForWalk()`, [`WalkInternals`]) and re-exports that module.

use askama::Template;

use crate::error::Error;
use crate::functions::views::{View, reads_through, render_checked};
use crate::functions::walker::{BuiltWalk, NodeIndex, SpansBody, WalkBody, WalkerView};

#[derive(Template)]
#[template(path = "js/walk.js", escape = "none")]
struct WalkJs<'w> {
    header: String,
    target: &'w str,
    walker: &'w WalkerView,
    /// What it takes from `internalsForWalk()` ([`WalkerView::imports`]).
    imports: Vec<String>,
    /// The views of the buffer its walkers read through, which `beginWalk` gives.
    views: Vec<&'static str>,
}

/// What `deserialize.js` gives its walker (`templates/js/walk_internals.js`, `internalsForWalk()`):
/// the names `walk.js` takes, each of which the deserializer's template defines.
pub(in crate::emit::js) struct WalkInternals {
    pub(in crate::emit::js) names: Vec<String>,
}

impl WalkInternals {
    pub(in crate::emit::js) fn of(walker: &WalkerView) -> Self {
        Self { names: walker.imports() }
    }

    /// Whether `walk.js` takes `name`: the deserializer defines the hook only then.
    pub(in crate::emit::js) fn has(&self, name: &str) -> bool {
        self.names.iter().any(|n| n == name)
    }
}

/// `walk.js` of target `target`, whose deserializer's views are `views` (`beginWalk` gives them
/// all): it keeps those its walkers read through, as its code, rendered with all of them, names
/// them (a tag is a byte, a niche may be any width, a walker of a small schema reads none).
pub(super) fn emit(header: String, target: &str, walker: &WalkerView, views: &[View]) -> Result<String, Error> {
    let mut view =
        WalkJs { header, target, walker, imports: walker.imports(), views: views.iter().map(|v| v.name).collect() };
    let all = render_checked(&view, "js/walk.js", views)?;
    view.views.retain(|name| reads_through(&all, name));
    let used: Vec<View> = views.iter().filter(|v| view.views.contains(&v.name)).copied().collect();
    render_checked(&view, "js/walk.js", &used)
}
