//! Schema loading: schema source files → `ir::Schema`, with every problem reported as a `Diagnostic`.
//! The only module that sees `syn`. It works in three passes:
//! 1. parse every file, collect the items marked `#[ast]` (`items`) and name them (a name defined
//!    twice is an error);
//! 2. convert each item — representation, generics, attributes, field types resolved against
//!    pass 1 (`convert`, with `attrs`, `types`, and for oxc's dialect `oxc` and `oxc_estree`);
//! 3. reject types that contain themselves without indirection (`recursion`): their size would be
//!    infinite.

mod attrs;
mod convert;
mod dialect;
mod items;
mod lex;
mod oxc;
mod oxc_estree;
mod recursion;
pub(crate) mod snippet;
mod types;

use std::collections::HashMap;

use proc_macro2::Span;

use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::files::SourceFile;
use crate::ir::{Dialect, Schema, TypeDef, TypeId};
use convert::{check_flatten, convert_item};
use items::{AstItem, collect_ast_items};

/// Loads the `#[ast]` types of `files`, written in `dialect`. The result does not depend on the
/// order of `files`.
pub fn load(files: &[SourceFile], dialect: Dialect) -> Result<Schema, Diagnostics> {
    let mut files: Vec<&SourceFile> = files.iter().collect();
    files.sort_by(|a, b| a.path.cmp(&b.path));

    let mut cx =
        Context { diagnostics: Diagnostics::default(), dialect, plain_types: HashMap::new(), lifetime_use: None };
    let (items, meta) = parse_files(&mut cx, &files);
    let (names, items) = name_items(&mut cx, items);
    let Converted { mut types, mut field_spans, inherits, raw_attrs } = convert_items(&mut cx, &names, &items);
    // oxc's attributes, once every type and converter is known; before `INHERIT` copies variants.
    let meta = oxc_estree::resolve(&mut cx, &mut types, &raw_attrs, meta, &names);
    oxc::expand_inherits(&mut cx, &mut types, &mut field_spans, &inherits, &names);
    let schema = Schema { dialect, types, meta };

    // Pass 3: only meaningful once every reference resolved.
    if cx.diagnostics.is_empty() {
        check_flatten(&mut cx, &schema, &items, &field_spans);
        report_cycles(&mut cx, &schema, &items, &field_spans);
    }
    cx.diagnostics.into_result(schema)
}

/// Parses `files` and collects their `#[ast]` items and `#[ast_meta]` converters.
fn parse_files<'f>(cx: &mut Context, files: &[&'f SourceFile]) -> (Vec<AstItem<'f>>, Vec<oxc_estree::RawMeta<'f>>) {
    let mut items = Vec::new();
    let mut meta = Vec::new();
    for file in files {
        let errors = match syn::parse_file(&file.text) {
            Ok(parsed) => {
                collect_ast_items(cx, file, parsed.items, &mut items, &mut meta);
                continue;
            }
            Err(errors) => errors,
        };
        // syn's error for text that is not tokens does not say what is wrong.
        if let Some((span, what, help)) = lex::lex_error(&file.text) {
            cx.error(file, span, format!("cannot parse schema file: {what}"), Some(help.to_owned()));
            continue;
        }
        for error in errors {
            cx.error(file, error.span(), format!("cannot parse schema file: {error}"), None);
        }
    }
    (items, meta)
}

/// Pass 1: names. The first definition wins; later ones are errors. A foreign type's description
/// (`#[ast(foreign = Name)]`) answers to `Name`. Returns the names and the items they number.
fn name_items<'f>(cx: &mut Context, items: Vec<AstItem<'f>>) -> (HashMap<String, TypeId>, Vec<AstItem<'f>>) {
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
    (names, unique_items)
}

/// The items converted, each list indexed by `TypeId`.
struct Converted<'f> {
    types: Vec<TypeDef>,
    /// The span of each member (field or variant) of each type.
    field_spans: Vec<Vec<Span>>,
    /// oxc's `INHERIT` markers, by the enum that holds them.
    inherits: oxc::Inherits<'f>,
    /// Each type's attributes as written, in oxc's dialect.
    raw_attrs: Vec<Option<oxc_estree::RawItem<'f>>>,
}

/// Pass 2: each item converted.
fn convert_items<'f>(cx: &mut Context, names: &HashMap<String, TypeId>, items: &[AstItem<'f>]) -> Converted<'f> {
    let mut converted = Converted {
        types: Vec::with_capacity(items.len()),
        field_spans: Vec::with_capacity(items.len()),
        inherits: oxc::Inherits::new(),
        raw_attrs: Vec::with_capacity(items.len()),
    };
    for (index, item) in items.iter().enumerate() {
        let (def, spans, markers, raw) = convert_item(cx, names, item);
        converted.types.push(def);
        converted.field_spans.push(spans);
        converted.raw_attrs.push(raw);
        if !markers.is_empty() {
            converted.inherits.insert(TypeId(index), (markers, item.file));
        }
    }
    converted
}

/// Types that contain themselves without indirection, reported at the member that starts the cycle.
fn report_cycles(cx: &mut Context, schema: &Schema, items: &[AstItem], field_spans: &[Vec<Span>]) {
    for cycle in recursion::find_inline_cycles(schema) {
        let item = &items[cycle.ty.0];
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
