//! Emitters: one per output kind. Each returns `Output`s; none writes files.

mod js_constants;
mod js_deserializer;
mod npm_package;
mod js_lazy;
mod rust_asserts;
mod rust_constants;
mod rust_producer;
mod ts_types;

use crate::config::Config;
use crate::diagnostic::Diagnostic;
use crate::ir::{Field, Schema, TypeKind};
use crate::layout::{PointerWidth, SchemaLayout};
use crate::{Error, Output, SourceFile};

/// Everything an emitter may read.
pub struct EmitContext<'a> {
    pub config: &'a Config,
    pub schema: &'a Schema,
    pub layout64: &'a SchemaLayout,
    pub layout32: &'a SchemaLayout,
    /// Every input file: the schema's and the others the configuration names (license texts).
    pub inputs: &'a [SourceFile],
}

impl EmitContext<'_> {
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

    /// The root's field that `deserialize` returns as `comments`, if the configuration names one.
    pub fn comments_field(&self) -> Option<&Field> {
        let root = self.config.root.as_ref()?;
        let id = self.schema.ids().find(|id| self.schema.get(*id).name == root.name)?;
        let TypeKind::Struct(s) = &self.schema.get(id).kind else { return None };
        s.fields.iter().find(|f| Some(&f.name) == self.config.comments.as_ref().map(|c| &c.name))
    }

    /// The "do not edit" header every generated file starts with, as `//` comment lines.
    pub fn header(&self) -> String {
        let [generated, instruction] = self.header_lines();
        format!("// {generated}\n// {instruction}\n")
    }

    /// The header's two sentences, for files whose comments are not `//`. The first starts with
    /// [`GENERATED_MARKER`](crate::GENERATED_MARKER), by which codegen knows its own files.
    pub fn header_lines(&self) -> [String; 2] {
        let mut files: Vec<&str> = self.config.schema_files.iter().map(|f| f.path.as_str()).collect();
        files.sort_unstable();
        let inputs = std::iter::once(self.config.file_name.as_str()).chain(files).collect::<Vec<_>>().join(", ");
        [
            format!("{} from {inputs}.", crate::GENERATED_MARKER),
            format!("Do not edit: change the schema or {} and run `{}`.", self.config.file_name, self.config.regenerate),
        ]
    }

    fn output(&self, relative: &str, contents: String) -> Output {
        Output { path: format!("{}/{relative}", self.config.output_dir.path), contents }
    }
}

/// Every output of a run, sorted by path, and notes for the user.
pub fn emit_all(cx: &EmitContext) -> Result<(Vec<Output>, Vec<Diagnostic>), Error> {
    let mut outputs = vec![
        cx.output("rust/assert_layouts.rs", rust_asserts::emit(cx)?),
        cx.output("rust/constants.rs", rust_constants::emit(cx)?),
        cx.output("js/constants.js", js_constants::emit(cx)?),
    ];
    if let Some(producer_module) = &cx.config.rust.producer_module {
        outputs.push(cx.output("rust/from_estree.rs", rust_producer::emit(cx, producer_module)?));
    }
    let notes = npm_package::check_versions(cx)?;
    for target in &cx.config.targets {
        let module = if target.lazy { js_lazy::emit(cx, target)? } else { js_deserializer::emit(cx, target)? };
        let types = ts_types::emit(cx, target)?;
        // A package carries the very same module and types: one template, one rendering.
        if let Some(package) = &target.package {
            outputs.push(cx.output(&format!("npm/{}/deserialize.js", target.name), module.clone()));
            outputs.push(cx.output(&format!("npm/{}/deserialize.d.ts", target.name), types.clone()));
            for file in npm_package::emit(cx, target, package, cx.inputs)? {
                outputs.push(cx.output(&file.path, file.contents));
            }
        }
        outputs.push(cx.output(&format!("js/{}/deserialize.js", target.name), module));
        outputs.push(cx.output(&format!("js/{}/deserialize.d.ts", target.name), types));
    }
    outputs.push(manifest(cx, &outputs));
    outputs.sort_by(|a, b| a.path.cmp(&b.path));
    Ok((outputs, notes))
}

/// The list of every output, which tells codegen which files in the output directory are its own.
fn manifest(cx: &EmitContext, outputs: &[Output]) -> Output {
    let [generated, instruction] = cx.header_lines();
    let mut text = format!("# {generated}\n# {instruction}\n# The files codegen wrote in this directory: it updates and removes only these and files with its header.\n");
    let prefix = format!("{}/", cx.config.output_dir.path);
    let mut paths: Vec<&str> = outputs.iter().filter_map(|o| o.path.strip_prefix(&prefix)).collect();
    paths.sort_unstable();
    for path in paths {
        text.push_str(path);
        text.push('\n');
    }
    cx.output(crate::MANIFEST_FILE, text)
}

/// Prints Rust tokens with prettyplease, after the header.
fn print_rust(cx: &EmitContext, what: &str, tokens: proc_macro2::TokenStream) -> Result<String, Error> {
    let file: syn::File = syn::parse2(tokens).map_err(|source| Error::RustSyntax { what: what.to_owned(), message: source.to_string() })?;
    Ok(format!("{}\n{}", cx.header(), prettyplease::unparse(&file)))
}

/// A literal without a type suffix, so `16` prints as `16`, not `16u32`.
fn lit(value: impl Into<u64>) -> proc_macro2::Literal {
    proc_macro2::Literal::u64_unsuffixed(value.into())
}
