//! The generators, in the order of oxc's `ast_tools` list: each reads the plan and returns its
//! outputs. A target's deserializer and its walker are two generators, of the functions and the
//! walker prepare wrote.

use super::js::{self, Module};
use super::{addon, npm_package, oxc_types, rust_asserts, rust_constants, rust_producer, ts_types};
use crate::error::Error;
use crate::files::Output;
use crate::ir::Dialect;
use crate::prepare::{Plan, TargetFormat, TargetPlan};

/// A generator of some of a run's outputs.
pub trait Generator: Sync {
    fn generate(&self, plan: &Plan) -> Result<Vec<Output>, Error>;
}

/// Every generator, each run once per plan.
pub const GENERATORS: &[&dyn Generator] =
    &[&LayoutAssertions, &Constants, &Deserializers, &Walkers, &TypeScriptTypes, &NpmPackages, &Addons, &Producer];

/// `rust/assert_layouts.rs`: rustc checks every computed size, alignment, offset and discriminant.
struct LayoutAssertions;

impl Generator for LayoutAssertions {
    fn generate(&self, plan: &Plan) -> Result<Vec<Output>, Error> {
        let cx = plan.context();
        Ok(vec![cx.output("rust/assert_layouts.rs", rust_asserts::emit(&cx)?)])
    }
}

/// rawast's buffer format as Rust and JS constants, for rawast's producers: schemas in another
/// dialect are read from their producer's own buffers.
struct Constants;

impl Generator for Constants {
    fn generate(&self, plan: &Plan) -> Result<Vec<Output>, Error> {
        if plan.schema.dialect != Dialect::Rawast {
            return Ok(Vec::new());
        }
        let cx = plan.context();
        Ok(vec![
            cx.output("rust/constants.rs", rust_constants::emit(&cx)?),
            cx.output("js/constants.js", js::constants::emit(&cx)?),
        ])
    }
}

/// Each target's `deserialize.js`: in its package where it has one, else in `js/<target>/`.
struct Deserializers;

impl Generator for Deserializers {
    fn generate(&self, plan: &Plan) -> Result<Vec<Output>, Error> {
        let mut outputs = Vec::new();
        for target_plan in &plan.targets {
            let cx = plan.target_context(target_plan);
            let (target, walker) = (target_plan.target, target_plan.walker.as_ref());
            let code = match &target_plan.format {
                TargetFormat::Oxc { settings, root, functions, .. } => {
                    js::oxc::emit(&cx, target, settings, *root, functions, walker)?
                }
                TargetFormat::Rawast(settings) if settings.lazy => js::lazy::emit(&cx, target, settings, walker)?,
                TargetFormat::Rawast(settings) => js::eager::emit(&cx, target, settings, walker)?,
            };
            let path = module_path(target_plan, Module::Deserialize, "js");
            js::check_declarations(&code, &path)?;
            outputs.push(cx.output(&path, code));
        }
        Ok(outputs)
    }
}

/// Each target's `walk.js`, where it has a walker, beside its `deserialize.js`, which it imports.
struct Walkers;

impl Generator for Walkers {
    fn generate(&self, plan: &Plan) -> Result<Vec<Output>, Error> {
        let mut outputs = Vec::new();
        for target_plan in &plan.targets {
            let Some(walker) = &target_plan.walker else { continue };
            let cx = plan.target_context(target_plan);
            let code = js::walk(&cx, target_plan, walker)?;
            let path = module_path(target_plan, Module::Walk, "js");
            js::check_declarations(&code, &path)?;
            outputs.push(cx.output(&path, code));
        }
        Ok(outputs)
    }
}

/// The `.d.ts` of each of a target's modules.
struct TypeScriptTypes;

impl Generator for TypeScriptTypes {
    fn generate(&self, plan: &Plan) -> Result<Vec<Output>, Error> {
        let mut outputs = Vec::new();
        for target_plan in &plan.targets {
            let cx = plan.target_context(target_plan);
            for module in js::modules(&cx) {
                let types = match &target_plan.format {
                    TargetFormat::Oxc { settings, root, .. } => {
                        oxc_types::emit(&cx, target_plan.target, settings, *root, module)?
                    }
                    TargetFormat::Rawast(settings) => ts_types::emit(&cx, target_plan.target, settings, module)?,
                };
                outputs.push(cx.output(&module_path(target_plan, module, "d.ts"), types));
            }
        }
        Ok(outputs)
    }
}

/// A target's npm package, but its modules: `package.json`, the README, the license.
struct NpmPackages;

impl Generator for NpmPackages {
    fn generate(&self, plan: &Plan) -> Result<Vec<Output>, Error> {
        let mut outputs = Vec::new();
        for target_plan in &plan.targets {
            let Some(package) = &target_plan.target.package else { continue };
            let cx = plan.target_context(target_plan);
            let files = match &target_plan.format {
                TargetFormat::Oxc { settings, root, .. } => {
                    npm_package::emit_oxc(&cx, target_plan.target, settings, *root, package, plan.inputs)?
                }
                TargetFormat::Rawast(settings) => {
                    npm_package::emit(&cx, target_plan.target, settings, package, plan.inputs)?
                }
            };
            outputs.extend(files.into_iter().map(|file| cx.output(&file.path, file.contents)));
        }
        Ok(outputs)
    }
}

/// The native addon of each package that has one: its napi-rs crate and the package's `index.js`.
struct Addons;

impl Generator for Addons {
    fn generate(&self, plan: &Plan) -> Result<Vec<Output>, Error> {
        let mut outputs = Vec::new();
        for target_plan in &plan.targets {
            let Some(package) = &target_plan.target.package else { continue };
            let (Some(addon), TargetFormat::Rawast(settings)) = (&package.addon, &target_plan.format) else { continue };
            let cx = plan.target_context(target_plan);
            let walker = target_plan.walker.is_some();
            let files = addon::emit(&cx, target_plan.target, settings, package, addon, walker)?;
            outputs.extend(files.into_iter().map(|file| cx.output(&file.path, file.contents)));
        }
        Ok(outputs)
    }
}

/// `rust/from_estree.rs`: the test producer, ESTree JSON to buffers, where the configuration asks.
struct Producer;

impl Generator for Producer {
    fn generate(&self, plan: &Plan) -> Result<Vec<Output>, Error> {
        let Some(producer_module) = &plan.config.rust.producer_module else { return Ok(Vec::new()) };
        let cx = plan.context();
        Ok(vec![cx.output("rust/from_estree.rs", rust_producer::emit(&cx, producer_module)?)])
    }
}

/// Where a target's `module` goes, with extension `extension`.
fn module_path(target: &TargetPlan, module: Module, extension: &str) -> String {
    format!("{}/{}.{extension}", target.target.module_dir(), module.stem())
}
