//! The modules and functions over tidy's limits, with their size in lines: each may shrink (its
//! entry lowered with it) and none may grow. An entry leaves once its item is within the limit.

pub const OVER_LIMIT: &[(&str, usize)] = &[
    ("generator/cli/src/crates.rs: crate_roots", 81),
    ("generator/cli/src/package.rs", 456),
    ("generator/cli/src/package.rs: Check::run", 103),
    ("generator/src/emit/js/builder.rs", 515),
    ("generator/src/emit/js/oxc/mod.rs: emit", 104),
    ("generator/src/emit/js/oxc/node_literal.rs", 402),
    ("generator/src/emit/js/oxc/snippet.rs", 424),
    ("generator/src/emit/js/walker.rs", 1197),
    ("generator/src/emit/js/walker.rs: Collector::function", 192),
    ("generator/src/emit/js/walker.rs: walker", 103),
    ("generator/src/emit/npm_package.rs", 559),
    ("generator/src/emit/npm_package.rs: emit", 114),
    ("generator/src/emit/oxc_types.rs: emit", 109),
    ("generator/src/emit/rust_asserts.rs: width_block", 87),
    ("generator/src/emit/ts_types.rs: emit", 83),
    ("generator/src/load/convert.rs: convert_item", 234),
    ("generator/src/load/dialect.rs: kept_attrs", 81),
    ("generator/src/load/items.rs: collect_ast_items", 81),
    ("generator/src/load/mod.rs: load", 81),
    ("generator/src/load/oxc_estree.rs", 461),
    ("generator/src/load/oxc_estree.rs: Reader::type_estree", 107),
    ("generator/src/load/types.rs: convert", 100),
    ("xtask/src/bench.rs", 438),
];
