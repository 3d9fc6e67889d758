//! The [`Collector`] of the walkers a root needs: each written once, on first meeting, and known
//! by its index, which the JS that works out which walkers a visitor needs uses (`WALK_CHILDREN`).
//! What each walker does is [`super::type_walkers`]' and [`super::built_whole`]'s.

use std::collections::BTreeSet;

use super::{NodeTypesOf, SpansFunction, Step, WalkBody, WalkEntry, WalkFunction, WalkSource};
use crate::context::EmitContext;
use crate::functions::builder::at;
use crate::functions::names::member_function;
use crate::ir::{TypeId, TypeRef};
use crate::layout::Shape;

/// What a walker walks: a value of a type, one property of a struct's object alone, or what the
/// converter of struct `of`'s object (or of its property `key`) reads, at `reads`' offsets.
#[derive(Clone, PartialEq)]
pub(super) enum WalkTarget {
    Type(TypeRef),
    Property(TypeId, String),
    Reads { of: TypeId, key: Option<String>, reads: Vec<(TypeRef, u32)> },
}

/// A walker but its name and comment: the node types its value can be, its body, and the walkers
/// it can call or push (its edges).
pub(super) type WalkerParts = (NodeTypesOf, WalkBody, Vec<usize>);

/// Collects the walkers a root needs, each once, in the order first met.
pub(super) struct Collector<'b, 'a> {
    pub(super) source: &'b mut dyn WalkSource<'a>,
    pub(super) cx: &'b EmitContext<'a>,
    /// The node types, by index: those with visitor keys, then those only converters make.
    pub(super) node_types: Vec<String>,
    walked: Vec<WalkTarget>,
    pub(super) functions: Vec<Option<WalkFunction>>,
    /// Walks may skip by words ([`WalkEntry::words`] and `[walk] keywords`): `Vec`s whose
    /// elements' spans can be read get a `spanOf…` function, each element type once.
    pub(super) by_words: bool,
    pub(super) spans: Vec<(TypeRef, SpansFunction)>,
    /// [`WalkEntry::whole_tree`] and [`WalkEntry::looks_into_built`]: which values built whole a walker
    /// builds ([`super::BuiltWalk`]).
    pub(super) whole_tree: bool,
    pub(super) looks_into_built: bool,
    /// The deserializer's functions the walkers' builds call.
    pub(super) builders: BTreeSet<String>,
}

impl<'b, 'a> Collector<'b, 'a> {
    /// A collector of no walkers yet, for a walk whose node types with visitor keys are
    /// `node_types`.
    pub(super) fn new(
        source: &'b mut dyn WalkSource<'a>,
        cx: &'b EmitContext<'a>,
        node_types: Vec<String>,
        entry: &WalkEntry,
    ) -> Self {
        Collector {
            source,
            cx,
            node_types,
            walked: Vec::new(),
            functions: Vec::new(),
            by_words: entry.words && !cx.config.walk_keywords.is_empty(),
            spans: Vec::new(),
            whole_tree: entry.whole_tree,
            looks_into_built: entry.looks_into_built,
            builders: BTreeSet::new(),
        }
    }
}

impl Collector<'_, '_> {
    /// The index of the walker of `walked`, writing it (and those it calls) if it is new.
    pub(super) fn index(&mut self, walked: &WalkTarget) -> usize {
        let walked = match walked {
            WalkTarget::Type(TypeRef::Cell(inner)) => WalkTarget::Type((**inner).clone()),
            other => other.clone(),
        };
        if let Some(index) = self.walked.iter().position(|w| *w == walked) {
            return index;
        }
        let index = self.walked.len();
        self.walked.push(walked.clone());
        self.functions.push(None);
        let function = match &walked {
            WalkTarget::Type(ty) => self.type_function(ty),
            WalkTarget::Property(id, key) => self.property_function(*id, key),
            WalkTarget::Reads { of, key, reads } => self.reads_function(*of, key.as_deref(), reads),
        };
        self.functions[index] = Some(function);
        index
    }

    /// The call of the walker of type `ty` at `pos`.
    pub(super) fn step(&mut self, ty: &TypeRef, pos: String) -> Step {
        self.step_of(&WalkTarget::Type(ty.clone()), pos)
    }

    /// The call of the walker of `walked` at `pos`.
    pub(super) fn step_of(&mut self, walked: &WalkTarget, pos: String) -> Step {
        let walker = self.index(walked);
        Step {
            walker,
            function: self.functions[walker]
                .as_ref()
                .map_or_else(|| self.name(&self.walked[walker]), |f| f.name.clone()),
            pos,
        }
    }

    /// The name of the walker of `walked`: `walk` and the type's, the property's or the reads'.
    pub(super) fn name(&self, walked: &WalkTarget) -> String {
        match walked {
            WalkTarget::Type(ty) => self.source.builder().function_name(ty).replacen("deserialize", "walk", 1),
            WalkTarget::Property(id, key) => member_function("walk", Some(key), &self.cx.schema.get(*id).name),
            WalkTarget::Reads { of, key, .. } => {
                member_function("walkReadsOf", key.as_deref(), &self.cx.schema.get(*of).name)
            }
        }
    }

    /// The index of node type `name`, listed if only a converter makes it.
    pub(super) fn node_index(&mut self, name: &str) -> usize {
        match self.node_types.iter().position(|n| n == name) {
            Some(index) => index,
            None => {
                self.node_types.push(name.to_owned());
                self.node_types.len() - 1
            }
        }
    }

    /// The walkers of the channels returned beside the root that can hold nodes, in the result's
    /// order, at their positions from `root` ([`super::WalkerView::channels`]).
    pub(super) fn channels(&mut self) -> Vec<Step> {
        let cx = self.cx;
        let result = cx.result();
        let layout = self.source.builder().layout;
        let Shape::Struct { field_offsets } = &layout.get(result.root).shape else {
            unreachable!("the root is a struct")
        };
        result
            .channels
            .iter()
            .filter(|c| cx.model.builds_nodes(&c.ty))
            .map(|c| self.step(&c.ty, at("root", field_offsets[c.field])))
            .collect()
    }
}
