//! Emitters: one per output kind. Each returns `Output`s; none writes files.

mod js;
mod npm_package;
mod oxc_types;
mod rust_asserts;
mod rust_constants;
mod rust_producer;
pub mod text;
mod ts_types;

use crate::config::{Config, TargetSettings};
use crate::diagnostic::Diagnostic;
use crate::ir::{Dialect, Schema};
use crate::layout::{PointerWidth, SchemaLayout};
use crate::model::{Model, ResultShape};
use crate::{Error, Output, SourceFile};

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
    /// [`GENERATED_MARKER`](crate::GENERATED_MARKER), by which codegen knows its own files.
    pub fn header_lines(&self) -> [String; 2] {
        let mut files = self.config.schema_file_names();
        files.sort_unstable();
        let inputs = std::iter::once(self.config.file_name.clone()).chain(files).collect::<Vec<_>>().join(", ");
        [
            format!("{} from {inputs}.", crate::GENERATED_MARKER),
            format!(
                "Do not edit: change the schema or {} and run `{}`.",
                self.config.file_name, self.config.regenerate
            ),
        ]
    }

    fn output(&self, relative: &str, contents: String) -> Output {
        Output { path: format!("{}/{relative}", self.config.output_dir.path), contents }
    }
}

/// Every output of a run, sorted by path, and notes for the user.
pub fn emit_all(cx: &EmitContext) -> Result<(Vec<Output>, Vec<Diagnostic>), Error> {
    let mut outputs = vec![cx.output("rust/assert_layouts.rs", rust_asserts::emit(cx)?)];
    // rawast's buffer format, for rawast's producers: schemas in another dialect are read from their
    // producer's own buffers.
    if cx.schema.dialect == Dialect::Rawast {
        outputs.push(cx.output("rust/constants.rs", rust_constants::emit(cx)?));
        outputs.push(cx.output("js/constants.js", js::constants::emit(cx)?));
    }
    if let Some(producer_module) = &cx.config.rust.producer_module {
        outputs.push(cx.output("rust/from_estree.rs", rust_producer::emit(cx, producer_module)?));
    }
    let notes = npm_package::check_versions(cx)?;
    for target in &cx.config.targets {
        let settings = match &target.settings {
            TargetSettings::Oxc(settings) => {
                let model = js::oxc::variant_model(cx, settings)?;
                let cx = EmitContext { model: &model, ..*cx };
                let dir = target.module_dir();
                let root = cx.schema.ids().find(|id| cx.schema.get(*id).name == js::oxc::root_name(settings));
                let root = root.ok_or_else(|| {
                    Error::Input(crate::diagnostic::Diagnostics(vec![Diagnostic::new(format!(
                        "target `{}`: the schema has no `{}`",
                        target.name,
                        js::oxc::root_name(settings)
                    ))]))
                })?;
                let modules = js::oxc::emit(&cx, target, settings)?;
                for (module, code) in modules.each() {
                    let stem = module.stem();
                    outputs.push(cx.output(&format!("{dir}/{stem}.js"), code));
                    outputs.push(
                        cx.output(&format!("{dir}/{stem}.d.ts"), oxc_types::emit(&cx, target, settings, root, module)?),
                    );
                }
                if let Some(package) = &target.package {
                    for file in npm_package::emit_oxc(&cx, target, settings, root, package, cx.inputs)? {
                        outputs.push(cx.output(&file.path, file.contents));
                    }
                }
                continue;
            }
            TargetSettings::Rawast(settings) => settings,
        };
        // One copy: a target with a package has its modules in the package only.
        let dir = target.module_dir();
        if let Some(package) = &target.package {
            for file in npm_package::emit(cx, target, settings, package, cx.inputs)? {
                outputs.push(cx.output(&file.path, file.contents));
            }
        }
        let modules =
            if settings.lazy { js::lazy::emit(cx, target, settings)? } else { js::eager::emit(cx, target, settings)? };
        for (module, code) in modules.each() {
            let stem = module.stem();
            outputs.push(cx.output(&format!("{dir}/{stem}.js"), code));
            outputs.push(cx.output(&format!("{dir}/{stem}.d.ts"), ts_types::emit(cx, target, settings, module)?));
        }
    }
    outputs.push(manifest(cx, &outputs));
    outputs.sort_by(|a, b| a.path.cmp(&b.path));
    Ok((outputs, notes))
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
    cx.output(crate::MANIFEST_FILE, text)
}

/// Prints Rust tokens with prettyplease, after the header.
fn print_rust(cx: &EmitContext, what: &str, tokens: proc_macro2::TokenStream) -> Result<String, Error> {
    let file: syn::File = syn::parse2(tokens)
        .map_err(|source| Error::RustSyntax { what: what.to_owned(), message: source.to_string() })?;
    Ok(format!("{}\n{}", cx.header(), prettyplease::unparse(&file)))
}

/// A Rust identifier for a schema name: `r#type` where the name is a keyword.
fn rust_ident(name: &str) -> syn::Ident {
    syn::parse_str::<syn::Ident>(name).unwrap_or_else(|_| syn::Ident::new_raw(name, proc_macro2::Span::call_site()))
}

/// A literal without a type suffix, so `16` prints as `16`, not `16u32`.
fn lit(value: impl Into<u64>) -> proc_macro2::Literal {
    proc_macro2::Literal::u64_unsuffixed(value.into())
}
