//! oxc's `raw_deser` snippets as the loader parsed them: the JS a converter computes its value with,
//! in oxc's template language, its references resolved where they can be (types by name). The
//! emitter renders one per output variant (`functions/oxc/snippet.rs`).
//!
//! The language: `/* IF FLAG */ … /* END_IF */` blocks (or `/* IF !FLAG */`) and the flags as JS
//! expressions; `DESER[Type](pos)`, the deserializer of a type; `POS`, where the value being
//! converted is; `POS_OFFSET.a.b` (`+ N`, `>> N`), where field `b` of field `a` of the struct being
//! converted is (`POS_OFFSET<T>.a` within struct `T`); `THIS.name`, the property `name` of the object
//! being built; `SOURCE_TEXT`, the source text. A snippet's last line is its value; the lines before
//! it are statements.

use super::js_scan::{Scan, closing_brace, find_at_depth_zero, find_word, is_ident_char};
use super::{TypeId, TypeRef};

/// A parsed `raw_deser` snippet.
#[derive(Debug, Clone, PartialEq)]
pub struct Snippet {
    pub parts: Vec<Part>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Part {
    /// JS as written.
    Text(String),
    /// `/* IF FLAG */ body /* END_IF */`, or with `!FLAG` (`negated`).
    If { flag: Flag, negated: bool, body: Vec<Part> },
    /// A flag used as an expression: `true` or `false`.
    Flag(Flag),
    /// `DESER[Type]`: the name of the type's deserializer.
    Deser(TypeRef),
    /// `POS_OFFSET.a.b`, `POS_OFFSET<T>.a` (`within`), with an optional `+ N` or `>> N`.
    PosOffset { within: Option<TypeId>, path: Vec<String>, op: Option<(Op, u32)> },
    /// `POS`.
    Pos,
    /// `THIS.name`.
    This(String),
    /// `SOURCE_TEXT`.
    SourceText,
}

/// The flags oxc's generator writes its deserializer variants with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flag {
    IsTs,
    Range,
    Parent,
    PreserveParens,
    Linter,
    Loc,
}

impl Flag {
    pub const ALL: [Flag; 6] = [Flag::IsTs, Flag::Range, Flag::Parent, Flag::PreserveParens, Flag::Linter, Flag::Loc];

    pub fn name(self) -> &'static str {
        match self {
            Flag::IsTs => "IS_TS",
            Flag::Range => "RANGE",
            Flag::Parent => "PARENT",
            Flag::PreserveParens => "PRESERVE_PARENS",
            Flag::Linter => "LINTER",
            Flag::Loc => "LOC",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// The operation after a `POS_OFFSET` path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// `+ N`.
    Add,
    /// `>> N`.
    Shr,
}

impl Snippet {
    /// Whether it is text and `IF` blocks alone (TypeScript's `add_ts_def`).
    pub fn is_text(&self) -> bool {
        fn text(parts: &[Part]) -> bool {
            parts.iter().all(|part| match part {
                Part::Text(_) => true,
                Part::If { body, .. } => text(body),
                _ => false,
            })
        }
        text(&self.parts)
    }

    /// The text as written, `IF` blocks marked: for snippets that are [`is_text`](Self::is_text).
    pub fn template_text(&self) -> String {
        fn render(parts: &[Part], out: &mut String) {
            for part in parts {
                match part {
                    Part::Text(text) => out.push_str(text),
                    Part::If { flag, negated, body } => {
                        out.push_str(&format!("/* IF {}{} */", if *negated { "!" } else { "" }, flag.name()));
                        render(body, out);
                        out.push_str("/* END_IF */");
                    }
                    _ => {}
                }
            }
        }
        let mut out = String::new();
        render(&self.parts, &mut out);
        out
    }

    /// The text with the `IF` blocks whose flag (`value`) holds: for snippets that are [`is_text`](Self::is_text).
    pub fn text_with(&self, value: &dyn Fn(Flag) -> bool) -> String {
        fn render(parts: &[Part], value: &dyn Fn(Flag) -> bool, out: &mut String) {
            for part in parts {
                match part {
                    Part::Text(text) => out.push_str(text),
                    Part::If { flag, negated, body } if value(*flag) != *negated => render(body, value, out),
                    _ => {}
                }
            }
        }
        let mut out = String::new();
        render(&self.parts, value, &mut out);
        out
    }

    /// What the snippet does where the flags are as `value` says: its text, with the `IF` blocks
    /// whose flag holds and the statements of the constant `if`s that hold (`if (IS_TS) { … }` only
    /// in TypeScript's variants, as the emitter folds them: `fold_ifs`), and the parts that are
    /// not text in that text, in order ([`Active`]). Where the text cannot be folded, the `if`s are
    /// kept: every part they hold.
    pub fn active(&self, value: &dyn Fn(Flag) -> bool) -> Active<'_> {
        let (text, marked) = self.marked(value);
        let text = fold_ifs(&text).unwrap_or(text);
        let parts = text
            .split(MARK)
            .skip(1)
            .step_by(2)
            .filter_map(|index| index.parse::<usize>().ok())
            .map(|index| marked[index])
            .collect();
        Active { text, parts }
    }

    /// [`active`](Self::active)'s text before its constant `if`s are folded.
    pub fn unfolded(&self, value: &dyn Fn(Flag) -> bool) -> String {
        self.marked(value).0
    }

    /// The text with the `IF` blocks whose flag holds, flags as `true` and `false`, each other part
    /// marked by its index in the parts returned.
    fn marked(&self, value: &dyn Fn(Flag) -> bool) -> (String, Vec<&Part>) {
        fn render<'p>(parts: &'p [Part], value: &dyn Fn(Flag) -> bool, text: &mut String, marked: &mut Vec<&'p Part>) {
            for part in parts {
                match part {
                    Part::Text(t) => text.push_str(t),
                    Part::If { flag, negated, body } => {
                        if value(*flag) != *negated {
                            render(body, value, text, marked);
                        }
                    }
                    Part::Flag(flag) => {
                        // (`!FLAG` as the value it is, so that `if (!LINTER)` folds too.)
                        let holds = if text.ends_with('!') {
                            text.pop();
                            !value(*flag)
                        } else {
                            value(*flag)
                        };
                        text.push_str(if holds { "true" } else { "false" });
                    }
                    other => {
                        text.push_str(&format!("{MARK}{}{MARK}", marked.len()));
                        marked.push(other);
                    }
                }
            }
        }
        let (mut text, mut marked) = (String::new(), Vec::new());
        render(&self.parts, value, &mut text, &mut marked);
        (text, marked)
    }

    /// The flags its `IF` blocks test (nested ones too), each once.
    pub fn block_flags(&self) -> Vec<Flag> {
        fn visit(parts: &[Part], out: &mut Vec<Flag>) {
            for part in parts {
                if let Part::If { flag, body, .. } = part {
                    if !out.contains(flag) {
                        out.push(*flag);
                    }
                    visit(body, out);
                }
            }
        }
        let mut out = Vec::new();
        visit(&self.parts, &mut out);
        out
    }

    /// Every `POS_OFFSET` without `<T>` in it (in `IF` blocks too): the paths a struct it converts
    /// must have.
    pub fn own_offsets(&self) -> Vec<&[String]> {
        fn visit<'p>(parts: &'p [Part], out: &mut Vec<&'p [String]>) {
            for part in parts {
                match part {
                    Part::PosOffset { within: None, path, .. } => out.push(path),
                    Part::If { body, .. } => visit(body, out),
                    _ => {}
                }
            }
        }
        let mut out = Vec::new();
        visit(&self.parts, &mut out);
        out
    }
}

/// What a snippet does in one output variant ([`Snippet::active`]).
pub struct Active<'s> {
    /// Its JS, flags as `true` and `false`, each part that is not text marked by its index in the
    /// parts it had before folding, between two `MARK`s.
    pub text: String,
    /// The parts that are not text or flags, in the order the folded text has them.
    pub parts: Vec<&'s Part>,
}

/// What marks a part in [`Active::text`]: no JS character.
const MARK: char = '\u{2}';

/// Drops the branches a constant flag rules out: `if (true) A else B` becomes `A` (a block stays a
/// block, for the scope of its declarations) and `if (false) A` disappears, so that the code holds
/// no dead branch, and no call that is never made.
pub(crate) fn fold_ifs(text: &str) -> Result<String, String> {
    // (The `if`s are looked for in its code, which must scan to the end.)
    if ["if (true)", "if (false)"].iter().any(|pattern| text.contains(pattern)) {
        Scan::new(text).finish().map_err(|error| error.to_string())?;
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    loop {
        let found = find_word(rest, &["if (true)", "if (false)"]);
        let Some((at, pattern)) = found else { break };
        out.push_str(&rest[..at]);
        let after = &rest[at + pattern.len()..];
        let consequent = statement_len(after).ok_or_else(|| format!("`{pattern}` is not followed by a statement"))?;
        let (then, after) = after.split_at(consequent);
        let (otherwise, after) = match after.trim_start().strip_prefix("else") {
            Some(alternate) if !alternate.starts_with(is_ident_char) => {
                let len = statement_len(alternate)
                    .ok_or_else(|| format!("the `else` of `{pattern}` is not followed by a statement"))?;
                (Some(&alternate[..len]), &alternate[len..])
            }
            _ => (None, after),
        };
        let kept = if pattern == "if (true)" { Some(then) } else { otherwise };
        // The statement stays where the `if` was (its nested `if`s folded too); without one, the
        // line is left blank, and `tidy` drops it.
        if let Some(statement) = kept {
            out.push_str(&fold_ifs(statement.trim())?);
        }
        rest = after;
    }
    out.push_str(rest);
    Ok(out)
}

/// The length of the statement `text` starts with (after blanks): a `{ … }` block, or everything up
/// to the `;` that ends it outside literals, comments and brackets. `None` if there is none.
fn statement_len(text: &str) -> Option<usize> {
    let start = text.len() - text.trim_start().len();
    let body = &text[start..];
    if let Some(block) = body.strip_prefix('{') {
        return closing_brace(block).map(|close| start + close + 2);
    }
    // An `if` inside the statement would need an `else` parser: refuse, rather than misfold.
    if body.starts_with("if ") || body.starts_with("if(") {
        return None;
    }
    find_at_depth_zero(body, ';').map(|index| start + index + 1)
}
