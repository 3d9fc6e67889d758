//! The 32-bit side: rustc's check of the 32-bit layouts (`cargo check` for wasm32 of the schema crate
//! and of the layout-fixture crate that `generator/tests/rustc_agrees.rs` leaves in
//! `target/rustc-agrees`), and the build of the wasm32 test producer (`schema/wasm`), whose buffers
//! the 32-bit targets' deserializers read.
//!
//! The rustup toolchain here has no wasm32 standard library and cannot download one, so this uses
//! Debian's `rustc-web` with `rust-web-src` (the library source): `-Zbuild-std` builds `core` and
//! `std` for wasm32 from that source (`RUSTC_BOOTSTRAP=1` unlocks the flag on a stable toolchain).

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::project::{self, Project};
use crate::targets::HarnessTarget;

const TARGET: &str = "wasm32-unknown-unknown";
const INSTALL_HINT: &str = "apt-get install rustc-web rust-web-src";

/// The rustc to use: `$RAWAST_RUSTC_32`, else Debian's `/usr/bin/rustc` if it can build for wasm32.
fn rustc_32() -> Option<PathBuf> {
    let rustc = std::env::var_os("RAWAST_RUSTC_32").map_or_else(|| PathBuf::from("/usr/bin/rustc"), PathBuf::from);
    let targets = Command::new(&rustc).args(["--print", "target-list"]).output().ok()?;
    let sysroot = Command::new(&rustc).args(["--print", "sysroot"]).output().ok()?;
    let sysroot = PathBuf::from(String::from_utf8_lossy(&sysroot.stdout).trim());
    let has_source = sysroot.join("lib/rustlib/src/rust/library/core/src/lib.rs").exists();
    (String::from_utf8_lossy(&targets.stdout).lines().any(|t| t == TARGET) && has_source).then_some(rustc)
}

/// The wasm producer's stack: the producer recurses as deep as the AST (deep `a + b + …` chains).
const PRODUCER_STACK_BYTES: u32 = 64 << 20;

/// Builds the wasm32 test producer into `target/wasm32-producer` (where
/// `tests/conformance/wasm-producer.js` loads it from). Without the toolchain: an error when
/// `required` or in CI, else a warning and `false`.
pub fn build_producer(project: &Project, required: bool) -> Result<bool> {
    let Some(rustc) = rustc_32() else {
        if required || project.ci {
            bail!("no rustc that can build {TARGET}: install it with `{INSTALL_HINT}` (or set RAWAST_RUSTC_32)");
        }
        eprintln!(
            "warning: the wasm32 producer is NOT built (no rustc for {TARGET} with library source; `{INSTALL_HINT}` installs one): 32-bit targets are skipped"
        );
        return Ok(false);
    };
    let mut command = project::cargo();
    command
        .args(["build", "--quiet", "--release", "--locked", "--package", "rawast-schema-wasm", "--target", TARGET])
        .arg("--target-dir")
        .arg(project.path("target/wasm32-producer"))
        .envs(wasm_env(&rustc, &format!("-C link-arg=-zstack-size={PRODUCER_STACK_BYTES}"))?);
    project::run(&mut command, &project.root)?;
    Ok(true)
}

/// What a `cargo build --target wasm32-unknown-unknown` needs here: Debian's rustc (`rustc_32`),
/// `core` and `std` built from its library source (`build-std`, unlocked by `RUSTC_BOOTSTRAP`), and
/// a linker; `rustflags` are added to the linker's flag.
pub fn wasm_env(rustc: &Path, rustflags: &str) -> Result<Vec<(&'static str, std::ffi::OsString)>> {
    let linker = wasm_linker()?;
    Ok(vec![
        ("RUSTC", rustc.into()),
        ("RUSTC_BOOTSTRAP", "1".into()),
        ("CARGO_UNSTABLE_BUILD_STD", "core,std,panic_abort".into()),
        ("RUSTFLAGS", format!("-C linker={} {rustflags}", linker.display()).trim_end().into()),
    ])
}

/// Builds the wasm32 producer if any of `targets` reads its buffers; without its toolchain (and
/// neither `required` nor CI) those targets are dropped, with `build_producer`'s warning.
pub fn build_producer_for(project: &Project, targets: &mut Vec<HarnessTarget>, required: bool) -> Result<()> {
    if targets.iter().any(HarnessTarget::is_32_bit) && !build_producer(project, required)? {
        targets.retain(|t| !t.is_32_bit());
    }
    Ok(())
}

/// A linker for wasm32: Debian's rustc-web ships none, so take the `rust-lld` of the default (rustup)
/// toolchain, else a `wasm-ld` on PATH.
fn wasm_linker() -> Result<PathBuf> {
    let sysroot =
        Command::new("rustc").args(["--print", "sysroot"]).output().context("cannot run `rustc --print sysroot`")?;
    let rustlib = PathBuf::from(String::from_utf8_lossy(&sysroot.stdout).trim()).join("lib/rustlib");
    if let Ok(hosts) = std::fs::read_dir(&rustlib) {
        let mut candidates: Vec<PathBuf> =
            hosts.filter_map(|e| e.ok()).map(|e| e.path().join("bin/rust-lld")).filter(|p| p.exists()).collect();
        candidates.sort();
        if let Some(lld) = candidates.into_iter().next() {
            return Ok(lld);
        }
    }
    project::on_path("wasm-ld").with_context(|| {
        format!("no wasm32 linker: neither `rust-lld` under {} nor `wasm-ld` on PATH", rustlib.display())
    })
}

/// Runs the check; without the toolchain it fails in CI and warns elsewhere.
pub fn check(project: &Project) -> Result<()> {
    let root = &project.root;
    let Some(rustc) = rustc_or_warn(project.ci, "32-bit layouts NOT checked")? else {
        return Ok(());
    };
    let fixtures = root.join("target/rustc-agrees/Cargo.toml");
    if !fixtures.exists() {
        bail!("{} is missing: `cargo test -p rawast-generator --test rustc_agrees` creates it", fixtures.display());
    }
    for manifest in [root.join("schema/Cargo.toml"), fixtures] {
        project::run(&mut cargo_check(&rustc, &manifest, &root.join("target/wasm32-check")), root)?;
    }
    eprintln!("32-bit layouts agree with rustc ({TARGET})");
    Ok(())
}

/// The rustc for wasm32; without one: an error when `required`, else a warning that says what is
/// `skipped`, and `None`.
pub fn rustc_or_warn(required: bool, skipped: &str) -> Result<Option<PathBuf>> {
    match rustc_32() {
        Some(rustc) => Ok(Some(rustc)),
        None if required => {
            bail!("no rustc that can check {TARGET} layouts: install it with `{INSTALL_HINT}` (or set RAWAST_RUSTC_32)")
        }
        None => {
            eprintln!("warning: {skipped}: no rustc for {TARGET} with library source; `{INSTALL_HINT}` installs one");
            Ok(None)
        }
    }
}

/// `cargo check` of one crate for wasm32, with `core` and `std` built from the library source.
pub fn cargo_check(rustc: &Path, manifest: &Path, target_dir: &Path) -> Command {
    let mut command = project::cargo();
    command
        .args(["check", "--quiet", "--target", TARGET, "-Zbuild-std=core,std,panic_abort", "--manifest-path"])
        .arg(manifest)
        .arg("--target-dir")
        .arg(target_dir)
        .env("RUSTC", rustc)
        .env("RUSTC_BOOTSTRAP", "1");
    command
}
