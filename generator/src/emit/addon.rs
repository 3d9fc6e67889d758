//! A package's native addon (`[targets.X.package.addon]`): the napi-rs crate around the parser's
//! builder, `napi/<target>/` (templates `templates/napi/`), and the package's `index.js` and
//! `index.d.ts` (templates `templates/npm/index.*`), whose `parse(source)` calls it. `rawast addon`
//! builds the crate into the package.

use askama::Template;

use crate::config::{Addon, Package, RawastSettings, SourcePlacement, Target};
use crate::context::EmitContext;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::emit::template::render;
use crate::error::Error;
use crate::files::{Output, SourceFile};

/// The napi-rs releases the addon crate is written for: those `rawast-napi` builds with.
const NAPI: &str = "3.16";
const NAPI_DERIVE: &str = "3.7";
const NAPI_BUILD: &str = "2.6";

#[derive(Template)]
#[template(path = "napi/Cargo.toml", escape = "none")]
struct CargoToml<'a> {
    header: [String; 2],
    package: &'a str,
    name: &'a str,
    /// The addon crate's package name: the addon's, with `-napi` (unique, as addon names are).
    crate_name: String,
    version: &'a str,
    /// The parser crate's package name and its directory, relative to the addon crate's.
    parser_package: String,
    parser_path: String,
    napi: &'static str,
    napi_derive: &'static str,
    napi_build: &'static str,
    rawast_napi: &'static str,
}

#[derive(Template)]
#[template(path = "napi/build.rs", escape = "none")]
struct BuildRs {
    header: [String; 2],
}

#[derive(Template)]
#[template(path = "napi/lib.rs", escape = "none")]
struct LibRs<'a> {
    header: [String; 2],
    package: &'a str,
    /// The user's modules: each one's name and path relative to `lib.rs`.
    modules: Vec<(String, String)>,
}

/// The functions, in a module rustfmt skips: the parser's paths make lines of any length.
#[derive(Template)]
#[template(path = "napi/addon.rs", escape = "none")]
struct AddonRs<'a> {
    header: [String; 2],
    target: &'a str,
    /// `Start` or `End`: `SourcePlacement`'s variant.
    placement: &'static str,
    build: &'a str,
    buffer_format: &'a str,
}

#[derive(Template)]
#[template(path = "npm/index.js", escape = "none")]
struct IndexJs<'a> {
    header: [String; 2],
    package: &'a str,
    name: &'a str,
    lazy: bool,
    walker: bool,
}

#[derive(Template)]
#[template(path = "npm/index.d.ts", escape = "none")]
struct IndexDts<'a> {
    header: [String; 2],
    package: &'a str,
    lazy: bool,
    walker: bool,
}

/// The addon crate and the package's parser module, for a target whose package has an addon.
/// `walker`: the target has `walk.js`.
pub fn emit(
    cx: &EmitContext,
    target: &Target,
    settings: &RawastSettings,
    package: &Package,
    addon: &Addon,
    walker: bool,
) -> Result<Vec<Output>, Error> {
    let header = cx.header_lines();
    let parser_package = parser_package_name(addon, cx.inputs)?;
    let crate_dir = format!("napi/{}", target.name);
    // From the addon crate's directory (and its `src/`) up to the directory of codegen.toml.
    let up = "../".repeat(cx.config.output_dir.path.split('/').count() + 2);
    let parser_path = match &addon.parser_crate {
        Some(dir) => format!("{up}{}", dir.path),
        None => up.trim_end_matches('/').to_owned(),
    };
    let modules =
        addon.modules.iter().map(|module| (module.name.clone(), format!("../{up}{}", module.path.path))).collect();
    let cargo = CargoToml {
        header: header.clone(),
        package: &package.name,
        name: &addon.name,
        crate_name: format!("{}-napi", addon.name.replace('_', "-")),
        version: &package.version,
        parser_package,
        parser_path,
        napi: NAPI,
        napi_derive: NAPI_DERIVE,
        napi_build: NAPI_BUILD,
        rawast_napi: env!("CARGO_PKG_VERSION"),
    };
    let lib = LibRs { header: header.clone(), package: &package.name, modules };
    let functions = AddonRs {
        header: header.clone(),
        target: &target.name,
        placement: match settings.source_placement {
            SourcePlacement::Start => "Start",
            SourcePlacement::End => "End",
        },
        build: &addon.build,
        buffer_format: &addon.buffer_format,
    };
    let index =
        IndexJs { header: header.clone(), package: &package.name, name: &addon.name, lazy: settings.lazy, walker };
    let types = IndexDts { header: header.clone(), package: &package.name, lazy: settings.lazy, walker };
    let package_dir = target.module_dir();
    Ok(vec![
        output(format!("{crate_dir}/Cargo.toml"), render(&cargo, "napi/Cargo.toml")?),
        output(format!("{crate_dir}/build.rs"), render(&BuildRs { header }, "napi/build.rs")?),
        output(format!("{crate_dir}/src/lib.rs"), render(&lib, "napi/lib.rs")?),
        output(format!("{crate_dir}/src/addon.rs"), render(&functions, "napi/addon.rs")?),
        output(format!("{package_dir}/index.js"), render(&index, "npm/index.js")?),
        output(format!("{package_dir}/index.d.ts"), render(&types, "npm/index.d.ts")?),
    ])
}

/// The name of the parser crate's package, from its `Cargo.toml`: the addon crate depends on it.
fn parser_package_name(addon: &Addon, inputs: &[SourceFile]) -> Result<String, Error> {
    let manifest = addon.parser_manifest();
    let file = inputs
        .iter()
        .find(|file| file.path == manifest.path)
        .ok_or_else(|| Error::MissingInput { path: manifest.path.clone() })?;
    let name = toml::from_str::<toml::Table>(&file.text)
        .ok()
        .and_then(|table| Some(table.get("package")?.get("name")?.as_str()?.to_owned()));
    name.ok_or_else(|| {
        Error::Input(Diagnostics(vec![
            Diagnostic::new(format!(
                "{} has no [package] name: the addon's parser crate is not a Cargo package",
                manifest.path
            ))
            .at(manifest.location)
            .with_help("set the addon's `crate` to the directory of your parser crate's Cargo.toml"),
        ]))
    })
}

fn output(path: String, contents: String) -> Output {
    Output { path, contents }
}
