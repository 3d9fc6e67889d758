//! The npm package files codegen writes per target (snapshots of a tiny fixture schema's), and the
//! version/layout tie: a layout change that keeps the recorded fingerprint is a spanned error.

mod support;

use std::fs;
use std::path::Path;

use rawast_generator::{Config, Output, SourceFile};
use support::snapshot_settings;

fn schema() -> SourceFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/package/mini.rs");
    SourceFile { path: "package/mini.rs".to_owned(), text: fs::read_to_string(path).unwrap() }
}

/// A config with a parser and a linter package, both recording `fingerprint`.
fn config(fingerprint: &str) -> Config {
    let text = format!(
        "[schema]\nfiles = [\"package/mini.rs\"]\nast_module = \"crate::ast\"\narena_module = \"crate::arena\"\nroot = \"Program\"\ncomments = \"comments\"\n\n\
         [output]\ndir = \"out\"\n\n\
         [targets.parser]\nsource_placement = \"start\"\n\
         [targets.parser.package]\nname = \"@mini/parser\"\nversion = \"1.2.3\"\nfingerprint = \"{fingerprint}\"\n\
         repository = \"git+https://example.com/mini.git\"\n\n\
         [targets.linter]\nsource_placement = \"end\"\nruntime = \"web\"\n\
         [targets.linter.strings]\nsource_slicing = \"none\"\nshort_decoder = \"apply\"\n\
         [targets.linter.package]\nname = \"mini-linter\"\nversion = \"0.3.0-beta.1\"\nfingerprint = \"{fingerprint}\"\n\
         description = \"Mini \\\"linter\\\" ASTs\"\n"
    );
    Config::parse(&SourceFile { path: "codegen.toml".to_owned(), text }).unwrap_or_else(|d| panic!("{d}"))
}

fn fingerprint() -> String {
    let analysis = rawast_generator::analyze(&[schema()]).unwrap();
    format!("{:016x}", rawast_generator::buffer::layout_fingerprint(&analysis.schema, &analysis.layout64))
}

fn generate(fingerprint: &str) -> Result<Vec<Output>, rawast_generator::Error> {
    rawast_generator::generate(&config(fingerprint), &[schema()])
}

#[test]
fn package_files() {
    let outputs = generate(&fingerprint()).unwrap();
    let packaged: Vec<&Output> = outputs.iter().filter(|o| o.path.starts_with("out/npm/")).collect();
    let names: Vec<&str> = packaged.iter().map(|o| o.path.as_str()).collect();
    assert_eq!(
        names,
        [
            "out/npm/linter/LICENSE",
            "out/npm/linter/README.md",
            "out/npm/linter/deserialize.d.ts",
            "out/npm/linter/deserialize.js",
            "out/npm/linter/package.json",
            "out/npm/parser/LICENSE",
            "out/npm/parser/README.md",
            "out/npm/parser/deserialize.d.ts",
            "out/npm/parser/deserialize.js",
            "out/npm/parser/package.json",
        ]
    );
    for output in packaged {
        let file = output.path.strip_prefix("out/npm/").unwrap();
        if let Some(module) = file.strip_suffix("deserialize.js") {
            // The module is the target's deserializer, byte for byte (its snapshots are elsewhere).
            let original = outputs.iter().find(|o| o.path == format!("out/js/{module}deserialize.js")).unwrap();
            assert_eq!(output.contents, original.contents, "{file}");
            continue;
        }
        assert!(!output.contents.contains('\r'), "{file}: LF line endings");
        assert!(file.ends_with(".d.ts") || output.contents.ends_with('\n'), "{file}: ends with a newline");
        snapshot_settings("packages").bind(|| insta::assert_snapshot!(file.replace('/', "__"), output.contents));
    }
}

#[test]
fn a_target_without_a_package_table_gets_no_package() {
    let text = "[schema]\nfiles = [\"package/mini.rs\"]\nast_module = \"crate::ast\"\narena_module = \"crate::arena\"\nroot = \"Program\"\n\n[output]\ndir = \"out\"\n\n[targets.parser]\nsource_placement = \"start\"\n".to_owned();
    let config = Config::parse(&SourceFile { path: "codegen.toml".to_owned(), text }).unwrap();
    let outputs = rawast_generator::generate(&config, &[schema()]).unwrap();
    assert!(outputs.iter().any(|o| o.path == "out/js/parser/deserialize.js"));
    assert!(!outputs.iter().any(|o| o.path.starts_with("out/npm/")));
}

/// The schema's layout no longer matches the fingerprint the version was released with.
#[test]
fn layout_change_without_version_bump() {
    let report = match generate("0123456789abcdef") {
        Err(rawast_generator::Error::Input(diagnostics)) => diagnostics.to_string(),
        Err(other) => panic!("expected a diagnostic, got {other}"),
        Ok(_) => panic!("generated with a stale fingerprint"),
    };
    assert!(report.contains(&fingerprint()), "{report}");
    snapshot_settings("errors").bind(|| insta::assert_snapshot!("package_fingerprint_mismatch", report));
}
