//! oxc's `raw_deser` snippets as the loader parsed them: the JS a converter computes its value with,
//! in oxc's template language, its references resolved where they can be (types by name). The
//! emitter renders one per output variant (`emit/js/oxc/snippet.rs`).
//!
//! The language: `/* IF FLAG */ … /* END_IF */` blocks (or `/* IF !FLAG */`) and the flags as JS
//! expressions; `DESER[Type](pos)`, the deserializer of a type; `POS`, where the value being
//! converted is; `POS_OFFSET.a.b` (`+ N`, `>> N`), where field `b` of field `a` of the struct being
//! converted is (`POS_OFFSET<T>.a` within struct `T`); `THIS.name`, the property `name` of the object
//! being built; `SOURCE_TEXT`, the source text. A snippet's last line is its value; the lines before
//! it are statements.

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
