//! oxc's AST as rawast reads it: the IR and layout table of oxc_ast 0.157.0's own sources
//! (`tests/oxc/codegen.toml`, crates found through `cargo metadata`), so that an oxc upgrade shows
//! as a reviewable diff. `cargo xtask test` has rustc check the same layouts against the real crates.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use rawast_generator::ir::{TypeId, TypeKind};
use rawast_generator::layout::{Shape, layout_table};

#[test]
fn oxc_schema() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let (config, files) = rawast::read_schema(&root.join("tests/oxc/codegen.toml")).unwrap_or_else(|e| panic!("{e}"));
    let analysis = rawast_generator::analyze_as(&files, config.dialect).unwrap_or_else(|d| panic!("{d}"));
    let schema = &analysis.schema;

    // Every `#[ast]` item of oxc_ast's AST modules loads (262 in 0.157.0).
    let in_ast = schema.types.iter().filter(|t| t.file.starts_with("oxc_ast/src/ast/")).count();
    assert_eq!(in_ast, 262, "items of oxc_ast/src/ast loaded");

    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../../snapshots/oxc");
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| {
        insta::assert_snapshot!("oxc_ir", schema.dump());
        insta::assert_snapshot!("oxc_layout", layout_table(schema, &analysis.layout64, &analysis.layout32));
    });
}

/// The outputs for oxc's schema do not depend on the order its files come in.
#[test]
fn oxc_outputs_are_deterministic() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let (config, files) = rawast::read_schema(&root.join("tests/oxc/codegen.toml")).unwrap_or_else(|e| panic!("{e}"));
    let mut reversed = files.clone();
    reversed.reverse();
    let forward = rawast_generator::generate(&config, &files).unwrap_or_else(|e| panic!("{e}")).outputs;
    let backward = rawast_generator::generate(&config, &reversed).unwrap_or_else(|e| panic!("{e}")).outputs;
    assert!(forward.iter().any(|o| o.path.ends_with("assert_layouts.rs")));
    assert_eq!(forward.len(), backward.len());
    for (a, b) in forward.iter().zip(&backward) {
        assert!(a.path == b.path && a.contents == b.contents, "{} differs with the files in another order", a.path);
    }
}

/// A second oracle beside rustc: every size, alignment and field offset that oxc's own
/// `generated/assert_layouts.rs` (in each crate of the schema) asserts, for 64 and 32 bits, is the
/// one rawast computes.
#[test]
fn oxc_layouts_agree_with_oxc_own_assertions() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let config_path = root.join("tests/oxc/codegen.toml");
    let (config, files) = rawast::read_schema(&config_path).unwrap_or_else(|e| panic!("{e}"));
    let analysis = rawast_generator::analyze_as(&files, config.dialect).unwrap_or_else(|d| panic!("{d}"));
    let schema = &analysis.schema;
    let by_name: HashMap<&str, TypeId> =
        schema.ids().map(|id| (schema.get(id).foreign.as_deref().unwrap_or(&schema.get(id).name), id)).collect();

    let mut checked = 0;
    let mut wrong = Vec::new();
    let mut not_loaded = BTreeSet::new();
    for (krate, crate_root) in rawast::crate_roots(&config_path).unwrap_or_else(|e| panic!("{e}")) {
        let path = crate_root.join("src/generated/assert_layouts.rs");
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let (wide, narrow) = text.split_once("#[cfg(target_pointer_width = \"32\")]").expect("a 32-bit block");
        for (block, layout) in [(wide, &analysis.layout64), (narrow, &analysis.layout32)] {
            for line in block.lines().filter(|line| line.trim_start().starts_with("assert!(")) {
                let assertion =
                    OxcAssertion::parse(line).unwrap_or_else(|| panic!("{}: cannot read `{line}`", path.display()));
                let Some(&id) = by_name.get(assertion.ty) else {
                    not_loaded.insert((crate_root.clone(), assertion.ty.to_owned()));
                    continue;
                };
                let ty = layout.get(id);
                let ours = match assertion.what {
                    What::Size => ty.layout.size,
                    What::Align => ty.layout.align,
                    What::Offset(field) => {
                        let TypeKind::Struct(s) = &schema.get(id).kind else {
                            panic!("{krate}: offset of a field of enum {}", assertion.ty)
                        };
                        let index = s
                            .fields
                            .iter()
                            .position(|f| f.name == field)
                            .unwrap_or_else(|| panic!("{krate}: no field {}.{field}", assertion.ty));
                        let Shape::Struct { field_offsets } = &ty.shape else {
                            unreachable!("a struct has field offsets")
                        };
                        field_offsets[index]
                    }
                };
                checked += 1;
                if ours != assertion.value {
                    wrong.push(format!(
                        "{krate} ({}-bit): {} is {} in oxc, {ours} in rawast",
                        layout.width.bits(),
                        assertion.line.trim(),
                        assertion.value
                    ));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {checked} of oxc's layout assertions disagree:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert!(checked > 3000, "only {checked} of oxc's layout assertions compared");
    eprintln!("{checked} of oxc's layout assertions agree; {} about types rawast does not load", not_loaded.len());
    // The types oxc asserts that rawast does not load are those of oxc_syntax's module records
    // (import and export entries), which the AST does not reach (else the schema would not load).
    let module_record =
        |crate_root: &Path| std::fs::read_to_string(crate_root.join("src/module_record.rs")).unwrap_or_default();
    for (crate_root, ty) in &not_loaded {
        let text = module_record(crate_root);
        assert!(
            text.contains(&format!("pub struct {ty}")) || text.contains(&format!("pub enum {ty}")),
            "oxc asserts the layout of {ty} (in {}), which rawast does not load",
            crate_root.display()
        );
    }
}

enum What<'a> {
    Size,
    Align,
    Offset(&'a str),
}

/// One line of oxc's `assert_layouts.rs`: `assert!(size_of::<T>() == N);`, `align_of`, or
/// `assert!(offset_of!(T, field) == N);`.
struct OxcAssertion<'a> {
    line: &'a str,
    ty: &'a str,
    what: What<'a>,
    value: u32,
}

impl<'a> OxcAssertion<'a> {
    fn parse(line: &'a str) -> Option<Self> {
        let (test, value) = line.trim().strip_prefix("assert!(")?.strip_suffix(");")?.split_once(" == ")?;
        let value = value.parse().ok()?;
        let (ty, what) = if let Some(ty) = test.strip_prefix("size_of::<") {
            (ty.strip_suffix(">()")?, What::Size)
        } else if let Some(ty) = test.strip_prefix("align_of::<") {
            (ty.strip_suffix(">()")?, What::Align)
        } else {
            let (ty, field) = test.strip_prefix("offset_of!(")?.strip_suffix(')')?.split_once(", ")?;
            (ty, What::Offset(field.trim_start_matches("r#")))
        };
        Some(Self { line, ty, what, value })
    }
}

/// oxc-parser's buffers carry no version or fingerprint, so the offsets rawast computes for them are
/// checked against the numbers oxc-parser 0.157.0 ships (`src-js/generated/constants.js`, which
/// `npm ci` installs): the metadata at the end of the buffer, the root's fields, the comments.
#[test]
fn oxc_buffer_offsets_agree_with_oxc_parser_constants() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let constants_path = root.join("node_modules/oxc-parser/src-js/generated/constants.js");
    let text = std::fs::read_to_string(&constants_path)
        .unwrap_or_else(|e| panic!("{}: {e} (run `npm ci`)", constants_path.display()));
    let constants: HashMap<&str, u64> = text
        .lines()
        .filter_map(|line| line.strip_prefix("export const ")?.strip_suffix(';')?.split_once(" = "))
        .map(|(name, value)| (name, value.parse().unwrap_or_else(|_| panic!("{name} = {value} is not a number"))))
        .collect();
    let constant = |name: &str| *constants.get(name).unwrap_or_else(|| panic!("constants.js has no {name}"));

    let (config, files) = rawast::read_schema(&root.join("tests/oxc/codegen.toml")).unwrap_or_else(|e| panic!("{e}"));
    let analysis = rawast_generator::analyze_as(&files, config.dialect).unwrap_or_else(|d| panic!("{d}"));
    let (schema, layout) = (&analysis.schema, &analysis.layout64);
    let id =
        |name: &str| schema.ids().find(|&id| schema.get(id).name == name).unwrap_or_else(|| panic!("no type {name}"));
    let offset = |ty: &str, field: &str| -> u64 {
        let id = id(ty);
        let TypeKind::Struct(s) = &schema.get(id).kind else { panic!("{ty} is not a struct") };
        let index =
            s.fields.iter().position(|f| f.name == field).unwrap_or_else(|| panic!("{ty} has no field {field}"));
        let Shape::Struct { field_offsets } = &layout.get(id).shape else { unreachable!("a struct has field offsets") };
        u64::from(field_offsets[index])
    };
    let size = |ty: &str| u64::from(layout.get(id(ty)).layout.size);

    // The metadata ends the buffer: BUFFER_SIZE − ACTIVE_SIZE bytes, fields at ACTIVE_SIZE + offset.
    let active = constant("ACTIVE_SIZE");
    assert_eq!(constant("BUFFER_SIZE") - active, size("RawTransferMetadata"), "size of RawTransferMetadata");
    assert_eq!(constant("DATA_POINTER_POS_32") * 4, active + offset("RawTransferMetadata", "data_offset"));
    assert_eq!(constant("TOKENS_OFFSET_POS_32") * 4, active + offset("RawTransferMetadata", "tokens_offset"));
    assert_eq!(constant("TOKENS_LEN_POS_32") * 4, active + offset("RawTransferMetadata", "tokens_len"));
    assert_eq!(constant("IS_TS_FLAG_POS"), active + offset("RawTransferMetadata", "is_ts"));
    assert_eq!(constant("IS_JSX_FLAG_POS"), active + offset("RawTransferMetadata", "is_jsx"));
    assert_eq!(constant("HAS_BOM_FLAG_POS"), active + offset("RawTransferMetadata", "has_bom"));
    // The root and the program.
    assert_eq!(constant("PROGRAM_OFFSET"), offset("RawTransferData", "program"));
    assert_eq!(constant("SOURCE_START_OFFSET"), offset("Program", "source_text"));
    assert_eq!(
        constant("SOURCE_LEN_OFFSET"),
        offset("Program", "source_text") + 8,
        "a &str's length follows its pointer"
    );
    assert_eq!(constant("COMMENTS_OFFSET"), offset("Program", "comments"));
    assert_eq!(
        constant("COMMENTS_LEN_OFFSET"),
        offset("Program", "comments") + 8,
        "a Vec's length follows its pointer"
    );
    // Comments.
    assert_eq!(constant("COMMENT_SIZE"), size("Comment"));
    assert_eq!(constant("COMMENT_KIND_OFFSET"), offset("Comment", "kind"));
    assert_eq!(constant("COMMENT_DESERIALIZED_FLAG_OFFSET"), offset("Comment", "content"));
    let TypeKind::Enum(kind) = &schema.get(id("CommentKind")).kind else { panic!("CommentKind is not an enum") };
    let line = kind.variants.iter().find(|v| v.name == "Line").expect("CommentKind::Line");
    assert_eq!(constant("COMMENT_LINE_KIND"), u64::from(line.discriminant));
}
