//! oxc's AST as rawast reads it: the IR and layout table of oxc_ast 0.157.0's own sources
//! (`tests/oxc/codegen.toml`, crates found through `cargo metadata`), so that an oxc upgrade shows
//! as a reviewable diff. `cargo xtask test` has rustc check the same layouts against the real crates.

use std::path::Path;

use rawast_generator::layout::layout_table;

#[test]
fn oxc_schema() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let (config, files) = rawast::read_schema(&root.join("tests/oxc/codegen.toml")).unwrap_or_else(|e| panic!("{e}"));
    let analysis = rawast_generator::analyze_as(&files, config.dialect).unwrap_or_else(|d| panic!("{d}"));
    let schema = &analysis.schema;

    // Every `#[ast]` item of oxc_ast's AST modules loads (262 in 0.157.0).
    let in_ast = schema.types.iter().filter(|t| t.file.starts_with("oxc_ast/src/ast/")).count();
    assert_eq!(in_ast, 262, "items of oxc_ast/src/ast loaded");

    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../../snapshots/oxc");
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| {
        insta::assert_snapshot!("oxc_ir", schema.dump());
        insta::assert_snapshot!("oxc_layout", layout_table(schema, &analysis.layout64, &analysis.layout32));
    });
}

/// The outputs for oxc's schema do not depend on the order its files come in.
#[test]
fn oxc_outputs_are_deterministic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let (config, files) = rawast::read_schema(&root.join("tests/oxc/codegen.toml")).unwrap_or_else(|e| panic!("{e}"));
    let mut reversed = files.clone();
    reversed.reverse();
    let forward = rawast_generator::generate(&config, &files).unwrap_or_else(|e| panic!("{e}")).outputs;
    let backward = rawast_generator::generate(&config, &reversed).unwrap_or_else(|e| panic!("{e}")).outputs;
    assert!(forward.iter().any(|o| o.path.ends_with("assert_layouts.rs")));
    assert_eq!(forward.len(), backward.len());
    for (a, b) in forward.iter().zip(&backward) {
        assert!(a.path == b.path && a.contents == b.contents, "{} differs with the files in another order", a.path);
    }
}
