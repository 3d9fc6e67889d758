//! The project every command works on: where it is, whether this is CI, and how to run the tools it
//! pins. `main` makes one `Project` and passes it down.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::{Context, Result, bail};

/// The repository's own configuration: rawast's ESTree schema and its targets.
pub const CONFIG: &str = "codegen.toml";
/// The configuration of oxc's AST (`tests/oxc`) and the targets that read oxc-parser's buffers.
pub const OXC_CONFIG: &str = "tests/oxc/codegen.toml";

pub struct Project {
    /// The repository root: the parent of this crate's directory.
    pub root: PathBuf,
    /// Running in CI (`CI=true` or `CI=1`): what is optional elsewhere (the wasm32 toolchain, a
    /// fresh `npm ci`) is required.
    pub ci: bool,
}

impl Project {
    /// The project this xtask was built in, and CI as the environment says.
    pub fn from_env() -> Project {
        let root =
            Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives one level below the root").to_path_buf();
        let ci = std::env::var_os("CI").is_some_and(|v| v == "true" || v == "1");
        Project { root, ci }
    }

    /// A path of the repository, given relative to its root.
    pub fn path(&self, relative: impl AsRef<Path>) -> PathBuf {
        self.root.join(relative)
    }

    /// The pinned Node (`node` devDependency) installed by `npm ci`.
    pub fn node(&self) -> Result<PathBuf> {
        let node = self.path("node_modules/.bin/node");
        if !node.exists() {
            bail!("{} is missing: run `npm ci` first (it installs the pinned Node)", node.display());
        }
        Ok(node)
    }

    /// Runs a Node script of the repository with the pinned Node, the release or debug `encode`
    /// binary passed as `--encode`, from `cwd`; the exit code says whether it succeeded.
    pub fn run_node_script(
        &self,
        node_flags: &[&str],
        script: &str,
        encode: &Path,
        args: &[OsString],
        cwd: &Path,
    ) -> Result<ExitCode> {
        let status = Command::new(self.node()?)
            .args(node_flags)
            .arg(self.path(script))
            .arg("--encode")
            .arg(encode)
            .args(args)
            .current_dir(cwd)
            .status()
            .context("cannot start node")?;
        Ok(exit_code(status.success()))
    }

    /// Builds the native test producer (`encode`), in release mode for scripts that time or fuzz
    /// with its buffers; returns the binary.
    pub fn build_encode(&self, release: bool) -> Result<PathBuf> {
        let mut command = cargo();
        command.args(["build", "--quiet", "--package", "rawast-schema", "--bin", "encode"]);
        if release {
            command.arg("--release");
        }
        run(&mut command, &self.root)?;
        Ok(self.path(if release { "target/release/encode" } else { "target/debug/encode" }))
    }
}

/// `cargo`, as the one that started us (set by cargo for `cargo run`), else from PATH.
pub fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

/// Runs a command in `dir`, echoing it, and fails if it fails.
pub fn run(command: &mut Command, dir: &Path) -> Result<()> {
    command.current_dir(dir);
    let shown = format!("{command:?}").replace('"', "");
    eprintln!("$ {shown}");
    let status = command.status().with_context(|| format!("cannot start `{shown}`"))?;
    if !status.success() {
        bail!("`{shown}` failed ({status})");
    }
    Ok(())
}

/// The executable `name` in a directory of `PATH`, if there is one.
pub fn on_path(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|dir| dir.join(name))
        .find(|p| p.exists())
}

/// The exit code of a command that succeeded or not.
pub fn exit_code(success: bool) -> ExitCode {
    if success { ExitCode::SUCCESS } else { ExitCode::FAILURE }
}
