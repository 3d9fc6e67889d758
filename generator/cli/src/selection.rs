//! The targets a command works on: those its command line names, or, when it names none, every
//! target with the table the command needs (`rawast package`: a package; `rawast addon`: an addon).

use rawast_generator::config::{Config, Target};

use crate::error::Error;

/// What a command needs of a target: the table under `[targets.<name>.…]` (`package`,
/// `package.addon`), the target's part that table is, and what to add when no target has one.
pub(crate) struct Needs<'c, T> {
    pub table: &'static str,
    pub part: fn(&'c Target) -> Option<&'c T>,
    pub hint: &'static str,
}

/// The targets `names` names, each with its part (every target that has one, where `names` is
/// empty): an error naming a target that does not have it, or saying that none has.
pub(crate) fn selected<'c, T>(
    config: &'c Config,
    names: &[String],
    needs: Needs<'c, T>,
) -> Result<Vec<(&'c Target, &'c T)>, Error> {
    let table = needs.table;
    for name in names {
        if !config.targets.iter().any(|target| &target.name == name && (needs.part)(target).is_some()) {
            return Err(Error::Tool(format!(
                "{} has no target `{name}` with a [targets.{name}.{table}] table",
                config.file_name
            )));
        }
    }
    let targets: Vec<_> = config
        .targets
        .iter()
        .filter(|target| names.is_empty() || names.contains(&target.name))
        .filter_map(|target| Some((target, (needs.part)(target)?)))
        .collect();
    if targets.is_empty() {
        return Err(Error::Tool(format!(
            "{} defines no [targets.<name>.{table}] table: add one{}",
            config.file_name, needs.hint
        )));
    }
    Ok(targets)
}

#[cfg(test)]
mod tests {
    use rawast_generator::SourceFile;
    use rawast_generator::config::{Config, Package};

    use super::{Needs, selected};

    fn config(text: &str) -> Config {
        Config::parse(&SourceFile { path: "codegen.toml".to_owned(), text: text.to_owned() })
            .unwrap_or_else(|d| panic!("{d}"))
    }

    fn packages<'c>() -> Needs<'c, Package> {
        Needs { table: "package", part: |target| target.package.as_ref(), hint: "" }
    }

    const SCHEMA: &str = "[schema]\nfiles = [\"ast.rs\"]\nast_module = \"crate::ast\"\nruntime_module = \"rawast_runtime\"\nroot = \"Program\"\n[output]\ndir = \"generated\"\n";

    #[test]
    fn selects_the_named_targets_or_all_with_the_part() {
        let packaged = "[targets.{N}]\nsource_placement = \"start\"\n[targets.{N}.package]\nname = \"@scope/{N}\"\nversion = \"0.1.0\"\nlicense = \"MIT\"\n";
        let text = format!(
            "{SCHEMA}{}{}[targets.bare]\nsource_placement = \"start\"\n",
            packaged.replace("{N}", "one"),
            packaged.replace("{N}", "two")
        );
        let config = config(&text);
        let names = |picked: Vec<(&rawast_generator::config::Target, &Package)>| {
            picked.into_iter().map(|(target, _)| target.name.clone()).collect::<Vec<_>>()
        };
        assert_eq!(names(selected(&config, &[], packages()).unwrap()), ["one", "two"]);
        assert_eq!(names(selected(&config, &["two".to_owned()], packages()).unwrap()), ["two"]);
        let error = selected(&config, &["bare".to_owned()], packages()).unwrap_err().to_string();
        assert!(error.contains("has no target `bare` with a [targets.bare.package] table"), "{error}");
        let error = selected(&config, &["nine".to_owned()], packages()).unwrap_err().to_string();
        assert!(error.contains("has no target `nine`"), "{error}");
    }

    #[test]
    fn says_when_no_target_has_the_part() {
        let config = config(&format!("{SCHEMA}[targets.bare]\nsource_placement = \"start\"\n"));
        let needs = Needs { table: "package", part: |target| target.package.as_ref(), hint: ", naming the package" };
        let error = selected(&config, &[], needs).unwrap_err().to_string();
        assert!(error.contains("defines no [targets.<name>.package] table: add one, naming the package"), "{error}");
    }
}
