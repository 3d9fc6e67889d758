//! The README's walk-through, followed as a reader follows it: a crate outside the repository made
//! from its blocks (each block whose first line names a file, `// src/lib.rs` or `# codegen.toml`,
//! is that file), `rawast codegen`, `cargo build`, `rawast addon`, then its JS blocks run against the
//! package it made. rawast's crates come from this checkout, as the README says to do.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use super::js_blocks::{self, Runner};
use super::markdown::{CodeBlock, Document};
use crate::project::{self, Project};

/// Where the reader's crate is made: outside the repository, so that Cargo does not take it for a
/// member of rawast's workspace; its `target/` is kept between runs.
fn crate_dir() -> PathBuf {
    std::env::temp_dir().join("rawast-walkthrough")
}

/// Builds the walk-through's crate and package with `rawast`, and runs its JS blocks; returns how
/// many ran.
pub fn check(project: &Project, readme: &Document, rawast: &Path) -> Result<usize> {
    let dir = crate_dir();
    for made in ["src", "generated", "node_modules", ".cargo", "codegen.toml"] {
        let path = dir.join(made);
        if path.is_dir() {
            std::fs::remove_dir_all(&path)?;
        } else if path.exists() {
            std::fs::remove_file(&path)?;
        }
    }
    std::fs::create_dir_all(&dir)?;
    let name = crate_name(readme)?;
    let runtime = project.path("schema/runtime");
    let manifest = format!(
        "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2024\"\n\n[dependencies]\n\
         rawast-runtime = {{ path = {}, version = \"0.1.0\" }}\n",
        toml::Value::String(runtime.to_string_lossy().into_owned())
    );
    std::fs::write(dir.join("Cargo.toml"), manifest)?;
    if let Some(block) = readme.blocks.iter().find(|b| b.language == "rust" && named_file(b).is_none()) {
        bail!(
            "{}: a Rust block of the README names no file of the walk-through's crate (`// src/x.rs`)",
            block.at(readme)
        );
    }
    let checkout = project.root.to_string_lossy();
    let mut written = 0;
    for block in &readme.blocks {
        if let Some(file) = named_file(block) {
            let path = dir.join(file);
            std::fs::create_dir_all(path.parent().expect("a file in the crate"))?;
            std::fs::write(&path, block.text.replace("<checkout>", &checkout))?;
            written += 1;
        }
    }
    if written == 0 {
        bail!("{}: no block names a file of the walk-through's crate (`// src/lib.rs`)", readme.name);
    }
    let cargo = project::cargo().get_program().to_owned();
    project::run(Command::new(rawast).arg("codegen"), &dir)?;
    project::run(project::cargo().args(["build", "--quiet"]), &dir)?;
    project::run(Command::new(rawast).args(["addon", "--debug"]).env("CARGO", &cargo), &dir)?;
    for package in std::fs::read_dir(dir.join("generated/npm")).context("codegen wrote no npm package")? {
        let package = package?.path();
        let manifest = std::fs::read_to_string(package.join("package.json"))?;
        let manifest: serde_json::Value = serde_json::from_str(&manifest)?;
        let name = manifest["name"].as_str().context("a package.json without a name")?;
        js_blocks::link_package(&dir, name, &package)?;
    }
    Runner::in_dir(project, dir)?.run(readme, false)
}

/// The crate's name, from the walk-through's `cargo new --lib NAME`.
fn crate_name(readme: &Document) -> Result<String> {
    readme
        .blocks
        .iter()
        .filter(|b| b.language == "sh")
        .flat_map(|b| b.text.lines())
        .find_map(|line| line.trim().strip_prefix("cargo new --lib ")?.split_whitespace().next().map(str::to_owned))
        .with_context(|| format!("{}: no `cargo new --lib NAME` to name the walk-through's crate", readme.name))
}

/// The file a Rust or TOML block is, named by its first line: `// src/ast.rs`, `# codegen.toml`.
fn named_file(block: &CodeBlock) -> Option<&str> {
    if !matches!(block.language.as_str(), "rust" | "toml") {
        return None;
    }
    let first = block.text.lines().next()?;
    let name = first.strip_prefix("// ").or_else(|| first.strip_prefix("# "))?.trim();
    let is_path = !name.is_empty()
        && !name.contains(char::is_whitespace)
        && name.contains('.')
        && !name.starts_with('/')
        && !name.split('/').any(|part| part == "..");
    is_path.then_some(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blocks(text: &str) -> Document {
        Document::parse("t.md", PathBuf::from("t.md"), text)
    }

    #[test]
    fn names_files_by_their_first_line_and_the_crate_by_cargo_new() {
        let document = blocks(
            "```sh\ncargo new --lib words && cd words\n```\n```rust\n// src/lib.rs\npub mod ast;\n```\n\
             ```toml\n# codegen.toml\n[schema]\n```\n```rust\n// a comment, no file\n```\n\
             ```toml,cargo\n# .cargo/config.toml\n```\n```rust\n// ../escape.rs\n```\n",
        );
        let files: Vec<_> = document.blocks.iter().filter_map(named_file).collect();
        assert_eq!(files, ["src/lib.rs", "codegen.toml", ".cargo/config.toml"]);
        assert_eq!(crate_name(&document).unwrap(), "words");
        assert!(crate_name(&blocks("```sh\ncargo build\n```\n")).is_err());
    }
}
