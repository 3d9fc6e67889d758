//! Schema loading: schema source files → `ir::Schema`, with every problem reported as a `Diagnostic`.
//!
//! This is the only module that sees `syn`. It works in three passes:
//! 1. parse every file and collect the items marked `#[ast]` (`items`; duplicates are reported
//!    here);
//! 2. convert each item — representation, generics, attributes, field types with names resolved
//!    against pass 1 (`convert`, with `attrs`, `types`, and for oxc's dialect `oxc` and
//!    `oxc_estree`);
//! 3. reject types that contain themselves without indirection (`recursion`: their size would be
//!    infinite).

mod attrs;
mod convert;
mod dialect;
mod items;
mod oxc;
mod oxc_estree;
mod recursion;
pub(crate) mod snippet;
mod types;

use std::collections::HashMap;

use proc_macro2::Span;

use crate::SourceFile;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::ir::{Dialect, Schema, TypeId};
use convert::{check_flatten, convert_item};
use items::{AstItem, collect_ast_items};

/// Loads the `#[ast]` types of `files`, written in `dialect`. The result does not depend on the
/// order of `files`.
pub fn load(files: &[SourceFile], dialect: Dialect) -> Result<Schema, Diagnostics> {
    let mut files: Vec<&SourceFile> = files.iter().collect();
    files.sort_by(|a, b| a.path.cmp(&b.path));

    let mut cx =
        Context { diagnostics: Diagnostics::default(), dialect, plain_types: HashMap::new(), lifetime_use: None };
    let mut items = Vec::new();
    let mut meta = Vec::new();
    for file in &files {
        match syn::parse_file(&file.text) {
            Ok(parsed) => collect_ast_items(&mut cx, file, parsed.items, &mut items, &mut meta),
            Err(errors) => {
                for error in errors {
                    cx.error(file, error.span(), format!("cannot parse schema file: {error}"), None);
                }
            }
        }
    }

    // Pass 1: names. The first definition wins; later ones are errors. A foreign type's description
    // (`#[ast(foreign = Name)]`) answers to `Name`.
    let mut names: HashMap<String, TypeId> = HashMap::new();
    let mut unique_items = Vec::new();
    for item in items {
        let name = item.foreign.clone().unwrap_or_else(|| item.ident().to_string());
        if let Some(&first) = names.get(&name) {
            let first: &AstItem = &unique_items[first.0];
            let first_location = cx.location(first.file, first.ident().span());
            cx.error(
                item.file,
                item.ident().span(),
                format!("duplicate type name `{name}`"),
                Some(format!(
                    "`{name}` is first defined at {}:{}; AST type names must be unique across all schema files",
                    first_location.file, first_location.line
                )),
            );
            continue;
        }
        names.insert(name, TypeId(unique_items.len()));
        unique_items.push(item);
    }

    // Pass 2: convert.
    let mut types = Vec::with_capacity(unique_items.len());
    let mut field_spans = Vec::with_capacity(unique_items.len());
    let mut inherits = oxc::Inherits::new();
    let mut raw_attrs = Vec::with_capacity(unique_items.len());
    for (index, item) in unique_items.iter().enumerate() {
        let (def, spans, markers, raw) = convert_item(&mut cx, &names, item);
        types.push(def);
        field_spans.push(spans);
        raw_attrs.push(raw);
        if !markers.is_empty() {
            inherits.insert(TypeId(index), (markers, item.file));
        }
    }
    // oxc's attributes, once every type and converter is known; before `INHERIT` copies variants.
    let meta = oxc_estree::resolve(&mut cx, &mut types, &raw_attrs, meta, &names);
    oxc::expand_inherits(&mut cx, &mut types, &mut field_spans, &inherits, &names);
    let schema = Schema { dialect, types, meta };

    // Pass 3: only meaningful once every reference resolved.
    if cx.diagnostics.is_empty() {
        check_flatten(&mut cx, &schema, &unique_items, &field_spans);
        for cycle in recursion::find_inline_cycles(&schema) {
            let item = &unique_items[cycle.ty.0];
            let path: Vec<&str> = cycle.path.iter().map(|id| schema.get(*id).name.as_str()).collect();
            cx.error(
                item.file,
                field_spans[cycle.ty.0][cycle.member],
                format!("recursive type `{}` has infinite size", schema.get(cycle.ty).name),
                Some(format!(
                    "it contains itself without indirection ({}); put the recursive field behind a pointer: `Box<'a, ...>` or `Vec<'a, ...>`",
                    path.join(" → ")
                )),
            );
        }
    }
    cx.diagnostics.into_result(schema)
}

struct Context {
    diagnostics: Diagnostics,
    dialect: Dialect,
    /// Structs and enums of the schema files without `#[ast]`, by name: where each is defined, and
    /// whether a field type named it (then it is reported there, once).
    plain_types: HashMap<String, PlainType>,
    /// Where the item being converted first names the arena lifetime `'a`, which it must declare.
    lifetime_use: Option<Span>,
}

/// A struct or enum the schema files define without `#[ast]`.
struct PlainType {
    location: Location,
    reported: bool,
}

impl Context {
    fn location(&self, file: &SourceFile, span: Span) -> Location {
        let start = span.start();
        let end = span.end();
        Location::from_line_columns(&file.path, &file.text, start.line, start.column, Some((end.line, end.column)))
    }

    fn error(&mut self, file: &SourceFile, span: Span, message: String, help: Option<String>) {
        let mut diagnostic = Diagnostic::new(message).at(self.location(file, span));
        if let Some(help) = help {
            diagnostic = diagnostic.with_help(help);
        }
        self.diagnostics.push(diagnostic);
    }
}
