//! The schemas' layouts as JSON, for the Node side: the fuzzer walks buffers with them (to aim its
//! corruptions) and `tests/cycles` builds buffers with them (nesting along each cycle of the type
//! graph). Both schemas are written: rawast's ESTree schema of `codegen.toml` at 64 and 32 bits
//! (`target/layouts/layout-64.json`, `layout-32.json`) and oxc's of `tests/oxc/codegen.toml`
//! (`layout-oxc.json`, 64-bit only, with `None` as oxc-parser's rustc writes it).

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use rawast_generator::SourceFile;
use rawast_generator::config::Config;
use rawast_generator::ir::{Schema, TypeKind, TypeRef};
use rawast_generator::layout::{OptionRepr, PointerWidth, SchemaLayout, Shape};
use rawast_generator::model::{Model, OutputVariant};
use serde_json::{Value, json};

use crate::project::{CONFIG, OXC_CONFIG, Project};

pub const LONG_ABOUT: &str = "\
Write the schemas' layouts as JSON

Writes target/layouts/layout-64.json and layout-32.json (the ESTree schema of codegen.toml) and
layout-oxc.json (oxc's schema of tests/oxc/codegen.toml), computed by the generator's layout engine:
every struct's fields with their offsets and types, every enum's variants and tag values, and how
each Option's None is written. tests/cycles builds buffers with them and the fuzzer walks buffers
with them; `cargo xtask test` and `cargo xtask fuzz` write them first.";

/// Where the layouts are written.
const DIR: &str = "target/layouts";

/// The file of rawast's ESTree schema's layout (`codegen.toml`) at a pointer width.
pub fn rawast_file(project: &Project, width: PointerWidth) -> PathBuf {
    project.path(DIR).join(format!("layout-{}.json", width.bits()))
}

/// The file of oxc's schema's layout (`tests/oxc/codegen.toml`), 64-bit only.
pub fn oxc_file(project: &Project) -> PathBuf {
    project.path(DIR).join("layout-oxc.json")
}

/// `cargo xtask layouts`: writes them and says where.
pub fn main(project: &Project) -> Result<()> {
    write(project)?;
    eprintln!("layouts written to {}", project.path(DIR).display());
    Ok(())
}

/// Which rule gives an `Option`'s `None` in a niche: the rustc compiling here, or the one
/// oxc-parser 0.157 was built with (rust-lang/rust#155473; see `Niche::none_value_since_rust_1_97`).
#[derive(Clone, Copy)]
enum NoneRule {
    ThisRustc,
    Rust197,
}

/// Writes the layouts of both schemas into `target/layouts/`.
pub fn write(project: &Project) -> Result<()> {
    let dir = project.path(DIR);
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;

    let config = rawast::read_config(&project.path(CONFIG))?;
    let files: Vec<SourceFile> = config
        .schema_files
        .iter()
        .map(|f| {
            Ok(SourceFile {
                path: f.path.clone(),
                text: std::fs::read_to_string(project.path(&f.path))
                    .with_context(|| format!("cannot read {}", f.path))?,
            })
        })
        .collect::<Result<_>>()?;
    let analysis = rawast_generator::analyze(&files).map_err(|d| anyhow::anyhow!("{d}"))?;
    let model = Model::build(&analysis.schema, &config).map_err(|d| anyhow::anyhow!("{d}"))?;
    for (width, layout) in [(PointerWidth::W64, &analysis.layout64), (PointerWidth::W32, &analysis.layout32)] {
        let mut json = layout_json(&analysis.schema, layout, width, root_name(&config)?, NoneRule::ThisRustc);
        json["walk"] = walk_json(&analysis.schema, &config, &model);
        write_json(&rawast_file(project, width), &json)?;
    }

    // oxc's schema: oxc_ast's own sources, found through `cargo metadata`; 64-bit only. Its
    // buffers hold TypeScript's nodes: the walk's spans are the TypeScript variants'.
    let (oxc_config, files) = rawast::read_schema(&project.path(OXC_CONFIG))?;
    let analysis = rawast_generator::analyze_as(&files, oxc_config.dialect).map_err(|d| anyhow::anyhow!("{d}"))?;
    let model =
        Model::build_variant(&analysis.schema, &oxc_config, OutputVariant { is_ts: true, ..OutputVariant::default() })
            .map_err(|d| anyhow::anyhow!("{d}"))?;
    let mut json = layout_json(
        &analysis.schema,
        &analysis.layout64,
        PointerWidth::W64,
        root_name(&oxc_config)?,
        NoneRule::Rust197,
    );
    json["walk"] = walk_json(&analysis.schema, &oxc_config, &model);
    write_json(&oxc_file(project), &json)?;
    Ok(())
}

/// What a walk led by words trusts of the spans (`Model::walk_span_structs`), for the check of
/// every buffer conformance reads (tests/spans/walk-facts.js): `nodes`, the structs whose spans
/// it reads; `outside`, those of them it never skips by their span (`[walk] outside_span`).
fn walk_json(schema: &Schema, config: &Config, model: &Model) -> Value {
    let ids = model.walk_span_structs(schema);
    let name = |id: &rawast_generator::ir::TypeId| schema.get(*id).name.clone();
    let nodes: Vec<String> = ids.iter().map(name).collect();
    let outside: Vec<String> = ids.iter().filter(|id| Model::spans_outside(schema, config, **id)).map(name).collect();
    json!({ "keywords": !config.walk_keywords.is_empty(), "nodes": nodes, "outside": outside })
}

fn root_name(config: &Config) -> Result<&str> {
    config.root_name().with_context(|| format!("{} names no [schema] root type", config.file_name))
}

fn write_json(path: &Path, json: &Value) -> Result<()> {
    let text = serde_json::to_string_pretty(json)? + "\n";
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// The schema's layout for one pointer width: each struct's fields (`[offset, type, name]`), each
/// data enum's payload offset and variants, each fieldless enum's values. Types are `"u32"`,
/// `"str"`, `"span"`, `{ "named": N }`, `{ "builtin": B }`, `{ "box": T, "size": S }`,
/// `{ "vec": T, "size": S }` (S: the element's size), and `{ "option": T, "niche": [offset, size,
/// value] }` (`value`: the `None`) or `{ "option": T, "tagged": [tag size, payload offset] }`.
fn layout_json(schema: &Schema, layout: &SchemaLayout, width: PointerWidth, root: &str, none: NoneRule) -> Value {
    let mut types = serde_json::Map::new();
    for id in schema.ids() {
        let def = schema.get(id);
        let size = layout.get(id).layout.size;
        let entry = match (&def.kind, &layout.get(id).shape) {
            (TypeKind::Struct(s), Shape::Struct { field_offsets }) => {
                let fields: Vec<Value> = s
                    .fields
                    .iter()
                    .zip(field_offsets)
                    .map(|(f, offset)| json!([offset, type_json(&f.ty, schema, layout, none), f.name]))
                    .collect();
                json!({ "kind": "struct", "size": size, "fields": fields })
            }
            (TypeKind::Enum(e), Shape::DataEnum { payload_offset }) => {
                let variants: serde_json::Map<String, Value> = e
                    .variants
                    .iter()
                    .map(|v| {
                        (
                            v.discriminant.to_string(),
                            v.payload.as_ref().map_or(Value::Null, |p| type_json(p, schema, layout, none)),
                        )
                    })
                    .collect();
                json!({ "kind": "enum", "size": size, "payload": payload_offset, "variants": variants })
            }
            (TypeKind::Enum(e), _) => {
                let values: Vec<u8> = e.variants.iter().map(|v| v.discriminant).collect();
                json!({ "kind": "fieldless", "size": 1, "values": values })
            }
            (TypeKind::Struct(_), _) => unreachable!("structs have a struct shape"),
        };
        types.insert(def.name.clone(), entry);
    }
    json!({ "pointerWidth": width.bytes(), "root": root, "types": types })
}

fn type_json(ty: &TypeRef, schema: &Schema, layout: &SchemaLayout, none: NoneRule) -> Value {
    match ty {
        TypeRef::Primitive(p) => json!(p.rust_name()),
        TypeRef::Span => json!("span"),
        TypeRef::Str => json!("str"),
        TypeRef::Named(id) => json!({ "named": schema.get(*id).name }),
        // A `Cell` holds its value's bytes; builtins are the oxc dialect's (its strings, `&str`,
        // `Ident` and `JSStr`, are walked as strings).
        TypeRef::Cell(inner) => type_json(inner, schema, layout, none),
        TypeRef::Builtin(builtin) => json!({ "builtin": builtin.name() }),
        TypeRef::Box(inner) => json!({ "box": type_json(inner, schema, layout, none), "size": layout.of(inner).size }),
        TypeRef::Vec(inner) => json!({ "vec": type_json(inner, schema, layout, none), "size": layout.of(inner).size }),
        TypeRef::Option(inner) => match layout.option_repr(inner) {
            OptionRepr::Niche { offset, size, value } => {
                let value = match none {
                    NoneRule::ThisRustc => value,
                    NoneRule::Rust197 => layout
                        .of(inner)
                        .niche
                        .and_then(|n| n.none_value_since_rust_1_97())
                        .expect("a niche-encoded Option's payload has a free value"),
                };
                json!({ "option": type_json(inner, schema, layout, none), "niche": [offset, size, value] })
            }
            OptionRepr::Tagged { tag_size, payload_offset } => {
                json!({ "option": type_json(inner, schema, layout, none), "tagged": [tag_size, payload_offset] })
            }
        },
    }
}
