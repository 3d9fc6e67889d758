//! `rawast addon`: build the parser of each package that has one with Cargo, and put it in the
//! package, where its `index.js` loads it: a native addon (`[targets.X.package.addon]`, the crate
//! codegen wrote in `<output>/napi/<target>/`) as napi-rs names addons, `<name>.<platform>.node`
//! such as `jsonc.linux-x64-gnu.node`; a wasm module (`.wasm`, `<output>/wasm/<target>/`, built for
//! `wasm32-unknown-unknown` in a target directory of its own) as `<name>.wasm`.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use rawast_generator::Config;
use rawast_generator::config::{Addon, AddonKind, Target};

use crate::error::Error;
use crate::selection::{Needs, selected};

/// How to run `addon`.
#[derive(Debug, Clone, Default)]
pub struct AddonOptions {
    /// Only these targets; empty: every target whose package has an addon.
    pub targets: Vec<String>,
    /// Cargo's dev profile instead of `--release`.
    pub debug: bool,
}

/// An addon built and put in its package.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuiltAddon {
    /// The target whose package holds it.
    pub target: String,
    /// The `.node` file in the package directory.
    pub path: PathBuf,
}

/// Builds the addons of the configuration at `config_path` (the generated files must be up to
/// date); `log` receives a line per command run. Cargo's own progress goes to stderr. Errors: those
/// of [`codegen`](crate::codegen); `Error::Tool` when the generated files are stale, no target
/// named has an addon, or Cargo fails; `Error::Io` when the library cannot be copied.
pub fn addon(config_path: &Path, options: &AddonOptions, log: &mut dyn FnMut(&str)) -> Result<Vec<BuiltAddon>, Error> {
    let (base, config) = crate::codegen::read_fresh(config_path)?;
    let needs = Needs {
        table: "package.addon",
        part: |target| target.package.as_ref()?.addon.as_ref(),
        hint: " naming your parser's builder",
    };
    let targets = selected(&config, &options.targets, needs)?;
    targets.into_iter().map(|(target, addon)| build(&base, &config, target, addon, options.debug, log)).collect()
}

/// Builds one target's addon and copies the library into its package, named for this platform.
pub(crate) fn build(
    base: &Path,
    config: &Config,
    target: &Target,
    addon: &Addon,
    debug: bool,
    log: &mut dyn FnMut(&str),
) -> Result<BuiltAddon, Error> {
    // (A wasm module's name has no platform: it runs on all.)
    let platform = match addon.kind {
        AddonKind::Napi => napi_platform()?,
        AddonKind::Wasm => String::new(),
    };
    let file_name = addon.built_file(&platform);
    let output = base.join(&config.output_dir.path);
    let manifest = output.join(format!("{}/{}/Cargo.toml", addon.kind.crate_dir(), target.name));
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(&cargo);
    command.arg("build").arg("--manifest-path").arg(&manifest).arg("--message-format=json-render-diagnostics");
    if !debug {
        command.arg("--release");
    }
    if addon.kind == AddonKind::Wasm {
        // A target directory of its own: the wasm build's flags (a linker, `build-std` where the
        // toolchain has no wasm32 library) would otherwise rebuild the workspace's host crates.
        command.args(["--target", WASM_TARGET, "--target-dir"]).arg(base.join("target/wasm"));
    } else if workspace_root(&cargo, &manifest)? == fs::canonicalize(&manifest).map_err(|e| Error::io(&manifest, e))? {
        // A crate that is a workspace of its own would keep its target directory in the output
        // directory: it takes the one beside codegen.toml instead.
        command.arg("--target-dir").arg(base.join("target"));
    }
    log(&format!("$ {}", format!("{command:?}").replace('"', "")));
    // Cargo's messages are JSON lines on stdout; its diagnostics and progress go on to stderr,
    // read on the way for what a hint can explain.
    let mut child = command
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| Error::Tool(format!("cannot run cargo: {e}")))?;
    let stderr = child.stderr.take().expect("stderr is piped");
    let relay = std::thread::spawn(move || relay_lines(stderr));
    let result = child.wait_with_output().map_err(|e| Error::Tool(format!("cannot run cargo: {e}")))?;
    let diagnostics = relay.join().unwrap_or_default();
    if !result.status.success() {
        return Err(Error::Tool(format!(
            "cargo build of {}'s {} ({}) failed ({}): see cargo's messages above{}",
            target.name,
            addon.kind.table(),
            manifest.display(),
            result.status,
            build_hint(&diagnostics, addon.kind)
        )));
    }
    let library = built_library(&String::from_utf8_lossy(&result.stdout), &addon.name).ok_or_else(|| {
        Error::Tool(format!(
            "cargo built no `{}` library for {} (its messages name none)",
            addon.name,
            manifest.display()
        ))
    })?;
    let package_dir = output.join(target.module_dir());
    let path = package_dir.join(&file_name);
    // Written beside and renamed over: a Node process that has the old file loaded keeps its copy.
    let partial = package_dir.join(format!(".{file_name}.partial"));
    fs::copy(&library, &partial).map_err(|e| Error::io(&library, e))?;
    fs::rename(&partial, &path).map_err(|e| Error::io(&path, e))?;
    Ok(BuiltAddon { target: target.name.clone(), path })
}

/// An error unless the package of `target` holds a built parser (`<name>.<platform>.node` of any
/// platform, or `<name>.wasm`), for `rawast package --prebuilt`.
pub(crate) fn check_prebuilt(base: &Path, config: &Config, target: &Target, addon: &Addon) -> Result<(), Error> {
    let dir = base.join(&config.output_dir.path).join(target.module_dir());
    let entries = fs::read_dir(&dir).map_err(|e| Error::io(&dir, e))?;
    let built = entries.filter_map(Result::ok).any(|entry| {
        let name = entry.file_name().to_string_lossy().into_owned();
        let config_path = format!("{}/{}/{name}", config.output_dir.path, target.module_dir());
        config.is_build_output(&config_path)
    });
    if built {
        return Ok(());
    }
    let (what, file) = match addon.kind {
        AddonKind::Napi => ("native addon", addon.built_file("<platform>")),
        AddonKind::Wasm => ("wasm module", addon.built_file("<platform>")),
    };
    Err(Error::Tool(format!(
        "--prebuilt: {} holds no {what} ({file}): run `rawast addon --target {}` first",
        dir.display(),
        target.name
    )))
}

/// What a wasm module is built for.
const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// Copies `stream`'s lines to this process's stderr as they come; returns them.
fn relay_lines(stream: impl std::io::Read) -> String {
    use std::io::{BufRead, Write};
    let mut seen = String::new();
    for line in std::io::BufReader::new(stream).lines().map_while(Result::ok) {
        let _ = writeln!(std::io::stderr(), "{line}");
        seen.push_str(&line);
        seen.push('\n');
    }
    seen
}

/// What to do about a failed build whose messages say why: a rawast crate Cargo found nowhere
/// (rawast from a checkout, not crates.io), or no standard library for wasm32.
fn build_hint(diagnostics: &str, kind: AddonKind) -> &'static str {
    if diagnostics.contains("no matching package named `rawast-") {
        "\nhint: rawast's crates are not on crates.io here: point Cargo at a checkout of rawast with [patch.crates-io] in .cargo/config.toml (rawast's README, \"Using rawast in your parser\", step 1)"
    } else if kind == AddonKind::Wasm
        && diagnostics.contains("wasm32-unknown-unknown")
        && ["core", "std"].iter().any(|library| diagnostics.contains(&format!("can't find crate for `{library}`")))
    {
        "\nhint: the toolchain has no standard library for wasm32: `rustup target add wasm32-unknown-unknown`; a toolchain without rustup needs one whose library has that target (rawast's book, \"Browsers and wasm32\")"
    } else if diagnostics.contains("custom build command for `simdutf") && diagnostics.contains("failed to find tool") {
        "\nhint: rawast-napi transcodes UTF-16 with simdutf, a C++ library: install a C++ compiler (g++ or clang++; Visual Studio's on Windows), or name one in $CXX"
    } else {
        ""
    }
}

/// The `Cargo.toml` of the workspace `manifest`'s package belongs to (its own, when it is none's).
fn workspace_root(cargo: &std::ffi::OsStr, manifest: &Path) -> Result<PathBuf, Error> {
    let output = Command::new(cargo)
        .args(["locate-project", "--workspace", "--message-format", "plain", "--manifest-path"])
        .arg(manifest)
        .output()
        .map_err(|e| Error::Tool(format!("cannot run cargo: {e}")))?;
    if !output.status.success() {
        return Err(Error::Tool(format!(
            "cargo cannot place {} in a workspace: {}",
            manifest.display(),
            String::from_utf8_lossy(&output.stderr).trim()
        )));
    }
    let root = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim());
    Ok(fs::canonicalize(&root).unwrap_or(root))
}

/// The dynamic library (or wasm module) of the cdylib `name` in Cargo's JSON messages.
fn built_library(messages: &str, name: &str) -> Option<PathBuf> {
    messages.lines().filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok()).find_map(|message| {
        let is_addon = message["reason"] == "compiler-artifact"
            && message["target"]["name"] == name
            && message["target"]["kind"].as_array()?.iter().any(|kind| kind == "cdylib");
        if !is_addon {
            return None;
        }
        message["filenames"].as_array()?.iter().filter_map(|file| file.as_str()).find_map(|file| {
            let is_library = [".so", ".dylib", ".dll", ".wasm"].iter().any(|extension| file.ends_with(extension));
            is_library.then(|| PathBuf::from(file))
        })
    })
}

/// This platform as napi-rs names addons: `linux-x64-gnu`, `darwin-arm64`, `win32-x64-msvc`; the
/// package's `index.js` names the file it loads the same way. `Error::Tool` on a processor or
/// system Node.js has no addons for.
pub fn napi_platform() -> Result<String, Error> {
    let arch = match std::env::consts::ARCH {
        "x86_64" => "x64",
        "aarch64" => "arm64",
        "x86" => "ia32",
        "arm" => "arm",
        "riscv64" => "riscv64",
        "powerpc64" => "ppc64",
        "s390x" => "s390x",
        "loongarch64" => "loong64",
        other => return Err(Error::Tool(format!("no Node.js addon name for processor {other}"))),
    };
    Ok(match std::env::consts::OS {
        "linux" => {
            let libc = if cfg!(target_env = "musl") { "musl" } else { "gnu" };
            format!("linux-{arch}-{libc}{}", if arch == "arm" { "eabihf" } else { "" })
        }
        "windows" => format!("win32-{arch}-msvc"),
        "macos" => format!("darwin-{arch}"),
        os @ ("freebsd" | "android" | "openbsd") => format!("{os}-{arch}"),
        other => return Err(Error::Tool(format!("no Node.js addon name for system {other}"))),
    })
}

#[cfg(test)]
mod tests {
    use super::{AddonKind, build_hint, built_library};

    #[test]
    fn hints_name_what_to_do_about_known_failures() {
        let missing = "error: no matching package named `rawast-napi` found\nlocation searched: crates.io index";
        assert!(build_hint(missing, AddonKind::Napi).contains("[patch.crates-io]"));
        let no_std = "error[E0463]: can't find crate for `core`\n  = note: the `wasm32-unknown-unknown` target may not be installed";
        assert!(build_hint(no_std, AddonKind::Wasm).contains("rustup target add wasm32-unknown-unknown"));
        let no_std = "error[E0463]: can't find crate for `std`\n  = note: the `wasm32-unknown-unknown` target may not be installed";
        assert!(build_hint(no_std, AddonKind::Wasm).contains("rustup target add wasm32-unknown-unknown"));
        let no_cxx = "error: failed to run custom build command for `simdutf v0.7.0`\n  cargo:warning=Compiler family detection failed due to error: ToolNotFound: failed to find tool \"c++\": No such file or directory (os error 2)";
        assert!(build_hint(no_cxx, AddonKind::Napi).contains("install a C++ compiler"));
        assert_eq!(build_hint("error[E0308]: mismatched types", AddonKind::Napi), "");
    }

    #[test]
    fn finds_the_cdylib_among_cargos_messages() {
        let messages = [
            r#"{"reason":"compiler-artifact","target":{"name":"napi","kind":["lib"]},"filenames":["/t/libnapi.rlib"]}"#,
            "not json",
            r#"{"reason":"compiler-artifact","target":{"name":"jsonc","kind":["cdylib"]},"filenames":["/t/release/libjsonc.so"]}"#,
            r#"{"reason":"build-finished","success":true}"#,
        ]
        .join("\n");
        assert_eq!(built_library(&messages, "jsonc"), Some("/t/release/libjsonc.so".into()));
        assert_eq!(built_library(&messages, "other"), None);
        let windows = r#"{"reason":"compiler-artifact","target":{"name":"jsonc","kind":["cdylib"]},"filenames":["C:/t/jsonc.dll.lib","C:/t/jsonc.dll","C:/t/jsonc.pdb"]}"#;
        assert_eq!(built_library(windows, "jsonc"), Some("C:/t/jsonc.dll".into()));
    }
}
