//! The IR and layout table of each layout-rule fixture and of the default schema.
//! `rustc_agrees.rs` compiles the same fixtures with their generated assertions.

mod support;

use std::fs;
use std::path::Path;

use rawast_generator::{SourceFile, layout::layout_table};
use support::snapshot_settings;

fn describe(files: &[SourceFile]) -> String {
    let analysis = rawast_generator::analyze(files).unwrap_or_else(|d| panic!("{d}"));
    format!(
        "# IR\n\n{}\n# Layout\n\n{}",
        analysis.schema.dump(),
        layout_table(&analysis.schema, &analysis.layout64, &analysis.layout32)
    )
}

#[test]
fn layout_fixtures() {
    snapshot_settings("layout").bind(|| {
        insta::glob!("fixtures/layout/*.rs", |path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let file = SourceFile { path: name, text: fs::read_to_string(path).unwrap() };
            insta::assert_snapshot!(describe(&[file]));
        });
    });
}

#[test]
fn default_schema() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let config_file =
        SourceFile { path: "codegen.toml".to_owned(), text: fs::read_to_string(root.join("codegen.toml")).unwrap() };
    let config = rawast_generator::Config::parse(&config_file).unwrap();
    let files: Vec<SourceFile> = config
        .schema_files
        .iter()
        .map(|f| SourceFile { path: f.path.clone(), text: fs::read_to_string(root.join(&f.path)).unwrap() })
        .collect();
    snapshot_settings("default").bind(|| insta::assert_snapshot!("default_schema", describe(&files)));
}
