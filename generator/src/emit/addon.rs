//! A package's parser (`[targets.X.package.addon]` or `.wasm`): the crate around the parser's
//! builder, a napi-rs addon in `napi/<target>/` (templates `templates/napi/`) or a wasm32 module in
//! `wasm/<target>/` (`templates/wasm/`), both rooted in `templates/addon/lib.rs`. (Each crate's
//! `Cargo.toml` is rendered from a `manifest.toml`: `cargo package` leaves out a directory that
//! holds a `Cargo.toml`, taking it for another package.) and the package's
//! `index.js` and `index.d.ts` (`templates/npm/index*`), whose `parse(source)` calls it. `rawast
//! addon` builds the crate into the package.

use askama::Template;

use crate::config::{Addon, AddonKind, Package, RawastSettings, SourcePlacement, Target};
use crate::context::EmitContext;
use crate::diagnostic::{Diagnostic, Diagnostics, Location};
use crate::emit::template::render;
use crate::error::Error;
use crate::files::{Output, SourceFile};

/// The napi-rs releases the addon crate is written for: those `rawast-napi` builds with.
const NAPI: &str = "3.16";
const NAPI_DERIVE: &str = "3.7";
const NAPI_BUILD: &str = "2.6";

/// What both crates' `Cargo.toml` say of the package and the parser crate.
struct CrateInfo<'a> {
    header: [String; 2],
    package: &'a str,
    name: &'a str,
    /// The crate's package name: the addon's, with `-napi` or `-wasm` (unique, as addon names are).
    crate_name: String,
    version: &'a str,
    /// The parser crate's package name and its directory, relative to the crate's.
    parser_package: String,
    parser_path: String,
    /// The rawast crates' version: the generator's.
    rawast_version: &'static str,
}

#[derive(Template)]
#[template(path = "napi/manifest.toml", escape = "none")]
struct NapiCargoToml<'a> {
    info: CrateInfo<'a>,
    napi: &'static str,
    napi_derive: &'static str,
    napi_build: &'static str,
}

#[derive(Template)]
#[template(path = "wasm/manifest.toml", escape = "none")]
struct WasmCargoToml<'a> {
    info: CrateInfo<'a>,
}

#[derive(Template)]
#[template(path = "napi/build.rs", escape = "none")]
struct BuildRs {
    header: [String; 2],
}

/// The crate's root: the generated module and the user's.
#[derive(Template)]
#[template(path = "addon/lib.rs", escape = "none")]
struct LibRs<'a> {
    header: [String; 2],
    /// "Node.js addon" or "WebAssembly module".
    what: &'static str,
    package: &'a str,
    /// The user's modules: each one's name and path relative to `lib.rs`.
    modules: Vec<(String, String)>,
}

/// The functions, in a module rustfmt skips: the parser's paths make lines of any length.
#[derive(Template)]
#[template(path = "napi/addon.rs", escape = "none")]
struct NapiAddonRs<'a> {
    functions: Functions<'a>,
}

#[derive(Template)]
#[template(path = "wasm/addon.rs", escape = "none")]
struct WasmAddonRs<'a> {
    functions: Functions<'a>,
}

/// What the generated functions call.
struct Functions<'a> {
    header: [String; 2],
    target: &'a str,
    /// `Start` or `End`: `SourcePlacement`'s variant.
    placement: &'static str,
    build: &'a str,
    buffer_format: &'a str,
}

#[derive(Template)]
#[template(path = "npm/index.js", escape = "none")]
struct NapiIndexJs<'a> {
    index: Index<'a>,
}

#[derive(Template)]
#[template(path = "npm/index.d.ts", escape = "none")]
struct NapiIndexDts<'a> {
    index: Index<'a>,
}

#[derive(Template)]
#[template(path = "npm/index_wasm.js", escape = "none")]
struct WasmIndexJs<'a> {
    index: Index<'a>,
}

#[derive(Template)]
#[template(path = "npm/index_wasm.d.ts", escape = "none")]
struct WasmIndexDts<'a> {
    index: Index<'a>,
}

/// What the package's `index.js` and `index.d.ts` say.
struct Index<'a> {
    header: [String; 2],
    package: &'a str,
    name: &'a str,
    lazy: bool,
    walker: bool,
}

/// The crate around the parser's builder and the package's parser module, for a target whose
/// package has an addon or a wasm module. `walker`: the target has `walk.js`.
pub fn emit(
    cx: &EmitContext,
    target: &Target,
    settings: &RawastSettings,
    package: &Package,
    addon: &Addon,
    walker: bool,
) -> Result<Vec<Output>, Error> {
    let header = cx.header_lines();
    let crate_dir = format!("{}/{}", addon.kind.crate_dir(), target.name);
    // From the crate's directory (and its `src/`) up to the directory of codegen.toml.
    let up = "../".repeat(cx.config.output_dir.path.split('/').count() + 2);
    let info = CrateInfo {
        header: header.clone(),
        package: &package.name,
        name: &addon.name,
        crate_name: format!("{}-{}", addon.name.replace('_', "-"), addon.kind.crate_dir()),
        version: &package.version,
        parser_package: parser_package_name(addon, cx.inputs)?,
        parser_path: match &addon.parser_crate {
            Some(dir) => format!("{up}{}", dir.path),
            None => up.trim_end_matches('/').to_owned(),
        },
        rawast_version: env!("CARGO_PKG_VERSION"),
    };
    let modules =
        addon.modules.iter().map(|module| (module.name.clone(), format!("../{up}{}", module.path.path))).collect();
    let functions = Functions {
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
        || Index { header: header.clone(), package: &package.name, name: &addon.name, lazy: settings.lazy, walker };
    let package_dir = target.module_dir();
    let lib = |what| LibRs { header: header.clone(), what, package: &package.name, modules };
    let files = match addon.kind {
        AddonKind::Napi => vec![
            (
                format!("{crate_dir}/Cargo.toml"),
                render(
                    &NapiCargoToml { info, napi: NAPI, napi_derive: NAPI_DERIVE, napi_build: NAPI_BUILD },
                    "napi/manifest.toml",
                )?,
            ),
            (format!("{crate_dir}/build.rs"), render(&BuildRs { header: header.clone() }, "napi/build.rs")?),
            (format!("{crate_dir}/src/lib.rs"), render(&lib("Node.js addon"), "addon/lib.rs")?),
            (format!("{crate_dir}/src/addon.rs"), render(&NapiAddonRs { functions }, "napi/addon.rs")?),
            (format!("{package_dir}/index.js"), render(&NapiIndexJs { index: index() }, "npm/index.js")?),
            (format!("{package_dir}/index.d.ts"), render(&NapiIndexDts { index: index() }, "npm/index.d.ts")?),
        ],
        AddonKind::Wasm => vec![
            (format!("{crate_dir}/Cargo.toml"), render(&WasmCargoToml { info }, "wasm/manifest.toml")?),
            (format!("{crate_dir}/src/lib.rs"), render(&lib("WebAssembly module"), "addon/lib.rs")?),
            (format!("{crate_dir}/src/addon.rs"), render(&WasmAddonRs { functions }, "wasm/addon.rs")?),
            (format!("{package_dir}/index.js"), render(&WasmIndexJs { index: index() }, "npm/index_wasm.js")?),
            (format!("{package_dir}/index.d.ts"), render(&WasmIndexDts { index: index() }, "npm/index_wasm.d.ts")?),
        ],
    };
    Ok(files.into_iter().map(|(path, contents)| Output { path, contents }).collect())
}

/// The name of the parser crate's package, from its `Cargo.toml`: the crate depends on it.
fn parser_package_name(addon: &Addon, inputs: &[SourceFile]) -> Result<String, Error> {
    let manifest = addon.parser_manifest();
    let file = inputs
        .iter()
        .find(|file| file.path == manifest.path)
        .ok_or_else(|| Error::MissingInput { path: manifest.path.clone() })?;
    let table = toml::from_str::<toml::Table>(&file.text).map_err(|error| {
        let mut diagnostic = Diagnostic::new(format!("cannot parse {}: {}", file.path, error.message().trim_end()))
            .with_help(format!(
                "the {} crate depends on the parser crate by the package name written there",
                addon.kind.table()
            ));
        if let Some(span) = error.span() {
            diagnostic = diagnostic.at(Location::from_byte_range(&file.path, &file.text, span));
        }
        Error::Input(Diagnostics(vec![diagnostic]))
    })?;
    let name = table.get("package").and_then(|package| Some(package.get("name")?.as_str()?.to_owned()));
    name.ok_or_else(|| {
        Error::Input(Diagnostics(vec![
            Diagnostic::new(format!(
                "{} has no [package] name: the {} table's parser crate is not a Cargo package",
                manifest.path,
                addon.kind.table()
            ))
            .at(manifest.location)
            .with_help(format!(
                "set the {} table's `crate` to the directory of your parser crate's Cargo.toml",
                addon.kind.table()
            )),
        ]))
    })
}
