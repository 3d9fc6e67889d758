//! The emitted string functions for each string-policy choice and `encodeSource` for each runtime
//! (snapshots), and the deserializers built with them, written to `target/policies/<name>/js/` for
//! `tests/policies.test.js`, which checks they read buffers exactly as the default deserializers do
//! (and `tests/encode.test.js`, which runs the web variants' `encodeSource` without `Buffer`).

mod support;

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use rawast_generator::{Config, SourceFile};
use support::snapshot_settings;

/// Every value of every knob appears at least once.
const POLICIES: &[(&str, &str)] = &[
    (
        "none_loop_text_decoder",
        r#"source_slicing = "none"
short_decoder = "loop"
short_max_len = 8
long_decoder = "text_decoder""#,
    ),
    (
        "ascii_prefix_apply_utf8_slice",
        r#"source_slicing = "ascii_prefix"
short_decoder = "apply"
short_max_len = 24
long_decoder = "utf8_slice""#,
    ),
    (
        "latin1_switch_text_decoder",
        r#"source_slicing = "latin1"
short_decoder = "switch"
short_max_len = 32
long_decoder = "text_decoder""#,
    ),
    (
        "latin1_switch_utf8_slice_short",
        r#"source_slicing = "latin1"
short_decoder = "switch"
short_max_len = 3
long_decoder = "utf8_slice""#,
    ),
    // `web_` variants are run without `Buffer` by tests/policies.test.js.
    (
        "web_latin1_apply_text_decoder",
        r#"source_slicing = "latin1"
short_decoder = "apply"
short_max_len = 20
long_decoder = "text_decoder""#,
    ),
];

/// `encodeSource` and its helpers (parser layout), from the comment that opens them to `sourceTooLong`'s end.
fn encode_source(js: &str) -> &str {
    let start = js.find("// Source encoding (parser layout)").expect("encodeSource");
    let end = start + js[start..].find("\nfunction sourceTooLong").expect("sourceTooLong");
    let end = end + js[end..].find("\n}\n").expect("sourceTooLong's end") + 3;
    &js[start..end]
}

/// The part of a deserializer that turns `Str`s into strings.
fn string_functions(js: &str) -> &str {
    let start = js.find("/** `Str`: a pointer").expect("deserializeStr");
    let wtf8 = js.find("\nfunction decodeWtf8").expect("decodeWtf8");
    let end = js[..wtf8].rfind("/**").expect("decodeWtf8's comment");
    &js[start..end]
}

#[test]
fn string_policies() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let repo_config = fs::read_to_string(root.join("codegen.toml")).unwrap();
    let base = Config::parse(&SourceFile { path: "codegen.toml".to_owned(), text: repo_config }).unwrap();
    let files: Vec<SourceFile> = base
        .schema_files
        .iter()
        .map(|f| SourceFile { path: f.path.clone(), text: fs::read_to_string(root.join(&f.path)).unwrap() })
        .collect();
    let listed: Vec<String> = base.schema_files.iter().map(|f| format!("{:?}", f.path)).collect();

    let mut encoders = BTreeMap::new();
    for (name, policy) in POLICIES {
        let runtime = if name.starts_with("web_") { "web" } else { "node" };
        let config_text = format!(
            "[schema]\nfiles = [{}]\nast_module = \"crate::ast\"\narena_module = \"crate::arena\"\nroot = \"Program\"\n\n[mapping]\nchannels = [\"comments\"]\n\n[output]\ndir = \"out\"\n\n\
             [targets.parser]\nsource_placement = \"start\"\nruntime = \"{runtime}\"\n[targets.parser.strings]\n{policy}\n\n\
             [targets.linter]\nsource_placement = \"end\"\nruntime = \"{runtime}\"\n[targets.linter.strings]\n{policy}\n",
            listed.join(", ")
        );
        let config = Config::parse(&SourceFile { path: "codegen.toml".to_owned(), text: config_text })
            .unwrap_or_else(|d| panic!("{d}"));
        let outputs = rawast_generator::generate(&config, &files).unwrap().outputs;
        for output in &outputs {
            if let Some(relative) = output.path.strip_prefix("out/js/").filter(|p| p.ends_with("deserialize.js")) {
                let path = root.join("target/policies").join(name).join(relative);
                fs::create_dir_all(path.parent().unwrap()).unwrap();
                fs::write(path, &output.contents).unwrap();
            }
        }
        let parser = outputs.iter().find(|o| o.path == "out/js/parser/deserialize.js").unwrap();
        snapshot_settings("policies").bind(|| insta::assert_snapshot!(*name, string_functions(&parser.contents)));
        // The source comes first only in the parser layout: the linter's JS never writes it.
        let linter = outputs.iter().find(|o| o.path == "out/js/linter/deserialize.js").unwrap();
        assert!(!linter.contents.contains("encodeSource"), "{name}: the linter target exports encodeSource");
        // `encodeSource` depends on the runtime only, not on the string policy.
        let encoder = encoders.entry(runtime).or_insert_with(|| encode_source(&parser.contents).to_owned());
        assert_eq!(
            encoder,
            encode_source(&parser.contents),
            "{name}: encodeSource differs from the other {runtime} variants'"
        );
    }
    assert_eq!(encoders.keys().copied().collect::<Vec<_>>(), ["node", "web"]);
    for (runtime, code) in &encoders {
        snapshot_settings("policies").bind(|| insta::assert_snapshot!(format!("encode_source_{runtime}"), code));
    }
}
