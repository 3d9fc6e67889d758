//! `rawast package` checks what the user provides before it runs anything: a smoke file that is
//! missing is an error at its key, before Node is asked its version, the tools are installed or
//! anything is packed.

use std::fs;
use std::path::PathBuf;

#[test]
fn a_missing_smoke_file_stops_package_before_anything_runs() {
    let dir = std::env::temp_dir().join(format!("rawast-package-inputs-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("ast.rs"), "#[ast]\n#[repr(C)]\npub struct Node {\n    pub value: u32,\n}\n").unwrap();
    fs::write(
        dir.join("codegen.toml"),
        "[schema]\nfiles = [\"ast.rs\"]\nast_module = \"crate::ast\"\nruntime_module = \"rawast_runtime\"\nroot = \"Node\"\n\n\
         [output]\ndir = \"out\"\n\n\
         [targets.parser]\nsource_placement = \"start\"\n\
         [targets.parser.package]\nname = \"mini\"\nversion = \"0.1.0\"\nlicense = \"MIT\"\n\
         [targets.parser.package.smoke]\nbuffer = \"samples/mini.bin\"\nexpected = \"samples/mini.json\"\n",
    )
    .unwrap();
    let config = dir.join("codegen.toml");
    rawast::codegen(&config, rawast::Mode::Write).unwrap_or_else(|e| panic!("{e}"));

    let options = rawast::PackageOptions {
        // Asked its version first of all, were the inputs not checked before.
        nodes: vec![PathBuf::from("/nonexistent/node")],
        tools_dir: Some(dir.join("tools")),
        out_dir: Some(dir.join("npm")),
        ..rawast::PackageOptions::default()
    };
    let mut ran = Vec::new();
    let result = rawast::package(&config, &options, &mut |line| ran.push(line.to_owned()));
    let (tools, npm) = (dir.join("tools").exists(), dir.join("npm").exists());
    let _ = fs::remove_dir_all(&dir);
    let report = match result {
        Err(rawast::Error::Input(diagnostics)) => diagnostics.to_string(),
        Err(other) => panic!("expected an error at the smoke table's keys, got: {other}"),
        Ok(report) => panic!("packed with missing smoke files:\n{}", report.summary()),
    };
    assert!(ran.is_empty() && !tools && !npm, "ran {ran:?} (tools installed: {tools}, packed: {npm})");
    for key in ["buffer", "expected"] {
        assert!(report.contains(&format!("`targets.parser.package.smoke.{key}` names samples/mini.")), "{report}");
    }
    assert!(report.ends_with("2 errors found"), "{report}");
}
