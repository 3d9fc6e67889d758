//! What `rawast package` reads that the user provides, checked before it installs, builds or packs
//! anything: each file a `[targets.X.package.smoke]` table names exists and holds what the smoke
//! tests read (any bytes for `buffer`, UTF-8 text for `source`, JSON for `expected`). Each problem
//! is an error at the key that names the file (at the place in the file, for JSON that does not
//! parse).

use std::fs;
use std::io::ErrorKind;
use std::path::Path;

use rawast_generator::config::{ConfigPath, Package, Target};
use rawast_generator::{Diagnostic, Diagnostics, Location};

/// What a smoke file must hold.
#[derive(Debug, Clone, Copy)]
enum Holds {
    /// A buffer the user's producer wrote.
    Bytes,
    /// A source text for the parser's `parse`, which takes a string.
    Text,
    /// The JSON the package must give.
    Json,
}

/// Every problem with the smoke files of `targets`' packages, whose paths are relative to `base`
/// (the directory of the configuration).
pub(super) fn check(base: &Path, targets: &[(&Target, &Package)]) -> Result<(), Diagnostics> {
    let mut diagnostics = Diagnostics::default();
    for (target, package) in targets {
        let Some(smoke) = &package.smoke else { continue };
        let files = [
            ("buffer", smoke.buffer.as_ref(), Holds::Bytes),
            ("source", smoke.source.as_ref(), Holds::Text),
            ("expected", Some(&smoke.expected), Holds::Json),
        ];
        for (key, path, holds) in files {
            let Some(path) = path else { continue };
            let key = format!("targets.{}.package.smoke.{key}", target.name);
            if let Err(diagnostic) = check_file(base, &key, path, holds) {
                diagnostics.push(*diagnostic);
            }
        }
    }
    diagnostics.into_result(())
}

/// That the file `key` names exists, can be read, and holds what it must.
fn check_file(base: &Path, key: &str, path: &ConfigPath, holds: Holds) -> Result<(), Box<Diagnostic>> {
    let at_key = |problem: String, help: String| {
        Box::new(
            Diagnostic::new(format!("`{key}` names {}, {problem}", path.path))
                .at(path.location.clone())
                .with_help(help),
        )
    };
    let bytes = fs::read(base.join(&path.path)).map_err(|error| match error.kind() {
        ErrorKind::NotFound => at_key("which does not exist".to_owned(), write_it(holds)),
        _ => at_key(format!("which cannot be read: {error}"), "the smoke test reads it as a file".to_owned()),
    })?;
    match holds {
        Holds::Bytes => Ok(()),
        Holds::Text => match String::from_utf8(bytes) {
            Ok(_) => Ok(()),
            Err(_) => Err(at_key(
                "which is not UTF-8 text".to_owned(),
                "the parser's `parse` takes a string: name a source text".to_owned(),
            )),
        },
        Holds::Json => {
            let error = match serde_json::from_slice::<serde_json::Value>(&bytes) {
                Ok(_) => return Ok(()),
                Err(error) => error,
            };
            let text = String::from_utf8_lossy(&bytes);
            // (The location shows where; serde_json's message ends with it too.)
            let message = error.to_string();
            let at = format!(" at line {} column {}", error.line(), error.column());
            let message = message.strip_suffix(&at).unwrap_or(&message);
            let location =
                Location::from_line_columns(&path.path, &text, error.line(), error.column().saturating_sub(1), None);
            Err(Box::new(
                Diagnostic::new(format!("`{key}` names {}, which is not JSON: {message}", path.path))
                    .at(location)
                    .with_help("the smoke test compares the package's result with it: write the JSON of the same tree"),
            ))
        }
    }
}

/// How to make a missing smoke file.
fn write_it(holds: Holds) -> String {
    let what = match holds {
        Holds::Bytes => "write it with your producer: the buffer your parser builds of a sample source",
        Holds::Text => "write a sample source text, which the package's `parse` must read",
        Holds::Json => "write the JSON the package must give: the same tree serialized another way",
    };
    format!("{what} (paths are relative to the configuration's directory)")
}

#[cfg(test)]
mod tests {
    use super::*;
    use rawast_generator::SourceFile;
    use rawast_generator::config::Config;

    /// A configuration with a package whose smoke table is `smoke`, as a source text of an addon.
    fn config(smoke: &str) -> Config {
        let text = format!(
            "[schema]\nfiles = [\"ast.rs\"]\nast_module = \"crate::ast\"\nruntime_module = \"rawast_runtime\"\nroot = \"Node\"\n\n[output]\ndir = \"out\"\n\n\
             [targets.parser]\nsource_placement = \"start\"\n[targets.parser.package]\nname = \"@x/parser\"\nversion = \"0.1.0\"\nlicense = \"MIT\"\n\
             [targets.parser.package.addon]\nbuild = \"x::build\"\nbuffer_format = \"x::FORMAT\"\n[targets.parser.package.smoke]\n{smoke}"
        );
        Config::parse(&SourceFile { path: "codegen.toml".to_owned(), text }).unwrap_or_else(|d| panic!("{d}"))
    }

    fn problems(base: &Path, smoke: &str) -> String {
        let config = config(smoke);
        let targets: Vec<(&Target, &Package)> =
            config.targets.iter().map(|target| (target, target.package.as_ref().unwrap())).collect();
        match check(base, &targets) {
            Ok(()) => String::new(),
            Err(diagnostics) => diagnostics.to_string(),
        }
    }

    #[test]
    fn each_smoke_file_must_exist_and_hold_what_the_smoke_test_reads() {
        let base = std::env::temp_dir().join(format!("rawast-smoke-inputs-{}", std::process::id()));
        let _ = fs::remove_dir_all(&base);
        fs::create_dir_all(base.join("samples")).unwrap();
        fs::write(base.join("samples/parser.bin"), [0xff, 0, 1]).unwrap();
        fs::write(base.join("samples/parser.txt"), "[1, 2]").unwrap();
        fs::write(base.join("samples/parser.json"), "{ \"type\": \"Array\" }").unwrap();
        fs::write(base.join("samples/latin1.txt"), [b'[', 0xe9, b']']).unwrap();
        fs::write(base.join("samples/broken.json"), "{\n  \"type\": \"Array\",\n}\n").unwrap();

        let good =
            "buffer = \"samples/parser.bin\"\nsource = \"samples/parser.txt\"\nexpected = \"samples/parser.json\"\n";
        assert_eq!(problems(&base, good), "");
        let missing = problems(&base, &good.replace("parser.bin", "missing.bin"));
        let not_text = problems(&base, &good.replace("parser.txt", "latin1.txt"));
        let not_json = problems(&base, &good.replace("parser.json", "broken.json"));
        let directory = problems(&base, &good.replace("samples/parser.bin", "samples"));
        let _ = fs::remove_dir_all(&base);

        assert!(
            directory.contains("`targets.parser.package.smoke.buffer` names samples, which cannot be read:"),
            "{directory}"
        );
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path("../../../../snapshots/errors");
        settings.set_prepend_module_to_snapshot(false);
        settings.set_omit_expression(true);
        settings.bind(|| insta::assert_snapshot!("package_smoke_inputs", [missing, not_text, not_json].join("\n")));
    }
}
