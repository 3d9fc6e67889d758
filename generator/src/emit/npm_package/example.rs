//! What the JavaScript examples of a package's README read besides what they import: decided here
//! once, stated by the README's examples and followed by `rawast package`, which runs them.

use crate::config::Target;

/// The input of a package README's `js` examples: a variable a user's code would hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExampleInput {
    /// `source`, the text to parse: the package has a parser (its smoke table's `source`).
    Source,
    /// `buffer`, a buffer the producer wrote (its smoke table's `buffer`).
    Buffer,
    /// Nothing: the examples parse a text of their own with the package's peer, oxc-parser.
    OxcParser,
}

impl ExampleInput {
    /// What the examples of `target`'s package README read.
    pub fn of(target: &Target) -> Self {
        match target.oxc() {
            Some(oxc) if oxc.linter => ExampleInput::Buffer,
            Some(_) => ExampleInput::OxcParser,
            None if target.package.as_ref().is_some_and(|package| package.addon.is_some()) => ExampleInput::Source,
            None => ExampleInput::Buffer,
        }
    }

    /// The variable the examples read; `None` where they make their own input.
    pub fn variable(self) -> Option<&'static str> {
        match self {
            ExampleInput::Source => Some("source"),
            ExampleInput::Buffer => Some("buffer"),
            ExampleInput::OxcParser => None,
        }
    }

    /// The oldest Node.js major version the examples run on: the packages' own, but oxc-parser's
    /// raw transfer needs a later one.
    pub fn node_major(self) -> u32 {
        match self {
            ExampleInput::OxcParser => 22,
            ExampleInput::Source | ExampleInput::Buffer => 20,
        }
    }
}
