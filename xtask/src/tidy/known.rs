//! The modules and functions over tidy's limits, with their size in lines: each may shrink (its
//! entry lowered with it) and none may grow. An entry leaves once its item is within the limit.

pub const OVER_LIMIT: &[(&str, usize)] = &[
    ("generator/src/config/package.rs: check", 119),
    ("generator/src/config/schema.rs: check", 180),
    ("generator/src/config/target.rs", 512),
    ("generator/src/model/check.rs: check_walk", 94),
    ("generator/src/model/mod.rs", 736),
    ("generator/src/model/oxc.rs", 487),
    ("generator/src/model/visitor.rs: Walk::describe", 83),
];
