//! `cargo xtask bench --report`: the results tables of bench/README.md, written from the JSON each
//! bench leaves in `bench/results/<name>.json`, so that the figures a reader sees are the last
//! run's and no one retypes them. `--report --check` compares instead, and fails where a table
//! differs from its JSON ([`BENCHES`] lists the benches, [`render`] draws a table, [`regions`]
//! finds where it goes).

pub(crate) mod regions;
pub(crate) mod render;

use std::collections::BTreeMap;
use std::fs;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use rawast_generator::plural::count;
use serde_json::Value;

use self::render::{Column, Note, Table};
use crate::project::{self, Project};

/// The README whose tables `--report` writes.
pub(crate) const README: &str = "bench/README.md";
/// Where each bench's `--json` is kept, as `<name>.json`.
pub(crate) const RESULTS: &str = "bench/results";

/// A bench whose results bench/README.md shows: the name of its region and results file, the
/// flags of `cargo xtask bench` that run it, and its table.
pub(crate) struct Bench {
    pub name: &'static str,
    pub flags: &'static [&'static str],
    pub table: Table,
}

impl Bench {
    /// The command that writes its results file.
    pub(crate) fn command(&self) -> String {
        let flags: String = self.flags.iter().map(|flag| format!("{flag} ")).collect();
        format!("cargo xtask bench {flags}--json {RESULTS}/{}.json", self.name)
    }
}

/// Per node: rawast's ns against each method's (`/ns_per_node/<method>`), for the same-buffer benches.
macro_rules! per_node {
    ($title:literal, $peer:literal, $goal:expr) => {
        Column::Ratio { title: $title, num: "/ns_per_node/rawast", den: concat!("/ns_per_node/", $peer), goal: $goal }
    };
}

/// A walk bench's ratio of two methods' median ms.
macro_rules! ms {
    ($num:literal, $den:literal, $goal:expr) => {
        Column::Ratio {
            title: concat!($num, " ÷ ", $den),
            num: concat!("/ms/", $num, "/median"),
            den: concat!("/ms/", $den, "/median"),
            goal: $goal,
        }
    };
}

const WALK_SLOWER: Column = Column::Slower {
    title: "walk_full slower than eager_visit_full",
    num: "/ms/walk_full/median",
    den: "/ms/eager_visit_full/median",
    goal: None,
};

const OXC_PER_NODE: &[Column] = &[
    per_node!("rawast ÷ oxc", "oxc", Some("≤ 0.85")),
    per_node!("rawast ÷ construct", "construct", Some("≤ 1.4")),
    per_node!("rawast ÷ JSON.parse", "json", None),
    Column::Slower { title: "slower than oxc", num: "/ns_per_node/rawast", den: "/ns_per_node/oxc", goal: Some("0") },
    Column::Ratio {
        title: "per call ÷ oxc", num: "/per_call_us/rawast", den: "/per_call_us/oxc", goal: Some("≤ 1.2")
    },
];

const OXC_VISIT: &[Column] = &[
    ms!("walk_full", "oxc_eager_visitor_full", Some("≤ 0.8")),
    ms!("walk_sparse", "oxc_eager", Some("≤ 0.1")),
    ms!("walk_full", "eager_visit_full", None),
    ms!("oxc_lazy_visitor_sparse", "oxc_eager", None),
    WALK_SLOWER,
];

/// The benches bench/README.md shows, in its order.
pub(crate) const BENCHES: &[Bench] = &[
    Bench {
        name: "deserialize",
        flags: &[],
        table: Table::ByClass {
            columns: &[
                per_node!("rawast ÷ oxc", "oxc", None),
                per_node!("rawast ÷ JSON.parse", "json", Some("≤ 0.18")),
                per_node!("rawast ÷ clone", "clone", Some("≤ 1.0")),
                Column::Slower {
                    title: "slower than oxc",
                    num: "/ns_per_node/rawast",
                    den: "/ns_per_node/oxc",
                    goal: Some("0"),
                },
                Column::Ratio {
                    title: "per call ÷ oxc",
                    num: "/per_call_us/rawast",
                    den: "/per_call_us/oxc",
                    goal: None,
                },
            ],
            notes: &[Note::FixedCost(&["rawast", "oxc"]), Note::AsciiTwin { goal: "≤ 1.2" }],
        },
    },
    Bench {
        name: "oxc-js",
        flags: &["--target", "oxc-js"],
        table: Table::ByClass { columns: OXC_PER_NODE, notes: &[Note::FixedCost(&["rawast", "oxc"])] },
    },
    Bench {
        name: "oxc-ts",
        flags: &["--target", "oxc-ts"],
        table: Table::ByClass { columns: OXC_PER_NODE, notes: &[Note::FixedCost(&["rawast", "oxc"])] },
    },
    Bench {
        name: "oxlint-plugins",
        flags: &["--target", "oxlint-plugins"],
        table: Table::ByClass {
            columns: &[
                per_node!("rawast ÷ Oxlint", "oxlint", Some("≤ 1.0 per class")),
                per_node!("rawast ÷ construct", "construct", None),
                per_node!("rawast ÷ JSON.parse", "json", None),
                Column::Slower {
                    title: "slower than Oxlint",
                    num: "/ns_per_node/rawast",
                    den: "/ns_per_node/oxlint",
                    goal: None,
                },
                Column::Ratio {
                    title: "per call ÷ Oxlint",
                    num: "/per_call_us/rawast",
                    den: "/per_call_us/oxlint",
                    goal: Some("≤ 1.0"),
                },
            ],
            notes: &[Note::FixedCost(&["rawast", "oxlint"])],
        },
    },
    Bench {
        name: "visit",
        flags: &["--visit"],
        table: Table::ByClass {
            columns: &[
                ms!("walk_full", "eager_visit_full", None),
                ms!("walk_full", "eager", None),
                ms!("walk_sparse", "eager", None),
                WALK_SLOWER,
            ],
            notes: &[],
        },
    },
    Bench {
        name: "visit-parser-lazy",
        flags: &["--visit", "--target", "parser-lazy"],
        table: Table::ByClass {
            columns: &[
                ms!("lazy_visit_full", "eager_visit_full", Some("≤ 1.2")),
                ms!("walk_full", "eager_visit_full", None),
                ms!("walk_sparse", "eager", None),
            ],
            notes: &[],
        },
    },
    Bench {
        name: "visit-oxc-js",
        flags: &["--visit", "--target", "oxc-js"],
        table: Table::ByClass { columns: OXC_VISIT, notes: &[] },
    },
    Bench {
        name: "visit-oxc-ts",
        flags: &["--visit", "--target", "oxc-ts"],
        table: Table::ByClass { columns: OXC_VISIT, notes: &[] },
    },
    Bench { name: "e2e", flags: &["--e2e"], table: Table::EndToEnd },
];

/// `--report` (`check`: `--report --check`).
pub fn main(project: &Project, check: bool) -> Result<ExitCode> {
    let readme = fs::read_to_string(project.path(README)).with_context(|| format!("reading {README}"))?;
    let tables = tables(project)?;
    let stale = regions::stale(&readme, &tables)?;
    if check {
        for name in &stale {
            eprintln!(
                "{README}: the results of `{name}` are not what {RESULTS}/{name}.json gives: run `cargo xtask bench --report`"
            );
        }
        let verb = if stale.len() == 1 { "differs" } else { "differ" };
        println!("report: {}, {} {verb} from their JSON", count(tables.len(), "table"), stale.len());
        return Ok(project::exit_code(stale.is_empty()));
    }
    if !stale.is_empty() {
        fs::write(project.path(README), regions::rewrite(&readme, &tables)?)?;
    }
    println!("report: {}, {} written", count(tables.len(), "table"), stale.len());
    Ok(ExitCode::SUCCESS)
}

/// `cargo xtask test`'s check that the tables are their JSON's, before the benches run.
pub fn check(project: &Project) -> Result<()> {
    if main(project, true)? != ExitCode::SUCCESS {
        bail!("{README}'s results tables differ from {RESULTS}/*.json: run `cargo xtask bench --report`");
    }
    Ok(())
}

/// Each bench's table, by name: rendered from its results file, or the line that says how to
/// make one. A results file no bench writes is an error (a renamed bench's, or a typo).
fn tables(project: &Project) -> Result<BTreeMap<&'static str, String>> {
    let dir = project.path(RESULTS);
    if dir.is_dir() {
        for entry in fs::read_dir(&dir)? {
            let name = entry?.file_name().to_string_lossy().into_owned();
            if !BENCHES.iter().any(|bench| format!("{}.json", bench.name) == name) {
                let names: Vec<String> = BENCHES.iter().map(|bench| format!("{}.json", bench.name)).collect();
                bail!("{RESULTS}/{name} is no bench's results (they are {})", names.join(", "));
            }
        }
    }
    let mut tables = BTreeMap::new();
    for bench in BENCHES {
        let path = dir.join(format!("{}.json", bench.name));
        let table = if path.is_file() {
            let json: Value = serde_json::from_str(&fs::read_to_string(&path)?)
                .with_context(|| format!("{RESULTS}/{}.json is not JSON", bench.name))?;
            render::render(bench, &json).with_context(|| format!("{RESULTS}/{}.json", bench.name))?
        } else {
            render::not_measured(bench)
        };
        tables.insert(bench.name, table);
    }
    Ok(tables)
}

/// The bench whose flags are `flags` (as `cargo xtask bench --check` runs it), if the README shows it.
pub(crate) fn bench_of(flags: &[&str]) -> Option<&'static Bench> {
    BENCHES.iter().find(|bench| bench.flags == flags)
}
