//! Relative links and their anchors: every `[text](path#anchor)` of the checked Markdown files must
//! name a file of the repository and, into Markdown, a heading that file has.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

use anyhow::Result;

use super::markdown::Document;

/// The broken links of `documents`, one message each; anchors of Markdown files outside the set are
/// read when a link needs them.
pub fn broken(root: &Path, documents: &[Document]) -> Result<Vec<String>> {
    let mut anchors: BTreeMap<PathBuf, Vec<String>> =
        documents.iter().map(|d| (normal(&d.path), d.anchors.clone())).collect();
    let mut broken = vec![];
    for document in documents {
        for link in &document.links {
            let at = format!("{}:{}", document.name, link.line);
            let destination = link.destination.as_str();
            if is_external(destination) {
                continue;
            }
            let (file, anchor) = destination.split_once('#').unwrap_or((destination, ""));
            let target = if file.is_empty() {
                normal(&document.path)
            } else {
                normal(&document.path.parent().unwrap_or(root).join(file))
            };
            if !file.is_empty() && !target.exists() {
                broken.push(format!("{at}: `{destination}`: no such file"));
                continue;
            }
            if anchor.is_empty() || target.extension().is_none_or(|e| e != "md") {
                continue;
            }
            if !anchors.contains_key(&target) {
                let name = target.strip_prefix(root).unwrap_or(&target).display().to_string();
                anchors.insert(target.clone(), Document::read(root, &name)?.anchors);
            }
            if !anchors[&target].iter().any(|a| a == anchor) {
                broken.push(format!("{at}: `{destination}`: no heading with the anchor `#{anchor}`"));
            }
        }
    }
    Ok(broken)
}

fn is_external(destination: &str) -> bool {
    destination.split_once(':').is_some_and(|(scheme, _)| {
        !scheme.is_empty() && scheme.chars().all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
    })
}

/// `path` with `.` and `..` resolved by name, as a browser resolves a link.
fn normal(path: &Path) -> PathBuf {
    let mut normal = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                normal.pop();
            }
            other => normal.push(other),
        }
    }
    normal
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_missing_files_and_anchors_and_passes_the_rest() {
        let dir = std::env::temp_dir().join(format!("rawast-links-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("docs")).unwrap();
        std::fs::write(dir.join("README.md"), "# Top\n## Quick start\n").unwrap();
        let text = "# A\n[ok](../README.md#quick-start) [self](#a) [web](https://x.org/#y) [dir](.)\n\
                    [gone](missing.md) [no anchor](../README.md#nope) [bad self](#b)\n";
        let document = Document::parse("docs/a.md", dir.join("docs/a.md"), text);
        let broken = broken(&dir, &[document]).unwrap();
        assert_eq!(
            broken,
            [
                "docs/a.md:3: `missing.md`: no such file",
                "docs/a.md:3: `../README.md#nope`: no heading with the anchor `#nope`",
                "docs/a.md:3: `#b`: no heading with the anchor `#b`",
            ]
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
