//! What every generator, and prepare where it writes functions, reads ([`EmitContext`]): the
//! configuration, the schema, its layouts, the model of the output variant at hand and the input
//! files; and the header every generated file starts with.

use crate::config::Config;
use crate::files::{Output, SourceFile};
use crate::ir::Schema;
use crate::layout::{PointerWidth, SchemaLayout};
use crate::model::{Model, ResultShape};

/// Everything an emitter may read.
pub struct EmitContext<'a> {
    pub config: &'a Config,
    pub schema: &'a Schema,
    pub layout64: &'a SchemaLayout,
    pub layout32: &'a SchemaLayout,
    /// How each type becomes a JS value.
    pub model: &'a Model,
    /// Every input file: the schema's and the others the configuration names (license texts).
    pub inputs: &'a [SourceFile],
}

impl<'p> EmitContext<'p> {
    pub fn layout(&self, width: PointerWidth) -> &SchemaLayout {
        match width {
            PointerWidth::W64 => self.layout64,
            PointerWidth::W32 => self.layout32,
        }
    }

    /// The layout fingerprint of the schema at `width`, as both constants files carry it.
    pub fn fingerprint(&self, width: PointerWidth) -> u64 {
        crate::buffer::layout_fingerprint(self.schema, self.layout(width))
    }

    /// What `deserialize` returns; targets need it (`Config::parse` requires a root with targets).
    pub fn result(&self) -> &ResultShape {
        self.model
            .result
            .as_ref()
            .expect("Config::parse requires `schema.root` with targets, and Model::build finds it")
    }

    /// The "do not edit" header every generated file starts with, as `//` comment lines.
    pub fn header(&self) -> String {
        let [generated, instruction] = self.header_lines();
        format!("// {generated}\n// {instruction}\n")
    }

    /// The header's two sentences, for files whose comments are not `//`. The first starts with
    /// [`GENERATED_MARKER`](crate::files::GENERATED_MARKER), by which codegen knows its own files.
    pub fn header_lines(&self) -> [String; 2] {
        let mut files = self.config.schema_file_names();
        files.sort_unstable();
        let inputs = std::iter::once(self.config.file_name.clone()).chain(files).collect::<Vec<_>>().join(", ");
        [
            format!("{} from {inputs}.", crate::files::GENERATED_MARKER),
            format!(
                "Do not edit: change the schema or {} and run `{}`.",
                self.config.file_name, self.config.regenerate
            ),
        ]
    }

    /// An output at `relative` in the output directory.
    pub fn output(&self, relative: &str, contents: String) -> Output {
        Output { path: format!("{}/{relative}", self.config.output_dir.path), contents }
    }
}
