//! What the docs checks read of a Markdown file: its fenced code blocks with their info strings, its
//! links and the anchors its headings get (mdBook's rule, which GitHub's matches for plain headings).

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Options, Parser, Tag, TagEnd};

/// A Markdown file of the book or the repository, read for its checks.
pub struct Document {
    /// The path relative to the repository root, for messages.
    pub name: String,
    pub path: PathBuf,
    pub blocks: Vec<CodeBlock>,
    pub links: Vec<Link>,
    pub anchors: Vec<String>,
    /// Pipe tables, each with the line of its header row.
    pub tables: Vec<Table>,
}

/// A fenced code block: ```` ```toml,fragment ```` has the language `toml` and the attribute `fragment`.
pub struct CodeBlock {
    pub language: String,
    pub attributes: Vec<String>,
    pub text: String,
    /// The line of the opening fence.
    pub line: usize,
}

impl CodeBlock {
    pub fn has(&self, attribute: &str) -> bool {
        self.attributes.iter().any(|a| a == attribute)
    }

    /// Where the block is, as `docs/x.md:12`.
    pub fn at(&self, document: &Document) -> String {
        format!("{}:{}", document.name, self.line)
    }
}

pub struct Link {
    pub destination: String,
    pub line: usize,
}

/// A table's rows, each a list of cells as text (inline code without its backticks).
pub struct Table {
    pub line: usize,
    pub rows: Vec<Vec<String>>,
}

impl Document {
    pub fn read(root: &Path, name: &str) -> Result<Document> {
        let path = root.join(name);
        let text = std::fs::read_to_string(&path).with_context(|| format!("cannot read {name}"))?;
        Ok(Document::parse(name, path, &text))
    }

    pub fn parse(name: &str, path: PathBuf, text: &str) -> Document {
        let line_of = |offset: usize| text[..offset].matches('\n').count() + 1;
        let mut document =
            Document { name: name.to_owned(), path, blocks: vec![], links: vec![], anchors: vec![], tables: vec![] };
        let mut block: Option<CodeBlock> = None;
        let mut heading: Option<String> = None;
        let mut table: Option<Table> = None;
        let mut cell: Option<String> = None;
        for (event, range) in Parser::new_ext(text, Options::ENABLE_TABLES).into_offset_iter() {
            match event {
                Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                    let mut parts = info.split(',').map(|part| part.trim().to_owned());
                    let language = parts.next().unwrap_or_default();
                    let attributes = parts.filter(|part| !part.is_empty()).collect();
                    block = Some(CodeBlock { language, attributes, text: String::new(), line: line_of(range.start) });
                }
                Event::End(TagEnd::CodeBlock) => document.blocks.extend(block.take()),
                Event::Start(Tag::Heading { id, .. }) => {
                    heading = Some(String::new());
                    if let Some(id) = id {
                        document.anchors.push(id.to_string());
                        heading = None;
                    }
                }
                Event::End(TagEnd::Heading(level)) => {
                    if let Some(heading) = heading.take() {
                        let anchor = unique(&document.anchors, anchor_of(&heading));
                        document.anchors.push(anchor);
                    }
                    let _: HeadingLevel = level;
                }
                Event::Start(Tag::Link { dest_url, .. }) | Event::Start(Tag::Image { dest_url, .. }) => {
                    document.links.push(Link { destination: dest_url.to_string(), line: line_of(range.start) });
                }
                Event::Start(Tag::Table(_)) => table = Some(Table { line: line_of(range.start), rows: vec![] }),
                Event::End(TagEnd::Table) => document.tables.extend(table.take()),
                Event::Start(Tag::TableHead) | Event::Start(Tag::TableRow) => {
                    if let Some(table) = &mut table {
                        table.rows.push(vec![]);
                    }
                }
                Event::Start(Tag::TableCell) => cell = Some(String::new()),
                Event::End(TagEnd::TableCell) => {
                    if let (Some(table), Some(cell)) = (&mut table, cell.take()) {
                        table.rows.last_mut().expect("a cell is in a row").push(cell.trim().to_owned());
                    }
                }
                Event::Text(text) | Event::Code(text) => {
                    for buffer in
                        [block.as_mut().map(|b| &mut b.text), heading.as_mut(), cell.as_mut()].into_iter().flatten()
                    {
                        buffer.push_str(&text);
                    }
                }
                _ => {}
            }
        }
        document
    }
}

/// The anchor mdBook gives a heading: lower case, spaces to `-`, other than letters, digits, `-`
/// and `_` dropped.
pub fn anchor_of(heading: &str) -> String {
    heading
        .trim()
        .chars()
        .filter_map(|c| match c {
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c.to_lowercase().next().unwrap_or(c)),
            c if c.is_whitespace() => Some('-'),
            _ => None,
        })
        .collect()
}

/// A second heading of the same text gets `-1`, a third `-2`, as in mdBook.
fn unique(taken: &[String], anchor: String) -> String {
    if !taken.contains(&anchor) {
        return anchor;
    }
    (1..).map(|n| format!("{anchor}-{n}")).find(|candidate| !taken.contains(candidate)).expect("an unused suffix")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Document {
        Document::parse("t.md", PathBuf::from("t.md"), text)
    }

    #[test]
    fn reads_blocks_with_their_attributes_and_lines() {
        let document = parse("# T\n\ntext\n\n```toml,fragment,error\n[a]\nb = 1\n```\n\n```js\nx()\n```\n");
        let [toml, js] = &document.blocks[..] else { panic!("two blocks") };
        assert_eq!((toml.language.as_str(), toml.line), ("toml", 5));
        assert!(toml.has("fragment") && toml.has("error") && !toml.has("cargo"));
        assert_eq!(toml.text, "[a]\nb = 1\n");
        assert_eq!((js.language.as_str(), js.attributes.len(), js.text.as_str()), ("js", 0, "x()\n"));
    }

    #[test]
    fn gives_headings_mdbook_anchors() {
        let document =
            parse("# Strings and `tune`\n## The `?` trap: E0283!\n## Strings and tune\n# Strings and tune\n");
        assert_eq!(
            document.anchors,
            ["strings-and-tune", "the--trap-e0283", "strings-and-tune-1", "strings-and-tune-2"]
        );
    }

    #[test]
    fn reads_links_and_table_cells() {
        let document = parse("See [x](a.md#b) and ![i](img.png).\n\n| key | d |\n|---|---|\n| `lazy` | no |\n");
        let links: Vec<_> = document.links.iter().map(|l| l.destination.as_str()).collect();
        assert_eq!(links, ["a.md#b", "img.png"]);
        assert_eq!(document.tables[0].rows, [vec!["key", "d"], vec!["lazy", "no"]]);
    }
}
