//! rustc's check of the 32-bit layouts: `cargo check` for wasm32 of the schema crate and of the
//! layout-fixture crate that `generator/tests/rustc_agrees.rs` leaves in `target/rustc-agrees`.
//!
//! The rustup toolchain here has no wasm32 standard library and cannot download one, so this uses
//! Debian's `rustc-web` with `rust-web-src` (the library source): `-Zbuild-std` builds `core` and
//! `std` for wasm32 from that source (`RUSTC_BOOTSTRAP=1` unlocks the flag on a stable toolchain).

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Result, bail};

use crate::project;

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

/// Runs the check; without the toolchain it fails in CI and warns elsewhere.
pub fn check(root: &Path, required: bool) -> Result<()> {
    let Some(rustc) = rustc_32() else {
        if required {
            bail!("no rustc that can check {TARGET} layouts: install it with `{INSTALL_HINT}` (or set RAWAST_RUSTC_32)");
        }
        eprintln!("warning: 32-bit layouts NOT checked: no rustc for {TARGET} with library source; `{INSTALL_HINT}` installs one");
        return Ok(());
    };
    let fixtures = root.join("target/rustc-agrees/Cargo.toml");
    if !fixtures.exists() {
        bail!("{} is missing: `cargo test -p rawast-generator --test rustc_agrees` creates it", fixtures.display());
    }
    for manifest in [root.join("schema/Cargo.toml"), fixtures] {
        project::run(
            project::cargo()
                .args(["check", "--quiet", "--target", TARGET, "-Zbuild-std=core,std,panic_abort", "--manifest-path"])
                .arg(&manifest)
                .arg("--target-dir")
                .arg(root.join("target/wasm32-check"))
                .env("RUSTC", &rustc)
                .env("RUSTC_BOOTSTRAP", "1"),
            root,
        )?;
    }
    eprintln!("32-bit layouts agree with rustc ({TARGET})");
    Ok(())
}
