//! The book's TOML blocks, read as rawast reads them: a `codegen.toml` by the real config loader
//! (whole, or as a fragment merged over the JSONC example's configuration), an error example by the
//! same loader with the message the book shows after it, and other TOML (Cargo's) as TOML.

use anyhow::{Context, Result, bail};
use rawast_generator::{Config, SourceFile};

use super::markdown::{CodeBlock, Document};

/// The configuration a fragment is merged over.
pub const BASE_CONFIG: &str = "examples/jsonc/codegen.toml";

/// Checks every TOML block of `document`; returns how many it checked.
pub fn check(document: &Document, base: &toml::Table) -> Result<usize> {
    let mut checked = 0;
    for (index, block) in document.blocks.iter().enumerate() {
        if block.language != "toml" {
            continue;
        }
        let at = block.at(document);
        if block.has("cargo") {
            block.text.parse::<toml::Table>().with_context(|| format!("{at}: not TOML"))?;
        } else {
            let text = if block.has("fragment") { merged(base, &block.text, &at)? } else { block.text.clone() };
            let loaded = Config::parse(&SourceFile { path: "codegen.toml".to_owned(), text });
            match (loaded, block.has("error")) {
                (Ok(_), false) => {}
                (Err(diagnostics), false) => bail!("{at}: the config loader refuses this block:\n{diagnostics}"),
                (Ok(_), true) => bail!("{at}: marked `error`, but the config loader takes it"),
                (Err(diagnostics), true) => {
                    let expected = expected_error(document, index)?;
                    check_message(&diagnostics.to_string(), expected, &at)?;
                }
            }
        }
        checked += 1;
    }
    Ok(checked)
}

/// Reads the base configuration as a table.
pub fn base(root: &std::path::Path) -> Result<toml::Table> {
    let text = std::fs::read_to_string(root.join(BASE_CONFIG)).with_context(|| format!("cannot read {BASE_CONFIG}"))?;
    Ok(text.parse()?)
}

/// `fragment` merged over `base`, table into table, as TOML text.
fn merged(base: &toml::Table, fragment: &str, at: &str) -> Result<String> {
    let fragment: toml::Table = fragment.parse().with_context(|| format!("{at}: not TOML"))?;
    let mut merged = base.clone();
    merge(&mut merged, fragment);
    Ok(toml::to_string(&merged)?)
}

fn merge(into: &mut toml::Table, from: toml::Table) {
    for (key, value) in from {
        match (into.get_mut(&key), value) {
            (Some(toml::Value::Table(into)), toml::Value::Table(from)) => merge(into, from),
            (_, value) => {
                into.insert(key, value);
            }
        }
    }
}

/// The ```` ```text ```` block right after the error example at `index`.
fn expected_error(document: &Document, index: usize) -> Result<&CodeBlock> {
    let block = &document.blocks[index];
    match document.blocks.get(index + 1) {
        Some(next) if next.language == "text" => Ok(next),
        _ => bail!("{}: an `error` example must be followed by a ```text block with the message", block.at(document)),
    }
}

/// The lines of the shown message that name the error (`error:`, `help:`, `note:`), or its first
/// line, must all be in what the loader printed.
fn check_message(printed: &str, expected: &CodeBlock, at: &str) -> Result<()> {
    let lines: Vec<&str> = expected.text.lines().map(str::trim).filter(|line| !line.is_empty()).collect();
    let named: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|line| ["error:", "help:", "= help:", "note:"].iter().any(|start| line.starts_with(start)))
        .collect();
    let wanted = if named.is_empty() { lines.into_iter().take(1).collect() } else { named };
    if wanted.is_empty() {
        bail!("{at}: the ```text block after this error example is empty");
    }
    for line in wanted {
        if !printed.contains(line) {
            bail!("{at}: the config loader's message does not contain `{line}`; it printed:\n{printed}");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::*;

    fn document(text: &str) -> Document {
        Document::parse("t.md", PathBuf::from("t.md"), text)
    }

    fn base() -> toml::Table {
        "[schema]\nfiles = [\"ast.rs\"]\nast_module = \"crate::ast\"\nruntime_module = \"rawast_runtime\"\nroot = \"Doc\"\n[output]\ndir = \"generated\"\n[targets.parser]\nsource_placement = \"start\"\n"
            .parse()
            .unwrap()
    }

    #[test]
    fn takes_configs_and_fragments_the_loader_takes() {
        let text =
            "```toml,fragment\n[targets.parser]\nruntime = \"web\"\n```\n\n```toml,cargo\n[patch.crates-io]\n```\n";
        assert_eq!(check(&document(text), &base()).unwrap(), 2);
    }

    #[test]
    fn refuses_a_block_the_loader_refuses() {
        let text = "```toml,fragment\n[targets.parser]\nruntime = \"deno\"\n```\n";
        let error = check(&document(text), &base()).unwrap_err().to_string();
        assert!(error.starts_with("t.md:1: the config loader refuses this block"), "{error}");
    }

    #[test]
    fn holds_error_examples_to_the_message_shown() {
        let block = "```toml,fragment,error\n[targets.parser]\nruntime = \"deno\"\n```\n";
        let shown = |message: &str| document(&format!("{block}\n```text\n{message}\n```\n"));
        assert_eq!(check(&shown("error: invalid codegen.toml: unknown variant `deno`"), &base()).unwrap(), 1);
        let error = check(&shown("error: a message it does not print"), &base()).unwrap_err().to_string();
        assert!(error.contains("does not contain `error: a message it does not print`"), "{error}");
        let error = check(&document(block), &base()).unwrap_err().to_string();
        assert!(error.contains("must be followed by a ```text block"), "{error}");
        let taken = "```toml,fragment,error\n[targets.parser]\nruntime = \"web\"\n```\n```text\nerror: x\n```\n";
        assert!(check(&document(taken), &base()).unwrap_err().to_string().contains("but the config loader takes it"));
    }
}
