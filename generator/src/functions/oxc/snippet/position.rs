//! A position a snippet names, as JS (`templates/js/oxc_position.js`): `POS`, `POS_OFFSET.x` and
//! `POS_OFFSET.x >> 2` become `pos` moved by the offset the caller resolves.

use askama::Template;

/// `pos`, `(pos + offset)`, or with `shift`, `((pos >> shift) + offset)`: the offset is added
/// after the shift, in the shifted units.
#[derive(Template)]
#[template(path = "js/oxc_position.js", escape = "none")]
pub(super) struct PositionJs {
    pub(super) shift: Option<u32>,
    pub(super) offset: u32,
}

impl PositionJs {
    /// The JS.
    pub(super) fn text(&self) -> String {
        self.render().expect("a position renders into a String")
    }
}
