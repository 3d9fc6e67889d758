//! oxc's AST read as it is (`tests/oxc`): the layouts rawast computes from oxc_ast 0.157.0's own
//! sources, checked by rustc against the real crates.
//!
//! 1. `tests/oxc/generated` is fresh (`rawast codegen --check` on `tests/oxc/codegen.toml`);
//! 2. `cargo check` of `tests/oxc`, which includes the generated `assert_layouts.rs`: every size,
//!    alignment, public field offset and `None` encoding is rustc's, or the build fails;
//! 3. the check can fail: a copy of the crate whose assertions say `Program.body` is at 113 (not
//!    112) must not build.
//!
//! oxc 0.157 declares Rust 1.97 as its minimum; it builds with this toolchain, so the checks pass
//! `--ignore-rust-version`.

use std::fs;
use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result, bail, ensure};

use crate::project;

const CONFIG: &str = "tests/oxc/codegen.toml";
const ASSERTS: &str = "generated/rust/assert_layouts.rs";
/// One check the sabotaged copy gets wrong, and the message rustc must then print.
const RIGHT: &str = "offset_of!(Program, body) != 112";
const WRONG: &str = "offset_of!(Program, body) != 113";
const WRONG_MESSAGE: &str = "Program.body: offset is not 113";

const USAGE: &str = "\
cargo xtask oxc: check rawast's layouts of oxc's AST against the real crates

USAGE:
    cargo xtask oxc

tests/oxc/codegen.toml names oxc_ast 0.157.0's own source files (and those of oxc_span, oxc_syntax
and oxc_regular_expression), which Cargo fetches as the dependencies of tests/oxc/Cargo.toml.
This checks that tests/oxc/generated is fresh, that tests/oxc builds (rustc agrees with every size,
alignment, public field offset and `None` encoding in its assert_layouts.rs), and that a copy of
it with one wrong offset does not. `cargo xtask test` runs it as its last step.
";

pub fn main(args: &[String]) -> Result<std::process::ExitCode> {
    if let Some(code) = crate::no_options(args, USAGE) {
        return Ok(code);
    }
    check(&project::root())?;
    Ok(std::process::ExitCode::SUCCESS)
}

pub fn check(root: &Path) -> Result<()> {
    eprintln!("{} generated files of tests/oxc up to date", crate::codegen::check_fresh(root, CONFIG)?);

    let dir = root.join("tests/oxc");
    let target_dir = dir.join("target");
    project::run(&mut cargo_check(&dir.join("Cargo.toml"), &target_dir), root)?;
    eprintln!("rustc agrees with rawast's layouts of oxc_ast 0.157.0 (64-bit)");

    // The same crate with one wrong offset, in a scratch copy that shares the built dependencies.
    let scratch = root.join("target/oxc-sabotaged");
    let _ = fs::remove_dir_all(&scratch);
    fs::create_dir_all(scratch.join("src"))?;
    fs::copy(dir.join("Cargo.toml"), scratch.join("Cargo.toml"))?;
    fs::copy(dir.join("Cargo.lock"), scratch.join("Cargo.lock"))?;
    let lib = fs::read_to_string(dir.join("src/lib.rs"))?;
    let include = format!("include!(\"../{ASSERTS}\")");
    ensure!(lib.contains(&include), "tests/oxc/src/lib.rs no longer has `{include}`");
    fs::write(scratch.join("src/lib.rs"), lib.replace(&include, "include!(\"../asserts.rs\")"))?;
    let asserts = fs::read_to_string(dir.join(ASSERTS))?;
    ensure!(asserts.contains(RIGHT), "expected `{RIGHT}` in tests/oxc/{ASSERTS}");
    let sabotaged = asserts.replacen(RIGHT, WRONG, 1).replacen("Program.body: offset is not 112", WRONG_MESSAGE, 1);
    fs::write(scratch.join("asserts.rs"), sabotaged)?;
    let output = cargo_check(&scratch.join("Cargo.toml"), &target_dir).output().context("cannot run cargo check")?;
    let stderr = String::from_utf8_lossy(&output.stderr);
    if output.status.success() || !stderr.contains(WRONG_MESSAGE) {
        bail!("a wrong offset in oxc's layout checks went unnoticed:\n{stderr}");
    }
    eprintln!("and a wrong offset (Program.body at 113) fails the build");
    Ok(())
}

fn cargo_check(manifest: &Path, target_dir: &Path) -> Command {
    let mut command = project::cargo();
    command.args(["check", "--quiet", "--locked", "--ignore-rust-version", "--manifest-path"]).arg(manifest).arg("--target-dir").arg(target_dir);
    command
}
