//! One results table of bench/README.md, in Markdown, from the JSON one bench wrote: the line that
//! says where and when it ran, then the geomeans of the ratios its goals are about, per file class,
//! and the goals themselves.

use std::fmt::Write;

use anyhow::{Context, Result, bail};
use serde_json::Value;

use super::Bench;

/// What a bench's table shows.
pub(crate) enum Table {
    /// A row per file class (each file's `classes`), a column per ratio or count, then notes.
    ByClass { columns: &'static [Column], notes: &'static [Note] },
    /// The end-to-end bench's own geomeans (`geomeans[]`, each over the files it names) and its
    /// worker pool (`workers`).
    EndToEnd,
}

/// A column of a [`Table::ByClass`]: its title, the two figures of each file it sets against each
/// other (JSON pointers into a `files[]` entry: `/ns_per_node/rawast`, `/ms/walk_full/median`),
/// and its goal, if it has one (`≤ 0.85`).
pub(crate) enum Column {
    /// The geomean of `num ÷ den` over the class's files that have both (per-call figures exist
    /// for small files only).
    Ratio { title: &'static str, num: &'static str, den: &'static str, goal: Option<&'static str> },
    /// How many of the class's files have `num > den`.
    Slower { title: &'static str, num: &'static str, den: &'static str, goal: Option<&'static str> },
}

/// A line under a [`Table::ByClass`].
pub(crate) enum Note {
    /// `fixed_cost_us`: µs per call on the empty program, of these methods.
    FixedCost(&'static [&'static str]),
    /// Each non-ASCII file against its ASCII twin (`ascii_twin.{original,twin}`), and the goal.
    AsciiTwin { goal: &'static str },
}

/// The file classes in the order the benches print them (`fileClasses` of bench/common.js);
/// classes not listed follow, by name.
const CLASS_ORDER: &[&str] =
    &["under 5 KB", "5–100 KB", "100 KB and over", "JavaScript", "JSX and TSX", "TypeScript", "non-ASCII-heavy"];

/// The Markdown of `bench`'s results in `json` (what its `--json` wrote).
pub(crate) fn render(bench: &Bench, json: &Value) -> Result<String> {
    let mut out = format!("{}\n", run_line(bench, json)?);
    match &bench.table {
        Table::ByClass { columns, notes } => {
            let files = json.get("files").and_then(Value::as_array).context("no `files` array")?;
            if files.is_empty() {
                bail!("no file in `files`");
            }
            out.push('\n');
            out.push_str(&class_table(files, columns)?);
            for note in *notes {
                write!(out, "\n{}\n", note_line(note, json, files)?)?;
            }
        }
        Table::EndToEnd => out.push_str(&end_to_end(json)?),
    }
    Ok(out)
}

/// What stands in for the table of a bench whose results file is not there.
pub(crate) fn not_measured(bench: &Bench) -> String {
    format!("Not measured yet: run `{}`, then `cargo xtask bench --report`.\n", bench.command())
}

/// `AMD EPYC 7B13 (2 cores), Node v24.21.0, <day>, 15 samples: `cargo xtask bench …``.
fn run_line(bench: &Bench, json: &Value) -> Result<String> {
    let text = |key: &str| -> Result<String> {
        let value = json.get(key).with_context(|| {
            format!("no `{key}`: written before benches recorded their machine? Run `{}` again", bench.command())
        })?;
        Ok(value.as_str().map_or_else(|| value.to_string(), str::to_owned))
    };
    Ok(format!(
        "{} ({} cores), Node {}, {}, {} samples: `{}`.",
        text("cpu")?,
        text("cores")?,
        text("node")?,
        text("date")?,
        text("samples")?,
        bench.command()
    ))
}

/// The table of a [`Table::ByClass`]: a row per class, one for all files, one of the goals.
fn class_table(files: &[Value], columns: &[Column]) -> Result<String> {
    let mut classes: Vec<&str> = Vec::new();
    for (i, file) in files.iter().enumerate() {
        let list =
            file.get("classes").and_then(Value::as_array).with_context(|| format!("files[{i}] has no `classes`"))?;
        for class in list {
            let class = class.as_str().with_context(|| format!("files[{i}].classes holds a non-string"))?;
            if !classes.contains(&class) {
                classes.push(class);
            }
        }
    }
    let rank = |class: &str| CLASS_ORDER.iter().position(|c| *c == class).unwrap_or(CLASS_ORDER.len());
    classes.sort_by(|a, b| rank(a).cmp(&rank(b)).then(a.cmp(b)));

    let titles: Vec<&str> = columns.iter().map(Column::title).collect();
    let mut out = format!("| files | n | {} |\n|---|---:|{}\n", titles.join(" | "), "---:|".repeat(columns.len()));
    let in_class = |class: &str| -> Vec<&Value> {
        files.iter().filter(|f| f["classes"].as_array().is_some_and(|l| l.iter().any(|c| c == class))).collect()
    };
    for (name, members) in classes.iter().map(|c| (*c, in_class(c))).chain([("all", files.iter().collect())]) {
        let cells: Vec<String> = columns.iter().map(|column| column.cell(&members)).collect::<Result<_>>()?;
        writeln!(out, "| {name} | {} | {} |", members.len(), cells.join(" | "))?;
    }
    if columns.iter().any(|column| column.goal().is_some()) {
        let goals: Vec<&str> = columns.iter().map(|column| column.goal().unwrap_or("")).collect();
        writeln!(out, "| goal | | {} |", goals.join(" | "))?;
    }
    Ok(out)
}

impl Column {
    fn title(&self) -> &'static str {
        match self {
            Column::Ratio { title, .. } | Column::Slower { title, .. } => title,
        }
    }

    fn goal(&self) -> Option<&'static str> {
        match self {
            Column::Ratio { goal, .. } | Column::Slower { goal, .. } => *goal,
        }
    }

    /// The column's cell for `files`: `—` where none of them has its figures.
    fn cell(&self, files: &[&Value]) -> Result<String> {
        let (Column::Ratio { num, den, .. } | Column::Slower { num, den, .. }) = self;
        let mut pairs = Vec::new();
        for file in files {
            match (file.pointer(num), file.pointer(den)) {
                (Some(a), Some(b)) => {
                    let path = file.get("path").and_then(Value::as_str).unwrap_or("a file");
                    pairs.push((figure(a, &format!("{path}: {num}"))?, figure(b, &format!("{path}: {den}"))?));
                }
                _ => continue,
            }
        }
        if pairs.is_empty() {
            return Ok("—".to_owned());
        }
        Ok(match self {
            Column::Ratio { .. } => format!("{:.2}", geomean(pairs.iter().map(|(a, b)| a / b))),
            Column::Slower { .. } => pairs.iter().filter(|(a, b)| a > b).count().to_string(),
        })
    }
}

/// A positive figure at `at`, or why not.
fn figure(value: &Value, at: &str) -> Result<f64> {
    match value.as_f64() {
        Some(n) if n > 0.0 => Ok(n),
        _ => bail!("{at} is {value}, not a positive figure"),
    }
}

fn geomean(ratios: impl Iterator<Item = f64>) -> f64 {
    let (sum, count) = ratios.fold((0.0, 0.0), |(sum, count), r: f64| (sum + r.ln(), count + 1.0));
    (sum / count).exp()
}

fn note_line(note: &Note, json: &Value, files: &[Value]) -> Result<String> {
    match note {
        Note::FixedCost(methods) => {
            let us = json.get("fixed_cost_us").context("no `fixed_cost_us`")?;
            let cells: Vec<String> = methods
                .iter()
                .map(|m| {
                    let at = format!("fixed_cost_us.{m}");
                    Ok(format!("{m} {:.2}", figure(us.get(*m).with_context(|| format!("no `{at}`"))?, &at)?))
                })
                .collect::<Result<_>>()?;
            Ok(format!("The empty program (a call's fixed cost), µs per call: {}.", cells.join(", ")))
        }
        Note::AsciiTwin { goal } => {
            let mut twins = Vec::new();
            for file in files {
                if let Some(twin) = file.get("ascii_twin") {
                    let original = figure(&twin["original"], "ascii_twin.original")?;
                    let ascii = figure(&twin["twin"], "ascii_twin.twin")?;
                    twins.push((file["path"].as_str().unwrap_or("?"), original / ascii));
                }
            }
            let Some((worst, ratio)) = twins.iter().copied().max_by(|a, b| a.1.total_cmp(&b.1)) else {
                return Ok("No file of the run has non-ASCII text, so none has an ASCII twin.".to_owned());
            };
            Ok(format!(
                "Non-ASCII files against their ASCII twins (rawast's ns per node, every non-ASCII \
                 character replaced): geomean {:.2} over {} files, at most {ratio:.2} (`{worst}`); goal {goal} on every file.",
                geomean(twins.iter().map(|t| t.1)),
                twins.len()
            ))
        }
    }
}

/// The end-to-end bench's geomeans, as it computed them over the files each names, with its goals;
/// then its worker pool.
fn end_to_end(json: &Value) -> Result<String> {
    let geomeans = json.get("geomeans").and_then(Value::as_array).context("no `geomeans` array")?;
    let mut out = "\n| ratio | files | value | goal |\n|---|---|---:|---|\n".to_owned();
    for (i, row) in geomeans.iter().enumerate() {
        let at = |key: &str| row.get(key).with_context(|| format!("geomeans[{i}] has no `{key}`"));
        let ratio = at("ratio")?.as_str().context("a `ratio` that is no string")?;
        let name = match ratio.split_once('/') {
            Some(("handover", den)) => format!("hand-over ÷ {den} (median)"),
            Some((num, den)) => format!("{num} ÷ {den}"),
            None => ratio.to_owned(),
        };
        let over = at("over")?.as_str().unwrap_or("?").replace(">=", "≥");
        let value = at("value")?.as_f64().with_context(|| format!("geomeans[{i}].value is no number"))?;
        let goal = at("at_most")?.as_f64().map_or_else(String::new, |bound| format!("≤ {bound}"));
        writeln!(out, "| {name} | {over} ({}) | {value:.2} | {goal} |", at("files")?)?;
    }
    let workers = json.get("workers").context("no `workers`")?;
    let per_second = |n: &str| -> Result<f64> {
        workers
            .pointer(&format!("/files_per_second/{n}"))
            .and_then(Value::as_f64)
            .context("no `workers.files_per_second`")
    };
    write!(
        out,
        "\nThe JSONC example's lint pool (`examples/jsonc/lint/pool.js`) on all {} files: {:.0} files per second with 1 worker, {:.0} with 2; \
         2 ÷ 1 = {:.2} (goal ≥ 1.7 on 2 cores).\n",
        workers["files"],
        per_second("1")?,
        per_second("2")?,
        per_second("2")? / per_second("1")?
    )?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{Column, Note, Table, not_measured, render};
    use crate::bench::report::Bench;

    const SAME_BUFFER: Bench = Bench {
        name: "t",
        flags: &["--target", "oxc-js"],
        table: Table::ByClass {
            columns: &[
                Column::Ratio {
                    title: "rawast ÷ oxc",
                    num: "/ns_per_node/rawast",
                    den: "/ns_per_node/oxc",
                    goal: Some("≤ 0.85"),
                },
                Column::Slower {
                    title: "slower",
                    num: "/ns_per_node/rawast",
                    den: "/ns_per_node/oxc",
                    goal: Some("0"),
                },
                Column::Ratio { title: "per call", num: "/per_call_us/rawast", den: "/per_call_us/oxc", goal: None },
            ],
            notes: &[Note::FixedCost(&["rawast", "oxc"])],
        },
    };

    /// A run of two files: one small JavaScript file twice as fast as oxc, one large one half as fast.
    fn run() -> serde_json::Value {
        json!({
            "node": "v24.0.0", "machine": "Test CPU (2 cores), Node v24.0.0", "cpu": "Test CPU", "cores": 2,
            "date": "2100-01-02", "samples": 15,
            "files": [
                { "path": "a.js", "classes": ["under 5 KB", "JavaScript"], "ns_per_node": { "rawast": 50, "oxc": 100 },
                  "per_call_us": { "rawast": 2.0, "oxc": 1.0 } },
                { "path": "b.js", "classes": ["100 KB and over", "JavaScript"], "ns_per_node": { "rawast": 200, "oxc": 100 } },
            ],
            "fixed_cost_us": { "rawast": 0.2712, "oxc": 0.2 },
        })
    }

    #[test]
    fn draws_a_row_per_class_then_all_files_and_the_goals() {
        assert_eq!(
            render(&SAME_BUFFER, &run()).unwrap(),
            "Test CPU (2 cores), Node v24.0.0, 2100-01-02, 15 samples: \
             `cargo xtask bench --target oxc-js --json bench/results/t.json`.\n\
             \n\
             | files | n | rawast ÷ oxc | slower | per call |\n\
             |---|---:|---:|---:|---:|\n\
             | under 5 KB | 1 | 0.50 | 0 | 2.00 |\n\
             | 100 KB and over | 1 | 2.00 | 1 | — |\n\
             | JavaScript | 2 | 1.00 | 1 | 2.00 |\n\
             | all | 2 | 1.00 | 1 | 2.00 |\n\
             | goal | | ≤ 0.85 | 0 |  |\n\
             \n\
             The empty program (a call's fixed cost), µs per call: rawast 0.27, oxc 0.20.\n"
        );
    }

    #[test]
    fn refuses_results_without_the_machine_or_with_a_lost_figure() {
        let mut undated = run();
        undated.as_object_mut().unwrap().remove("date");
        let error = render(&SAME_BUFFER, &undated).unwrap_err().to_string();
        assert!(error.starts_with("no `date`: "), "{error}");
        assert!(error.contains("`cargo xtask bench --target oxc-js --json bench/results/t.json`"), "{error}");

        let mut lost = run();
        lost["files"][1]["ns_per_node"]["rawast"] = json!(null);
        assert_eq!(
            render(&SAME_BUFFER, &lost).unwrap_err().to_string(),
            "b.js: /ns_per_node/rawast is null, not a positive figure"
        );
    }

    #[test]
    fn says_how_to_measure_what_is_not_measured() {
        assert_eq!(
            not_measured(&SAME_BUFFER),
            "Not measured yet: run `cargo xtask bench --target oxc-js --json bench/results/t.json`, then `cargo xtask bench --report`.\n"
        );
    }

    #[test]
    fn draws_the_end_to_end_geomeans_and_the_worker_pool() {
        let bench = Bench { name: "e2e", flags: &["--e2e"], table: Table::EndToEnd };
        let mut json = run();
        json["geomeans"] = json!([
            { "ratio": "raw/json_route", "over": ">= 100 KB", "files": 6, "value": 0.1123, "at_most": 0.35 },
            { "ratio": "handover/raw", "over": "all", "files": 24, "value": 0.021, "at_most": 0.05 },
            { "ratio": "raw/parse_only", "over": "all", "files": 24, "value": 1.9, "at_most": null },
        ]);
        json["workers"] =
            json!({ "files": 300, "passes": 2, "files_per_second": { "1": 1000.4, "2": 1850.2 }, "ratio": 1.85 });
        let table = render(&bench, &json).unwrap();
        assert_eq!(
            table.split_once('\n').unwrap().1,
            "\n\
             | ratio | files | value | goal |\n\
             |---|---|---:|---|\n\
             | raw ÷ json_route | ≥ 100 KB (6) | 0.11 | ≤ 0.35 |\n\
             | hand-over ÷ raw (median) | all (24) | 0.02 | ≤ 0.05 |\n\
             | raw ÷ parse_only | all (24) | 1.90 |  |\n\
             \n\
             The JSONC example's lint pool (`examples/jsonc/lint/pool.js`) on all 300 files: 1000 files per second with 1 worker, 1850 with 2; \
             2 ÷ 1 = 1.85 (goal ≥ 1.7 on 2 cores).\n"
        );
    }
}
