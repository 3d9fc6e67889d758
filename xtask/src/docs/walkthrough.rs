//! The walk-throughs (the README's and the book's "Using rawast in your parser"), followed as a
//! reader follows them: a crate outside the repository made from a document's blocks (a block whose
//! first line names a file, `// src/lib.rs` or `# codegen.toml`, is that file; `# codegen.toml,
//! continued` adds to it), then `rawast codegen`, `cargo build`, `cargo test`, `rawast addon` for
//! each addon and wasm module, `rawast package --dry-run` where the document packages, and its JS
//! blocks run against the packages it made. rawast's crates come from this checkout, as the
//! walk-throughs say to do.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use super::js_blocks::{self, Runner};
use super::markdown::{CodeBlock, Document};
use crate::layout32;
use crate::project::{self, Project};

/// The documents whose Rust blocks are a crate's files rather than doctests.
pub const WALKTHROUGHS: &[&str] = &["README.md", "docs/getting-started.md"];

/// Where the reader's crate is made: outside the repository, so that Cargo does not take it for a
/// member of rawast's workspace; one directory per checkout, whose `target/` is kept between runs.
fn crate_dir(project: &Project) -> PathBuf {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    project.root.hash(&mut hasher);
    std::env::temp_dir().join(format!("rawast-walkthrough-{:08x}", hasher.finish() as u32))
}

/// Builds `document`'s crate and packages with `rawast`, and runs its JS blocks; returns how many
/// ran.
pub fn check(project: &Project, document: &Document, rawast: &Path) -> Result<usize> {
    eprintln!("docs: the walk-through of {}", document.name);
    let dir = crate_dir(project);
    write_crate(project, document, &dir)?;
    let cargo = project::cargo().get_program().to_owned();
    let rawast_in = |args: &[&str]| {
        let mut command = Command::new(rawast);
        command.args(args).env("CARGO", &cargo);
        command
    };
    project::run(&mut rawast_in(&["codegen"]), &dir)?;
    project::run(project::cargo().args(["build", "--quiet"]), &dir)?;
    project::run(project::cargo().args(["test", "--quiet"]), &dir)?;
    let (addons, modules) = built_targets(&dir)?;
    for target in &addons {
        project::run(&mut rawast_in(&["addon", "--debug", "--target", target]), &dir)?;
    }
    let skipped = format!("the wasm module of {}'s walk-through is NOT built, nor its JS run", document.name);
    let wasm = if modules.is_empty() { None } else { layout32::rustc_or_warn(project.ci, &skipped)? };
    if let Some(rustc) = &wasm {
        for target in &modules {
            let mut addon = rawast_in(&["addon", "--target", target]);
            project::run(addon.envs(layout32::wasm_env(rustc, "")?), &dir)?;
        }
    }
    let packed: Vec<&String> = addons.iter().chain(modules.iter().filter(|_| wasm.is_some())).collect();
    if packages(document) && !packed.is_empty() {
        let mut package = rawast_in(&["package", "--dry-run", "--prebuilt", "--tools-dir"]);
        package.arg(project.path("target/rawast-tools"));
        for target in &packed {
            package.args(["--target", target]);
        }
        for node in crate::package::nodes(project)? {
            package.arg("--node").arg(node);
        }
        project::run(&mut package, &dir)?;
    }
    let mut web_packages = vec![];
    for package in std::fs::read_dir(dir.join("generated/npm")).context("codegen wrote no npm package")? {
        let package = package?.path();
        let manifest: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(package.join("package.json"))?)?;
        let name = manifest["name"].as_str().context("a package.json without a name")?.to_owned();
        js_blocks::link_package(&dir, &name, &package)?;
        if package.file_name().is_some_and(|target| modules.iter().any(|m| target == m.as_str())) {
            web_packages.push(name);
        }
    }
    let runs =
        |block: &CodeBlock| wasm.is_some() || !web_packages.iter().any(|name| block.text.contains(name.as_str()));
    Runner::in_dir(project, dir)?.run(document, &runs)
}

/// Writes the crate of `document`: its `Cargo.toml` as `cargo new --lib` and `cargo add
/// rawast-runtime --path` make it, and every file a block names, `<checkout>` being this one.
fn write_crate(project: &Project, document: &Document, dir: &Path) -> Result<()> {
    for made in ["src", "tests", "test", "generated", "node_modules", ".cargo", "codegen.toml"] {
        let path = dir.join(made);
        if path.is_dir() {
            std::fs::remove_dir_all(&path)?;
        } else if path.exists() {
            std::fs::remove_file(&path)?;
        }
    }
    std::fs::create_dir_all(dir)?;
    let name = crate_name(document)?;
    let runtime = toml::Value::String(project.path("schema/runtime").to_string_lossy().into_owned());
    let manifest = format!(
        "[package]\nname = \"{name}\"\nversion = \"0.1.0\"\nedition = \"2024\"\n\n[dependencies]\n\
         rawast-runtime = {{ path = {runtime}, version = \"0.1.0\" }}\n"
    );
    std::fs::write(dir.join("Cargo.toml"), manifest)?;
    if let Some(block) = document.blocks.iter().find(|b| b.language == "rust" && named_file(b).is_none()) {
        bail!("{}: a Rust block of a walk-through names no file of its crate (`// src/x.rs`)", block.at(document));
    }
    let checkout = project.root.to_string_lossy();
    let mut written = 0;
    for block in &document.blocks {
        let Some((file, continued)) = named_file(block) else { continue };
        let path = dir.join(file);
        let text = block.text.replace("<checkout>", &checkout);
        if continued {
            let before = std::fs::read_to_string(&path).with_context(|| {
                format!("{}: continues {file}, which no block before it starts", block.at(document))
            })?;
            std::fs::write(&path, format!("{before}\n{text}"))?;
        } else {
            std::fs::create_dir_all(path.parent().expect("a file in the crate"))?;
            std::fs::write(&path, text)?;
        }
        written += 1;
    }
    if written == 0 {
        bail!("{}: no block names a file of the walk-through's crate (`// src/lib.rs`)", document.name);
    }
    Ok(())
}

/// The targets of the crate's `codegen.toml` whose package has an addon, and those with a wasm
/// module.
fn built_targets(dir: &Path) -> Result<(Vec<String>, Vec<String>)> {
    let config: toml::Table = std::fs::read_to_string(dir.join("codegen.toml"))?.parse()?;
    let mut addons = vec![];
    let mut modules = vec![];
    for (name, target) in config.get("targets").and_then(toml::Value::as_table).into_iter().flatten() {
        let package = target.get("package").and_then(toml::Value::as_table);
        if package.is_some_and(|p| p.contains_key("addon")) {
            addons.push(name.clone());
        }
        if package.is_some_and(|p| p.contains_key("wasm")) {
            modules.push(name.clone());
        }
    }
    Ok((addons, modules))
}

/// Whether the document tells the reader to run `rawast package`.
fn packages(document: &Document) -> bool {
    document
        .blocks
        .iter()
        .filter(|b| b.language == "sh")
        .flat_map(|b| b.text.lines())
        .any(|line| line.trim_start().starts_with("rawast package"))
}

/// The crate's name, from the walk-through's `cargo new --lib NAME`.
fn crate_name(document: &Document) -> Result<String> {
    document
        .blocks
        .iter()
        .filter(|b| b.language == "sh")
        .flat_map(|b| b.text.lines())
        .find_map(|line| line.trim().strip_prefix("cargo new --lib ")?.split_whitespace().next().map(str::to_owned))
        .with_context(|| format!("{}: no `cargo new --lib NAME` to name the walk-through's crate", document.name))
}

/// The file a block is: named by a `file=PATH` attribute (for files with no comments, a sample
/// text or JSON), or a Rust or TOML block's first line (`// src/ast.rs`, `# codegen.toml`); and
/// whether it continues that file (`# codegen.toml, continued`).
fn named_file(block: &CodeBlock) -> Option<(&str, bool)> {
    if let Some(name) = block.attributes.iter().find_map(|a| a.strip_prefix("file=")) {
        return is_relative_path(name).then_some((name, false));
    }
    if !matches!(block.language.as_str(), "rust" | "toml") {
        return None;
    }
    let first = block.text.lines().next()?;
    let name = first.strip_prefix("// ").or_else(|| first.strip_prefix("# "))?.trim();
    let (name, continued) = match name.strip_suffix(", continued") {
        Some(name) => (name, true),
        None => (name, false),
    };
    is_relative_path(name).then_some((name, continued))
}

/// Whether `name` is a file name inside the crate: `src/lib.rs`, not a comment, `/x` or `../x`.
fn is_relative_path(name: &str) -> bool {
    !name.is_empty()
        && !name.contains(char::is_whitespace)
        && name.contains('.')
        && !name.starts_with('/')
        && !name.split('/').any(|part| part == "..")
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
             ```toml,cargo\n# .cargo/config.toml\n```\n```rust\n// ../escape.rs\n```\n\
             ```toml,fragment\n# codegen.toml, continued\n[targets.web]\n```\n\
             ```json,file=test/sample.json\n{}\n```\n```text,file=../x\n```\n",
        );
        let files: Vec<_> = document.blocks.iter().filter_map(named_file).collect();
        assert_eq!(
            files,
            [
                ("src/lib.rs", false),
                ("codegen.toml", false),
                (".cargo/config.toml", false),
                ("codegen.toml", true),
                ("test/sample.json", false)
            ]
        );
        assert_eq!(crate_name(&document).unwrap(), "words");
        assert!(crate_name(&blocks("```sh\ncargo build\n```\n")).is_err());
        assert!(!packages(&document));
        assert!(packages(&blocks("```sh\nrawast package --dry-run\n```\n")));
    }
}
