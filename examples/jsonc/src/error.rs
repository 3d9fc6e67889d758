//! What `encode` and `parse` fail with.

use core::fmt;

use rawast_runtime::{ArenaFull, BufferTooLarge, IsArenaFull};

/// A parse error (with its 1-based line and column), or a buffer that cannot be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// The text is not JSONC; `offset` is in UTF-8 bytes, `column` in characters.
    Syntax { message: &'static str, offset: usize, line: u32, column: u32 },
    /// Arrays and objects nested deeper than `MAX_DEPTH`; the position is the bracket that is one too many.
    TooDeep { offset: usize, line: u32, column: u32 },
    /// The arena region is used up: `rawast_runtime::build` retries with a larger one, so this
    /// never leaves `encode`.
    ArenaFull,
    /// The text and its tree need 4 GiB or more, past the buffer format's `u32` offsets.
    TooLarge,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Syntax { message, line, column, .. } => write!(f, "{message} at {line}:{column}"),
            Error::TooDeep { line, column, .. } => {
                write!(f, "nested deeper than {} levels at {line}:{column}", crate::MAX_DEPTH)
            }
            Error::ArenaFull => f.write_str("the arena is full"),
            Error::TooLarge => fmt::Display::fmt(&BufferTooLarge, f),
        }
    }
}

impl std::error::Error for Error {}

impl From<ArenaFull> for Error {
    fn from(_: ArenaFull) -> Self {
        Error::ArenaFull
    }
}

impl From<BufferTooLarge> for Error {
    fn from(_: BufferTooLarge) -> Self {
        Error::TooLarge
    }
}

impl IsArenaFull for Error {
    fn is_arena_full(&self) -> bool {
        matches!(self, Error::ArenaFull)
    }
}
