//! Stage 1, prepare: a configuration and its inputs become a [`Plan`]. The schema is loaded and
//! laid out for both pointer widths, the model of each output variant is built once, each
//! target's walker and oxc's functions are written (`crate::functions`), and every check of the
//! inputs runs here, so that an input error is a diagnostic from this stage. Stage 2 (`emit`)
//! reads plans and reports no input errors.

mod checks;
mod versions;

use std::collections::BTreeSet;

use crate::analysis::Analysis;
use crate::config::{Config, OxcSettings, RawastSettings, Target, TargetSettings};
use crate::context::EmitContext;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::error::Error;
use crate::files::SourceFile;
use crate::functions::oxc::{OxcFunctions, write_functions};
use crate::functions::walker::{WalkerView, rawast_walker};
use crate::ir::{Schema, TypeId};
use crate::layout::SchemaLayout;
use crate::model::{Model, OutputVariant, added_declarations};

/// Everything the generators read: the schema, its layouts and models, and each target's plan.
pub struct Plan<'a> {
    pub config: &'a Config,
    /// Every input file: the schema's and the others the configuration names (license texts).
    pub inputs: &'a [SourceFile],
    pub schema: Schema,
    pub layout64: SchemaLayout,
    pub layout32: SchemaLayout,
    /// The schema's model: how each type becomes a JS value (for oxc's dialect, its rules without
    /// an output variant's).
    pub model: Model,
    pub targets: Vec<TargetPlan<'a>>,
    /// Notes for the user that do not stop codegen, such as a fingerprint to record.
    pub notes: Vec<Diagnostic>,
}

/// A target, what its format needs, and its walker.
pub struct TargetPlan<'a> {
    pub target: &'a Target,
    pub format: TargetFormat<'a>,
    /// The walker of its tree, where it has one (`has_walker`): `walk.js` is rendered from it, and
    /// `deserialize.js` gives it the functions it builds with.
    pub(crate) walker: Option<WalkerView>,
}

/// A target's format: rawast's buffers, or oxc's with the model of its output variant.
pub enum TargetFormat<'a> {
    Rawast(&'a RawastSettings),
    Oxc {
        settings: &'a OxcSettings,
        /// The model of the target's output variant (JS or TS, range, parent, linter).
        model: Box<Model>,
        /// The type at the root of the buffers it reads.
        root: TypeId,
        /// Its deserializer's functions, written from the converters' JS: a schema they cannot be
        /// written for is an input error, found here.
        functions: Box<OxcFunctions>,
    },
}

impl<'a> Plan<'a> {
    /// What the generators of whole-schema outputs read.
    pub fn context(&self) -> EmitContext<'_> {
        EmitContext {
            config: self.config,
            schema: &self.schema,
            layout64: &self.layout64,
            layout32: &self.layout32,
            model: &self.model,
            inputs: self.inputs,
        }
    }

    /// What the generators of `target`'s outputs read: its variant's model where it has one.
    pub fn target_context<'p>(&'p self, target: &'p TargetPlan) -> EmitContext<'p> {
        let model = match &target.format {
            TargetFormat::Oxc { model, .. } => model,
            TargetFormat::Rawast(_) => &self.model,
        };
        EmitContext { model, ..self.context() }
    }
}

/// Loads, lays out, models and checks, then plans each target. `inputs` are the files
/// `config.input_files()` names (the schema files and license texts), in any order.
pub fn prepare<'a>(config: &'a Config, inputs: &'a [SourceFile]) -> Result<Plan<'a>, Error> {
    let names = config.schema_file_names();
    let schema_files: Vec<SourceFile> = inputs.iter().filter(|file| names.contains(&file.path)).cloned().collect();
    let Analysis { schema, layout64, layout32 } = crate::analysis::analyze_as(&schema_files, config.dialect)?;
    let model = Model::build(&schema, config)?;
    checks::check(&schema, &model, config)?;
    let mut plan = Plan { config, inputs, schema, layout64, layout32, model, targets: Vec::new(), notes: Vec::new() };
    if config.dialect == crate::ir::Dialect::Rawast {
        plan.notes = crate::model::discriminator_field_notes(&plan.schema, &plan.model);
    }
    plan.notes.extend(versions::check(&plan.context())?);
    plan.targets = config.targets.iter().map(|target| plan_target(&plan, target)).collect::<Result<_, _>>()?;
    Ok(plan)
}

/// A target's plan: for oxc's format, the model of its output variant and its functions.
fn plan_target<'a>(plan: &Plan<'a>, target: &'a Target) -> Result<TargetPlan<'a>, Error> {
    let schema = &plan.schema;
    match &target.settings {
        TargetSettings::Rawast(settings) => {
            let walker = rawast_walker(&plan.context(), settings);
            Ok(TargetPlan { target, format: TargetFormat::Rawast(settings), walker })
        }
        TargetSettings::Oxc(settings) => {
            let variant = OutputVariant::of(settings);
            let model = Model::build_variant(schema, plan.config, variant)?;
            // The TypeScript texts the schema adds, as the variant renders them: every type's, so
            // that the `.d.ts` generator meets none it cannot split.
            let types: BTreeSet<TypeId> = schema.ids().collect();
            added_declarations(schema, &types, variant)?;
            let name = settings.root_type();
            let Some(root) = schema.ids().find(|id| schema.get(*id).name == name) else {
                let message = format!("target `{}`: the schema has no `{name}`", target.name);
                return Err(Diagnostics(vec![Diagnostic::new(message)]).into());
            };
            let (functions, walker) =
                write_functions(&EmitContext { model: &model, ..plan.context() }, target, settings, root)?;
            let format = TargetFormat::Oxc { settings, model: Box::new(model), root, functions: Box::new(functions) };
            Ok(TargetPlan { target, format, walker })
        }
    }
}
