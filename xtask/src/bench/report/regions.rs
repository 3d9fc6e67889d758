//! Where the results tables go in bench/README.md: between a line `<!-- results:NAME -->` and a line
//! `<!-- /results:NAME -->`, one region per bench; the prose around them is the README's own.

use std::collections::BTreeMap;
use std::ops::Range;

use anyhow::{Result, bail};

use super::README;

/// A region: its bench's name, and the bytes between its two marker lines.
struct Region<'a> {
    name: &'a str,
    body: Range<usize>,
}

/// The names of the regions of `readme` whose contents are not `tables`' (each table with a blank
/// line before and after it).
pub(crate) fn stale<'a>(readme: &str, tables: &BTreeMap<&'a str, String>) -> Result<Vec<&'a str>> {
    let found = regions(readme, tables)?;
    Ok(tables.iter().filter(|(name, table)| found[**name] != body(table)).map(|(name, _)| *name).collect())
}

/// `readme` with every region's contents its table.
pub(crate) fn rewrite(readme: &str, tables: &BTreeMap<&str, String>) -> Result<String> {
    let mut found: Vec<Region> = Vec::new();
    for_each_region(readme, |region| found.push(region))?;
    check_names(&found, tables)?;
    let mut out = String::with_capacity(readme.len());
    let mut copied = 0;
    for region in &found {
        out.push_str(&readme[copied..region.body.start]);
        out.push_str(&body(&tables[region.name]));
        copied = region.body.end;
    }
    out.push_str(&readme[copied..]);
    Ok(out)
}

fn body(table: &str) -> String {
    format!("\n{table}\n")
}

/// Each region's contents by name, every name of `tables` there once and no other.
fn regions<'r>(readme: &'r str, tables: &BTreeMap<&str, String>) -> Result<BTreeMap<&'r str, &'r str>> {
    let mut found = Vec::new();
    for_each_region(readme, |region| found.push(region))?;
    check_names(&found, tables)?;
    Ok(found.into_iter().map(|region| (region.name, &readme[region.body])).collect())
}

fn check_names(found: &[Region], tables: &BTreeMap<&str, String>) -> Result<()> {
    for (i, region) in found.iter().enumerate() {
        if !tables.contains_key(region.name) {
            let names: Vec<&str> = tables.keys().copied().collect();
            bail!(
                "{README} has a results region `{}`, which is no bench's (they are {})",
                region.name,
                names.join(", ")
            );
        }
        if found[..i].iter().any(|other| other.name == region.name) {
            bail!("{README} has two results regions `{}`", region.name);
        }
    }
    for name in tables.keys() {
        if !found.iter().any(|region| region.name == *name) {
            bail!(
                "{README} has no region for the results of `{name}`: add `<!-- results:{name} -->` and `<!-- /results:{name} -->`"
            );
        }
    }
    Ok(())
}

/// Calls `each` on the regions of `readme` in order; a marker without its pair is an error.
fn for_each_region<'a>(readme: &'a str, mut each: impl FnMut(Region<'a>)) -> Result<()> {
    let mut open: Option<(&str, usize, usize)> = None;
    let mut at = 0;
    for (index, line) in readme.split_inclusive('\n').enumerate() {
        let (start, end) = (at, at + line.len());
        at = end;
        let marker = line.trim();
        if let Some(name) = marker.strip_prefix("<!-- /results:").and_then(|rest| rest.strip_suffix(" -->")) {
            match open.take() {
                Some((opened, _, body)) if opened == name => each(Region { name, body: body..start }),
                _ => bail!("{README}:{}: `{marker}` closes no region opened before it", index + 1),
            }
        } else if let Some(name) = marker.strip_prefix("<!-- results:").and_then(|rest| rest.strip_suffix(" -->")) {
            if let Some((opened, line, _)) = open {
                bail!("{README}:{line}: the region `{opened}` is not closed before the next opens");
            }
            open = Some((name, index + 1, end));
        }
    }
    match open {
        Some((name, line, _)) => {
            bail!("{README}:{line}: the region `{name}` is never closed (`<!-- /results:{name} -->`)")
        }
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::{rewrite, stale};

    fn tables() -> BTreeMap<&'static str, String> {
        [("a", "| x |\n".to_owned()), ("b", "Not measured yet.\n".to_owned())].into_iter().collect()
    }

    #[test]
    fn rewrites_only_between_the_markers() {
        let readme = "# Benchmarks\n\nProse.\n\n<!-- results:a -->\nold\n<!-- /results:a -->\n\nMore.\n<!-- results:b -->\n<!-- /results:b -->\n";
        assert_eq!(stale(readme, &tables()).unwrap(), ["a", "b"]);
        let written = rewrite(readme, &tables()).unwrap();
        assert_eq!(
            written,
            "# Benchmarks\n\nProse.\n\n<!-- results:a -->\n\n| x |\n\n<!-- /results:a -->\n\nMore.\n<!-- results:b -->\n\nNot measured yet.\n\n<!-- /results:b -->\n"
        );
        assert!(stale(&written, &tables()).unwrap().is_empty());
        assert_eq!(rewrite(&written, &tables()).unwrap(), written);
    }

    #[test]
    fn refuses_regions_that_do_not_pair_or_match_a_bench() {
        let error = |readme: &str| stale(readme, &tables()).unwrap_err().to_string();
        let both = "<!-- results:a -->\n<!-- /results:a -->\n<!-- results:b -->\n<!-- /results:b -->\n";
        assert!(error("<!-- results:a -->\n<!-- /results:a -->\n").contains("no region for the results of `b`"));
        assert!(
            error(&format!("{both}<!-- results:c -->\n<!-- /results:c -->\n")).contains("`c`, which is no bench's")
        );
        assert!(error(&format!("{both}<!-- results:a -->\n<!-- /results:a -->\n")).contains("two results regions `a`"));
        assert!(error("<!-- results:a -->\n<!-- results:b -->\n").contains(":1: the region `a` is not closed"));
        assert!(error("<!-- /results:a -->\n").contains(":1: `<!-- /results:a -->` closes no region"));
        assert!(error("x\n<!-- results:a -->\n").contains(":2: the region `a` is never closed"));
    }
}
