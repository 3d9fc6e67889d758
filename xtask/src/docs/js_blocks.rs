//! The book's JS blocks, each run as an ES module by the pinned Node, where the packages the book
//! names resolve: `@you/jsonc-ast` and its siblings are the JSONC example's generated packages.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use super::markdown::{CodeBlock, Document};
use crate::project::Project;

/// The packages the book's JS imports, and the JSONC example's package each stands for; its own
/// README imports them by their own names.
const PACKAGES: &[(&str, &str)] = &[
    ("@you/jsonc-ast", "parser"),
    ("@you/jsonc-ast-lazy", "lazy"),
    ("@you/jsonc-ast-web", "web"),
    ("@rawast-examples/jsonc", "parser"),
    ("@rawast-examples/jsonc-lazy", "lazy"),
    ("@rawast-examples/jsonc-web", "web"),
];

/// The source every block can read as `text`, and from the file at `path`.
const SAMPLE: &str = "{\n  // the package's name\n  \"name\": \"rawast\",\n  \"tags\": [\"ast\", \"json\"],\n  \
                      \"version\": 1.5,\n  \"private\": true,\n  \"main\": null, /* trailing comma: */\n}\n";

/// Where blocks run, and what each is given before its own code.
pub struct Runner {
    node: PathBuf,
    dir: PathBuf,
    prelude: String,
}

impl Runner {
    /// The book's runner: `target/docs-js`, with `node_modules/@you/*` linked to the JSONC
    /// example's packages, which must hold the native addons its check builds; the book's blocks
    /// get `text` and `path`.
    pub fn for_book(project: &Project) -> Result<Runner> {
        let dir = project.path("target/docs-js");
        for (name, target) in PACKAGES {
            link_package(&dir, name, &project.path("examples/jsonc/generated/npm").join(target))?;
        }
        let sample = dir.join("sample.jsonc");
        std::fs::write(&sample, SAMPLE)?;
        let prelude = format!(
            "const text = {};\nconst path = {};\n",
            serde_json::to_string(SAMPLE)?,
            serde_json::to_string(&sample.to_string_lossy())?
        );
        Ok(Runner { node: project.node()?, dir, prelude })
    }

    /// A runner in `dir`, whose `node_modules` the caller fills, giving blocks nothing.
    pub fn in_dir(project: &Project, dir: PathBuf) -> Result<Runner> {
        Ok(Runner { node: project.node()?, dir, prelude: String::new() })
    }

    /// Runs every ```` ```js ```` block of `document` but those marked `ignore` and those `runs`
    /// leaves out; returns how many ran.
    pub fn run(&self, document: &Document, runs: &dyn Fn(&CodeBlock) -> bool) -> Result<usize> {
        let mut ran = 0;
        for block in document.blocks.iter().filter(|b| b.language == "js" && !b.has("ignore") && runs(b)) {
            self.run_block(document, block)?;
            ran += 1;
        }
        Ok(ran)
    }

    fn run_block(&self, document: &Document, block: &CodeBlock) -> Result<()> {
        let at = block.at(document);
        let file = self.dir.join(format!("{}.mjs", at.replace(['/', ':', '.'], "_")));
        // (The variables are the book's; other Markdown declares its own.)
        let prelude = if document.name.starts_with("docs/") { self.prelude.as_str() } else { "" };
        std::fs::write(&file, format!("{prelude}{}", block.text))?;
        let output = Command::new(&self.node)
            .arg(&file)
            .current_dir(&self.dir)
            .output()
            .with_context(|| format!("cannot run {}", self.node.display()))?;
        if !output.status.success() {
            bail!(
                "{at}: the JS block failed ({}):\n{}{}",
                output.status,
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr)
            );
        }
        Ok(())
    }
}

/// Makes `dir/node_modules/<name>` a link to `package`.
pub fn link_package(dir: &Path, name: &str, package: &Path) -> Result<()> {
    let link = dir.join("node_modules").join(name);
    std::fs::create_dir_all(link.parent().expect("a package link has a parent"))?;
    if link.symlink_metadata().is_ok() {
        std::fs::remove_file(&link)?;
    }
    std::os::unix::fs::symlink(package, &link)
        .with_context(|| format!("cannot link {} to {}", link.display(), package.display()))
}

/// Whether the web package holds its wasm module.
pub fn has_wasm(project: &Project) -> bool {
    project.path("examples/jsonc/generated/npm/web/jsonc_web.wasm").exists()
}

/// Whether the packages the blocks import hold a native addon to parse with.
pub fn has_addons(project: &Project) -> bool {
    ["parser", "lazy"].iter().all(|target| {
        let dir = project.path("examples/jsonc/generated/npm").join(target);
        std::fs::read_dir(dir)
            .is_ok_and(|entries| entries.flatten().any(|entry| entry.file_name().to_string_lossy().ends_with(".node")))
    })
}
