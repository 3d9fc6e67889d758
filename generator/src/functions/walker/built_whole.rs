//! The walkers of values built whole: a converter's value (of a struct, of an enum some of whose
//! variants a converter reads, or of one property alone), and a node of a visited type. What the
//! converter reads is walked first where it is known, so that the value is built only where it can
//! hold a visited node; the builders the walkers call are imported by `walk.js`.

use super::collector::{Collector, WalkTarget, WalkerParts};
use super::{BuiltWalk, NodeTypesOf, Step, WalkBody, WalkFunction};
use crate::functions::builder::at;
use crate::functions::names::{member_comment, type_comment};
use crate::ir::{MetaId, TypeId, TypeRef};
use crate::model::{ConverterKeeps, PropertyValue};

/// What builds a value whole: a type's deserializer, or that of a struct's converted property alone.
#[derive(Clone, Copy)]
pub(super) enum BuiltWhole<'k> {
    Type(&'k TypeRef),
    Property(TypeId, &'k str),
}

impl Collector<'_, '_> {
    /// The walker of struct `id`'s property `key` alone: a converter's value, built whole.
    pub(super) fn property_function(&mut self, id: TypeId, key: &str) -> WalkFunction {
        let cx = self.cx;
        let name = self.name(&WalkTarget::Property(id, key.to_owned()));
        let object = cx.model.object(id).expect("structs have an object model");
        let Some(PropertyValue::Converted { converter, within }) =
            object.properties.iter().find(|p| p.key == key).map(|p| &p.value)
        else {
            unreachable!("only converters' properties are walked alone")
        };
        let (node, body, edges) = self.converted(
            *converter,
            BuiltWhole::Property(id, key),
            id,
            Some(key),
            (within.id, within.path.offset(self.source.builder().layout)),
        );
        WalkFunction {
            name,
            comment: member_comment(&cx.schema.get(id).name, key, ", a converter's value"),
            node,
            edges,
            body,
        }
    }

    /// A walker that builds a converter's value whole and visits it: needed where the values it
    /// reads can lead to a visited node, or it makes one of a visited type. The converter is
    /// struct `of`'s (or its property `key`'s), at `within`, `THIS` being `of`'s object.
    pub(super) fn converted(
        &mut self,
        converter: MetaId,
        whole: BuiltWhole,
        of: TypeId,
        key: Option<&str>,
        within: (TypeId, u32),
    ) -> WalkerParts {
        let cx = self.cx;
        let keeps = cx.model.converter_keeps(cx.schema, converter, Some(of));
        let reads = if keeps == ConverterKeeps::Nothing {
            None
        } else {
            self.source.converter_reads(converter, Some(within), key.map(|_| of))
        };
        // (Its builder is written before the walkers of its reads: the order of functions in
        // `walk.js`.)
        let build = self.value_build(whole, reads.is_some());
        let made = self.made_by(converter);
        if keeps == ConverterKeeps::Nothing {
            // It holds only the nodes it makes: nothing to look into.
            return (
                NodeTypesOf::Made(made),
                WalkBody::Built { walk: self.built_walk(build, None), value_read: None },
                Vec::new(),
            );
        }
        match reads {
            Some(reads) => {
                // A converter whose value is one of its reads, a node (`JSXElement`'s
                // `openingElement`): walked as that read where its node type is not visited.
                let value_read = match keeps {
                    ConverterKeeps::Value(read) if made.is_empty() => self.value_read(&read, &reads),
                    _ => None,
                };
                let reads =
                    self.step_of(&WalkTarget::Reads { of, key: key.map(str::to_owned), reads }, "pos".to_owned());
                let mut edges = vec![reads.walker];
                edges.extend(value_read.as_ref().map(|(_, step)| step.walker));
                (
                    NodeTypesOf::Made(made),
                    WalkBody::Built { walk: self.built_walk(build, Some(reads)), value_read },
                    edges,
                )
            }
            None => {
                let edges = self.read_by(converter);
                (
                    NodeTypesOf::Made(made),
                    WalkBody::Built { walk: self.built_walk(build, None), value_read: None },
                    edges,
                )
            }
        }
    }

    /// The expression that builds `whole` (writing its builder if it is new), whose functions
    /// `walk.js` imports.
    fn build(&mut self, whole: BuiltWhole) -> String {
        let build = match whole {
            BuiltWhole::Type(ty) => self.source.build(ty),
            BuiltWhole::Property(id, key) => self.source.build_property(id, key),
        };
        self.builders.extend(build.functions);
        build.call
    }

    /// The expression that builds a node of type `ty` whole where the visitor visits its type; a
    /// walk of the whole tree builds the tree instead, and imports no builder for it.
    pub(super) fn node_build(&mut self, ty: &TypeRef) -> String {
        if self.whole_tree { self.source.build(ty).call } else { self.build(BuiltWhole::Type(ty)) }
    }

    /// The expression that builds a value built whole (`whole`), where its walker builds it: always,
    /// but in a walk of the whole tree, where it is built only to be looked into apart from the
    /// tree (`looks_into_built`) for lack of a walker of what its converter reads (`has_reads`).
    fn value_build(&mut self, whole: BuiltWhole, has_reads: bool) -> Option<String> {
        (!self.whole_tree || (self.looks_into_built && !has_reads)).then(|| self.build(whole))
    }

    /// How a walker walks a value built whole, from `value_build`'s `build` and the walker of what
    /// its converter reads (`reads`, where known).
    fn built_walk(&self, build: Option<String>, reads: Option<Step>) -> BuiltWalk {
        match (build, reads) {
            (Some(build), Some(reads)) => BuiltWalk::Scanned { build, reads },
            (Some(build), None) if !self.whole_tree => BuiltWalk::Visited { build },
            (Some(build), None) => BuiltWalk::Probed { build },
            (None, Some(reads)) => BuiltWalk::ReadsInTree { reads },
            (None, None) => BuiltWalk::Found,
        }
    }

    /// How a walker walks a value built whole with no walker of what it reads (`built_walk`),
    /// writing its builder where the walker builds it.
    pub(super) fn unread_walk(&mut self, whole: BuiltWhole) -> BuiltWalk {
        let build = self.value_build(whole, false);
        self.built_walk(build, None)
    }

    /// The node type of `read`, a value a converter reads that is its own value, and the step that
    /// walks it among `reads` (where it is one node type's struct, read in place).
    fn value_read(&mut self, read: &TypeRef, reads: &[(TypeRef, u32)]) -> Option<(usize, Step)> {
        let mut inner = read;
        while let TypeRef::Box(boxed) = inner {
            inner = boxed;
        }
        let TypeRef::Named(id) = inner else { return None };
        let [node_type] = self.cx.model.walked(*id)?.node_types.as_slice() else { return None };
        let (_, offset) = reads.iter().find(|(ty, _)| ty == read)?;
        let index = self.node_index(&node_type.clone());
        Some((index, self.step(read, at("pos", *offset))))
    }

    /// The walker of what a converter reads (`WalkTarget::Reads`): those of its reads that can lead to
    /// a node, in the order it reads them, as a struct's fields.
    pub(super) fn reads_function(&mut self, of: TypeId, key: Option<&str>, reads: &[(TypeRef, u32)]) -> WalkFunction {
        let name = self.name(&WalkTarget::Reads { of, key: key.map(str::to_owned), reads: reads.to_vec() });
        let mut children: Vec<Step> = Vec::new();
        for (ty, offset) in reads {
            let step = self.step(ty, at("pos", *offset));
            if !children.iter().any(|c| c.walker == step.walker && c.pos == step.pos) {
                children.push(step);
            }
        }
        let edges = children.iter().map(|s| s.walker).collect();
        let what = key.map_or_else(
            || type_comment(&self.cx.schema.get(of).name, ""),
            |key| member_comment(&self.cx.schema.get(of).name, key, ""),
        );
        WalkFunction {
            name,
            comment: format!("What the converter of {what} reads"),
            node: NodeTypesOf::Nothing,
            edges,
            body: WalkBody::Object { node: None, children, span: None },
        }
    }

    /// The node types converter `converter` makes itself, in the model's output variant.
    pub(super) fn made_by(&mut self, converter: MetaId) -> Vec<usize> {
        crate::model::made_node_types_in(self.cx.schema, converter, self.cx.model.variant)
            .iter()
            .map(|t| self.node_index(t))
            .collect()
    }

    /// The walkers of the values converter `converter` reads (in the model's output variant) that
    /// can lead to a node: where its value is built whole without a scan.
    pub(super) fn read_by(&mut self, converter: MetaId) -> Vec<usize> {
        let cx = self.cx;
        crate::model::converter_reads_in(cx.schema, converter, cx.model.variant)
            .iter()
            .filter(|ty| cx.model.builds_nodes(ty))
            .map(|ty| self.index(&WalkTarget::Type(ty.clone())))
            .collect()
    }
}
