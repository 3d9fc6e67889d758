//! The npm package files codegen writes per target (snapshots of a tiny fixture schema's), and the
//! version/layout tie: a layout change that keeps the recorded fingerprint is a spanned error.

mod support;

use std::fs;
use std::path::Path;

use rawast_generator::{Config, Generation, Output, SourceFile};
use support::snapshot_settings;

fn schema() -> SourceFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/package/mini.rs");
    SourceFile { path: "package/mini.rs".to_owned(), text: fs::read_to_string(path).unwrap() }
}

/// A config with a parser and a linter package, both recording `fingerprint` (none when empty).
/// The schema states UTF-8 spans and builds buffers with rawast-runtime; the parser's package ships
/// a license text, the linter's does not.
fn config(fingerprint: &str) -> Config {
    let fingerprint = if fingerprint.is_empty() { String::new() } else { format!("fingerprint = \"{fingerprint}\"\n") };
    let text = format!(
        "[schema]\nfiles = [\"package/mini.rs\"]\nast_module = \"crate::ast\"\nruntime_module = \"rawast_runtime\"\nroot = \"Program\"\nast_name = \"Mini\"\n\n\
         [mapping]\nchannels = [\"comments\"]\nspan_unit = \"utf8\"\n\n\
         [output]\ndir = \"out\"\n\n\
         [targets.parser]\nsource_placement = \"start\"\n\
         [targets.parser.package]\nname = \"@mini/parser\"\nversion = \"1.2.3\"\n{fingerprint}\
         repository = \"git+https://example.com/mini.git\"\nlicense = \"Apache-2.0 OR MIT\"\nlicense_file = \"LICENSE\"\n\n\
         [targets.linter]\nsource_placement = \"end\"\nruntime = \"web\"\n\
         [targets.linter.strings]\nsource_slicing = \"none\"\nshort_decoder = \"apply\"\n\
         [targets.linter.package]\nname = \"mini-linter\"\nversion = \"0.3.0-beta.1\"\n{fingerprint}\
         description = \"Mini \\\"linter\\\" ASTs\"\nlicense = \"MIT\"\n"
    );
    Config::parse(&SourceFile { path: "codegen.toml".to_owned(), text }).unwrap_or_else(|d| panic!("{d}"))
}

/// The schema and the parser package's license text.
fn inputs() -> [SourceFile; 2] {
    [schema(), SourceFile { path: "LICENSE".to_owned(), text: "The Mini license, as its authors wrote it.\n".to_owned() }]
}

fn fingerprint() -> String {
    let analysis = rawast_generator::analyze(&[schema()]).unwrap();
    format!("{:016x}", rawast_generator::buffer::layout_fingerprint(&analysis.schema, &analysis.layout64))
}

fn generate(fingerprint: &str) -> Result<Generation, rawast_generator::Error> {
    rawast_generator::generate(&config(fingerprint), &inputs())
}

#[test]
fn package_files() {
    let generation = generate(&fingerprint()).unwrap();
    assert!(generation.notes.is_empty(), "{:?}", generation.notes);
    let outputs = generation.outputs;
    let packaged: Vec<&Output> = outputs.iter().filter(|o| o.path.starts_with("out/npm/")).collect();
    let names: Vec<&str> = packaged.iter().map(|o| o.path.as_str()).collect();
    assert_eq!(
        names,
        [
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
    let outputs = rawast_generator::generate(&config, &[schema()]).unwrap().outputs;
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

/// Before a first release there is no fingerprint to record: codegen generates, and says which.
#[test]
fn first_release_without_fingerprint() {
    let generation = generate("").unwrap();
    let notes: Vec<String> = generation.notes.iter().map(ToString::to_string).collect();
    assert!(generation.outputs.iter().any(|o| o.path == "out/npm/parser/package.json"));
    snapshot_settings("errors").bind(|| insta::assert_snapshot!("package_first_release_notes", notes.join("\n")));
}
