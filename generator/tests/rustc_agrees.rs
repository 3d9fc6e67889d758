//! rustc's verdict on the layout engine for every layout-rule fixture.
//!
//! Builds a scratch crate in which each fixture of `fixtures/layout/` is a module next to the
//! `assert_layouts.rs` the generator emits for it, and runs `cargo check` on it: any size, alignment,
//! offset, `None` encoding or enum discriminant rustc disagrees with fails compilation. (The default schema gets the same
//! check on every build of `rawast-schema`.) This checks the host's pointer width; `cargo xtask test`
//! checks the same crate for wasm32 afterwards (`xtask/src/layout32.rs`).

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use rawast_generator::{Config, SourceFile};

/// What every failed check adds to its message: the fixtures' outputs go to `out/`, and their
/// configuration names no `regenerate` command.
const STALE: &str = " (the schema changed since out/rust was written: run `rawast codegen`)";

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// The generator's `assert_layouts.rs` for one fixture, naming its types through `super`.
fn fixture_asserts(name: &str, text: &str) -> String {
    let config_text = format!(
        "[schema]\nfiles = [\"{name}\"]\nast_module = \"super\"\narena_module = \"rawast_runtime\"\n\n[output]\ndir = \"out\"\n"
    );
    let config = Config::parse(&SourceFile { path: "codegen.toml".to_owned(), text: config_text }).unwrap();
    let outputs = rawast_generator::generate(&config, &[SourceFile { path: name.to_owned(), text: text.to_owned() }])
        .unwrap()
        .outputs;
    outputs.into_iter().find(|o| o.path == "out/rust/assert_layouts.rs").unwrap().contents
}

fn cargo_check(dir: &Path) -> std::process::Output {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .args(["check", "--offline", "--quiet", "--manifest-path"])
        .arg(dir.join("Cargo.toml"))
        .arg("--target-dir")
        .arg(dir.join("target"))
        .output()
        .unwrap()
}

#[test]
fn layout_fixtures_match_rustc() {
    let root = workspace_root();
    let dir = root.join("target/rustc-agrees");
    let _ = fs::remove_dir_all(dir.join("src"));
    fs::create_dir_all(dir.join("src/asserts")).unwrap();
    fs::write(
        dir.join("Cargo.toml"),
        format!(
            "[package]\nname = \"layout-fixtures\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n[dependencies]\nrawast-runtime = {{ path = {:?} }}\n\n[workspace]\n",
            root.join("schema/runtime")
        ),
    )
    .unwrap();
    // The workspace's lock file pins the same dependency versions, so the check needs no network.
    fs::copy(root.join("Cargo.lock"), dir.join("Cargo.lock")).unwrap();

    let fixtures = root.join("generator/tests/fixtures/layout");
    let mut names: Vec<String> =
        fs::read_dir(&fixtures).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    assert!(names.len() >= 10, "expected the layout fixtures, found {names:?}");
    let mut lib = String::from("#![allow(dead_code)]\n");
    for name in &names {
        let text = fs::read_to_string(fixtures.join(name)).unwrap();
        let module = name.trim_end_matches(".rs");
        fs::write(dir.join(format!("src/asserts/{name}")), fixture_asserts(name, &text)).unwrap();
        writeln!(
            lib,
            "pub mod {module} {{\n    include!({:?});\n    mod asserts {{\n        include!(\"asserts/{name}\");\n    }}\n}}",
            fixtures.join(name)
        )
        .unwrap();
    }
    fs::write(dir.join("src/lib.rs"), lib).unwrap();

    let output = cargo_check(&dir);
    assert!(
        output.status.success(),
        "rustc disagrees with the layout engine:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );

    // The check itself must be able to fail: one wrong number in one fixture's assertions.
    let sabotaged = dir.join("src/asserts/padding.rs");
    let text = fs::read_to_string(&sabotaged).unwrap();
    let wrong = text.replacen("size_of::<Padded<'static>>() != 40", "size_of::<Padded<'static>>() != 41", 1);
    assert_ne!(text, wrong, "expected Padded's 64-bit size check in {}", sabotaged.display());
    fs::write(&sabotaged, wrong).unwrap();
    let output = cargo_check(&dir);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !output.status.success() && stderr.contains(&format!("evaluation panicked: Padded: size is not 40{STALE}")),
        "a wrong size went unnoticed, or its message does not say to regenerate:\n{stderr}"
    );
    // Leave the crate as generated: `cargo xtask test` checks it again for a 32-bit target.
    fs::write(&sabotaged, text).unwrap();

    // A schema whose discriminants were changed after codegen (a fieldless enum's and a data enum's
    // swapped) no longer builds with the checks generated before.
    let lib = fs::read_to_string(dir.join("src/lib.rs")).unwrap();
    let mut edited_lib = lib.clone();
    let edits = [
        ("niche_fieldless_enum.rs", [("A = 0,", "A = 1,"), ("B = 1,", "B = 0,")]),
        ("enums.rs", [("= 2,", "= 5,"), ("Inline(Span) = 5,", "Inline(Span) = 2,")]),
    ];
    for (name, replacements) in edits {
        let mut text = fs::read_to_string(fixtures.join(name)).unwrap();
        for (from, to) in replacements {
            assert_eq!(text.matches(from).count(), 1, "expected `{from}` once in {name}");
            text = text.replace(from, to);
        }
        let edited = dir.join(format!("src/edited_{name}"));
        fs::write(&edited, text).unwrap();
        edited_lib = edited_lib.replace(&format!("{:?}", fixtures.join(name)), &format!("{edited:?}"));
    }
    fs::write(dir.join("src/lib.rs"), &edited_lib).unwrap();
    let output = cargo_check(&dir);
    let stderr = String::from_utf8_lossy(&output.stderr);
    fs::write(dir.join("src/lib.rs"), lib).unwrap();
    for message in ["Kind::A: discriminant is not 0", "Mixed::Pointer: discriminant is not 2"] {
        assert!(
            !output.status.success() && stderr.contains(&format!("evaluation panicked: {message}{STALE}")),
            "changed discriminants went unnoticed ({message}):\n{stderr}"
        );
    }
}
