//! Why a function of an oxc deserializer cannot be written: a converter's JS the emitter cannot
//! render or rewrite, a schema it cannot read, calls it cannot place. Every message is here, so
//! the texts that error fixtures and tests compare are written once; the emitter reports them as
//! strings, with the function they stopped.

use std::collections::BTreeMap;

use crate::ir::js_scan::ScanError;

/// One reason a function cannot be written.
#[derive(Debug, thiserror::Error)]
pub(in crate::functions::oxc) enum WriteError {
    /// A reader of a type oxc's deserializers never read.
    #[error("oxc-parser's buffers hold no 64-bit integers this deserializer reads")]
    SixtyFourBitInteger,
    #[error("no ESTree value")]
    NoEstreeValue,
    #[error("no property `{0}`")]
    NoProperty(String),
    #[error("`{0}`: a rawast span in an oxc schema")]
    RawastSpan(String),
    /// `prepend_to` / `append_to` of a field that holds no array's elements.
    #[error("field `{0}` is joined to another but is neither a Vec nor an Option")]
    JoinedNeitherVecNorOption(String),
    /// A field path through something other than structs.
    #[error("`{name}` is not a struct (in path {path})")]
    PathNotThroughStruct { name: String, path: String },
    #[error("`{name}` has no field `{field}`")]
    NoField { name: String, field: String },
    #[error("`{name}.{field}` is not a struct")]
    FieldNotAStruct { name: String, field: String },
    #[error("converter `{0}` has no raw_deser")]
    NoRawDeser(String),
    /// A converter's JS that does not render: the converter, and why.
    #[error("raw_deser of `{0}`: {1}")]
    InConverter(String, String),
    #[error("raw_deser of `{0}` reads THIS outside a struct")]
    ThisOutsideStruct(String),
    #[error("POS_OFFSET outside a struct")]
    PosOffsetOutsideStruct,
    #[error("the snippet leaves a bracket open")]
    BracketOpen,
    #[error("the snippet does not scan as JS: {0}")]
    DoesNotScan(ScanError),
    /// A mark of a read in place (`snippet::render`) without its end.
    #[error("an unterminated mark")]
    UnterminatedMark,
    #[error("a `DESER[…]` of a number or a flag that is not called")]
    InPlaceReadNotCalled,
    #[error("a `DESER[…](` that is not closed")]
    InPlaceReadNotClosed,
    /// A spread of a constant flag (`...(true && {`) that does not close.
    #[error("`{0}` is not closed")]
    SpreadNotClosed(&'static str),
    #[error("`{0} … }}` is not followed by `)`")]
    SpreadNotParenthesized(&'static str),
    #[error("a `range` spread outside an object literal")]
    RangeSpreadOutsideLiteral,
    #[error("a node literal is not closed")]
    NodeLiteralNotClosed,
    #[error("a node literal's property `{0}` is not `key: value`, `key` or a getter")]
    NotANodeProperty(String),
    /// An assignment to `loc`, which would meet `NodeProto`'s getter.
    #[error("a node literal's property `{0}`: `loc` is `NodeProto`'s getter, which an assignment cannot override")]
    LocAssigned(String),
    /// Functions that call each other with no place to stop, as a path that closes the cycle.
    #[error(
        "these functions call each other without a place to stop where the JS stack runs out, so a deep enough tree would overflow it: {}",
        .0.join(" → ")
    )]
    UndeferredCycle(Vec<String>),
    /// A function whose code makes other calls than it recorded: `(calls, deferred)` by callee.
    #[error("{name}: its code calls {found:?}, but it recorded {expected:?} (calls, deferred)")]
    CallsNotRecorded {
        name: String,
        found: BTreeMap<String, (usize, usize)>,
        expected: BTreeMap<String, (usize, usize)>,
    },
}

/// The message, as the emitter's functions report problems.
impl From<WriteError> for String {
    fn from(error: WriteError) -> Self {
        error.to_string()
    }
}
