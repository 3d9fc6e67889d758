//! The JS mapping (`[mapping]`, `int64`) on small schemas: the complete deserializers (eager and
//! lazy) and `.d.ts` of each fixture under `fixtures/mapping/` as snapshots, so that a change to a
//! template or to the model reads as a diff of a few hundred lines; and every naming problem under
//! `fixtures/mapping_errors/` as the error the user sees.
//!
//! Each fixture is a directory with a `codegen.toml` and the schema it names. The outputs are also
//! written to `target/mapping/<fixture>/`, with the layout of each type (`layout.json`), for
//! `tests/mapping.test.js`, which builds buffers of these schemas and reads them back in Node.

mod support;

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use rawast_generator::ir::TypeKind;
use rawast_generator::layout::Shape;
use rawast_generator::{Config, Generation, SourceFile};
use support::snapshot_settings;

/// Reads a fixture directory's config and the files it names, as codegen would.
fn load(config_path: &Path) -> (Config, Vec<SourceFile>) {
    let dir = config_path.parent().unwrap();
    let config = Config::parse(&SourceFile { path: "codegen.toml".to_owned(), text: fs::read_to_string(config_path).unwrap() }).unwrap_or_else(|d| panic!("{d}"));
    let inputs = config.input_files().iter().map(|f| SourceFile { path: f.path.clone(), text: fs::read_to_string(dir.join(&f.path)).unwrap() }).collect();
    (config, inputs)
}

fn fixture_name(config_path: &Path) -> String {
    config_path.parent().unwrap().file_name().unwrap().to_string_lossy().into_owned()
}

fn target_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().join("target/mapping")
}

#[test]
fn mapping_outputs() {
    snapshot_settings("mapping").bind(|| {
        insta::glob!("fixtures/mapping/*/codegen.toml", |config_path| {
            let name = fixture_name(config_path);
            let (config, inputs) = load(config_path);
            let Generation { outputs, notes } = rawast_generator::generate(&config, &inputs).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(notes.is_empty(), "{name}: {notes:?}");
            let out = target_dir().join(&name);
            let _ = fs::remove_dir_all(&out);
            for output in outputs.iter().filter(|o| o.path.starts_with("out/js/")) {
                let relative = output.path.strip_prefix("out/js/").unwrap();
                let path = out.join(relative);
                fs::create_dir_all(path.parent().unwrap()).unwrap();
                fs::write(&path, &output.contents).unwrap();
                if relative != "constants.js" {
                    insta::assert_snapshot!(relative.replace('/', "__"), output.contents);
                }
            }
            fs::write(out.join("layout.json"), layout_json(&inputs, &config)).unwrap();
        });
    });
}

/// Each struct's size and field offsets (64-bit), each enum's variants (and a data enum's payload
/// offset): what a test needs to write
/// a buffer of the schema by hand. These numbers are the layout engine's, which rustc checks.
fn layout_json(inputs: &[SourceFile], config: &Config) -> String {
    let schema_files: Vec<SourceFile> = inputs.iter().filter(|f| config.schema_files.iter().any(|s| s.path == f.path)).cloned().collect();
    let analysis = rawast_generator::analyze(&schema_files).unwrap();
    let mut types = Vec::new();
    for id in analysis.schema.ids() {
        let def = analysis.schema.get(id);
        let layout = analysis.layout64.get(id);
        let mut entry = format!("\"{}\": {{ \"size\": {}, \"align\": {}", def.name, layout.layout.size, layout.layout.align);
        match (&def.kind, &layout.shape) {
            (TypeKind::Struct(s), Shape::Struct { field_offsets }) => {
                let fields: Vec<String> = s.fields.iter().zip(field_offsets).map(|(f, offset)| format!("\"{}\": {offset}", f.name)).collect();
                write!(entry, ", \"fields\": {{ {} }}", fields.join(", ")).unwrap();
            }
            (TypeKind::Enum(e), shape) => {
                let variants: Vec<String> = e.variants.iter().map(|v| format!("\"{}\": {}", v.name, v.discriminant)).collect();
                write!(entry, ", \"variants\": {{ {} }}", variants.join(", ")).unwrap();
                if let Shape::DataEnum { payload_offset } = shape {
                    write!(entry, ", \"payload\": {payload_offset}").unwrap();
                }
            }
            _ => unreachable!(),
        }
        entry.push_str(" }");
        types.push(entry);
    }
    format!("{{\n  {}\n}}\n", types.join(",\n  "))
}

#[test]
fn mapping_errors() {
    snapshot_settings("errors").bind(|| {
        insta::glob!("fixtures/mapping_errors/*/codegen.toml", |config_path| {
            let name = fixture_name(config_path);
            let (config, inputs) = load(config_path);
            let report = match rawast_generator::generate(&config, &inputs) {
                Ok(_) => panic!("{name} generated without errors"),
                Err(error) => error.to_string(),
            };
            insta::assert_snapshot!(format!("mapping_{name}"), report);
        });
    });
}
