//! `npm/<target>/`: a publishable npm package of a target's deserializer (templates `templates/npm/`).
//!
//! The package holds the same `deserialize.js` and `deserialize.d.ts` as `js/<target>/` (rendered
//! once, written twice; the caller adds them), `walk.js` and `walk.d.ts` where the target has a
//! walker, and [`files`]: `package.json`, a README ([`readme`]; an oxc target's: [`oxc`]) and the
//! license. Its version is tied to the layout: codegen refuses a layout change that keeps the
//! version and its recorded fingerprint (`check_versions`).

mod files;
mod oxc;
mod readme;

use self::files::{PackageJson, package_files};
pub use self::oxc::emit_oxc;
use self::readme::{Readme, ast_name};
use super::EmitContext;
use super::text::js_string;
use crate::buffer::FORMAT_VERSION;
use crate::config::{Package, RawastSettings, SourcePlacement, Target};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::layout::PointerWidth;
use crate::{Error, Output, SourceFile};

/// Refuses a layout that differs from the one a package's version was released with: old and new
/// deserializers cannot read each other's buffers, so they must not share a version number. A
/// package with no recorded fingerprint (not released yet) gets a note with the value to record.
pub fn check_versions(cx: &EmitContext) -> Result<Vec<Diagnostic>, Error> {
    let mut diagnostics = Diagnostics::default();
    let mut notes = Vec::new();
    for target in &cx.config.targets {
        let Some(package) = &target.package else { continue };
        // oxc's buffers are read with the 64-bit layouts.
        let fingerprint = cx.fingerprint(target.rawast().map_or(PointerWidth::W64, |settings| settings.pointer_width));
        match &package.fingerprint {
            None => notes.push(
                Diagnostic::note(format!(
                    "{} {} records no layout fingerprint yet; the layout of target `{}` is {fingerprint:016x}",
                    package.name, package.version, target.name
                ))
                .at(package.location.clone())
                .with_help(format!(
                    "when you publish this version, add `fingerprint = \"{fingerprint:016x}\"` to [targets.{}.package]: codegen then refuses a layout change until the version is bumped",
                    target.name
                )),
            ),
            Some(released) if released.value != fingerprint => diagnostics.push(
                Diagnostic::new(format!(
                    "the buffer layout of target `{}` changed: its fingerprint is now {fingerprint:016x}, but {} {} was released with {:016x}",
                    target.name, package.name, package.version, released.value
                ))
                .at(released.location.clone())
                .with_help(format!(
                    "a deserializer refuses buffers of another layout, so publish it as a new version: bump `version` (major, or minor before 1.0) and set `fingerprint = \"{fingerprint:016x}\"`"
                )),
            ),
            Some(_) => {}
        }
    }
    diagnostics.into_result(notes).map_err(Error::Input)
}

/// The package's files other than the deserializer module and its types, which the caller adds.
/// `inputs` holds the license file's text.
pub fn emit(
    cx: &EmitContext,
    target: &Target,
    settings: &RawastSettings,
    package: &Package,
    inputs: &[SourceFile],
) -> Result<Vec<Output>, Error> {
    let fingerprint = format!("{:016x}", cx.fingerprint(settings.pointer_width));
    let description = package.description.clone().unwrap_or_else(|| {
        format!(
            "Turns rawast buffers ({} layout) into the {} as JavaScript objects: the generated `{}` deserializer",
            placement_name(settings),
            ast_name(cx),
            target.name
        )
    });
    let mut keywords =
        vec!["ast".to_owned(), "deserializer".to_owned(), "raw-transfer".to_owned(), "rawast".to_owned()];
    if let Some(name) = &cx.config.ast_name {
        keywords.insert(0, name.to_lowercase());
    }
    let meta = vec![
        ("target", js_string(&target.name)),
        ("formatVersion", FORMAT_VERSION.to_string()),
        ("layoutFingerprint", js_string(&fingerprint)),
        ("pointerWidth", settings.pointer_width.bits().to_string()),
        (
            "sourcePlacement",
            js_string(match settings.source_placement {
                SourcePlacement::Start => "start",
                SourcePlacement::End => "end",
            }),
        ),
    ];
    let json = PackageJson::new(package, &description, &keywords, meta, crate::emit::js::has_walker(cx));
    let readme = Readme::new(cx, target, settings, package, &description, fingerprint);
    package_files(&target.module_dir(), &json, &readme, "npm/README.md", package, inputs)
}

fn placement_name(settings: &RawastSettings) -> &'static str {
    match settings.source_placement {
        SourcePlacement::Start => "parser",
        SourcePlacement::End => "linter",
    }
}
