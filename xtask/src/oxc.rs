//! oxc's AST read as it is (`tests/oxc`): the layouts rawast computes from oxc_ast 0.157.0's own
//! sources, checked by rustc against the real crates. `tests/oxc/generated` must be fresh; `cargo
//! check` of `tests/oxc` (which includes the generated `assert_layouts.rs`) must pass for the host
//! and for wasm32, so every size, alignment, offset, `None` encoding and discriminant is rustc's;
//! and a copy whose assertions are wrong by one (`Program.body`'s offset, two discriminants) must
//! fail both builds, so the check can fail. oxc 0.157 declares Rust 1.97 as its minimum but builds
//! with this toolchain, hence `--ignore-rust-version`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail, ensure};
use rawast_generator::plural::count;

use crate::project::{self, OXC_CONFIG, Project};

const ASSERTS: &str = "generated/rust/assert_layouts.rs";
/// The offset the sabotaged copy gets wrong, `Program.body`'s, for 64 then 32 bits: (right, wrong).
const SABOTAGE: [(u32, u32); 2] = [(112, 113), (76, 77)];
/// Discriminants the sabotaged copy gets wrong, on every width: (right, wrong, the panic it makes).
const DISCRIMINANT_SABOTAGE: [(&str, &str, &str); 2] = [
    (" ModuleKind::Module as u8 != 1 ", " ModuleKind::Module as u8 != 2 ", "ModuleKind::Module: discriminant is not 1"),
    (
        " Expression::NullLiteral(_) => 1,",
        " Expression::NullLiteral(_) => 9,",
        "Expression::NullLiteral: discriminant is not 1",
    ),
];

pub const LONG_ABOUT: &str = "\
Check rawast's layouts of oxc's AST against the real crates

tests/oxc/codegen.toml names oxc_ast 0.157.0's own source files (and those of oxc_span, oxc_syntax
and oxc_regular_expression), which Cargo fetches as the dependencies of tests/oxc/Cargo.toml.
This checks that tests/oxc/generated is fresh, that tests/oxc builds for the host (64-bit) and for
wasm32 (32-bit) so that rustc agrees with every size, alignment, public field offset and `None`
encoding and enum discriminant in its assert_layouts.rs, and that a copy of it with one wrong offset
per width and two wrong discriminants does not.
The 32-bit build needs Debian's rustc-web and rust-web-src (as `cargo xtask test`'s 32-bit layout
check does): without them it is skipped with a warning, and in CI (CI=true) it is an error.
`cargo xtask test` runs this as its last step.";

/// The three checks above; the 32-bit build is required in CI.
pub fn check(project: &Project) -> Result<()> {
    let root = &project.root;
    let fresh = crate::codegen::check_fresh(project, OXC_CONFIG)?;
    eprintln!("{} of tests/oxc up to date", count(fresh, "generated file"));

    let dir = root.join("tests/oxc");
    let rustc_32 = crate::layout32::rustc_or_warn(project.ci, "oxc's 32-bit layouts NOT checked")?;
    let builds = Builds { host_dir: dir.join("target"), wasm32_dir: root.join("target/wasm32-check"), rustc_32 };
    for (width, mut command) in builds.commands(&dir.join("Cargo.toml")) {
        project::run(&mut command, root)?;
        eprintln!("rustc agrees with rawast's layouts of oxc_ast 0.157.0 ({width})");
    }

    // The same crate with one wrong offset per width, in a scratch copy that shares the built
    // dependencies.
    let scratch = root.join("target/oxc-sabotaged");
    let _ = fs::remove_dir_all(&scratch);
    fs::create_dir_all(scratch.join("src"))?;
    fs::copy(dir.join("Cargo.toml"), scratch.join("Cargo.toml"))?;
    fs::copy(dir.join("Cargo.lock"), scratch.join("Cargo.lock"))?;
    for entry in fs::read_dir(dir.join("src"))? {
        let entry = entry?;
        fs::copy(entry.path(), scratch.join("src").join(entry.file_name()))?;
    }
    let lib = fs::read_to_string(dir.join("src/lib.rs"))?;
    let include = format!("include!(\"../{ASSERTS}\")");
    ensure!(lib.contains(&include), "tests/oxc/src/lib.rs no longer has `{include}`");
    fs::write(scratch.join("src/lib.rs"), lib.replace(&include, "include!(\"../asserts.rs\")"))?;
    let mut asserts = fs::read_to_string(dir.join(ASSERTS))?;
    for (right, wrong) in SABOTAGE {
        for (right, wrong) in [
            (offset_test(right), offset_test(wrong)),
            (format!("\"{}\"", message(right)), format!("\"{}\"", message(wrong))),
        ] {
            ensure!(asserts.matches(&right).count() == 1, "expected `{right}` once in tests/oxc/{ASSERTS}");
            asserts = asserts.replace(&right, &wrong);
        }
    }
    for (right, wrong, _) in DISCRIMINANT_SABOTAGE {
        ensure!(asserts.matches(right).count() == 1, "expected `{right}` once in tests/oxc/{ASSERTS}");
        asserts = asserts.replace(right, wrong);
    }
    fs::write(scratch.join("asserts.rs"), asserts)?;
    for ((width, mut command), (_, wrong)) in builds.commands(&scratch.join("Cargo.toml")).into_iter().zip(SABOTAGE) {
        let message = message(wrong);
        let output = command.output().context("cannot run cargo check")?;
        let stderr = String::from_utf8_lossy(&output.stderr);
        if output.status.success() || !stderr.contains(&message) {
            bail!("a wrong offset in oxc's {width} layout checks went unnoticed:\n{stderr}");
        }
        for (_, _, discriminant) in DISCRIMINANT_SABOTAGE {
            ensure!(
                stderr.contains(discriminant),
                "a wrong discriminant in oxc's {width} layout checks went unnoticed ({discriminant}):\n{stderr}"
            );
        }
        eprintln!("and a wrong offset and wrong discriminants fail the {width} build ({message})");
    }
    Ok(())
}

/// The test of `Program.body`'s offset in `assert_layouts.rs`, and the message of its panic.
fn offset_test(offset: u32) -> String {
    format!("offset_of!(Program, body) != {offset} ")
}

fn message(offset: u32) -> String {
    format!("Program.body: offset is not {offset}")
}

/// Where the checks build, and the rustc for the 32-bit one (none: 64-bit only).
struct Builds {
    host_dir: PathBuf,
    wasm32_dir: PathBuf,
    rustc_32: Option<PathBuf>,
}

impl Builds {
    /// `cargo check` of one crate for each width: the host (64-bit), then wasm32.
    fn commands(&self, manifest: &Path) -> Vec<(&'static str, Command)> {
        let mut host = project::cargo();
        host.args(["check", "--quiet"]).arg("--manifest-path").arg(manifest).arg("--target-dir").arg(&self.host_dir);
        let mut commands = vec![("64-bit", host)];
        if let Some(rustc) = &self.rustc_32 {
            commands.push(("32-bit", crate::layout32::cargo_check(rustc, manifest, &self.wasm32_dir)));
        }
        for (_, command) in &mut commands {
            command.args(["--locked", "--ignore-rust-version"]);
        }
        commands
    }
}
