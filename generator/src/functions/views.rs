//! The typed-array views a deserializer reads the buffer through: which a schema needs, and a check
//! that the rendered code reads through no other.

use std::collections::BTreeSet;

use crate::ir::{Primitive, Schema, TypeRef};
use crate::layout::{OptionRepr, SchemaLayout};

/// A typed-array view of the buffer.
#[derive(Clone, Copy)]
pub(crate) struct View {
    pub(crate) name: &'static str,
    /// Its constructor, and the shift from a byte length to its element count.
    pub(crate) class: &'static str,
    pub(crate) shift: u32,
}

/// The views a target's code reads through: `uint8` and `uint32` always (tags, bytes of strings,
/// pointers, lengths, the metadata); each other only if a value of the schema is read through it.
/// Each costs time at every call, which a small file notices.
/// [`check_views`] makes sure no view the rendered code reads was left out.
/// `also`: views the format's own code reads through.
pub(crate) fn views(schema: &Schema, layout: &SchemaLayout, also: &[&'static str]) -> Vec<View> {
    let mut needed: BTreeSet<&'static str> = ["uint8", "uint32"].into();
    needed.extend(also);
    for ty in &schema.used_types() {
        match ty {
            TypeRef::Primitive(Primitive::I8) => needed.insert("int8"),
            TypeRef::Primitive(Primitive::U16) => needed.insert("uint16"),
            TypeRef::Primitive(Primitive::I16) => needed.insert("int16"),
            TypeRef::Primitive(Primitive::I32 | Primitive::I64) => needed.insert("int32"),
            TypeRef::Primitive(Primitive::F64) => needed.insert("float64"),
            // A 2-byte niche or tag is tested through `uint16` (`Builder::equals`).
            TypeRef::Option(inner) => match layout.option_repr(inner) {
                OptionRepr::Niche { size: 2, .. } | OptionRepr::Tagged { tag_size: 2, .. } => needed.insert("uint16"),
                _ => false,
            },
            _ => false,
        };
    }
    ALL_VIEWS.into_iter().filter(|view| needed.contains(view.name)).collect()
}

pub(crate) const UINT8: View = View { name: "uint8", class: "Uint8Array", shift: 0 };
pub(crate) const INT8: View = View { name: "int8", class: "Int8Array", shift: 0 };
pub(crate) const UINT16: View = View { name: "uint16", class: "Uint16Array", shift: 1 };
pub(crate) const INT16: View = View { name: "int16", class: "Int16Array", shift: 1 };
pub(crate) const UINT32: View = View { name: "uint32", class: "Uint32Array", shift: 2 };
pub(crate) const INT32: View = View { name: "int32", class: "Int32Array", shift: 2 };
pub(crate) const FLOAT64: View = View { name: "float64", class: "Float64Array", shift: 3 };

const ALL_VIEWS: [View; 7] = [UINT8, INT8, UINT16, INT16, UINT32, INT32, FLOAT64];

/// Renders a deserializer (template `name`) and checks its views ([`check_views`]).
pub(crate) fn render_checked(
    view: &impl askama::Template,
    name: &str,
    views: &[View],
) -> Result<String, crate::error::Error> {
    let fail = |message: String| crate::error::Error::Render { template: name.to_owned(), message };
    let code = view.render().map_err(|source| fail(source.to_string()))?;
    check_views(&code, views).map_err(|error| fail(error.to_string()))?;
    Ok(code)
}

/// A view the rendered code reads through but the views set up for its schema leave out.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("the generated code reads through `{view}`, which the views set up for this schema leave out")]
struct UnmadeView {
    view: &'static str,
}

/// Fails if `code` (a rendered deserializer) reads through a view that `views` left out: a value
/// read in a way [`views`] does not know of would be a `TypeError` at run time, not a generator error.
fn check_views(code: &str, views: &[View]) -> Result<(), UnmadeView> {
    for view in ALL_VIEWS.iter().filter(|v| !views.iter().any(|made| made.name == v.name)) {
        if reads_through(code, view.name) {
            return Err(UnmadeView { view: view.name });
        }
    }
    Ok(())
}

/// Whether `code` (rendered JS) indexes the view `name` (`uint8[`), not a longer name ending with it.
pub(crate) fn reads_through(code: &str, name: &str) -> bool {
    code.match_indices(name).any(|(at, _)| {
        code[at + name.len()..].starts_with('[')
            && !code[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
    })
}

#[cfg(test)]
mod tests {
    use super::{ALL_VIEWS, UnmadeView, View, check_views};

    fn only(names: &[&str]) -> Vec<View> {
        ALL_VIEWS.into_iter().filter(|view| names.contains(&view.name)).collect()
    }

    #[test]
    fn a_view_read_but_not_made_is_an_error() {
        let error = check_views("return int8[pos] + uint32[pos >>> 2];", &only(&["uint8", "uint32"])).unwrap_err();
        assert_eq!(error, UnmadeView { view: "int8" });
        assert!(error.to_string().contains("`int8`"), "{error}");
        assert!(check_views("return float64[pos >>> 3];", &only(&["uint8", "uint32"])).is_err());
    }

    #[test]
    fn views_made_or_names_that_only_end_like_one_pass() {
        // `uint8[` ends with `int8[`, `myint32[` with `int32[`: neither reads those views.
        assert_eq!(check_views("return uint8[pos] + myint32[0];", &only(&["uint8", "uint32"])), Ok(()));
        assert_eq!(check_views("return int8[pos];", &only(&["uint8", "int8", "uint32"])), Ok(()));
    }
}
