//! Stage 2, generate: the list of generators ([`generators::GENERATORS`]), each reading the plan
//! and returning its outputs as values; none writes files or reports input errors. Each generator
//! is a module: Rust layout assertions and constants, the JS modules, their `.d.ts`, npm packages,
//! the test producer.

mod addon;
mod generators;
mod js;
mod npm_package;
mod oxc_types;
mod rust_asserts;
mod rust_constants;
mod rust_print;
mod rust_producer;
mod template;
mod ts_types;

pub use crate::context::EmitContext;
pub use generators::{GENERATORS, Generator};
pub use npm_package::ExampleInput;

use crate::error::Error;
use crate::files::Output;
use crate::prepare::Plan;

/// Every output of a plan, sorted by path, with the manifest of them.
pub fn generate(plan: &Plan) -> Result<Vec<Output>, Error> {
    let mut outputs = Vec::new();
    for generator in GENERATORS {
        outputs.extend(generator.generate(plan)?);
    }
    outputs.push(manifest(&plan.context(), &outputs));
    outputs.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(outputs)
}

/// The list of every output, which tells codegen which files in the output directory are its own.
fn manifest(cx: &EmitContext, outputs: &[Output]) -> Output {
    let [generated, instruction] = cx.header_lines();
    let mut text = format!(
        "# {generated}\n# {instruction}\n# The files codegen wrote in this directory: it updates and removes only these and files with its header.\n"
    );
    let prefix = format!("{}/", cx.config.output_dir.path);
    let mut paths: Vec<&str> = outputs.iter().filter_map(|o| o.path.strip_prefix(&prefix)).collect();
    paths.sort_unstable();
    for path in paths {
        text.push_str(path);
        text.push('\n');
    }
    cx.output(crate::files::MANIFEST_FILE, text)
}
