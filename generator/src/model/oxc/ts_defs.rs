//! oxc's `add_ts_def` texts (`#[estree(add_ts_def = "...")]`), rendered for the output variant
//! and cut into the declarations they make, each with the name it declares: such a declaration
//! replaces the one a type of that name would get from its fields.

use std::collections::BTreeSet;

use super::Variant as OutputVariant;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::js_scan::{Scan, is_ident_char};
use crate::ir::{Schema, TypeId};

/// One declaration of an `add_ts_def`.
pub struct Added {
    pub name: String,
    /// Without `export`, ending as TypeScript wants in a declaration file (`;` after a `type`).
    pub text: String,
}

/// The declarations of the `add_ts_def`s of the types `reached`, rendered for `variant`; a text
/// that is not a list of declarations is the schema's error.
pub fn added_declarations(
    schema: &Schema,
    reached: &BTreeSet<TypeId>,
    variant: OutputVariant,
) -> Result<Vec<Added>, Diagnostics> {
    let mut added = Vec::new();
    for &id in reached {
        if let Some(snippet) = &schema.get(id).estree.ts_def.add {
            let text = snippet.text_with(&|flag| variant.value(flag));
            added.extend(split_declarations(&text).map_err(|message| {
                Diagnostics(vec![Diagnostic::new(format!("the `add_ts_def` of `{}`: {message}", schema.get(id).name))])
            })?);
        }
    }
    Ok(added)
}

/// The declarations of an `add_ts_def` text (`type X = …`, `interface X …`, each perhaps after
/// `export`): they start at the top level, in code outside brackets (TypeScript's literals and
/// comments are JS's).
fn split_declarations(text: &str) -> Result<Vec<Added>, String> {
    let mut starts = Vec::new();
    let mut scan = Scan::new(text);
    for code in scan.by_ref().filter(|code| code.depth == 0) {
        let i = code.at;
        let declaration_starts = ["export ", "type ", "interface "].iter().any(|word| text[i..].starts_with(word));
        if !text[..i].ends_with(is_ident_char)
            && declaration_starts
            && starts.last().is_none_or(|&s: &usize| text[s..i].trim() != "export")
        {
            starts.push(i);
        }
    }
    if !scan.finish().is_ok_and(|open| open.is_empty()) || starts.first().is_none_or(|&s| !text[..s].trim().is_empty())
    {
        return Err("is not a list of `type` and `interface` declarations".to_owned());
    }
    starts.push(text.len());
    let mut out = Vec::new();
    for pair in starts.windows(2) {
        let declaration = text[pair[0]..pair[1]].trim();
        let declaration = declaration.strip_prefix("export ").unwrap_or(declaration).trim();
        let declaration = declaration.strip_suffix(';').unwrap_or(declaration).trim_end();
        let after_keyword = declaration.split_once(' ').map(|(_, rest)| rest).unwrap_or_default();
        let name: String = after_keyword.chars().take_while(|&c| is_ident_char(c)).collect();
        if name.is_empty() {
            return Err(format!("`{declaration}` declares no name"));
        }
        let text =
            if declaration.starts_with("interface") { declaration.to_owned() } else { format!("{declaration};") };
        out.push(Added { name, text });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_start_in_code_at_the_top_level() {
        let text = "export type A = { k: '}' /* interface Y */ | 'type X' };\ninterface B { type: `(`; c: C }";
        let added = split_declarations(text).unwrap();
        let names: Vec<&str> = added.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(names, ["A", "B"]);
        assert_eq!(added[1].text, "interface B { type: `(`; c: C }");
        for text in ["type A = { b: '}' ", "type A = B }", "let a = 1;", "type A = 'b"] {
            assert!(split_declarations(text).is_err(), "{text}");
        }
    }
}
