//! The names and comments of the generated JS that come from the schema, each shape made here
//! once: functions named after a type's member, constants after a type, and the comments that
//! name the Rust type a function reads.

use crate::casing::{capitalized, screaming_case};

/// A function of struct `owner`'s member `key`, or of the struct itself: `walkTypeOfClass`,
/// `deserializeValueOfJSXAttribute`, `walkReadsOfClass`.
pub(crate) fn member_function(prefix: &str, key: Option<&str>, owner: &str) -> String {
    let member = key.map(capitalized).unwrap_or_default();
    let of = if key.is_some() { "Of" } else { "" };
    format!("{prefix}{member}{of}{owner}")
}

/// A constant of type `name`'s: `BINARY_OPERATOR_STRINGS`.
pub(crate) fn type_constant(name: &str, suffix: &str) -> String {
    format!("{}_{suffix}", screaming_case(name))
}

/// A function's comment: the Rust type it reads, as code, then `remark`, what of it the function
/// returns where that is not the type's value.
pub(crate) fn type_comment(rust: &str, remark: &str) -> String {
    format!("`{rust}`{remark}")
}

/// A function's comment on member `key` of struct `owner`: "`Class`'s `decorators`", then
/// `remark`.
pub(crate) fn member_comment(owner: &str, key: &str, remark: &str) -> String {
    format!("`{owner}`'s `{key}`{remark}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(member_function("walk", Some("value"), "JSXAttribute"), "walkValueOfJSXAttribute");
        assert_eq!(member_function("walkReadsOf", None, "Class"), "walkReadsOfClass");
        assert_eq!(type_constant("BinaryOperator", "STRINGS"), "BINARY_OPERATOR_STRINGS");
        assert_eq!(
            member_comment("Class", "decorators", ", a converter's value"),
            "`Class`'s `decorators`, a converter's value"
        );
    }
}
