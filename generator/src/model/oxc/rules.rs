//! oxc's rules as the model asks them ([`OxcRules`]): its attributes per output variant, its
//! producer's root, its `Span` structs.

use super::super::result::ResultShape;
use super::super::rules::DialectRules;
use super::super::{EnumModel, Model, ObjectModel, WalkedStruct, struct_named};
use super::Variant;
use crate::config::{Config, Mapping, OXC_ROOT};
use crate::diagnostic::Diagnostics;
use crate::ir::{Schema, TypeId, TypeKind, TypeRef};

/// oxc's rules: its `#[estree(...)]`, `#[ts]` and `#[js_only]` attributes.
pub(in crate::model) struct OxcRules;

impl DialectRules for OxcRules {
    /// The producer's root (`OXC_ROOT`), with no channels. A schema without it is reported where
    /// a target needs it by name.
    fn result_shape(&self, schema: &Schema, config: &Config, _: &mut Diagnostics) -> Option<ResultShape> {
        let root = struct_named(schema, OXC_ROOT)?;
        Some(ResultShape { root, root_key: config.mapping.root_key.clone(), channels: Vec::new() })
    }

    fn object(&self, schema: &Schema, _: &Mapping, id: TypeId, _: &[usize], variant: Variant) -> ObjectModel {
        super::object(schema, id, variant)
    }

    fn enumeration(&self, schema: &Schema, id: TypeId) -> EnumModel {
        super::enumeration(schema, id)
    }

    fn walked(&self, schema: &Schema, id: TypeId, object: &ObjectModel, variant: Variant) -> WalkedStruct {
        super::walked(schema, id, object, variant)
    }

    /// The field `span` of its `Span` struct (the one its layout puts first).
    fn span_field(&self, schema: &Schema, id: TypeId) -> Option<usize> {
        let TypeKind::Struct(s) = &schema.get(id).kind else { return None };
        s.fields
            .iter()
            .position(|f| f.name == "span" && matches!(f.ty, TypeRef::Named(span) if schema.get(span).name == "Span"))
    }

    fn walks_from_result(&self) -> bool {
        false
    }

    /// None: oxc's rules let a later property replace an earlier one's value, and its
    /// deserializers check their own recursion as they are written.
    fn check(&self, _: &Schema, _: &Model, _: &mut Diagnostics) {}
}
