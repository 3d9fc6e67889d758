//! The modules and functions over tidy's limits, with their size in lines: each may shrink (its
//! entry lowered with it) and none may grow. An entry leaves once its item is within the limit.

pub const OVER_LIMIT: &[(&str, usize)] = &[
    ("generator/src/config/package.rs: check", 119),
    ("generator/src/config/schema.rs: check", 180),
    ("generator/src/config/target.rs", 512),
    ("generator/src/emit/js/walker.rs", 1197),
    ("generator/src/emit/js/walker.rs: Collector::function", 192),
    ("generator/src/emit/js/walker.rs: walker", 103),
    ("generator/src/load/convert.rs: convert_item", 234),
    ("generator/src/load/dialect.rs: kept_attrs", 81),
    ("generator/src/load/items.rs: collect_ast_items", 81),
    ("generator/src/load/mod.rs: load", 81),
    ("generator/src/load/oxc_estree.rs", 461),
    ("generator/src/load/oxc_estree.rs: Reader::type_estree", 107),
    ("generator/src/load/types.rs: convert", 100),
    ("generator/src/model/check.rs: check_walk", 94),
    ("generator/src/model/mod.rs", 736),
    ("generator/src/model/oxc.rs", 487),
    ("generator/src/model/visitor.rs: Walk::describe", 83),
];
