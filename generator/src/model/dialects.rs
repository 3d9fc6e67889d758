//! Which rules a schema's dialect follows: the one place that names each dialect's
//! [`DialectRules`], so that the rules' trait and their implementations need not know each other.

use super::rules::DialectRules;
use crate::ir::Dialect;

/// The rules of `dialect`.
pub(super) fn rules(dialect: Dialect) -> &'static dyn DialectRules {
    match dialect {
        Dialect::Rawast => &super::rawast::RawastRules,
        Dialect::Oxc => &super::oxc::OxcRules,
    }
}
