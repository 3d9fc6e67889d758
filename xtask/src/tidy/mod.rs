//! `cargo xtask tidy`: the rules that keep the code one a newcomer can change, on every file git
//! tracks. Modules of generator/src, generator/cli/src and xtask/src are at most 400 lines, their
//! functions at most 80 and their docs 12 lines of prose; every Rust file outside fixtures and
//! generated output opens with a `//!` doc comment; code, templates and generated output hold no
//! dates and cite no bench journal (figures belong in the benchmark results), the benchmarks'
//! README has no dated headings, and the design notes no dates.

mod functions;

use std::collections::BTreeMap;
use std::fs;
use std::process::{Command, ExitCode};

use anyhow::{Context, Result, bail};
use rawast_generator::plural::count;

use crate::project::Project;

pub const LONG_ABOUT: &str = "\
Check the rules that keep the code readable, on every file git tracks

- modules of generator/src, generator/cli/src and xtask/src: at most 400 lines; their functions:
  at most 80 (from the signature to the closing brace);
- every .rs file outside fixtures/ and generated/ starts with a `//!` doc comment, of at most 12
  lines of prose in those modules (code examples not counted);
- no date (YYYY-MM-DD) and no citation of bench/README in code, templates or generated output,
  nor in the code of tests/, bench/, examples/ and .ci/ (xtask's bench command, which writes
  bench/README.md's results tables, names it);
- no date in a heading of bench/README.md (results are tables `cargo xtask bench --report`
  writes, each with the day it was measured; history is git's), nor anywhere in docs/design/.

Prints one line per problem; the last line is `tidy: F files, P problems`. Exits 1 if P > 0.";

const MODULE_LINES: usize = 400;
const FUNCTION_LINES: usize = 80;
const MODULE_DOC_LINES: usize = 12;
/// The code held to the size limits.
const SIZED: &[&str] = &["generator/src/", "generator/cli/src/", "xtask/src/"];
/// The code, templates and generated output that hold no dates or journal citations.
const UNDATED: &[&str] = &[
    "generator/src/",
    "generator/cli/src/",
    "xtask/src/",
    "schema/src/",
    "schema/runtime/",
    "schema/napi/",
    "schema/macros/",
    "templates/",
];
/// The test, benchmark and example code (by extension; their data, fixtures and corpora aside),
/// which holds no dates or journal citations either.
const UNDATED_CODE: &[&str] = &["tests/", "bench/", "examples/", ".ci/"];
/// The code that writes bench/README.md's results tables, and so names it.
const NAMES_BENCH_README: &str = "xtask/src/bench";
/// Prose held to no dated heading: results go in tables, history in git.
const UNDATED_HEADINGS: &[&str] = &["bench/README.md"];
/// Prose that holds no date at all: the contributors' design notes say what decides the design now.
const UNDATED_PROSE: &str = "docs/design/";
const CODE_EXTENSIONS: &[&str] = &[".rs", ".js", ".mjs", ".cjs", ".ts", ".sh"];

pub fn main(project: &Project) -> Result<ExitCode> {
    let files = tracked(project)?;
    let problems = check(project, &files)?;
    for problem in &problems {
        println!("tidy: {problem}");
    }
    println!("tidy: {}, {}", count(files.len(), "file"), count(problems.len(), "problem"));
    Ok(if problems.is_empty() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// The problems of `files` (paths relative to the root), each a line naming its file.
pub fn check(project: &Project, files: &[String]) -> Result<Vec<String>> {
    let mut problems = Vec::new();
    let mut sizes = BTreeMap::new();
    for path in files {
        problems.extend(template_manifest(path));
        let is_rust = path.ends_with(".rs");
        let generated = path.split('/').any(|part| part == "generated");
        let sized = is_rust && SIZED.iter().any(|prefix| path.starts_with(prefix));
        // (Tidy's own source spells out what it looks for.)
        let undated = generated
            || UNDATED.iter().any(|prefix| path.starts_with(prefix)) && !path.starts_with("xtask/src/tidy/")
            || is_undated_code(path);
        // (A template of a generated file opens as its output does: the generated header, then the doc.)
        let documented =
            is_rust && !generated && !path.starts_with("templates/") && !path.split('/').any(|part| part == "fixtures");
        let dated_headings = UNDATED_HEADINGS.contains(&path.as_str());
        let dated_prose = path.starts_with(UNDATED_PROSE) && path.ends_with(".md");
        if !(sized || undated || documented || dated_headings || dated_prose) {
            continue;
        }
        let text = fs::read_to_string(project.path(path)).with_context(|| format!("reading {path}"))?;
        if documented && !text.trim_start().starts_with("//!") {
            problems.push(format!("{path}: does not start with a `//!` doc comment saying what it is"));
        }

        if undated {
            problems.extend(citations(path, &text, path.starts_with(NAMES_BENCH_README)));
        }
        if dated_headings || dated_prose {
            problems.extend(prose_dates(path, &text, dated_headings));
        }
        if sized {
            let doc = doc_prose_lines(&text);
            if doc > MODULE_DOC_LINES {
                problems.push(format!(
                    "{path}: a module doc of {doc} lines (code examples not counted), over {MODULE_DOC_LINES}: \
                     say what the module is and why; details belong on its items"
                ));
            }
            sizes.insert(path.clone(), text.lines().count());
            let found = functions::functions(&text).map_err(|error| anyhow::anyhow!("{path}: {error}"))?;
            for function in found {
                sizes.insert(format!("{path}: {}", function.name), function.lines);
            }
        }
    }
    problems.extend(over_limits(&sizes));
    Ok(problems)
}

/// Whether `path` is test, benchmark or example code ([`UNDATED_CODE`]), not their data.
fn is_undated_code(path: &str) -> bool {
    let data = path.split('/').any(|part| ["fixtures", "corpus", "generated", "node_modules"].contains(&part));
    UNDATED_CODE.iter().any(|prefix| path.starts_with(prefix))
        && CODE_EXTENSIONS.iter().any(|extension| path.ends_with(extension))
        && !data
}

/// How many lines of prose the `//!` comment that opens `text` has (code blocks not counted).
fn doc_prose_lines(text: &str) -> usize {
    let mut in_code = false;
    let mut prose = 0;
    for line in text.lines().map_while(|line| line.strip_prefix("//!")) {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        } else if !in_code && !line.trim().is_empty() {
            prose += 1;
        }
    }
    prose
}

/// The lines of `text` that hold a date or (unless `names_readme`) cite bench/README.
fn citations(path: &str, text: &str, names_readme: bool) -> Vec<String> {
    let mut found = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if has_date(line) {
            found.push(format!("{path}:{}: a date (figures and dates belong in the benchmark results)", index + 1));
        } else if line.contains("bench/README") && !names_readme {
            found.push(format!(
                "{path}:{}: cites bench/README (say why in the comment, not where it was measured)",
                index + 1
            ));
        }
    }
    found
}

/// The lines of Markdown `text` that hold a date: only its headings where `headings_only` (code
/// blocks are not headings).
fn prose_dates(path: &str, text: &str, headings_only: bool) -> Vec<String> {
    let mut in_code = false;
    let mut found = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        }
        let heading = !in_code && line.starts_with('#');
        if (heading || !headings_only) && has_date(line) {
            let what = if headings_only {
                "a dated heading (results are tables `cargo xtask bench --report` writes; history is git's)"
            } else {
                "a date (a design note says what decides the design now; history is git's)"
            };
            found.push(format!("{path}:{}: {what}", index + 1));
        }
    }
    found
}

/// The templates ship in the generator's crate, from which `cargo package` leaves out a directory
/// holding a `Cargo.toml`, taking it for another package: a template of one must be named otherwise.
fn template_manifest(path: &str) -> Option<String> {
    (path.starts_with("templates/") && path.ends_with("/Cargo.toml")).then(|| {
        format!(
            "{path}: `cargo package` would leave its directory out of the generator's crate: name the template otherwise (manifest.toml)"
        )
    })
}

/// Whether `line` holds `YYYY-MM-DD` (a year from 1900 to 2099).
fn has_date(line: &str) -> bool {
    let bytes = line.as_bytes();
    let digits = |range: std::ops::Range<usize>| bytes[range].iter().all(u8::is_ascii_digit);
    (0..bytes.len().saturating_sub(9)).any(|i| {
        (bytes[i..].starts_with(b"19") || bytes[i..].starts_with(b"20"))
            && digits(i..i + 4)
            && bytes[i + 4] == b'-'
            && digits(i + 5..i + 7)
            && bytes[i + 7] == b'-'
            && digits(i + 8..i + 10)
            && (i == 0 || !bytes[i - 1].is_ascii_digit())
            && bytes.get(i + 10).is_none_or(|b| !b.is_ascii_digit())
    })
}

/// The modules and functions over their limit.
fn over_limits(sizes: &BTreeMap<String, usize>) -> Vec<String> {
    let mut problems = Vec::new();
    for (name, &lines) in sizes {
        let (what, limit) = if name.contains(": ") { ("function", FUNCTION_LINES) } else { ("module", MODULE_LINES) };
        if lines > limit {
            problems.push(format!("{name}: a {what} of {lines} lines, over the limit of {limit}: split it"));
        }
    }
    problems
}

/// The files git tracks, relative to the root.
fn tracked(project: &Project) -> Result<Vec<String>> {
    let output = Command::new("git").args(["ls-files", "-z"]).current_dir(&project.root).output();
    let output = output.context("running `git ls-files` (tidy checks the files of a git checkout)")?;
    if !output.status.success() {
        bail!("`git ls-files` failed: {}", String::from_utf8_lossy(&output.stderr).trim());
    }
    let list = String::from_utf8(output.stdout).context("`git ls-files` printed a path that is not UTF-8")?;
    Ok(list.split('\0').filter(|path| !path.is_empty()).map(str::to_owned).collect())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::{has_date, over_limits};

    #[test]
    fn finds_modules_and_functions_over_their_limits() {
        let sizes: BTreeMap<String, usize> = [("a.rs", 401), ("a.rs: f", 80), ("b.rs", 400), ("b.rs: g", 81)]
            .into_iter()
            .map(|(name, lines)| (name.to_owned(), lines))
            .collect();
        let problems = over_limits(&sizes);
        assert_eq!(problems.len(), 2, "{problems:#?}");
        assert!(problems[0].starts_with("a.rs: a module of 401 lines"), "{}", problems[0]);
        assert!(problems[1].starts_with("b.rs: g: a function of 81 lines"), "{}", problems[1]);
    }

    #[test]
    fn counts_a_module_docs_prose() {
        let text = "//! What.\n//!\n//! Why.\n//! ```\n//! code();\n//! ```\n\nfn f() {}\n//! not the opening doc\n";
        assert_eq!(super::doc_prose_lines(text), 2);
    }

    #[test]
    fn finds_templates_cargo_package_would_leave_out() {
        assert!(super::template_manifest("templates/napi/Cargo.toml").is_some());
        assert!(super::template_manifest("templates/napi/manifest.toml").is_none());
        assert!(super::template_manifest("examples/jsonc/Cargo.toml").is_none());
    }

    #[test]
    fn finds_dates_only() {
        assert!(has_date("bench/README.md, 2026-11-26, \"cold code\""));
        assert!(has_date("2026-11-26"));
        assert!(!has_date("0.157.0, 1.91.0"));
        assert!(!has_date("12026-11-266"));
        assert!(!has_date("2026-11"));
    }

    #[test]
    fn finds_dated_headings_and_dates_in_design_notes() {
        let text = "# Benchmarks\n\nMeasured 1999-01-02.\n\n## 1999-01-02, a run\n```sh\n# 1999-01-02\n```\n";
        let headings = super::prose_dates("bench/README.md", text, true);
        assert_eq!(headings.len(), 1, "{headings:?}");
        assert!(headings[0].starts_with("bench/README.md:5: a dated heading"), "{}", headings[0]);
        let notes = super::prose_dates("docs/design/x.md", text, false);
        let lines: Vec<&str> = notes.iter().map(|n| n.split(": ").next().unwrap()).collect();
        assert_eq!(lines, ["docs/design/x.md:3", "docs/design/x.md:5", "docs/design/x.md:7"]);
    }

    #[test]
    fn lets_the_bench_command_name_the_readme_it_writes() {
        assert!(
            super::citations("xtask/src/bench/report.rs", "const README: &str = \"bench/README.md\";", true).is_empty()
        );
        assert_eq!(super::citations("xtask/src/codegen.rs", "// see bench/README.md", false).len(), 1);
    }

    #[test]
    fn holds_test_and_bench_code_but_not_their_data() {
        assert!(super::is_undated_code("tests/fuzz/run.js"));
        assert!(super::is_undated_code("bench/oxlint.js"));
        assert!(super::is_undated_code("examples/jsonc/src/main.rs"));
        assert!(!super::is_undated_code("bench/README.md"));
        assert!(!super::is_undated_code("tests/spans/corpus/decorators.ts"));
        assert!(!super::is_undated_code("generator/tests/fixtures/oxc/ast.rs"));
    }
}
