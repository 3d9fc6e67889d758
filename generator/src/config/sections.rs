//! What one section of `codegen.toml` needs of another, checked on the `Config` made of them
//! all: every key written has an effect where it is written, or is an error here (the checks that
//! need the schema are the model's).

use std::ops::Range;

use super::{Config, ConfigName, Mapping, SpanStyle, error_at};
use crate::diagnostic::{Diagnostic, Location};
use crate::files::SourceFile;
use crate::ir::Dialect;

/// What the checks of one section need of another, beside the `Config` made of them all.
pub(super) struct Sections {
    /// Where each `lazy = true` is written.
    pub(super) lazy_spans: Vec<Range<usize>>,
    /// Whether `[targets]` has a table, valid or not.
    pub(super) targets_written: bool,
    pub(super) ast_name: Option<ConfigName>,
    /// Where `[schema] producer_module` is written.
    pub(super) producer: Option<Location>,
}

impl Sections {
    /// What one section needs of another: every key written has an effect, or is an error here.
    pub(super) fn check(&self, config: &Config, file: &SourceFile, diagnostics: &mut Vec<Diagnostic>) {
        let mapping = &config.mapping;
        if mapping.discriminator.is_none() {
            for span in &self.lazy_spans {
                diagnostics.push(error_at(
                    file,
                    span.clone(),
                    "lazy = true needs a [mapping] discriminator",
                    "a lazy target exports VISITOR_KEYS, by which a walker tells a node by its type name under the discriminator key; with discriminator = \"\" nodes carry none",
                ));
            }
        }
        if config.dialect == Dialect::Oxc {
            oxc_mapping(mapping, diagnostics);
        } else {
            self.rawast_root(config, diagnostics);
        }
        if !self.targets_written {
            self.without_targets(config, diagnostics);
        } else {
            walk_without_walker(config, diagnostics);
            if config.dialect == Dialect::Rawast {
                span_unit_without_spans(config, diagnostics);
            }
        }
        if let Some(name) = &self.ast_name
            && config.dialect == Dialect::Rawast
            && !config.targets.iter().any(|t| t.package.is_some())
        {
            diagnostics.push(
                Diagnostic::new("`ast_name` does nothing without a package")
                    .at(name.location.clone())
                    .with_help("it names the AST in the README of a target's npm package: add a [targets.<name>.package] table, or leave `ast_name` out"),
            );
        }
        if self.producer.is_some() && config.dialect == Dialect::Rawast {
            producer_mapping(mapping, diagnostics);
        }
    }

    /// A rawast schema's targets and channels start from `root`.
    fn rawast_root(&self, config: &Config, diagnostics: &mut Vec<Diagnostic>) {
        if let Some(channel) = config.mapping.channels.first()
            && config.root.is_none()
        {
            diagnostics.push(
                Diagnostic::new("`mapping.channels` names fields of the root type, but `schema.root` is not set")
                    .at(channel.location.clone())
                    .with_help("add `root = \"Program\"` (the root node type) to [schema]"),
            );
        }
        if config.root.is_none() && self.targets_written {
            diagnostics.push(
                Diagnostic::new("targets need `schema.root`: the node type deserialization starts from")
                    .with_help("add `root = \"Program\"` to [schema]"),
            );
        }
    }

    /// Without targets, only the test producer reads the root and `[mapping]` (it fills the
    /// channels, and needs ESTree's keys); `[walk]` and the rest describe targets' output.
    fn without_targets(&self, config: &Config, diagnostics: &mut Vec<Diagnostic>) {
        let help = "it describes what targets generate: add a [targets.<name>] table, or leave the key out";
        let producer_reads = |key: &str| self.producer.is_some() && PRODUCER_KEYS.contains(&key);
        if config.dialect == Dialect::Rawast {
            for (key, location) in config.mapping.keys.iter() {
                if !producer_reads(key) {
                    diagnostics.push(
                        Diagnostic::new(format!("`mapping.{key}` does nothing without targets"))
                            .at(location.clone())
                            .with_help(help),
                    );
                }
            }
        }
        if let Some(root) = &config.root
            && self.producer.is_none()
        {
            diagnostics.push(
                Diagnostic::new("`root` does nothing without targets or a producer")
                    .at(root.location.clone())
                    .with_help(help),
            );
        }
        for (key, location) in config.walk_keys() {
            diagnostics.push(
                Diagnostic::new(format!("`walk.{key}` does nothing without targets"))
                    .at(location.clone())
                    .with_help(help),
            );
        }
    }
}

/// An oxc schema's output is oxc's, as its `#[estree]` attributes describe it: `[mapping]` has
/// nothing to choose.
fn oxc_mapping(mapping: &Mapping, diagnostics: &mut Vec<Diagnostic>) {
    for (key, location) in mapping.keys.iter() {
        diagnostics.push(
            Diagnostic::new(format!("`mapping.{key}` is not a key of a schema in the oxc dialect"))
                .at(location.clone())
                .with_help("its targets give oxc's own output, as the schema's #[estree] attributes describe it: leave [mapping] out"),
        );
    }
}

/// Walkers tell nodes by their type name: without a discriminator no target has one, and `[walk]`
/// would do nothing.
fn walk_without_walker(config: &Config, diagnostics: &mut Vec<Diagnostic>) {
    if config.mapping.discriminator.is_some() {
        return;
    }
    for (key, location) in config.walk_keys() {
        diagnostics.push(
            Diagnostic::new(format!("`walk.{key}` does nothing without a [mapping] discriminator"))
                .at(location.clone())
                .with_help("`walk` tells a node by its type name under the discriminator key, and with discriminator = \"\" targets have no walker: set a discriminator, or leave [walk] out"),
        );
    }
}

/// The keys of `[mapping]` the test producer depends on (`producer_mapping`).
const PRODUCER_KEYS: [&str; 4] = ["channels", "discriminator", "spans", "case"];

/// The test producer reads acorn's JSON: ESTree's keys, spans and type names, and acorn's comments
/// as its one channel.
fn producer_mapping(mapping: &Mapping, diagnostics: &mut Vec<Diagnostic>) {
    let estree = Mapping::default();
    let differs = [
        ("discriminator", mapping.discriminator != estree.discriminator),
        ("spans", mapping.spans != estree.spans),
        ("case", mapping.case != estree.case),
    ];
    for (key, _) in differs.iter().filter(|(_, differs)| *differs) {
        let mut diagnostic = Diagnostic::new(format!("the ESTree test producer (`producer_module`) reads acorn's JSON: it needs [mapping]'s ESTree default for `{key}`"))
            .with_help(format!("leave `{key}` out of [mapping], or leave `producer_module` out of [schema]"));
        if let Some(location) = mapping.keys.get(key) {
            diagnostic = diagnostic.at(location.clone());
        }
        diagnostics.push(diagnostic);
    }
    if let Some(extra) = mapping.channels.get(1) {
        diagnostics.push(
            Diagnostic::new(format!("the ESTree test producer (`producer_module`) fills one channel, acorn's comments; `{}` would be a second", extra.name))
                .at(extra.location.clone())
                .with_help("list at most one field in [mapping] channels"),
        );
    }
}

/// `span_unit` is stated where spans are (the `.d.ts`, a package's README) and decides how a walk
/// searches the source for words: with `spans = "none"` and no `[walk] keywords`, neither is.
fn span_unit_without_spans(config: &Config, diagnostics: &mut Vec<Diagnostic>) {
    let mapping = &config.mapping;
    if mapping.spans != SpanStyle::None || !config.walk_keywords.is_empty() {
        return;
    }
    // (Written, it does nothing, whichever unit it names: the default one too.)
    if let Some(location) = mapping.keys.get("span_unit") {
        diagnostics.push(
            Diagnostic::new("`span_unit` does nothing with `spans = \"none\"` and no [walk] keywords")
                .at(location.clone())
                .with_help("it states what the spans on nodes count, and how a walk led by words searches the source: leave it out, or put spans on nodes"),
        );
    }
}
