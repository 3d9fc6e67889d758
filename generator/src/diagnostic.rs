//! Errors in user input (schema files, `codegen.toml`) as values with a location.
//!
//! A `Diagnostic` carries everything needed to render it — file, line, column and the source line
//! itself — so the report can be printed once at the edge (xtask) without access to the inputs.
//! Rendering is plain text in rustc's style, with no colours: reports are snapshot-tested and end up
//! in CI logs.

use std::fmt;

/// One error in the user's input, or a note about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub level: Level,
    pub message: String,
    pub location: Option<Location>,
    pub help: Option<String>,
}

/// Whether a diagnostic stops the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Error,
    /// Something to act on that does not stop codegen, such as a fingerprint to record.
    Note,
}

/// Where a diagnostic points: a range on one line (multi-line ranges are cut at the line's end).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    /// The file as named in `codegen.toml` (relative, with `/` separators), never an absolute path.
    pub file: String,
    /// 1-based.
    pub line: usize,
    /// 0-based, in characters.
    pub column: usize,
    /// Characters to underline; at least 1.
    pub width: usize,
    /// The text of `line`, without its line ending.
    pub source_line: String,
}

impl Diagnostic {
    pub fn new(message: impl Into<String>) -> Self {
        Self { level: Level::Error, message: message.into(), location: None, help: None }
    }

    pub fn note(message: impl Into<String>) -> Self {
        Self { level: Level::Note, ..Self::new(message) }
    }

    pub fn at(mut self, location: Location) -> Self {
        self.location = Some(location);
        self
    }

    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

impl Location {
    /// A location from 1-based line and 0-based character columns, as proc-macro2 reports them.
    pub fn from_line_columns(file: &str, text: &str, line: usize, column: usize, end: Option<(usize, usize)>) -> Self {
        let source_line = text.lines().nth(line.saturating_sub(1)).unwrap_or("").trim_end_matches('\r').to_owned();
        let line_chars = source_line.chars().count();
        let width = match end {
            Some((end_line, end_column)) if end_line == line && end_column > column => end_column - column,
            // A range running onto later lines is underlined to the end of its first line.
            Some((end_line, _)) if end_line > line => line_chars.saturating_sub(column).max(1),
            _ => 1,
        };
        Self { file: file.to_owned(), line, column, width, source_line }
    }

    /// A location from a byte range into `text`, as the TOML parser reports them.
    pub fn from_byte_range(file: &str, text: &str, range: std::ops::Range<usize>) -> Self {
        let position = |offset: usize| {
            let offset = floor_char_boundary(text, offset.min(text.len()));
            let before = &text[..offset];
            let line = before.matches('\n').count() + 1;
            let line_start = before.rfind('\n').map_or(0, |i| i + 1);
            (line, text[line_start..offset].chars().count())
        };
        let (line, column) = position(range.start);
        Self::from_line_columns(file, text, line, column, Some(position(range.end)))
    }
}

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let level = match self.level {
            Level::Error => "error",
            Level::Note => "note",
        };
        writeln!(f, "{level}: {}", self.message)?;
        let gutter = match &self.location {
            Some(loc) => {
                let gutter = " ".repeat(loc.line.to_string().len());
                writeln!(f, "{gutter}--> {}:{}:{}", loc.file, loc.line, loc.column + 1)?;
                writeln!(f, "{gutter} |")?;
                // Tabs would shift the caret line; show them as single spaces.
                let shown = loc.source_line.replace('\t', " ");
                writeln!(f, "{} | {}", loc.line, shown.trim_end())?;
                writeln!(f, "{gutter} | {}{}", " ".repeat(loc.column), "^".repeat(loc.width))?;
                gutter
            }
            None => String::new(),
        };
        if let Some(help) = &self.help {
            writeln!(f, "{gutter} = help: {help}")?;
        }
        Ok(())
    }
}

/// All errors of one run, in the order they were found.
#[derive(Debug, Clone, Default, PartialEq, Eq, thiserror::Error)]
#[error("{}", render(.0))]
pub struct Diagnostics(pub Vec<Diagnostic>);

impl Diagnostics {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn push(&mut self, diagnostic: Diagnostic) {
        self.0.push(diagnostic);
    }

    /// `Ok(value)` when nothing was reported.
    pub fn into_result<T>(self, value: T) -> Result<T, Diagnostics> {
        if self.0.is_empty() { Ok(value) } else { Err(self) }
    }
}

fn render(diagnostics: &[Diagnostic]) -> String {
    let mut out = String::new();
    for diagnostic in diagnostics {
        out.push_str(&diagnostic.to_string());
        out.push('\n');
    }
    out.push_str(&format!("{} found", crate::plural::count(diagnostics.len(), "error")));
    out
}
