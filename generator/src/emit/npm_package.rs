//! `npm/<target>/`: a publishable npm package of a target's deserializer (templates `templates/npm/`).
//!
//! The package holds the same `deserialize.js` and `deserialize.d.ts` as `js/<target>/` (rendered
//! once, written twice; the caller adds them), `walk.js` and `walk.d.ts` where the target has a
//! walker, and [`files`]: `package.json`, a README ([`readme`]; an oxc target's: [`oxc`]; what
//! their examples read: [`example`]) and the license. Its version is tied to the layout (`prepare::versions`).

mod example;
mod files;
mod oxc;
mod readme;

pub use self::example::ExampleInput;
use self::files::{PackageJson, package_files};
pub use self::oxc::emit_oxc;
use self::readme::{Readme, ast_name};
use crate::buffer::FORMAT_VERSION;
use crate::config::{Package, RawastSettings, SourcePlacement, Target};
use crate::context::EmitContext;
use crate::error::Error;
use crate::files::{Output, SourceFile};
use crate::functions::text::js_string;

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
    let json = PackageJson::new(package, &description, &keywords, meta, crate::functions::walker::has_walker(cx));
    let readme = Readme::new(cx, target, settings, package, &description, fingerprint);
    package_files(&target.module_dir(), &json, &readme, "npm/README.md", package, inputs)
}

fn placement_name(settings: &RawastSettings) -> &'static str {
    match settings.source_placement {
        SourcePlacement::Start => "parser",
        SourcePlacement::End => "linter",
    }
}
