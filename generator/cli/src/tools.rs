//! The npm tools `rawast package` checks packages with (publint, TypeScript), pinned by the lock file
//! this crate ships, so the checks are the same in every user's repository whatever it installs.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::error::Error;

const PACKAGE_JSON: &str = include_str!("../tools/package.json");
const PACKAGE_LOCK: &str = include_str!("../tools/package-lock.json");

/// The installed tools.
pub struct Tools {
    /// publint's command-line script, run with Node.
    pub publint: PathBuf,
    /// TypeScript's `tsc` script, run with Node.
    pub tsc: PathBuf,
}

/// Installs the tools into `dir` with `npm ci` unless this lock file's install is complete there.
pub fn install(dir: &Path, log: &mut dyn FnMut(&str)) -> Result<Tools, Error> {
    let tools = Tools {
        publint: dir.join("node_modules/publint/src/cli.js"),
        tsc: dir.join("node_modules/typescript/bin/tsc"),
    };
    let lock = dir.join("package-lock.json");
    // npm writes its hidden lock file last, when an install is complete.
    let complete = dir.join("node_modules/.package-lock.json").is_file();
    if complete && fs::read_to_string(&lock).is_ok_and(|text| text == PACKAGE_LOCK) {
        return Ok(tools);
    }
    fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    fs::write(dir.join("package.json"), PACKAGE_JSON).map_err(|e| Error::io(dir, e))?;
    fs::write(&lock, PACKAGE_LOCK).map_err(|e| Error::io(&lock, e))?;
    log(&format!("$ npm ci (publint, typescript) in {}", dir.display()));
    let output = Command::new("npm")
        .args(["ci", "--no-audit", "--no-fund", "--ignore-scripts"])
        .current_dir(dir)
        .output()
        .map_err(|e| Error::Tool(format!("cannot run npm (is it installed and on PATH?): {e}")))?;
    if !output.status.success() || !tools.publint.is_file() || !tools.tsc.is_file() {
        return Err(Error::Tool(format!(
            "installing publint and typescript with `npm ci` in {} failed ({}):\n{}{}",
            dir.display(),
            output.status,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )));
    }
    Ok(tools)
}
