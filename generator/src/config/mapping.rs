//! `[mapping]`: how the schema's types become JS values, for every target. The defaults are
//! ESTree's conventions (and acorn's output): `type` discriminators, `start`/`end` spans in UTF-16
//! code units, camelCase properties, `{ program, comments }` results.

use serde::Deserialize;
use toml::Spanned;

use super::{ConfigName, KeyLocations};
use crate::diagnostic::{Diagnostic, Location};
use crate::files::SourceFile;

#[derive(Debug, Clone, PartialEq)]
pub struct Mapping {
    /// The key of the root node in what `deserialize` returns.
    pub root_key: String,
    /// Fields of the root returned beside it rather than as its properties (`comments`).
    pub channels: Vec<ConfigName>,
    /// The key of a node's type name; `None`: nodes carry no type name.
    pub discriminator: Option<String>,
    pub spans: SpanStyle,
    /// What the producer's span offsets count, as documentation and types state it.
    pub span_unit: SpanUnit,
    pub case: PropertyCase,
    /// Where each key of `[mapping]` is written (none for the defaults).
    pub keys: KeyLocations,
}

impl Mapping {
    /// The key a field's property has: its `rename`, else its name in the mapping's case.
    pub fn field_key(&self, field: &crate::ir::Field) -> String {
        field.estree.rename.clone().unwrap_or_else(|| self.case.apply(&field.name))
    }
}

impl Default for Mapping {
    fn default() -> Self {
        Self {
            root_key: "program".to_owned(),
            channels: Vec::new(),
            discriminator: Some("type".to_owned()),
            spans: SpanStyle::StartEnd,
            span_unit: SpanUnit::Utf16,
            case: PropertyCase::Camel,
            keys: KeyLocations::default(),
        }
    }
}

/// How a node's span (its first `Span` field) appears on the node.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SpanStyle {
    /// Two numbers, `start` and `end`, where the field is.
    StartEnd,
    /// One `[start, end]` pair under the field's key (`range`, unless renamed).
    Range,
    /// One `{ start, end }` object under the field's key (`span`, or its rename, such as `loc`).
    Object,
    /// Not on the node at all.
    None,
}

impl SpanStyle {
    pub fn as_str(self) -> &'static str {
        match self {
            SpanStyle::StartEnd => "start_end",
            SpanStyle::Range => "range",
            SpanStyle::Object => "object",
            SpanStyle::None => "none",
        }
    }
}

/// The unit of the producer's span offsets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SpanUnit {
    /// UTF-16 code units: JS string indices, what ESTree consumers expect.
    Utf16,
    /// UTF-8 bytes: Rust string indices.
    Utf8,
}

impl SpanUnit {
    /// How documentation names the unit.
    pub fn description(self) -> &'static str {
        match self {
            SpanUnit::Utf16 => "UTF-16 code units (JS string indices)",
            SpanUnit::Utf8 => "UTF-8 bytes",
        }
    }
}

/// How a field's name becomes its property's key (unless renamed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PropertyCase {
    /// `source_type` → `sourceType`.
    Camel,
    /// The Rust field name as it is: `source_type`.
    Snake,
}

impl PropertyCase {
    /// As `codegen.toml` writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            PropertyCase::Camel => "camel",
            PropertyCase::Snake => "snake",
        }
    }

    pub fn apply(self, field: &str) -> String {
        match self {
            PropertyCase::Snake => field.to_owned(),
            PropertyCase::Camel => crate::casing::camel_case(field),
        }
    }
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct RawMapping {
    root_key: Option<Spanned<String>>,
    channels: Option<Spanned<Vec<Spanned<String>>>>,
    discriminator: Option<Spanned<String>>,
    spans: Option<Spanned<SpanStyle>>,
    span_unit: Option<Spanned<SpanUnit>>,
    case: Option<Spanned<PropertyCase>>,
}

impl RawMapping {
    /// Where the value of each key is written, if it is.
    fn written(&self) -> [(&'static str, Option<std::ops::Range<usize>>); 6] {
        let RawMapping { root_key, channels, discriminator, spans, span_unit, case } = self;
        [
            ("root_key", root_key.as_ref().map(Spanned::span)),
            ("channels", channels.as_ref().map(Spanned::span)),
            ("discriminator", discriminator.as_ref().map(Spanned::span)),
            ("spans", spans.as_ref().map(Spanned::span)),
            ("span_unit", span_unit.as_ref().map(Spanned::span)),
            ("case", case.as_ref().map(Spanned::span)),
        ]
    }
}

/// Checks `[mapping]`; keys must be usable as JS property names.
pub(super) fn check(raw: RawMapping, file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) -> Mapping {
    let defaults = Mapping::default();
    let location = |span: std::ops::Range<usize>| Location::from_byte_range(&file.path, &file.text, span);
    let mut keys = KeyLocations::default();
    for (key, span) in raw.written() {
        if let Some(span) = span {
            keys.add(key, location(span));
        }
    }
    let key = |value: Spanned<String>, what: &str, diagnostics: &mut Vec<Diagnostic>| {
        if value.get_ref().is_empty() || value.get_ref() == "__proto__" {
            diagnostics.push(
                Diagnostic::new(format!("`{}` cannot be {what}", value.get_ref()))
                    .at(location(value.span()))
                    .with_help("a JS property key: not empty, and not `__proto__`, which object literals take as the prototype"),
            );
        }
        value.into_inner()
    };
    let root_key = raw.root_key.map_or(defaults.root_key, |value| key(value, "the root's key", diagnostics));
    let discriminator = match raw.discriminator {
        // An empty discriminator means none: nodes are told apart by their shape alone.
        Some(value) if value.get_ref().is_empty() => None,
        Some(value) => Some(key(value, "the discriminator key", diagnostics)),
        None => defaults.discriminator,
    };
    let channels = raw
        .channels
        .map(Spanned::into_inner)
        .unwrap_or_default()
        .into_iter()
        .map(|name| ConfigName { location: location(name.span()), name: name.into_inner() })
        .collect();
    Mapping {
        root_key,
        channels,
        discriminator,
        spans: raw.spans.map_or(defaults.spans, Spanned::into_inner),
        span_unit: raw.span_unit.map_or(defaults.span_unit, Spanned::into_inner),
        case: raw.case.map_or(defaults.case, Spanned::into_inner),
        keys,
    }
}

#[cfg(test)]
mod tests {
    use super::PropertyCase;

    #[test]
    fn camel_case() {
        assert_eq!(PropertyCase::Camel.apply("source_type"), "sourceType");
        assert_eq!(PropertyCase::Camel.apply("a_b_c"), "aBC");
        assert_eq!(PropertyCase::Camel.apply("value"), "value");
        // A leading underscore is kept: `_private` stays distinguishable from `private`.
        assert_eq!(PropertyCase::Camel.apply("_private"), "_private");
        assert_eq!(PropertyCase::Snake.apply("source_type"), "source_type");
    }
}
