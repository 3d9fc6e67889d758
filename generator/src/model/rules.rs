//! What differs between the dialects' models, in one place per dialect: [`DialectRules`], which
//! rawast's schemas (`rawast.rs`, `[mapping]`) and oxc's (`oxc/`, its attributes per output
//! variant) each implement. The rest of the model asks [`rules`] and never the dialect.

use super::result::ResultShape;
use super::{EnumModel, Model, ObjectModel, OutputVariant, WalkedStruct};
use crate::config::{Config, Mapping};
use crate::diagnostic::Diagnostics;
use crate::ir::{Schema, TypeId};

/// How a dialect's types become JS values, and what its model is checked for.
pub(super) trait DialectRules: Sync {
    /// What `deserialize` returns: the root and its channels, from the configuration or the
    /// dialect's producer; problems are `diagnostics`.
    fn result_shape(&self, schema: &Schema, config: &Config, diagnostics: &mut Diagnostics) -> Option<ResultShape>;

    /// The object struct `id` becomes; `channels` are the fields of the root returned beside it.
    fn object(
        &self,
        schema: &Schema,
        mapping: &Mapping,
        id: TypeId,
        channels: &[usize],
        variant: OutputVariant,
    ) -> ObjectModel;

    /// The value enum `id` becomes.
    fn enumeration(&self, schema: &Schema, id: TypeId) -> EnumModel;

    /// What a walk meets in struct `id`'s objects (`object`).
    fn walked(&self, schema: &Schema, id: TypeId, object: &ObjectModel, variant: OutputVariant) -> WalkedStruct;

    /// The index of struct `id`'s span field, the node's.
    fn span_field(&self, schema: &Schema, id: TypeId) -> Option<usize>;

    /// Whether the visitor keys start at each value of `deserialize`'s result (rawast's, whose
    /// channels a walk visits too), or only list the node types a tree from the root can hold
    /// (oxc's schema describes types its trees never hold).
    fn walks_from_result(&self) -> bool;

    /// The checks of a built model that are the dialect's own.
    fn check(&self, schema: &Schema, model: &Model, diagnostics: &mut Diagnostics);
}
