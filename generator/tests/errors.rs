//! Every kind of schema and config error, rendered as the user sees it.
//! One fixture per kind under `fixtures/errors/` and `fixtures/config/`, one snapshot each.

mod support;

use std::fs;
use std::path::Path;

use rawast_generator::{Config, SourceFile};
use support::snapshot_settings;

/// A fixture as the generator sees it: named by its path relative to the fixtures folder.
fn source_file(path: &Path) -> SourceFile {
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let name = path.strip_prefix(&fixtures).unwrap().to_string_lossy().replace('\\', "/");
    SourceFile { path: name, text: fs::read_to_string(path).unwrap() }
}

#[test]
fn schema_errors() {
    snapshot_settings("errors").bind(|| {
        insta::glob!("fixtures/errors/*.rs", |path| {
            let file = source_file(path);
            let report = match rawast_generator::analyze(std::slice::from_ref(&file)) {
                Ok(_) => panic!("{} loaded without errors", file.path),
                Err(diagnostics) => diagnostics.to_string(),
            };
            insta::assert_snapshot!(report);
        });
    });
}

/// The oxc dialect's own refusals (`fixtures/errors_oxc/`).
#[test]
fn oxc_dialect_errors() {
    snapshot_settings("errors").bind(|| {
        insta::glob!("fixtures/errors_oxc/*.rs", |path| {
            let file = source_file(path);
            let report = match rawast_generator::analyze_as(std::slice::from_ref(&file), rawast_generator::Dialect::Oxc)
            {
                Ok(_) => panic!("{} loaded without errors", file.path),
                Err(diagnostics) => diagnostics.to_string(),
            };
            insta::assert_snapshot!(report);
        });
    });
}

#[test]
fn config_errors() {
    snapshot_settings("errors").bind(|| {
        insta::glob!("fixtures/config/*.toml", |path| {
            let file = source_file(path);
            let report = match Config::parse(&file) {
                Ok(_) => panic!("{} parsed without errors", file.path),
                Err(diagnostics) => diagnostics.to_string(),
            };
            insta::assert_snapshot!(report);
        });
    });
}

/// The same duplicate in two files names both files, whatever order they are given in.
#[test]
fn duplicates_across_files_are_reported_in_path_order() {
    let file = |path: &str| SourceFile {
        path: path.to_owned(),
        text: "use rawast_schema::ast;\n\n#[ast]\n#[repr(C)]\npub struct Same {\n    pub value: u32,\n}\n".to_owned(),
    };
    let forward = rawast_generator::analyze(&[file("a.rs"), file("b.rs")]).err().unwrap().to_string();
    let backward = rawast_generator::analyze(&[file("b.rs"), file("a.rs")]).err().unwrap().to_string();
    assert_eq!(forward, backward);
    assert!(forward.contains("--> b.rs:5:12"), "{forward}");
    assert!(forward.contains("first defined at a.rs:5"), "{forward}");
}
