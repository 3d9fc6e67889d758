//! The shapes of the JS expressions and names the builder writes, each in one place: a call, a
//! binary operation, an element of a typed array, an operand in parentheses, a numbered name. Reads
//! and tests are composed of these, so that the JS text of each shape is written once.

use std::fmt::Display;

/// `callee(first, second)`.
pub(crate) fn call(callee: &str, args: &[&str]) -> String {
    format!("{callee}({})", args.join(", "))
}

/// `left op right`, its operands as they are (a caller groups them where precedence needs it).
pub(crate) fn binary(left: impl Display, op: &str, right: impl Display) -> String {
    format!("{left} {op} {right}")
}

/// `(expression)`.
pub(crate) fn parenthesized(expression: &str) -> String {
    format!("({expression})")
}

/// `array[index]`.
pub(crate) fn element(array: &str, index: &str) -> String {
    format!("{array}[{index}]")
}

/// `stem3`: a name that tells apart several made from one stem (locals of one object, parameters
/// and private fields named for keys that are no identifiers).
pub(crate) fn numbered(stem: &str, index: usize) -> String {
    format!("{stem}{index}")
}

/// `pos`, or `(pos + 8)`: an operand of `>>>`.
pub(crate) fn grouped(pos: &str) -> String {
    if pos.contains(' ') { parenthesized(pos) } else { pos.to_owned() }
}

/// `pos` or `pos + 8`.
pub(crate) fn at(pos: &str, offset: u32) -> String {
    if offset == 0 { pos.to_owned() } else { binary(pos, "+", offset) }
}
