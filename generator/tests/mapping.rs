//! The JS mapping (`[mapping]`, `int64`) on small schemas: the complete deserializers (eager and
//! lazy) and `.d.ts` of each fixture under `fixtures/mapping/` as snapshots, so that a change to a
//! template or to the model reads as a diff of a few hundred lines; and every naming problem under
//! `fixtures/mapping_errors/` as the error the user sees.
//!
//! Each fixture is a directory with a `codegen.toml` and the schema it names. The outputs are also
//! written to `target/mapping/<fixture>/`, with the layout of each type (`layout.json`), for
//! `tests/mapping.test.js`, which builds buffers of these schemas and reads them back in Node.

mod support;

use std::fs;
use std::path::{Path, PathBuf};

use rawast_generator::Generation;
use support::{fixture_name, layout_json, load_fixture, snapshot_settings};

fn target_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().join("target/mapping")
}

#[test]
fn mapping_outputs() {
    snapshot_settings("mapping").bind(|| {
        insta::glob!("fixtures/mapping/*/codegen.toml", |config_path| {
            let name = fixture_name(config_path);
            let (config, inputs) = load_fixture(config_path);
            let Generation { outputs, notes } =
                rawast_generator::generate(&config, &inputs).unwrap_or_else(|e| panic!("{name}: {e}"));
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

#[test]
fn mapping_errors() {
    snapshot_settings("errors").bind(|| {
        insta::glob!("fixtures/mapping_errors/*/codegen.toml", |config_path| {
            let name = fixture_name(config_path);
            let (config, inputs) = load_fixture(config_path);
            let report = match rawast_generator::generate(&config, &inputs) {
                Ok(_) => panic!("{name} generated without errors"),
                Err(error) => error.to_string(),
            };
            insta::assert_snapshot!(format!("mapping_{name}"), report);
        });
    });
}

/// What a schema makes codegen do that its author may not have meant, noted without stopping it
/// (`fixtures/mapping_notes/`): each fixture generates, and its notes are the snapshot.
#[test]
fn mapping_notes() {
    snapshot_settings("errors").bind(|| {
        insta::glob!("fixtures/mapping_notes/*/codegen.toml", |config_path| {
            let name = fixture_name(config_path);
            let (config, inputs) = load_fixture(config_path);
            let Generation { notes, .. } =
                rawast_generator::generate(&config, &inputs).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(!notes.is_empty(), "{name} generated without a note");
            let notes: Vec<String> = notes.iter().map(ToString::to_string).collect();
            insta::assert_snapshot!(format!("notes_{name}"), notes.join("\n"));
        });
    });
}
