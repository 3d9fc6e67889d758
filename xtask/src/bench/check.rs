//! `cargo xtask test`'s check of the benchmarks: bench/README.md's results tables against their
//! JSON (`--report --check`), then every mode of `cargo xtask bench`, parsed from its command line as
//! a user types it, run on one small file with two samples, and the JSON each writes read back (and
//! drawn as its results table, where the README shows one). CI times nothing (a full run takes an hour, and its figures would mean
//! nothing on CI's machine), but a bench that no longer runs, refuses a kind of file, finds the two
//! trees it compares before timing different, or leaves a figure out is found here, not when
//! someone times held-out files with it.

use std::fs;
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use clap::Parser;
use rawast_generator::plural::count;
use serde_json::Value;

use super::args::Args;
use super::{modes, report};
use crate::project::Project;

/// `cargo xtask bench`'s arguments, parsed as the command line parses them.
#[derive(Parser)]
#[command(name = "bench")]
struct Bench {
    #[command(flatten)]
    args: Args,
}

// Small files of the pinned packages: JavaScript, JSX and TSX (a linter's typical files; the
// benches that time small files per call and the empty program run those steps too).
const JS: &str = "node_modules/lodash/throttle.js";
const JSX: &str = "node_modules/create-vite/template-react/src/App.jsx";
const TSX: &str = "node_modules/@tanstack/react-router/src/Match.tsx";
// A JSON file and a JSONC one (comments), for the end-to-end bench's parser.
const JSON_FILE: &str = "node_modules/ajv/lib/refs/json-schema-draft-07.json";
const JSONC_FILE: &str = "node_modules/create-vite/template-react-ts/tsconfig.node.json";

/// What a run writes with `--json`: the list of its entries, one per file it was given (`None`:
/// per module, as many as the target has).
enum Json {
    None,
    Files,
    Modules,
}

/// Each mode: its flags, its file (each kind of file, JS, JSX and TSX, read by some run of each
/// format), what it writes.
const RUNS: &[(&[&str], &[&str], Json)] = &[
    (&[], &[JSX], Json::Files),
    (&["--lazy"], &[JS], Json::None),
    (&["--visit"], &[JSX], Json::Files),
    (&["--visit", "--target", "linter"], &[JS], Json::Files),
    (&["--visit", "--target", "parser-lazy"], &[JS], Json::Files),
    (&["--visit", "--target", "oxc-js"], &[JSX], Json::Files),
    (&["--visit", "--target", "oxc-ts"], &[TSX], Json::Files),
    (&["--visit", "--target", "oxc-ts", "--session"], &[TSX], Json::Files),
    (&["--target", "oxc-js"], &[JS], Json::Files),
    (&["--target", "oxc-ts"], &[TSX], Json::Files),
    (&["--target", "oxc-ts-range-parent"], &[TSX], Json::Files),
    (&["--target", "oxlint-plugins"], &[TSX], Json::Files),
    (&["--target", "oxlint-plugins", "--session"], &[JS], Json::Files),
    (&["--load", "--target", "oxlint-plugins"], &[], Json::Modules),
    (&["--e2e"], &[JSON_FILE, JSONC_FILE], Json::Files),
];

pub fn check(project: &Project) -> Result<()> {
    report::check(project)?;
    let dir = project.path("target/bench-check");
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir)?;
    for (i, (flags, files, json)) in RUNS.iter().enumerate() {
        let shown = [*flags, *files].concat().join(" ");
        eprintln!("\n--- cargo xtask bench {shown} --samples 2");
        let out = dir.join(format!("{i}.json"));
        let paths = files.iter().map(|file| project.path(file).display().to_string());
        let line = command_line(flags, paths, (!matches!(json, Json::None)).then_some(&out));
        let args =
            Bench::try_parse_from(&line).with_context(|| format!("`cargo xtask bench {shown}` no longer parses"))?.args;
        if modes::run(project, args)? != ExitCode::SUCCESS {
            bail!("`cargo xtask bench {shown}` failed");
        }
        let expected = match json {
            Json::None => continue,
            Json::Files => Some(files.len()),
            Json::Modules => None,
        };
        check_json(&out, expected, report::bench_of(flags))
            .with_context(|| format!("what `cargo xtask bench {shown} --json` wrote"))?;
    }
    eprintln!("\n{}, their JSON read back", count(RUNS.len(), "bench run"));
    Ok(())
}

/// `cargo xtask bench`'s command line for a run: its flags, two samples, `--json` to `json` if
/// given, its files.
fn command_line(flags: &[&str], files: impl Iterator<Item = String>, json: Option<&Path>) -> Vec<String> {
    let mut line: Vec<String> = ["bench"].iter().chain(flags).map(|s| s.to_string()).collect();
    line.extend(["--samples".into(), "2".into()]);
    if let Some(json) = json {
        line.extend(["--json".into(), json.display().to_string()]);
    }
    line.extend(files);
    line
}

/// That the JSON has an entry per file (`files`, or `modules` when `files` is `None`), each of whose
/// figures is a positive number (a timing lost to NaN is written as `null`), a positive fixed
/// cost per method where it has one, and what `bench`'s results table needs.
fn check_json(path: &Path, files: Option<usize>, bench: Option<&report::Bench>) -> Result<()> {
    let value: Value = serde_json::from_str(&fs::read_to_string(path).context("no JSON was written")?)?;
    let list = if files.is_some() { "files" } else { "modules" };
    let Some(entries) = value.get(list).and_then(Value::as_array) else {
        bail!("no `{list}` array");
    };
    match files {
        Some(n) if entries.len() != n => bail!("{} in `files` for {}", count(entries.len(), "entry"), count(n, "file")),
        None if entries.is_empty() => bail!("no entry in `modules`"),
        _ => {}
    }
    for (i, entry) in entries.iter().enumerate() {
        figures(entry, &format!("{list}[{i}]"))?;
    }
    if let Some(fixed) = value.get("fixed_cost_us") {
        figures(fixed, "fixed_cost_us")?;
    }
    if let Some(bench) = bench {
        report::render::render(bench, &value).context("its results table")?;
    }
    Ok(())
}

/// That every number in `value` is positive, and no value is null.
fn figures(value: &Value, at: &str) -> Result<()> {
    match value {
        Value::Null => bail!("{at} is null"),
        Value::Number(n) if !n.as_f64().is_some_and(|n| n > 0.0) => bail!("{at} is {n}, not a positive figure"),
        Value::Array(items) => items.iter().enumerate().try_for_each(|(i, item)| figures(item, &format!("{at}[{i}]"))),
        Value::Object(fields) => fields.iter().try_for_each(|(key, item)| figures(item, &format!("{at}.{key}"))),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::{Bench, Json, RUNS, command_line, figures};
    use clap::Parser;
    use serde_json::json;

    /// Every run's command line parses (what `check` runs is what a user can type).
    #[test]
    fn runs_parse() {
        for (flags, files, json) in RUNS {
            let out = (!matches!(json, Json::None)).then_some(Path::new("out.json"));
            let line = command_line(flags, files.iter().map(|file| file.to_string()), out);
            assert!(Bench::try_parse_from(&line).is_ok(), "{line:?}");
        }
    }

    /// Every bench whose results bench/README.md shows is run here, so its table is drawn from
    /// what the bench writes now.
    #[test]
    fn runs_every_reported_bench() {
        for bench in crate::bench::report::BENCHES {
            assert!(RUNS.iter().any(|(flags, _, _)| *flags == bench.flags), "`{}` is not run", bench.command());
        }
    }

    #[test]
    fn figures_must_be_positive() {
        assert!(
            figures(&json!({ "ms": { "median": 0.4, "min": 0.3 }, "classes": ["JSX and TSX"] }), "files[0]").is_ok()
        );
        let lost = figures(&json!({ "ms": { "median": null } }), "files[0]").unwrap_err();
        assert_eq!(lost.to_string(), "files[0].ms.median is null");
        assert!(figures(&json!({ "ns_per_node": { "rawast": 0 } }), "files[0]").is_err());
        assert!(figures(&json!([1.5, -2]), "fixed_cost_us").is_err());
    }
}
