//! The oxc dialect and `format = "oxc"` targets on a small schema: every output of each fixture
//! under `fixtures/oxc/` (the four variants' deserializers, the layout assertions, the manifest) as
//! a snapshot, so that a change to the oxc emitter reads as a diff of a few hundred lines instead
//! of tests/oxc/generated's 30,000. tests/oxc checks the same emitter on oxc's whole AST against
//! oxc-parser.
//!
//! Each fixture is a directory with a `codegen.toml` and the schema files it names. The outputs are
//! also written to `target/oxc_fixture/<fixture>/`, with the layout of each type (`layout.json`),
//! for `tests/oxc-fixture.test.js`, which builds a buffer of the `mini` fixture and reads it back
//! in Node.

mod support;

use std::fs;
use std::path::{Path, PathBuf};

use rawast_generator::Generation;
use support::{fixture_name, layout_json, load_fixture, snapshot_settings};

fn target_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().join("target/oxc_fixture")
}

#[test]
fn oxc_fixture_outputs() {
    snapshot_settings("oxc_fixture").bind(|| {
        insta::glob!("fixtures/oxc/*/codegen.toml", |config_path| {
            let name = fixture_name(config_path);
            let (config, inputs) = load_fixture(config_path);
            let Generation { outputs, notes } =
                rawast_generator::generate(&config, &inputs).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(notes.is_empty(), "{name}: {notes:?}");
            // Every target's deserializer, alone and with its walker, and their types (with its package's
            // files), and nothing of rawast's own format (no constants).
            let paths: Vec<&str> = outputs.iter().map(|o| o.path.as_str()).collect();
            let mut expected: Vec<String> = config
                .targets
                .iter()
                .flat_map(|t| {
                    let modules = ["deserialize.js", "deserialize.d.ts", "walk.js", "walk.d.ts"];
                    let files: Vec<&str> = if t.package.is_some() {
                        [&modules[..], &["package.json", "README.md"]].concat()
                    } else {
                        modules.to_vec()
                    };
                    files.into_iter().map(move |file| format!("out/{}/{file}", t.module_dir()))
                })
                .collect();
            expected.extend(["out/rawast-manifest.txt".to_owned(), "out/rust/assert_layouts.rs".to_owned()]);
            expected.sort_unstable();
            assert_eq!(paths, expected, "{name}: the outputs");

            let out = target_dir().join(&name);
            let _ = fs::remove_dir_all(&out);
            // Named by the fixture (`…@mini.snap`) whatever the number of fixtures: `glob!` names
            // them by the part of their paths that differs, which is nothing while there is one.
            let mut settings = insta::Settings::clone_current();
            settings.set_snapshot_suffix(&name);
            settings.bind(|| {
                for output in &outputs {
                    let relative = output.path.strip_prefix("out/").unwrap();
                    let path = out.join(relative);
                    fs::create_dir_all(path.parent().unwrap()).unwrap();
                    fs::write(&path, &output.contents).unwrap();
                    insta::assert_snapshot!(relative.replace('/', "__"), output.contents);
                }
            });
            fs::write(out.join("layout.json"), layout_json(&inputs, &config)).unwrap();
        });
    });
}

/// The outputs are the same from one run to the next, and whatever the order of the schema's files.
#[test]
fn oxc_fixture_outputs_are_deterministic() {
    insta::glob!("fixtures/oxc/*/codegen.toml", |config_path| {
        let name = fixture_name(config_path);
        let (config, inputs) = load_fixture(config_path);
        let mut reversed = inputs.clone();
        reversed.reverse();
        let first = rawast_generator::generate(&config, &inputs).unwrap_or_else(|e| panic!("{name}: {e}")).outputs;
        let again = rawast_generator::generate(&config, &inputs).unwrap_or_else(|e| panic!("{name}: {e}")).outputs;
        let backward = rawast_generator::generate(&config, &reversed).unwrap_or_else(|e| panic!("{name}: {e}")).outputs;
        for other in [&again, &backward] {
            assert_eq!(first.len(), other.len(), "{name}");
            for (a, b) in first.iter().zip(other) {
                assert!(
                    a.path == b.path && a.contents == b.contents,
                    "{name}: {} differs between runs or file orders",
                    a.path
                );
            }
        }
    });
}

/// A schema oxc's buffers cannot be read with is the user's error, named in a diagnostic, not an
/// internal one: here the metadata type the deserializer reads the root's offset from is missing.
#[test]
fn a_schema_without_what_oxc_buffers_need_is_a_diagnostic() {
    let (mut config, mut inputs) =
        load_fixture(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/oxc/mini/codegen.toml")));
    let raw_transfer =
        inputs.iter_mut().find(|file| file.path.ends_with("raw_transfer.rs")).expect("the fixture has raw_transfer.rs");
    raw_transfer.text = raw_transfer.text.replace("RawTransferMetadata", "OtherMetadata");
    // The renamed type changes the layout fingerprint, which a released package would refuse first.
    for package in config.targets.iter_mut().filter_map(|t| t.package.as_mut()) {
        package.fingerprint = None;
    }
    match rawast_generator::generate(&config, &inputs) {
        Err(rawast_generator::Error::Input(diagnostics)) => {
            let message = diagnostics.to_string();
            assert!(
                message.contains("target `oxc-js`") && message.contains("no type `RawTransferMetadata`"),
                "{message}"
            );
        }
        Err(other) => panic!("not a diagnostic: {other}"),
        Ok(_) => panic!("generated without the metadata type"),
    }
}

/// A `Config` made by hand (its fields are public) with a target of rawast's format on an oxc
/// schema is refused with a diagnostic, as `Config::parse` refuses it, before any emitter reads the
/// other dialect's model.
#[test]
fn a_target_of_the_other_format_is_a_diagnostic() {
    use rawast_generator::config::{Int64, RawastSettings, Runtime, SourcePlacement, StringPolicy, TargetSettings};
    let (mut config, inputs) =
        load_fixture(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/oxc/mini/codegen.toml")));
    config.targets[0].settings = TargetSettings::Rawast(RawastSettings {
        source_placement: SourcePlacement::Start,
        runtime: Runtime::Node,
        pointer_width: rawast_generator::layout::PointerWidth::W64,
        strings: StringPolicy::default(),
        lazy: false,
        int64: Int64::Number,
    });
    match rawast_generator::generate(&config, &inputs) {
        Err(rawast_generator::Error::Input(diagnostics)) => {
            assert!(diagnostics.to_string().contains("is not the oxc dialect's"), "{diagnostics}")
        }
        Err(other) => panic!("not a diagnostic: {other}"),
        Ok(_) => panic!("generated a rawast target of an oxc schema"),
    }
}

/// An `add_ts_def` text that is not a list of TypeScript declarations is the schema's error, found
/// in prepare for every variant a target asks for, not a failure of the `.d.ts` generator.
#[test]
fn an_added_ts_def_that_declares_nothing_is_a_diagnostic() {
    let (mut config, mut inputs) =
        load_fixture(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/oxc/mini/codegen.toml")));
    let ast = inputs.iter_mut().find(|file| file.path.ends_with("ast.rs")).expect("the fixture has ast.rs");
    ast.text = ast
        .text
        .replace("    rename = \"Identifier\",\n", "    rename = \"Identifier\",\n    add_ts_def = \"1 + 1\",\n");
    for package in config.targets.iter_mut().filter_map(|t| t.package.as_mut()) {
        package.fingerprint = None;
    }
    match rawast_generator::generate(&config, &inputs) {
        Err(rawast_generator::Error::Input(diagnostics)) => {
            let message = diagnostics.to_string();
            assert!(
                message.contains("the `add_ts_def` of `IdentifierReference`: is not a list of `type` and `interface`"),
                "{message}"
            );
        }
        Err(other) => panic!("not a diagnostic: {other}"),
        Ok(_) => panic!("generated with an add_ts_def that declares nothing"),
    }
}
