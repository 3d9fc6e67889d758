//! The keys of `[targets.X]` as written (`RawTarget`), and which of them each `format` takes: a key
//! its format does not use is an error that says why.

use std::ops::Range;

use serde::Deserialize;
use toml::Spanned;

use super::{Int64, Runtime, SourcePlacement, SourceText};
use crate::config::package::RawPackage;
use crate::config::strings::RawStringPolicy;
use crate::config::{KeyLocations, error_at};
use crate::diagnostic::{Diagnostic, Location};
use crate::files::SourceFile;
use crate::ir::Dialect;

/// The `format` key: whose buffers a target reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(super) enum Format {
    Rawast,
    Oxc,
}

impl Format {
    /// The format of the buffers a schema's producer writes.
    pub(super) fn of(dialect: Dialect) -> Format {
        match dialect {
            Dialect::Rawast => Format::Rawast,
            Dialect::Oxc => Format::Oxc,
        }
    }

    pub(super) fn as_str(self) -> &'static str {
        match self {
            Format::Rawast => "rawast",
            Format::Oxc => "oxc",
        }
    }

    pub(super) fn whose(self) -> &'static str {
        match self {
            Format::Rawast => "rawast's",
            Format::Oxc => "oxc-parser's",
        }
    }

    /// The keys a target of this format takes besides `format`.
    fn keys(self) -> impl Iterator<Item = &'static str> {
        KEYS.iter().filter(move |key| key.takes(self)).map(|key| key.name)
    }
}

/// A key of `[targets.X]` other than `format`.
struct Key {
    name: &'static str,
    /// The format whose targets take it; `None`: both.
    format: Option<Format>,
    /// Why a target of the other format has no such key.
    why_not: &'static str,
}

impl Key {
    fn takes(&self, format: Format) -> bool {
        self.format.is_none_or(|f| f == format)
    }
}

/// Every key of `RawTarget` but `format`, in the order `RawTarget::written` lists them.
const KEYS: [Key; 12] = [
    Key {
        name: "source_placement",
        format: Some(Format::Rawast),
        why_not: "oxc-parser decides where its buffers hold the source",
    },
    Key {
        name: "runtime",
        format: Some(Format::Rawast),
        why_not: "the deserializer runs on Node.js, as oxc's own does (`Buffer#utf8Slice`)",
    },
    Key {
        name: "pointer_width",
        format: Some(Format::Rawast),
        why_not: "oxc-parser's buffers are read with the 64-bit layouts",
    },
    Key {
        name: "strings",
        format: Some(Format::Rawast),
        why_not: "strings are read as oxc's deserializer reads them (`source_text` says from where)",
    },
    Key {
        name: "lazy",
        format: Some(Format::Rawast),
        why_not: "only targets of rawast's format have lazy node classes",
    },
    Key {
        name: "int64",
        format: Some(Format::Rawast),
        why_not: "64-bit integers are read as oxc's deserializer reads them: as numbers",
    },
    Key { name: "package", format: None, why_not: "" },
    Key {
        name: "typescript",
        format: Some(Format::Oxc),
        why_not: "rawast's targets give the output the schema and [mapping] describe",
    },
    Key {
        name: "range",
        format: Some(Format::Oxc),
        why_not: "rawast's targets follow [mapping]: `spans = \"range\"` gives `range` arrays",
    },
    Key {
        name: "linter",
        format: Some(Format::Oxc),
        why_not: "rawast's linter layout is `source_placement = \"end\"`",
    },
    Key {
        name: "parent",
        format: Some(Format::Oxc),
        why_not: "rawast's targets have parent links in the linter layout (`source_placement = \"end\"`)",
    },
    Key {
        name: "source_text",
        format: Some(Format::Oxc),
        why_not: "rawast's targets read every string from their buffer",
    },
];

/// `[targets.X]` as written: the keys of every format, which `check_keys` sorts out by `format`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(in crate::config) struct RawTarget {
    pub(super) format: Option<Spanned<Format>>,
    pub(super) source_placement: Option<Spanned<SourcePlacement>>,
    pub(super) runtime: Option<Spanned<Runtime>>,
    pub(super) pointer_width: Option<Spanned<u32>>,
    pub(super) strings: Option<Spanned<RawStringPolicy>>,
    pub(super) lazy: Option<Spanned<bool>>,
    pub(super) int64: Option<Spanned<Int64>>,
    pub(super) package: Option<Spanned<RawPackage>>,
    pub(super) typescript: Option<Spanned<bool>>,
    pub(super) range: Option<Spanned<bool>>,
    pub(super) parent: Option<Spanned<bool>>,
    pub(super) linter: Option<Spanned<bool>>,
    pub(super) source_text: Option<Spanned<SourceText>>,
}

impl RawTarget {
    /// Where the value of each key of `KEYS` is written, if it is, in their order. It takes the
    /// struct apart whole, so that a key added to `RawTarget` cannot be left out of `KEYS`'s checks.
    fn written(&self) -> [(&'static str, Option<Range<usize>>); KEYS.len()] {
        let RawTarget {
            format: _,
            source_placement,
            runtime,
            pointer_width,
            strings,
            lazy,
            int64,
            package,
            typescript,
            range,
            parent,
            linter,
            source_text,
        } = self;
        [
            ("source_placement", source_placement.as_ref().map(Spanned::span)),
            ("runtime", runtime.as_ref().map(Spanned::span)),
            ("pointer_width", pointer_width.as_ref().map(Spanned::span)),
            ("strings", strings.as_ref().map(Spanned::span)),
            ("lazy", lazy.as_ref().map(Spanned::span)),
            ("int64", int64.as_ref().map(Spanned::span)),
            ("package", package.as_ref().map(Spanned::span)),
            ("typescript", typescript.as_ref().map(Spanned::span)),
            ("range", range.as_ref().map(Spanned::span)),
            ("linter", linter.as_ref().map(Spanned::span)),
            ("parent", parent.as_ref().map(Spanned::span)),
            ("source_text", source_text.as_ref().map(Spanned::span)),
        ]
    }

    /// Checks that each key written is one that targets of `format` take.
    pub(super) fn check_keys(&self, format: Format, file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) {
        for ((name, span), key) in self.written().into_iter().zip(&KEYS) {
            if let Some(span) = span
                && !key.takes(format)
            {
                diagnostics.push(error_at(
                    file,
                    span,
                    format!("`{name}` is not a key of targets with format = \"{}\"", format.as_str()),
                    format!("{}; {}", key.why_not, takes(format)),
                ));
            }
        }
    }

    /// Where each key but `format` is written (a table's key where the table is).
    pub(super) fn key_locations(&self, file: &SourceFile) -> KeyLocations {
        let mut keys = KeyLocations::default();
        for (key, span) in self.written() {
            if let Some(span) = span {
                keys.add(key, Location::from_byte_range(&file.path, &file.text, span));
            }
        }
        keys
    }
}

/// The help's list of the keys a format takes.
fn takes(format: Format) -> String {
    let keys: Vec<String> = format.keys().map(|key| format!("`{key}`")).collect();
    let (last, rest) = keys.split_last().expect("every format takes keys");
    let default = if format == Format::Rawast { " (the default)" } else { "" };
    format!("targets with format = \"{}\"{default} take {} and {last}", format.as_str(), rest.join(", "))
}

#[cfg(test)]
mod tests {
    use super::{KEYS, RawTarget};

    /// `check` pairs `RawTarget::written` with `KEYS` by position: both must list the same keys in
    /// the same order, or a key would be checked under another's format.
    #[test]
    fn written_keys_are_keys_in_order() {
        let raw: RawTarget = toml::from_str("").unwrap();
        let written: Vec<&str> = raw.written().iter().map(|(name, _)| *name).collect();
        let keys: Vec<&str> = KEYS.iter().map(|key| key.name).collect();
        assert_eq!(written, keys);
    }
}
