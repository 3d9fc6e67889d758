//! The book's table of target keys against the keys the config loader takes. The loader is asked,
//! not a list kept beside it: a key it does not know, written into each table of a target, makes it
//! name every key it does know.

use std::collections::BTreeSet;

use anyhow::{Result, bail};
use rawast_generator::{Config, SourceFile};

use super::markdown::Document;

/// The tables of `[targets.X]` whose keys the book lists, dotted below the target.
const TABLES: &[&str] = &["", "strings", "package", "package.smoke", "package.addon", "package.wasm"];

/// What is wrong with `document`'s key table (the table whose first header cell is `key`), one
/// message each.
pub fn mismatches(document: &Document, base: &toml::Table) -> Result<Vec<String>> {
    let Some(table) = document.tables.iter().find(|t| t.rows.first().is_some_and(|h| is_key_header(h))) else {
        bail!("{}: no table of target keys (a table whose first column is headed `key`)", document.name);
    };
    let listed: BTreeSet<String> = table.rows[1..].iter().filter_map(|row| row.first()).cloned().collect();
    let taken = taken_keys(base)?;
    let mut mismatches = vec![];
    for key in &taken {
        let is_table = TABLES.contains(&key.as_str());
        if !is_table && !listed.contains(key) {
            mismatches
                .push(format!("{}:{}: the table lacks `{key}`, which the loader takes", document.name, table.line));
        }
    }
    for key in &listed {
        if !taken.contains(key) {
            mismatches.push(format!("{}:{}: the loader takes no key `{key}`", document.name, table.line));
        }
    }
    Ok(mismatches)
}

fn is_key_header(header: &[String]) -> bool {
    header.first().is_some_and(|cell| cell.eq_ignore_ascii_case("key"))
}

/// Every key of every table in `TABLES`, dotted (`package.addon.build`).
fn taken_keys(base: &toml::Table) -> Result<BTreeSet<String>> {
    let mut keys = BTreeSet::new();
    for table in TABLES {
        for key in keys_of(base, table)? {
            keys.insert(if table.is_empty() { key } else { format!("{table}.{key}") });
        }
    }
    Ok(keys)
}

/// The keys the loader names when `[targets.parser.<table>]` holds one it does not know.
fn keys_of(base: &toml::Table, table: &str) -> Result<Vec<String>> {
    const PROBE: &str = "key_no_table_takes";
    let mut config = base.clone();
    let mut at = config.entry("targets").or_insert_with(|| toml::Table::new().into());
    for name in std::iter::once("parser").chain(table.split('.').filter(|s| !s.is_empty())) {
        let toml::Value::Table(parent) = at else { bail!("targets.parser.{table} is not a table in the base config") };
        at = parent.entry(name).or_insert_with(|| toml::Table::new().into());
    }
    let toml::Value::Table(probed) = at else { bail!("targets.parser.{table} is not a table in the base config") };
    probed.insert(PROBE.to_owned(), toml::Value::Integer(1));
    let text = toml::to_string(&config)?;
    let message = match Config::parse(&SourceFile { path: "codegen.toml".to_owned(), text }) {
        Ok(_) => bail!("the config loader takes an unknown key in [targets.parser.{table}]"),
        Err(diagnostics) => diagnostics.to_string(),
    };
    expected_fields(&message).ok_or_else(|| {
        anyhow::anyhow!("the loader's error for an unknown key in [targets.parser.{table}] names no keys:\n{message}")
    })
}

/// The names in serde's "unknown field `x`, expected one of `a`, `b`" (or "expected `a`", "expected
/// `a` or `b`").
fn expected_fields(message: &str) -> Option<Vec<String>> {
    let line = message.lines().find(|line| line.contains("unknown field"))?;
    let (_, expected) = line.split_once("expected")?;
    let names: Vec<String> = expected.split('`').skip(1).step_by(2).map(str::to_owned).collect();
    (!names.is_empty()).then_some(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_names_serde_expects() {
        let one_of = "error: invalid codegen.toml: unknown field `z`, expected one of `a`, `b_c`, `d`";
        assert_eq!(expected_fields(one_of).unwrap(), ["a", "b_c", "d"]);
        assert_eq!(expected_fields("unknown field `z`, expected `a` or `b`").unwrap(), ["a", "b"]);
        assert_eq!(expected_fields("error: something else"), None);
    }

    #[test]
    fn asks_the_loader_for_the_keys_of_every_table() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let keys = taken_keys(&crate::docs::toml_blocks::base(root).unwrap()).unwrap();
        for key in
            ["format", "source_placement", "strings.short_max_len", "package.addon.build", "package.smoke.expected"]
        {
            assert!(keys.contains(key), "{key} in {keys:?}");
        }
        assert!(!keys.contains("package.addon.key_no_table_takes"));
    }
}
