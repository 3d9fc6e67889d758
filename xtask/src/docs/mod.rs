//! `cargo xtask docs`: the book (`docs/`) and the repository's Markdown checked as a reader uses
//! them. TOML blocks load with the real config loader, JS blocks run against generated packages,
//! Rust blocks compile as doctests of the `rawast-docs` crate, links and anchors resolve, the
//! target-keys table matches the loader, every chapter is in `SUMMARY.md`, and the README stays short.

mod js_blocks;
mod links;
mod markdown;
mod target_keys;
mod toml_blocks;
mod walkthrough;

use std::path::Path;
use std::process::Command;

use anyhow::{Result, bail};
use rawast_generator::plural::count;

use crate::project::{self, Project};
use crate::{examples, layout32};
use markdown::Document;

pub const LONG_ABOUT: &str = "\
Check the book (docs/) and the repository's Markdown as a reader uses them.

- ```toml blocks load with rawast's config loader (`,fragment`: merged over examples/jsonc/codegen.toml;
  `,error`: refused, with the message of the ```text block after it; `,cargo`: TOML only);
- ```js blocks run on the pinned Node where `@you/jsonc-ast`, `-lazy` and `-web` are the JSONC
  example's packages, with `text` (a JSONC source) and `path` (its file) defined (`,ignore`: not run);
- ```rust blocks compile and run as doctests of docs/lib.rs, which must include every file that has any;
- relative links and their anchors resolve; every chapter is in docs/SUMMARY.md;
- the key table of docs/targets.md lists exactly the keys the config loader takes;
- README.md has at most 300 lines.

The JS blocks need the example's native addons: they are built (debug) when missing.";

/// The Markdown outside `docs/` that readers follow links in, besides the benches' (`bench/*.md`).
const REPOSITORY_DOCUMENTS: &[&str] = &["README.md", "CONTRIBUTING.md", "examples/jsonc/README.md"];
const README_MAX_LINES: usize = 300;

pub fn main(project: &Project) -> Result<()> {
    let root = &project.root;
    let documents = documents(root)?;
    let mut problems = vec![];
    problems.extend(unlisted_chapters(root, &documents)?);
    problems.extend(undoctested(root, &documents)?);
    problems.extend(links::broken(root, &documents)?);
    let base = toml_blocks::base(root)?;
    let targets = documents.iter().find(|d| d.name == "docs/targets.md");
    match targets {
        Some(targets) => problems.extend(target_keys::mismatches(targets, &base)?),
        None => problems.push("docs/targets.md is missing".to_owned()),
    }
    let readme_lines = std::fs::read_to_string(root.join("README.md"))?.lines().count();
    if readme_lines > README_MAX_LINES {
        problems
            .push(format!("README.md has {readme_lines} lines; at most {README_MAX_LINES} (the book holds the rest)"));
    }
    let mut toml = 0;
    for document in &documents {
        match toml_blocks::check(document, &base) {
            Ok(checked) => toml += checked,
            Err(error) => problems.push(format!("{error:#}")),
        }
    }
    if !problems.is_empty() {
        bail!("{}\ndocs: {}", problems.join("\n"), count(problems.len(), "problem"));
    }
    project::run(project::cargo().args(["test", "--quiet", "--locked", "--doc", "-p", "rawast-docs"]), root)?;
    let rawast = examples::rawast_command(project)?;
    let mut js = 0;
    for document in documents.iter().filter(|d| walkthrough::WALKTHROUGHS.contains(&d.name.as_str())) {
        js += walkthrough::check(project, document, &rawast)?;
    }
    js += run_js(project, &rawast, &documents)?;
    let links: usize = documents.iter().map(|d| d.links.len()).sum();
    let checked = [(documents.len(), "file"), (toml, "TOML block"), (js, "JS block"), (links, "link")];
    let checked: Vec<String> = checked.into_iter().map(|(n, noun)| count(n, noun)).collect();
    println!("docs: {} checked", checked.join(", "));
    Ok(())
}

/// Every Markdown file under `docs/` and `bench/`, then `REPOSITORY_DOCUMENTS` that exist.
fn documents(root: &Path) -> Result<Vec<Document>> {
    let mut names = vec![];
    collect_markdown(root, &root.join("docs"), &mut names)?;
    names.sort();
    let mut benches = vec![];
    collect_markdown(root, &root.join("bench"), &mut benches)?;
    benches.sort();
    names.extend(benches);
    names.extend(REPOSITORY_DOCUMENTS.iter().filter(|name| root.join(name).exists()).map(|name| name.to_string()));
    names.iter().map(|name| Document::read(root, name)).collect()
}

fn collect_markdown(root: &Path, dir: &Path, names: &mut Vec<String>) -> Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect_markdown(root, &path, names)?;
        } else if path.extension().is_some_and(|e| e == "md") {
            names.push(path.strip_prefix(root)?.to_string_lossy().into_owned());
        }
    }
    Ok(())
}

/// Chapters mdBook would not render: Markdown under `docs/` that `SUMMARY.md` does not link.
fn unlisted_chapters(root: &Path, documents: &[Document]) -> Result<Vec<String>> {
    let Some(summary) = documents.iter().find(|d| d.name == "docs/SUMMARY.md") else {
        return Ok(vec!["docs/SUMMARY.md is missing".to_owned()]);
    };
    let listed: Vec<std::path::PathBuf> = summary
        .links
        .iter()
        .map(|link| root.join("docs").join(link.destination.split('#').next().unwrap_or("")))
        .collect();
    Ok(documents
        .iter()
        .filter(|d| d.name.starts_with("docs/") && d.name != "docs/SUMMARY.md" && !listed.contains(&d.path))
        .map(|d| format!("{}: not in docs/SUMMARY.md, so the book does not show it", d.name))
        .collect())
}

/// Files with Rust blocks that no crate compiles: the book's must be doctests of docs/lib.rs, a
/// crate's README doctests of that crate, and the README's are its walk-through's files.
fn undoctested(root: &Path, documents: &[Document]) -> Result<Vec<String>> {
    let mut undoctested = vec![];
    for document in documents.iter().filter(|d| d.blocks.iter().any(|b| b.language == "rust" && !b.has("ignore"))) {
        let (lib, included) = match document.name.strip_prefix("docs/") {
            _ if walkthrough::WALKTHROUGHS.contains(&document.name.as_str()) => continue,
            Some(chapter) => ("docs/lib.rs".to_owned(), chapter.to_owned()),
            None => {
                let dir = Path::new(&document.name).parent().unwrap_or(Path::new(""));
                (dir.join("src/lib.rs").to_string_lossy().into_owned(), "../README.md".to_owned())
            }
        };
        let includes = std::fs::read_to_string(root.join(&lib))
            .is_ok_and(|text| text.contains(&format!("include_str!(\"{included}\")")));
        if !includes {
            undoctested.push(format!("{}: has Rust blocks, but {lib} does not include it as doctests", document.name));
        }
    }
    Ok(undoctested)
}

/// Runs the JS blocks of every document but the walk-throughs, which run against their own crate. The
/// packages' addons and wasm module are built when missing; without a wasm32 toolchain (outside CI)
/// the blocks that import the web package are left out, with a warning.
fn run_js(project: &Project, rawast: &Path, documents: &[Document]) -> Result<usize> {
    if !js_blocks::has_addons(project) {
        let mut addon = Command::new(rawast);
        addon.args(["addon", "--debug", "--target", "parser", "--target", "lazy"]);
        project::run(addon.env("CARGO", project::cargo().get_program()), &project.path("examples/jsonc"))?;
    }
    let mut with_web = js_blocks::has_wasm(project);
    if !with_web
        && let Some(rustc) =
            layout32::rustc_or_warn(project.ci, "the book's blocks that import @you/jsonc-ast-web are NOT run")?
    {
        examples::build_jsonc_wasm(project, rawast, &rustc)?;
        with_web = true;
    }
    let runner = js_blocks::Runner::for_book(project)?;
    let mut ran = 0;
    let runs = |block: &markdown::CodeBlock| {
        with_web || !(block.text.contains("@you/jsonc-ast-web") || block.text.contains("@rawast-examples/jsonc-web"))
    };
    for document in documents.iter().filter(|d| !walkthrough::WALKTHROUGHS.contains(&d.name.as_str())) {
        ran += runner.run(document, &runs)?;
    }
    Ok(ran)
}
