//! What an oxc converter's value holds, as far as its JS tells: whether it may hold a node (one it
//! makes, or a value it reads that may), and what it keeps of the values it reads, which decides
//! whether a walk must look inside it.

use super::converter_js::{BoundReads, bound_reads, converter_reads, keys_set_by_converters, made_node_types};
use crate::ir::js_scan::is_ident_char;
use crate::ir::{MetaId, Schema, TypeId, TypeRef};
use crate::model::{Model, PropertyValue};

impl Model {
    /// Whether an oxc converter's value may hold a node: it makes one, or reads a value that may.
    pub fn converter_builds_nodes(&self, schema: &Schema, converter: MetaId) -> bool {
        converter_reaches(schema, converter, |ty| self.builds_nodes(ty))
    }

    /// What an oxc converter's value keeps of the values it reads, from its JS: nothing that can
    /// hold a node where each read is bound to a name and only properties of it that hold no node
    /// are taken (`ident.name`, `ident.start`: `JSXElementIdentifierReference` makes a
    /// `JSXIdentifier` of an `IdentifierReference`, which it does not hold); one read, where that
    /// read is its value, altered only in such properties (`JSXElementOpeningElement`'s
    /// `openingElement`, whose `selfClosing` it sets); else anything. `holder`: the struct whose
    /// object `THIS` is, if any; a property of it that may hold a node counts as kept unless the
    /// converter only compares it with `null`.
    pub fn converter_keeps(&self, schema: &Schema, converter: MetaId, holder: Option<TypeId>) -> ConverterKeeps {
        let Some(bound) = bound_reads(schema, converter) else { return ConverterKeeps::Any };
        if !self.this_holds_no_node(schema, &bound, holder) {
            return ConverterKeeps::Any;
        }
        let take_no_node = |ty: &TypeRef, uses: &[String]| uses.iter().all(|rest| self.takes_no_node(schema, ty, rest));
        if bound.reads.iter().all(|(ty, uses)| take_no_node(ty, uses)) {
            return ConverterKeeps::Nothing;
        }
        // One read is the value (its last use ends the text), the others' uses take no node.
        let mut value = None;
        for (ty, uses) in &bound.reads {
            let Some((last, others)) = uses.split_last() else { return ConverterKeeps::Any };
            let is_value = last.trim().is_empty();
            if (is_value && value.is_some()) || !take_no_node(ty, if is_value { others } else { uses }) {
                return ConverterKeeps::Any;
            }
            if is_value {
                value = Some(ty.clone());
            }
        }
        value.map_or(ConverterKeeps::Any, ConverterKeeps::Value)
    }

    /// Whether what a converter takes of `THIS` (`holder`'s object) holds no node: properties of it
    /// that hold none, and others compared with `null` (`THIS.closingElement === null`).
    fn this_holds_no_node(&self, schema: &Schema, bound: &BoundReads, holder: Option<TypeId>) -> bool {
        bound.this.iter().all(|(key, rest)| {
            let compared = ["=== null", "!== null"].iter().any(|c| rest.trim_start().starts_with(c));
            let known =
                holder.and_then(|id| self.object(id)).is_some_and(|o| o.properties.iter().any(|p| &p.key == key));
            compared
                || (known
                    && holder.is_some_and(|id| self.takes_no_node(schema, &TypeRef::Named(id), &format!(".{key}"))))
        })
    }

    /// Whether `rest`, the text after a use of a value of type `ty` that a converter reads, takes a
    /// property of it that holds no node (`.name`; `.selfClosing = true`).
    fn takes_no_node(&self, schema: &Schema, ty: &TypeRef, rest: &str) -> bool {
        // (An object whose properties are known: not a `via` struct's, which its converter makes.)
        let Some(object) = (match strip_pointers(ty) {
            TypeRef::Named(id) => self.object(*id).filter(|o| o.via.is_none()),
            _ => None,
        }) else {
            return false;
        };
        let key: String =
            rest.strip_prefix('.').unwrap_or_default().chars().take_while(|&c| is_ident_char(c)).collect();
        let property = object.properties.iter().rev().find(|p| p.key == key);
        !key.is_empty()
            && match property.map(|p| &p.value) {
                Some(
                    PropertyValue::NodeType(_)
                    | PropertyValue::Span { .. }
                    | PropertyValue::Range
                    | PropertyValue::FromSpan { .. },
                ) => true,
                Some(value @ (PropertyValue::Field { .. } | PropertyValue::Joined { .. })) => {
                    !self.fields_build_nodes(value)
                }
                Some(PropertyValue::Converted { converter, .. }) => !self.converter_builds_nodes(schema, *converter),
                // Not in this variant's object (`ident.range` under `RANGE` in a variant without
                // ranges): undefined, unless a converter sets it; oxc's `range`, wherever it is
                // set, is `[start, end]` (`PropertyValue::Range`).
                None => key == "range" || !keys_set_by_converters(schema).contains(&key),
            }
    }
}

/// What an oxc converter's value keeps of the values it reads ([`Model::converter_keeps`]).
#[derive(Debug, Clone, PartialEq)]
pub enum ConverterKeeps {
    /// Nothing that can hold a node: its value holds only the nodes it makes.
    Nothing,
    /// The one read that is its value, a node whose other properties it does not touch.
    Value(TypeRef),
    /// Anything it reads, as far as its JS tells.
    Any,
}

/// `ty` without the `Box`es, `Option`s and `Cell`s around it.
fn strip_pointers(ty: &TypeRef) -> &TypeRef {
    match ty {
        TypeRef::Box(inner) | TypeRef::Option(inner) | TypeRef::Cell(inner) => strip_pointers(inner),
        other => other,
    }
}

/// Whether an oxc converter's value may hold a node: it makes one, or reads a value that may
/// (`builds`, of a type it reads).
pub(in crate::model) fn converter_reaches(
    schema: &Schema,
    converter: MetaId,
    builds: impl Fn(&TypeRef) -> bool,
) -> bool {
    !made_node_types(schema, converter).is_empty() || converter_reads(schema, converter).iter().any(builds)
}
