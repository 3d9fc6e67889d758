//! A package's version is tied to its target's buffer layout: old and new deserializers cannot read
//! each other's buffers, so codegen refuses a layout change that keeps the version.

use crate::context::EmitContext;
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::layout::PointerWidth;

/// Refuses a layout that differs from the one a package's version was released with: old and new
/// deserializers cannot read each other's buffers, so they must not share a version number. A
/// package with no recorded fingerprint (not released yet) gets a note with the value to record.
pub(super) fn check(cx: &EmitContext) -> Result<Vec<Diagnostic>, Diagnostics> {
    let mut diagnostics = Diagnostics::default();
    let mut notes = Vec::new();
    for target in &cx.config.targets {
        let Some(package) = &target.package else { continue };
        // oxc's buffers are read with the 64-bit layouts.
        let width = target.rawast().map_or(PointerWidth::W64, |settings| settings.pointer_width);
        let fingerprint = cx.fingerprint(width);
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
    diagnostics.into_result(notes)
}
