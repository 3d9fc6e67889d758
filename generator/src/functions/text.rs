//! JS and TS source text of names and strings from the schema: quoted as JSON, which both read.

/// `value` as a JSON string literal (also a JS and TS one).
pub fn js_string(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            // Line terminators to older JS parsers; control characters to JSON.
            c if u32::from(c) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", u32::from(c)))
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The elements of a JS array indexed by an enum's tag: each entry's value at its discriminant,
/// `undefined` at the tags no entry has (which the reader of the table takes for a bad tag), joined
/// by commas, without the brackets.
pub fn by_tag(entries: impl IntoIterator<Item = (u8, String)>) -> String {
    // (One element at least: a table of an enum without variants is `[undefined]`, every tag bad.)
    let mut values = vec!["undefined".to_owned()];
    for (tag, value) in entries {
        let tag = usize::from(tag);
        if values.len() <= tag {
            values.resize(tag + 1, "undefined".to_owned());
        }
        values[tag] = value;
    }
    values.join(", ")
}

/// `elements` as a JS array literal: `[a, b]`.
pub fn js_array<T: AsRef<str>>(elements: impl IntoIterator<Item = T>) -> String {
    let elements: Vec<T> = elements.into_iter().collect();
    let elements: Vec<&str> = elements.iter().map(AsRef::as_ref).collect();
    format!("[{}]", elements.join(", "))
}

/// Whether `name` can be written bare as a property key and after a `.`.
fn is_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(crate::ir::js_scan::is_ident_char)
}

/// A property key, as each place in JS or TS source writes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsKey {
    /// The key itself.
    pub name: String,
    /// In an object literal, an interface, a getter: `name` or `"a-b"`.
    pub literal: String,
    /// After an object expression: `.name` or `["a-b"]`.
    pub access: String,
}

impl JsKey {
    pub fn new(name: &str) -> Self {
        let identifier = is_identifier(name);
        let literal = if identifier { name.to_owned() } else { js_string(name) };
        let access = if identifier { format!(".{name}") } else { format!("[{literal}]") };
        Self { name: name.to_owned(), literal, access }
    }

    /// Whether it is written bare.
    pub fn is_identifier(&self) -> bool {
        is_identifier(&self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_json() {
        assert_eq!(js_string(r#"a "b" \c"#), r#""a \"b\" \\c""#);
        assert_eq!(js_string("x\ny\u{1}\u{2028}"), "\"x\\ny\\u0001\\u2028\"");
        assert_eq!(js_string("é"), "\"é\"");
    }

    #[test]
    fn keys() {
        let plain = JsKey::new("sourceType");
        assert_eq!((plain.literal.as_str(), plain.access.as_str()), ("sourceType", ".sourceType"));
        let dashed = JsKey::new("data-x");
        assert_eq!((dashed.literal.as_str(), dashed.access.as_str()), ("\"data-x\"", "[\"data-x\"]"));
        assert!(!JsKey::new("1st").is_identifier() && JsKey::new("$ref").is_identifier());
    }

    #[test]
    fn arrays() {
        assert_eq!(js_array(["1", "2"]), "[1, 2]");
        assert_eq!(js_array(Vec::<String>::new()), "[]");
    }
}
