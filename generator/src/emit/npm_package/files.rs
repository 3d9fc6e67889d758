//! What every target's npm package holds besides its modules: `package.json`, its README (each
//! format renders its own) and, when the user names their license text (`license_file`), a copy of
//! it as `LICENSE`.

use askama::Template;

use crate::config::Package;
use crate::emit::template::render;
use crate::error::Error;
use crate::files::{Output, SourceFile};
use crate::functions::text::js_string;

#[derive(Template)]
#[template(path = "npm/package.json", escape = "none")]
pub(super) struct PackageJson {
    /// Each string value below is a JSON string literal, quotes included.
    name: String,
    version: String,
    description: String,
    license: String,
    repository: Option<String>,
    /// JSON string literals.
    keywords: Vec<String>,
    /// Scoped packages are private on npm unless published with public access.
    scoped: bool,
    /// JSON string literals: name, version range.
    peer_dependencies: Vec<(String, String)>,
    /// `rawast`: what the smoke test and tools read of the target, each value JSON.
    meta: Vec<(&'static str, String)>,
    /// The package has `walk.js` too (`emit::js::Module::Walk`), exported as `<name>/walk`.
    walker: bool,
    /// The files of the package's parser, where it has one (`<addon>.*.node`, `<addon>.wasm`): its
    /// `index.js` (`parse`) is the main module, and `deserialize.js` is `<name>/deserialize`.
    addon: Option<String>,
}

impl PackageJson {
    pub(super) fn new(
        package: &Package,
        description: &str,
        keywords: &[String],
        meta: Vec<(&'static str, String)>,
        walker: bool,
    ) -> Self {
        PackageJson {
            name: js_string(&package.name),
            version: js_string(&package.version),
            description: js_string(description),
            license: js_string(&package.license),
            repository: package.repository.as_deref().map(js_string),
            keywords: keywords.iter().map(|k| js_string(k)).collect(),
            scoped: package.name.starts_with('@'),
            peer_dependencies: package
                .peer_dependencies
                .iter()
                .map(|(name, version)| (js_string(name), js_string(version)))
                .collect(),
            meta,
            walker,
            addon: package.addon.as_ref().map(|addon| addon.built_file("*")),
        }
    }
}

/// The package's `package.json`, `README.md` (`readme`, rendered from template `readme_template`)
/// and `LICENSE`, in `dir`. `inputs` holds the license file's text.
pub(super) fn package_files(
    dir: &str,
    json: &PackageJson,
    readme: &impl Template,
    readme_template: &str,
    package: &Package,
    inputs: &[SourceFile],
) -> Result<Vec<Output>, Error> {
    let mut files = vec![
        output(dir, "package.json", render(json, "npm/package.json")?),
        output(dir, "README.md", render(readme, readme_template)?),
    ];
    files.extend(license_file(dir, package, inputs)?);
    Ok(files)
}

/// The user's license text as the package's `LICENSE`, when `license_file` names it.
fn license_file(dir: &str, package: &Package, inputs: &[SourceFile]) -> Result<Option<Output>, Error> {
    let Some(license) = &package.license_file else { return Ok(None) };
    let text = inputs
        .iter()
        .find(|file| file.path == license.path)
        .ok_or_else(|| Error::MissingInput { path: license.path.clone() })?;
    Ok(Some(output(dir, "LICENSE", text.text.clone())))
}

fn output(dir: &str, file: &str, contents: String) -> Output {
    Output { path: format!("{dir}/{file}"), contents }
}
