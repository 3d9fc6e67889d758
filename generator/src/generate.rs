//! One run of the generator: the two stages in order, prepare then generate.

use crate::config::Config;
use crate::diagnostic::Diagnostic;
use crate::error::Error;
use crate::files::{Output, SourceFile};

/// What one run generates.
#[derive(Debug)]
pub struct Generation {
    /// Every output, sorted by path.
    pub outputs: Vec<Output>,
    /// Notes for the user that do not stop codegen (`Level::Note`), such as a fingerprint to record.
    pub notes: Vec<Diagnostic>,
}

/// Generates every output: prepares the plan (where every input error is found), then runs the
/// generators on it. `inputs` are the files `config.input_files()` names (the schema files and
/// license texts), in any order.
pub fn generate(config: &Config, inputs: &[SourceFile]) -> Result<Generation, Error> {
    let plan = crate::prepare::prepare(config, inputs)?;
    let outputs = crate::emit::generate(&plan)?;
    Ok(Generation { outputs, notes: plan.notes })
}
