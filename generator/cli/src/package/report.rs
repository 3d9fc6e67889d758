//! What `rawast package` found: a row per package, each step's result, the output of those that
//! failed, and the summary it prints.

use std::fmt::Write as _;

/// One package's results.
#[derive(Debug, Clone)]
pub struct PackageRow {
    /// The package's npm name.
    pub name: String,
    /// Its version, from its `package.json`.
    pub version: String,
    /// The tarball's file name, once packed.
    pub tarball: String,
    /// The tarball's size in bytes.
    pub size: u64,
    /// Each step in order: its name and whether it passed (`None`: not run).
    pub steps: Vec<(String, Option<bool>)>,
    /// The output of each failed step.
    pub failures: Vec<String>,
}

/// What `package` found.
#[derive(Debug, Clone)]
pub struct PackageReport {
    /// A row per package, in the order of the configuration's targets.
    pub rows: Vec<PackageRow>,
}

impl PackageReport {
    /// How many packages failed a step: the command's exit status is 1 when any did.
    pub fn failed(&self) -> usize {
        self.rows.iter().filter(|row| !row.failures.is_empty()).count()
    }

    /// A markdown table (one row per package, one column per step), then the output of each failed
    /// step, then the last line: `package: P packages, F failed`.
    pub fn summary(&self) -> String {
        let mut steps: Vec<&str> = Vec::new();
        for (step, _) in self.rows.iter().flat_map(|row| &row.steps) {
            if !steps.contains(&step.as_str()) {
                steps.push(step);
            }
        }
        let mut out = String::from("\n| package | version | tarball | size |");
        for step in &steps {
            write!(out, " {step} |").unwrap();
        }
        out.push_str("\n| --- | --- | --- | ---: |");
        out.push_str(&" --- |".repeat(steps.len()));
        out.push('\n');
        for row in &self.rows {
            write!(out, "| {} | {} | {} | {:.1} kB |", row.name, row.version, row.tarball, row.size as f64 / 1000.0)
                .unwrap();
            for step in &steps {
                let result = row.steps.iter().find(|(name, _)| name == step).and_then(|(_, ok)| *ok);
                out.push_str(match result {
                    Some(true) => " ok |",
                    Some(false) => " FAIL |",
                    None => " - |",
                });
            }
            out.push('\n');
        }
        for failure in self.rows.iter().flat_map(|row| &row.failures) {
            write!(out, "\n{failure}\n").unwrap();
        }
        // The last line is a command contract (DESIGN.md), which scripts match as it is: "packages"
        // even for one.
        writeln!(out, "\npackage: {} packages, {} failed", self.rows.len(), self.failed()).unwrap();
        out
    }
}
