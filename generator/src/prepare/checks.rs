//! The checks of a whole configuration against its schema and model, which no single key's parse
//! can make: names `[schema]` gives, what the dialect allows, the keys each target reserves, and
//! whether a walker can tell the schema's objects apart.

use crate::config::{self, Config};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{self, Dialect};
use crate::model::{self, Model};

/// Every problem of `config` with `schema` and its `model`.
pub(super) fn check(schema: &ir::Schema, model: &Model, config: &Config) -> Result<(), Diagnostics> {
    let mut diagnostics = Diagnostics::default();
    check_unexported(schema, config, &mut diagnostics);
    // (`Config::parse` refuses it, at the key; a `Config` made otherwise is checked here.)
    if config.dialect != Dialect::Rawast && config.rust.producer_module.is_some() {
        diagnostics.push(Diagnostic::new(format!(
            "the test producer is not generated for schemas in the {} dialect: their parser writes the buffers",
            config.dialect.as_str()
        )));
    }
    if config.dialect == Dialect::Rawast {
        diagnostics.0.extend(model::check_case(schema, model).0);
    }
    // `Config::parse` has matched each target's format to the dialect and refused the keys it does
    // not take (a `Config` made otherwise is checked again here: an emitter reads its own
    // dialect's model only); what remains are the keys a rawast target reserves on the schema's
    // objects.
    for target in &config.targets {
        match (config.dialect, &target.settings) {
            (Dialect::Rawast, config::TargetSettings::Rawast(settings)) => {
                diagnostics.0.extend(model::check_target(schema, model, target, settings).0)
            }
            (Dialect::Oxc, config::TargetSettings::Oxc(_)) => {}
            (dialect, _) => diagnostics.push(Diagnostic::new(format!(
                "target `{}`: its format is not the {} dialect's",
                target.name,
                dialect.as_str()
            ))),
        }
    }
    // Lazy targets export the visitor keys: a schema a walk by them would miss nodes of is an error.
    // Without them no target has a walker, which `[walk] keywords` would lead.
    let lazy = config.targets.iter().any(|t| t.rawast().is_some_and(|s| s.lazy));
    let walks = config.walk_keywords.first().filter(|_| !config.targets.is_empty());
    if let Err(errors) = model.visitor_keys()
        && (lazy || walks.is_some())
    {
        if let Some(keyword) = walks {
            diagnostics.push(
                Diagnostic::new("`walk.keywords` does nothing: no target has a walker, since a walker could not tell the schema's objects apart (below)")
                    .at(keyword.node_type.location.clone())
                    .with_help("fix what the errors below name, or leave [walk] out"),
            );
        }
        diagnostics.0.extend(errors.0.iter().cloned());
    }
    diagnostics.into_result(())
}

/// `[schema] unexported` names types the layout checks could name: `pub` types of the schema.
/// (Only the oxc dialect takes the key, which `Config::parse` checks.)
fn check_unexported(schema: &ir::Schema, config: &Config, diagnostics: &mut Diagnostics) {
    for name in &config.unexported {
        let problem = match schema.types.iter().find(|t| t.name == name.name) {
            None => "which is not a type of the schema",
            Some(def) if !def.public && def.foreign.is_none() => "which is not `pub`: the layout checks never name it",
            Some(_) => continue,
        };
        diagnostics.push(
            Diagnostic::new(format!("`schema.unexported` names `{}`, {problem}", name.name))
                .at(name.location.clone())
                .with_help("list the `pub` types of the schema that their crate does not export"),
        );
    }
}
