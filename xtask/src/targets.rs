//! The targets the JS harness runs (conformance, fuzz, the same-buffer bench): those of
//! `codegen.toml` (rawast's buffers) and of `tests/oxc/codegen.toml` (oxc-parser's), each handed to
//! a script as one JSON object, `--target-json '{…}'`, which `tests/targets.js` reads. This is the
//! one description of a target both sides share.

use std::path::{Path, PathBuf};

use anyhow::{Result, ensure};
use rawast_generator::config::{Config, OxcSettings, Runtime, SourcePlacement, SourceText, Target, TargetSettings};
use rawast_generator::layout::PointerWidth;
use serde::Serialize;

use crate::layouts;
use crate::project::{CONFIG, OXC_CONFIG, Project};

/// One target as the JS harness gets it (the JSON of `--target-json`).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct HarnessTarget {
    pub name: String,
    #[serde(flatten)]
    pub format: Format,
    /// The producer's pointer width in bits: 64, or 32 for buffers of the wasm32 producer.
    pub pointer_width: u32,
    /// A lazy target: its trees are read whole with the module's `materialize`.
    pub lazy: bool,
    /// The generated deserializer (absolute).
    pub module: PathBuf,
    /// The layout its buffers are walked with (absolute; `cargo xtask layouts` writes it).
    pub layout_file: PathBuf,
    /// The configuration that names it (relative to the root), for messages.
    #[serde(skip)]
    pub config: &'static str,
}

/// Whose buffers a target reads, with what that format needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "format", rename_all = "lowercase", rename_all_fields = "camelCase")]
pub enum Format {
    /// The test producer's buffers: `start` is the parser layout, `end` the linter layout; `web`:
    /// the deserializer is written for the web runtime (no `Buffer`), and runs in browsers.
    Rawast { source_placement: &'static str, web: bool },
    /// oxc-parser's buffers, read as oxc's deserializer of that variant (`ts`, `js_range`, …) does.
    Oxc { typescript: bool, range: bool, parent: bool, linter: bool, source_text: &'static str },
}

impl HarnessTarget {
    /// The argument that hands it to a harness script: `--target-json` and its JSON.
    pub fn arg(&self) -> [String; 2] {
        ["--target-json".to_owned(), serde_json::to_string(self).expect("a target serializes")]
    }

    pub fn is_oxc(&self) -> bool {
        matches!(self.format, Format::Oxc { .. })
    }

    /// Whether it reads Oxlint's buffers (`linter = true`), which Oxlint itself writes.
    /// Whether its deserializer is written for the web runtime (`cargo xtask browser` runs it).
    pub fn is_web(&self) -> bool {
        matches!(self.format, Format::Rawast { web: true, .. })
    }

    pub fn is_oxlint(&self) -> bool {
        matches!(self.format, Format::Oxc { linter: true, .. })
    }

    /// Whether its buffers come from the wasm32 producer.
    pub fn is_32_bit(&self) -> bool {
        self.pointer_width == PointerWidth::W32.bits()
    }

    /// Fails, naming the command that writes it, if its deserializer has not been generated.
    pub fn ensure_generated(&self) -> Result<()> {
        ensure!(
            self.module.exists(),
            "{} is missing: run `cargo xtask codegen --config {}`",
            self.module.display(),
            self.config
        );
        Ok(())
    }
}

/// Every target of both configurations: `codegen.toml`'s, then `tests/oxc/codegen.toml`'s, each in
/// name order.
pub struct Targets {
    all: Vec<HarnessTarget>,
}

impl Targets {
    pub fn read(project: &Project) -> Result<Targets> {
        let mut all = Vec::new();
        for config_name in [CONFIG, OXC_CONFIG] {
            let path = project.path(config_name);
            let config = rawast::read_config(&path)?;
            let dir = path.parent().expect("a configuration file lies in a directory");
            all.extend(config.targets.iter().map(|target| harness_target(project, config_name, dir, &config, target)));
        }
        Ok(Targets { all })
    }

    /// The targets `name` selects: `all`, or the one of that name. `None` if no target has it.
    pub fn select(&self, name: &str) -> Option<Vec<HarnessTarget>> {
        let selected: Vec<HarnessTarget> =
            self.all.iter().filter(|t| name == "all" || t.name == name).cloned().collect();
        (!selected.is_empty()).then_some(selected)
    }

    /// The oxc target named `name`, if there is one.
    pub fn oxc(&self, name: &str) -> Option<HarnessTarget> {
        self.all.iter().find(|t| t.is_oxc() && t.name == name).cloned()
    }

    /// What each configuration has, for the message about a target name that none has:
    /// `codegen.toml has a, b; tests/oxc/codegen.toml has c, d`.
    pub fn names(&self, oxc_only: bool) -> String {
        let configs: &[&str] = if oxc_only { &[OXC_CONFIG] } else { &[CONFIG, OXC_CONFIG] };
        let listed: Vec<String> = configs
            .iter()
            .map(|config| {
                let names: Vec<&str> =
                    self.all.iter().filter(|t| t.config == *config).map(|t| t.name.as_str()).collect();
                format!("{config} has {}", names.join(", "))
            })
            .collect();
        listed.join("; ")
    }
}

fn harness_target(
    project: &Project,
    config_name: &'static str,
    dir: &Path,
    config: &Config,
    target: &Target,
) -> HarnessTarget {
    let (format, pointer_width, lazy, layout_file) = match &target.settings {
        TargetSettings::Rawast(settings) => {
            let source_placement = match settings.source_placement {
                SourcePlacement::Start => "start",
                SourcePlacement::End => "end",
            };
            let web = settings.runtime == Runtime::Web;
            (
                Format::Rawast { source_placement, web },
                settings.pointer_width,
                settings.lazy,
                layouts::rawast_file(project, settings.pointer_width),
            )
        }
        // oxc-parser's buffers have 64-bit pointers, and its deserializers are eager.
        &TargetSettings::Oxc(OxcSettings { typescript, range, parent, linter, source_text }) => {
            let source_text = match source_text {
                SourceText::Argument => "argument",
                SourceText::Buffer => "buffer",
            };
            (
                Format::Oxc { typescript, range, parent, linter, source_text },
                PointerWidth::W64,
                false,
                layouts::oxc_file(project),
            )
        }
    };
    HarnessTarget {
        name: target.name.clone(),
        format,
        pointer_width: pointer_width.bits(),
        lazy,
        module: dir.join(&config.output_dir.path).join(target.module_dir()).join("deserialize.js"),
        layout_file,
        config: config_name,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::Targets;
    use crate::project::Project;

    /// The JSON of both formats has the shape tests/targets.js reads (and checks).
    #[test]
    fn targets_reach_the_harness_in_the_shape_it_reads() {
        let project = Project::from_env();
        let targets = Targets::read(&project).unwrap();
        let json = |name: &str| serde_json::to_value(&targets.select(name).unwrap()[0]).unwrap();
        let path = |relative: &str| project.path(relative).to_string_lossy().into_owned();
        assert_eq!(
            json("linter"),
            json!({
                "name": "linter", "format": "rawast", "sourcePlacement": "end", "web": false, "pointerWidth": 64, "lazy": false,
                "module": path("generated/npm/linter/deserialize.js"), "layoutFile": path("target/layouts/layout-64.json"),
            })
        );
        assert_eq!(json("wasm32")["pointerWidth"], 32);
        assert_eq!(json("wasm32")["web"], true);
        assert_eq!(json("wasm32")["layoutFile"], path("target/layouts/layout-32.json"));
        assert_eq!(json("parser-lazy")["lazy"], true);
        assert_eq!(
            json("oxc-ts-range"),
            json!({
                "name": "oxc-ts-range", "format": "oxc", "typescript": true, "range": true, "parent": false, "linter": false, "sourceText": "argument",
                "pointerWidth": 64, "lazy": false,
                "module": path("tests/oxc/generated/js/oxc-ts-range/deserialize.js"), "layoutFile": path("target/layouts/layout-oxc.json"),
            })
        );
        assert_eq!(json("oxc-js-buffer-text")["sourceText"], "buffer");
        assert_eq!(json("oxc-ts-range-parent")["parent"], true);
        assert!(targets.select("all").unwrap().len() >= 9);
        assert!(targets.select("no-such-target").is_none());
    }
}
