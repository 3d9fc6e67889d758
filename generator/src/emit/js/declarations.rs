//! A check of every generated JS module: no name is declared twice at its top level. Names made
//! from the schema's types (`Lazy<Type>`, `deserialize<Type>`, `walk<Type>`, `<TYPE>_TYPES`) share
//! the module with the templates' own, and a collision would be a module that does not load.

use std::collections::BTreeMap;

use crate::error::Error;

/// An error naming the first name `code` (the module at `path`) declares twice at its top level:
/// lines that start with `function`, `class`, `const`, `let` or `var`, optionally exported, and
/// the names of top-level `import { … }` and `const { … } =` lists, one line or one name a line.
pub(crate) fn check_declarations(code: &str, path: &str) -> Result<(), Error> {
    let mut lines: BTreeMap<&str, usize> = BTreeMap::new();
    let mut in_list = false;
    for (number, line) in code.lines().enumerate() {
        let names: Vec<&str> = if in_list {
            in_list = !line.starts_with('}');
            if in_list { list_names(line) } else { Vec::new() }
        } else if let Some(list) = line.strip_prefix("import {").or_else(|| line.strip_prefix("const {")) {
            in_list = !list.contains('}');
            list_names(list.split('}').next().unwrap_or_default())
        } else {
            declared_name(line).into_iter().collect()
        };
        for name in names {
            if let Some(first) = lines.insert(name, number + 1) {
                return Err(Error::DuplicateDeclaration {
                    module: path.to_owned(),
                    name: name.to_owned(),
                    lines: (first, number + 1),
                });
            }
        }
    }
    Ok(())
}

/// The names a line of an import or destructuring list binds: `a, b as c` binds `a` and `c`.
fn list_names(line: &str) -> Vec<&str> {
    line.split(',')
        .filter_map(|item| item.split(" as ").last()?.split(':').next_back())
        .map(str::trim)
        .filter(|name| !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$'))
        .collect()
}

/// The name a top-level declaration line declares.
fn declared_name(line: &str) -> Option<&str> {
    let line = line.strip_prefix("export ").unwrap_or(line);
    let line = line.strip_prefix("async ").unwrap_or(line);
    let rest =
        ["function* ", "function ", "class ", "const ", "let ", "var "].iter().find_map(|k| line.strip_prefix(k))?;
    let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$')).unwrap_or(rest.len());
    (end > 0).then(|| &rest[..end])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_declared_twice_is_an_error() {
        let code = "class LazyObject {}\nfunction deserializeX(pos) {\n  const a = 1;\n}\nexport class LazyObject extends LazyObject {}\n";
        match check_declarations(code, "npm/x/deserialize.js") {
            Err(Error::DuplicateDeclaration { name, lines, .. }) => {
                assert_eq!((name.as_str(), lines), ("LazyObject", (1, 5)))
            }
            other => panic!("not refused: {other:?}"),
        }
        let listed = "import { RawastBufferError, internalsForWalk } from \"./deserialize.js\";\nconst {\n  readU32,\n  sourceForWords,\n} = internalsForWalk();\nfunction sourceForWords() {}\n";
        match check_declarations(listed, "walk.js") {
            Err(Error::DuplicateDeclaration { name, lines, .. }) => {
                assert_eq!((name.as_str(), lines), ("sourceForWords", (4, 6)))
            }
            other => panic!("a listed name declared again is not refused: {other:?}"),
        }
        let fine = "import { a as b } from \"x\";\nconst b2 = 1;\nconst A = 1;\nexport function deserialize(buffer) {\n  const A = 2;\n}\nasync function* walk() {}\nconst { x } = y;\n";
        assert!(check_declarations(fine, "m.js").is_ok());
    }
}
