//! A scanner of JS text, for what reads and rewrites oxc's snippets: where the code is (outside
//! string, template and regular expression literals and comments) and how deep in brackets, so
//! that a `}` in `'}'`, in a template's text or in a comment is never counted. A template's `${…}`
//! is code, one bracket deeper. A text may be part of a longer one: brackets left open at its end,
//! or closed at depth zero, let the scan go on (`Scan::finish` reports the latter); a literal or
//! comment left open, or a bracket closed by one of another kind, ends it.
//!
//! A `/` that starts no comment starts a regular expression where an operand is due: at the start,
//! after a punctuator other than `)`, `]`, `}`, `++` and `--`, or after a keyword that takes an
//! operand (`return`, `typeof`, …). After a name, a number, a literal or a closing bracket it
//! divides, so a regular expression right after a block's `}` or an `if (…)` is misread.

#[cfg(test)]
mod tests;

/// A character of code: outside literals and comments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Code {
    /// Its byte index in the text.
    pub at: usize,
    pub c: char,
    /// How many brackets are open before it (a template's `${` is one): a closing bracket is as
    /// deep as what it encloses, so one at depth zero closes none the text opened.
    pub depth: usize,
}

/// Why the scan of a text ended before its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ScanError {
    /// The string, template, regular expression or comment at this index does not end.
    Unclosed(usize),
    /// The closing bracket at this index closes none that is open, or one of another kind.
    Unopened(usize),
}

impl std::fmt::Display for ScanError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScanError::Unclosed(at) => write!(f, "the literal or comment at byte {at} does not end"),
            ScanError::Unopened(at) => write!(f, "the bracket at byte {at} closes none that is open"),
        }
    }
}

/// The code of a JS text, character by character (see the module's doc).
#[derive(Debug, Clone)]
pub(crate) struct Scan<'t> {
    text: &'t str,
    /// Where the next character is.
    next: usize,
    /// The brackets open, innermost last: where each is, and which (`$` for a template's `${`).
    open: Vec<(usize, char)>,
    last: Last,
    /// What ended the scan before the text's end.
    error: Option<ScanError>,
    /// The first closing bracket at depth zero.
    unopened: Option<usize>,
}

/// The last token of code, which tells what a `/` is.
#[derive(Debug, Clone, Copy)]
enum Last {
    /// None, or a template's `${`: an operand is due.
    Start,
    /// A string, template or regular expression literal.
    Literal,
    /// A punctuator, at this index.
    Punctuator(usize),
    /// A name, keyword or number, from and to these indices.
    Word(usize, usize),
}

/// The keywords after which an operand is due.
const OPERAND_KEYWORDS: &str = "return typeof instanceof in of new delete void throw case do else yield await";

impl<'t> Scan<'t> {
    pub(crate) fn new(text: &'t str) -> Self {
        Scan { text, next: 0, open: Vec::new(), last: Last::Start, error: None, unopened: None }
    }

    /// The brackets open where the scan is, innermost last: where each is, and which (`{`, `(`,
    /// `[`, or `$` for a template's `${`).
    pub(crate) fn open(&self) -> &[(usize, char)] {
        &self.open
    }

    /// Scans to the end: the brackets left open there; or why the scan ended before it, else the
    /// first bracket closed at depth zero.
    pub(crate) fn finish(mut self) -> Result<Vec<(usize, char)>, ScanError> {
        self.by_ref().for_each(drop);
        match (self.error, self.unopened) {
            (Some(error), _) => Err(error),
            (None, Some(at)) => Err(ScanError::Unopened(at)),
            (None, None) => Ok(self.open),
        }
    }

    /// Whether a `/` that starts no comment starts a regular expression (the module's rule).
    fn operand_due(&self) -> bool {
        match self.last {
            Last::Start => true,
            Last::Literal => false,
            Last::Word(start, end) => OPERAND_KEYWORDS.split(' ').any(|keyword| keyword == &self.text[start..end]),
            Last::Punctuator(at) => {
                let before = &self.text[..=at];
                !(before.ends_with([')', ']', '}']) || before.ends_with("++") || before.ends_with("--"))
            }
        }
    }

    /// Steps over the rest of a string literal that `quote` opened.
    fn string(&mut self, quote: char) -> Option<()> {
        let rest = &self.text[self.next..];
        let mut chars = rest.char_indices();
        while let Some((i, c)) = chars.next() {
            if c == '\\' {
                // (An escaped line break continues the string, `\r\n` too.)
                if chars.next().is_some_and(|(_, escaped)| escaped == '\r') && rest[i + 2..].starts_with('\n') {
                    chars.next();
                }
                continue;
            }
            match c {
                '\n' | '\r' => return None,
                _ if c == quote => {
                    self.next += i + 1;
                    self.last = Last::Literal;
                    return Some(());
                }
                _ => {}
            }
        }
        None
    }

    /// Steps over a template's text, after its `` ` `` or a `${…}`'s `}`: to its end, or into
    /// its next `${`.
    fn template(&mut self) -> Option<()> {
        let rest = &self.text[self.next..];
        let mut chars = rest.char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '\\' => {
                    chars.next();
                }
                '`' => {
                    self.next += i + 1;
                    self.last = Last::Literal;
                    return Some(());
                }
                '$' if rest[i + 1..].starts_with('{') => {
                    self.open.push((self.next + i, '$'));
                    self.next += i + 2;
                    self.last = Last::Start;
                    return Some(());
                }
                _ => {}
            }
        }
        None
    }

    /// Steps over the rest of a regular expression literal, its flags too.
    fn regex(&mut self) -> Option<()> {
        let rest = &self.text[self.next..];
        let mut class = false;
        let mut chars = rest.char_indices();
        while let Some((i, c)) = chars.next() {
            // (A regular expression ends on its line: an escape cannot continue it.)
            if c == '\\' && chars.next().is_none_or(|(_, escaped)| escaped == '\n' || escaped == '\r') {
                return None;
            }
            match c {
                '\\' => {}
                '\n' | '\r' => return None,
                '[' => class = true,
                ']' => class = false,
                '/' if !class => {
                    let flags = rest[i + 1..].find(|c: char| !is_ident_char(c)).unwrap_or(rest.len() - i - 1);
                    self.next += i + 1 + flags;
                    self.last = Last::Literal;
                    return Some(());
                }
                _ => {}
            }
        }
        None
    }

    /// The character `c` of code at `at`, the brackets and the last token updated.
    fn code(&mut self, at: usize, c: char) -> Code {
        let depth = self.open.len();
        match c {
            '{' | '(' | '[' => self.open.push((at, c)),
            '}' | ')' | ']' => {
                let opener = match c {
                    '}' => '{',
                    ')' => '(',
                    _ => '[',
                };
                match self.open.last() {
                    Some(&(_, open)) if open == opener => {
                        self.open.pop();
                    }
                    Some(_) => self.error = Some(ScanError::Unopened(at)),
                    None => {
                        self.unopened.get_or_insert(at);
                    }
                }
            }
            _ => {}
        }
        let word = !c.is_ascii_punctuation() || c == '_' || c == '$';
        self.last = match self.last {
            _ if c.is_whitespace() => self.last,
            _ if !word => Last::Punctuator(at),
            Last::Word(start, end) if end == at => Last::Word(start, at + c.len_utf8()),
            _ => Last::Word(at, at + c.len_utf8()),
        };
        Code { at, c, depth }
    }
}

impl Iterator for Scan<'_> {
    type Item = Code;

    fn next(&mut self) -> Option<Code> {
        while self.error.is_none() {
            let at = self.next;
            let rest = &self.text[at..];
            let c = rest.chars().next()?;
            self.next += c.len_utf8();
            let stepped = match c {
                '\'' | '"' => self.string(c),
                '`' => self.template(),
                '/' if rest[1..].starts_with('/') => {
                    self.next = rest.find(['\n', '\r']).map_or(self.text.len(), |end| at + end);
                    Some(())
                }
                '/' if rest[1..].starts_with('*') => rest[2..].find("*/").map(|end| self.next = at + 2 + end + 2),
                '/' if self.operand_due() => self.regex(),
                // The `}` that ends a template's `${…}`: its text goes on.
                '}' if self.open.last().is_some_and(|&(_, open)| open == '$') => {
                    self.open.pop();
                    self.template()
                }
                _ => return Some(self.code(at, c)),
            };
            if stepped.is_none() {
                self.error = Some(ScanError::Unclosed(at));
            }
        }
        None
    }
}

/// Whether `c` can be in a JS identifier (ASCII).
pub(crate) fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '$'
}

/// Whether `c` closes a bracket.
fn is_closing(c: char) -> bool {
    matches!(c, ')' | ']' | '}')
}

/// The index of the first `wanted` of `text`'s code at depth zero; `None` if there is none before
/// a closing bracket at depth zero (which closes what `text` is in), or before the scan ends.
pub(crate) fn find_at_depth_zero(text: &str, wanted: char) -> Option<usize> {
    let found = Scan::new(text).find(|code| code.depth == 0 && (code.c == wanted || is_closing(code.c)));
    found.filter(|code| code.c == wanted).map(|code| code.at)
}

/// The index of the `}` that closes a `{` just before `text`.
pub(crate) fn closing_brace(text: &str) -> Option<usize> {
    find_at_depth_zero(text, '}')
}

/// The `{` that `text`'s end is inside of: the innermost bracket `text` leaves open, if it is a
/// brace (`None` if it is another, or none, or the scan ends before the end).
pub(crate) fn enclosing_brace(text: &str) -> Option<usize> {
    let open = Scan::new(text).finish().ok()?;
    open.last().filter(|&&(_, bracket)| bracket == '{').map(|&(at, _)| at)
}

/// `text` cut at each `separator` of its code at depth zero, the pieces untrimmed (from a closing
/// bracket at depth zero, or where the scan ends early, what is left is one piece).
pub(crate) fn split_at_depth_zero(text: &str, separator: char) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut start = 0;
    for code in Scan::new(text).filter(|code| code.depth == 0).take_while(|code| !is_closing(code.c)) {
        if code.c == separator {
            pieces.push(&text[start..code.at]);
            start = code.at + separator.len_utf8();
        }
    }
    pieces.push(&text[start..]);
    pieces
}

/// Where one of `patterns` first starts in `text`'s code, at any depth, and which (the first of
/// them that starts there).
pub(crate) fn find_code<'p>(text: &str, patterns: &[&'p str]) -> Option<(usize, &'p str)> {
    find_first(text, patterns, false)
}

/// Where one of `words` first starts in `text`'s code, not as the end of another identifier, and
/// which (the first of them that starts there).
pub(crate) fn find_word<'w>(text: &str, words: &[&'w str]) -> Option<(usize, &'w str)> {
    find_first(text, words, true)
}

fn find_first<'p>(text: &str, patterns: &[&'p str], word: bool) -> Option<(usize, &'p str)> {
    // (A scan is slower than a search: the scan's positions are looked at from the first match on.)
    let first = patterns.iter().filter_map(|pattern| text.find(pattern)).min()?;
    Scan::new(text)
        .map(|code| code.at)
        .skip_while(|&at| at < first)
        .filter(|&at| !(word && text[..at].ends_with(is_ident_char)))
        .find_map(|at| patterns.iter().find(|pattern| text[at..].starts_with(**pattern)).map(|pattern| (at, *pattern)))
}

/// The identifiers, keywords and numbers of `text`'s code, each with its index; `None` if the
/// scan ends before the text's end.
pub(crate) fn words(text: &str) -> Option<Vec<(usize, &str)>> {
    let mut scan = Scan::new(text);
    let mut spans: Vec<(usize, usize)> = Vec::new();
    for code in scan.by_ref().filter(|code| is_ident_char(code.c)) {
        match spans.last_mut() {
            Some((_, end)) if *end == code.at => *end += 1,
            _ => spans.push((code.at, code.at + 1)),
        }
    }
    if scan.error.is_some() {
        return None;
    }
    Some(spans.into_iter().map(|(start, end)| (start, &text[start..end])).collect())
}

/// The values of the properties `key: value` (the key written as a name) of the object literals
/// in `text`'s code, trimmed, in order. (A block that starts with a label looks alike.)
pub(crate) fn property_values<'t>(text: &'t str, key: &str) -> Vec<&'t str> {
    let mut values = Vec::new();
    if !text.contains(key) {
        return values;
    }
    let mut scan = Scan::new(text);
    while let Some(code) = scan.next() {
        // A property follows its literal's `{` or one of the literal's own commas.
        let in_literal = scan.open().last().is_some_and(|&(_, open)| open == '{');
        if !(in_literal && matches!(code.c, '{' | ',')) {
            continue;
        }
        // (Its first character of code: past blanks and comments.)
        let Some(start) = scan.clone().find(|next| !next.c.is_whitespace()) else { break };
        let Some(value) = text[start.at..]
            .strip_prefix(key)
            .filter(|after| !after.starts_with(is_ident_char))
            .and_then(|after| after.trim_start().strip_prefix(':'))
        else {
            continue;
        };
        let end = Scan::new(value).find(|c| c.depth == 0 && (c.c == ',' || is_closing(c.c)));
        let end = end.filter(|c| matches!(c.c, ',' | '}')).map_or(value.len(), |c| c.at);
        values.push(value[..end].trim());
    }
    values
}

/// What the JS string literal `value` holds, if it is one with no quote of its kind or escape
/// inside (`"T"`, `'T'`: a node's `type`).
pub(crate) fn string_literal(value: &str) -> Option<&str> {
    let quoted = |quote: char| {
        value.len() >= 2
            && value.starts_with(quote)
            && value.ends_with(quote)
            && !value[1..value.len() - 1].contains([quote, '\\'])
    };
    (quoted('"') || quoted('\'')).then(|| &value[1..value.len() - 1])
}
