//! Shared by the snapshot test files. (Each test file compiles its own copy and uses some of it.)
#![allow(dead_code)]

use std::fs;
use std::path::Path;

use rawast_generator::ir::TypeKind;
use rawast_generator::layout::Shape;
use rawast_generator::{Config, SourceFile};

/// insta settings for snapshots in the top-level `snapshots/<folder>/`, named by test and input.
pub fn snapshot_settings(folder: &str) -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(format!("../../snapshots/{folder}"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings
}

/// Reads a fixture directory's config and the files it names, as codegen would.
pub fn load_fixture(config_path: &Path) -> (Config, Vec<SourceFile>) {
    let dir = config_path.parent().unwrap();
    let config =
        Config::parse(&SourceFile { path: "codegen.toml".to_owned(), text: fs::read_to_string(config_path).unwrap() })
            .unwrap_or_else(|d| panic!("{d}"));
    let inputs = config
        .input_files()
        .iter()
        .map(|f| SourceFile { path: f.path.clone(), text: fs::read_to_string(dir.join(&f.path)).unwrap() })
        .collect();
    (config, inputs)
}

/// A fixture's name: its directory's.
pub fn fixture_name(config_path: &Path) -> String {
    config_path.parent().unwrap().file_name().unwrap().to_string_lossy().into_owned()
}

/// Each struct's size and field offsets (64-bit), each enum's variants (and a data enum's payload
/// offset): what a test needs to write a buffer of the schema by hand. These numbers are the layout
/// engine's, which rustc checks.
pub fn layout_json(inputs: &[SourceFile], config: &Config) -> String {
    let schema_files: Vec<SourceFile> =
        inputs.iter().filter(|f| config.schema_files.iter().any(|s| s.path == f.path)).cloned().collect();
    let analysis = rawast_generator::analyze_as(&schema_files, config.dialect).unwrap();
    let mut types = serde_json::Map::new();
    for id in analysis.schema.ids() {
        let def = analysis.schema.get(id);
        let layout = analysis.layout64.get(id);
        let mut entry = serde_json::json!({ "size": layout.layout.size, "align": layout.layout.align });
        match (&def.kind, &layout.shape) {
            (TypeKind::Struct(s), Shape::Struct { field_offsets }) => {
                entry["fields"] = s
                    .fields
                    .iter()
                    .zip(field_offsets)
                    .map(|(f, offset)| (f.name.clone(), serde_json::json!(offset)))
                    .collect();
            }
            (TypeKind::Enum(e), shape) => {
                entry["variants"] =
                    e.variants.iter().map(|v| (v.name.clone(), serde_json::json!(v.discriminant))).collect();
                if let Shape::DataEnum { payload_offset } = shape {
                    entry["payload"] = serde_json::json!(payload_offset);
                }
            }
            _ => unreachable!(),
        }
        types.insert(def.name.clone(), entry);
    }
    serde_json::to_string_pretty(&types).unwrap() + "\n"
}
