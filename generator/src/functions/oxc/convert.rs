//! oxc's converters (`#[estree(via = …)]`, `add_fields`): their `raw_deser` JS rendered for the
//! output variant ([`snippet`](super::snippet)), its references resolved against the schema and
//! layouts, and its calls placed ([`nesting`](super::nesting)).

use std::collections::BTreeSet;

use super::bodies::errors::WriteError;
use super::bodies::parts::BodyPartJs;
use super::emitter::{Emitter, Reader, runtime_reader};
use super::nesting;
use super::snippet::{self, Resolve, Rewritten};
use crate::functions::function::Construction;
use crate::ir::snippet::Part;
use crate::ir::{MetaId, MetaType, Only, TypeId, TypeKind, TypeRef};
use crate::layout::Shape;
use crate::model::PropertyValue;

/// One property of an object being built, as a converter or a field gives it.
pub(super) struct Property {
    pub(super) key: String,
    /// Statements that must run before `value` is evaluated.
    pub(super) statements: String,
    pub(super) value: String,
    /// A plain read of a value that may nest deeply: its function and position. Where the JS stack
    /// runs out below the node, it is left as a `Deferred`, built after the root returns.
    pub(super) deferrable: Option<(String, String)>,
    /// The other calls `statements` and `value` make, and whether each is deferred.
    pub(super) calls: Vec<(String, bool)>,
    /// It holds no node, by oxc's rule (a primitive or a fieldless enum, through `Option`s, `Box`es
    /// and `Vec`s; an inline converter's constant; `from_span`, `range`): in oxc's `parent`
    /// variants it is read before its node exists, the others after, with the node as `parent`.
    pub(super) inline: bool,
}

impl Property {
    pub(super) fn new(key: String, statements: String, value: String) -> Self {
        Self { key, statements, value, deferrable: None, calls: Vec::new(), inline: false }
    }

    /// `self`, holding no node (`inline`).
    pub(super) fn inline(self) -> Self {
        Self { inline: true, ..self }
    }
}

impl<'s> Emitter<'s> {
    /// A snippet's JS with its calls placed (`nesting`): stores of values that may nest become
    /// places to stop, calls whose values it looks at read `Vec`s whole. `as_property`: its value is
    /// an object's property, which may be left for later itself if it is one call.
    pub(super) fn place(&mut self, rewritten: Rewritten, as_property: bool) -> Property {
        let looked_at = |this: &Self, name: &str| match this.named.get(name) {
            Some(Reader::Value(ty @ TypeRef::Vec(inner))) if this.cx.model.may_nest(inner) => {
                this.reader_name(&Reader::WholeVec(ty.clone()))
            }
            _ => name.to_owned(),
        };
        let (statements, mut calls) = nesting::place_in_statements(
            &rewritten.statements,
            &rewritten.value,
            self.flags.parent,
            |f| self.named_may_nest(f),
            |f| looked_at(self, f),
        );
        let single = nesting::single_call(&rewritten.value)
            .filter(|(callee, _)| as_property && self.named_may_nest(callee))
            .map(|(c, a)| (c.to_owned(), a.to_owned()));
        let mut property = Property::new(String::new(), statements, rewritten.value.clone());
        match single {
            Some(deferrable) => property.deferrable = Some(deferrable),
            None => {
                let (value, value_calls) = nesting::place_in_value(&rewritten.value, |f| looked_at(self, f));
                property.value = value;
                calls.extend(value_calls);
            }
        }
        // Register what the snippet calls, under its final names.
        for (callee, _) in &calls {
            if let Some(reader) = self.reader_for(callee) {
                self.register(reader);
            }
        }
        if let Some((callee, _)) = &property.deferrable
            && let Some(reader) = self.reader_for(callee)
        {
            self.register(reader);
        }
        property.calls = calls;
        property
    }

    /// Applies converter `name`'s `raw_deser` to the struct `within` at `pos + offset` (`None`:
    /// an enum or a variant), with `POS` at `pos + pos_at`; the properties it reads through `THIS`
    /// go to `this`.
    pub(super) fn convert(
        &mut self,
        converter: MetaId,
        within: Option<TypeId>,
        offset: u32,
        pos_at: u32,
        this: Option<&mut BTreeSet<String>>,
    ) -> Result<Rewritten, String> {
        let meta: &'s MetaType = &self.schema.meta[converter.0];
        let name = &meta.name;
        let snippet = meta.raw_deser.as_ref().ok_or_else(|| WriteError::NoRawDeser(name.clone()))?;
        let flags = self.flags;
        let mut resolver = Resolver { emitter: self, within, offset, pos_at, read: BTreeSet::new() };
        let mut rewritten =
            snippet::rewrite(snippet, flags, &mut resolver).map_err(|e| WriteError::InConverter(name.clone(), e))?;
        let read = resolver.read;
        // Its constants go beside the function, under names that start with the function's.
        for (constant, declaration) in std::mem::take(&mut rewritten.hoisted) {
            self.functions.insert(constant, declaration);
        }
        match this {
            Some(this) => this.extend(read),
            None if !read.is_empty() => return Err(WriteError::ThisOutsideStruct(name.clone()).into()),
            None => {}
        }
        Ok(rewritten)
    }

    /// Where converter `converter`'s JS, in this output variant, reads values that can hold nodes:
    /// each a type at an offset from `pos`, where struct `within.0` lies at `pos + within.1`, and
    /// `THIS.x` read as property `x` of struct `object`'s object (`None`: the converter is the
    /// struct's own, `via`). Where some such read is not a field read in place (`DESER[T](POS)`, a
    /// computed position, a pointer the JS follows itself), a struct's own converter is taken to
    /// read what its fields hold, as it converts the struct's value (`FormalParameters`, whose JS
    /// follows `rest`'s pointer); `None` for a property's, which a walk then builds to look into
    /// (`functions/walker/`). Reads past what the value holds are harmless: a walk looks into more.
    pub(super) fn converter_reads_at(
        &self,
        converter: MetaId,
        within: Option<(TypeId, u32)>,
        object: Option<TypeId>,
    ) -> Option<Vec<(TypeRef, u32)>> {
        match self.reads_in_place(converter, within, object) {
            Some(reads) => Some(reads),
            None if object.is_none() => {
                let (id, base) = within?;
                let TypeKind::Struct(def) = &self.schema.get(id).kind else { return None };
                let Shape::Struct { field_offsets } = &self.cx.layout64.get(id).shape else { return None };
                // (Not the fields of the other variants, `#[ts]`'s in JavaScript's: the variant's
                // deserializer never reads them, and a walk reads only what it reads.)
                let read = |field: &crate::ir::Field| {
                    self.cx.model.builds_nodes(&field.ty) && Only::wanted(field.estree.only, self.flags.is_ts)
                };
                Some(
                    def.fields
                        .iter()
                        .zip(field_offsets)
                        .filter(|(field, _)| read(field))
                        .map(|(field, offset)| (field.ty.clone(), base + offset))
                        .collect(),
                )
            }
            None => None,
        }
    }

    /// [`Self::converter_reads_at`]'s reads where every one is a field read in place. Only those
    /// the variant's JS runs: the `IF` blocks of its flags, and the constant `if`s that hold
    /// (`if (IS_TS) { … }` in TypeScript's variants alone, as the emitter folds it).
    fn reads_in_place(
        &self,
        converter: MetaId,
        within: Option<(TypeId, u32)>,
        object: Option<TypeId>,
    ) -> Option<Vec<(TypeRef, u32)>> {
        let snippet = self.schema.meta[converter.0].raw_deser.as_ref()?;
        let mut parts = Vec::new();
        snippet::active_parts(&snippet.parts, self.flags, &mut parts);
        let folded = snippet.active(&|flag| self.flags.value(flag));
        let runs = |part: &Part| folded.parts.iter().any(|run| std::ptr::eq(*run, part));
        let model = self.cx.model;
        let mut reads = Vec::new();
        for (n, part) in parts.iter().enumerate() {
            match part {
                Part::Deser(_) | Part::This(_) if !runs(part) => {}
                Part::Deser(ty) if model.builds_nodes(ty) => {
                    let (
                        Some(Part::Text(open)),
                        Some(Part::PosOffset { within: None, path, op: None }),
                        Some(Part::Text(close)),
                    ) = (parts.get(n + 1), parts.get(n + 2), parts.get(n + 3))
                    else {
                        return None;
                    };
                    if open != "(" || !close.starts_with(')') {
                        return None;
                    }
                    let (id, base) = within?;
                    let path: Vec<&str> = path.iter().map(String::as_str).collect();
                    reads.push((ty.clone(), self.field_offset(id, base, &path).ok()?));
                }
                Part::This(name) => {
                    let property = model.object(object?)?.properties.iter().find(|p| &p.key == name)?;
                    match &property.value {
                        PropertyValue::Field { at, ty, .. } if model.builds_nodes(ty) => {
                            reads.push((ty.clone(), at.offset(self.cx.layout64)))
                        }
                        PropertyValue::Joined { parts, .. } => {
                            reads.extend(
                                parts
                                    .iter()
                                    .filter(|(_, ty)| model.builds_nodes(ty))
                                    .map(|(at, ty)| (ty.clone(), at.offset(self.cx.layout64))),
                            );
                        }
                        PropertyValue::Converted { converter, .. }
                            if model.converter_builds_nodes(self.schema, *converter) =>
                        {
                            return None;
                        }
                        _ => {}
                    }
                }
                _ => {}
            }
        }
        Some(reads)
    }

    /// The offset of field `index` of struct `id` (64-bit layout).
    fn offset_of(&self, id: TypeId, index: usize) -> u32 {
        match &self.cx.layout64.get(id).shape {
            Shape::Struct { field_offsets } => field_offsets[index],
            _ => unreachable!("a struct has field offsets"),
        }
    }

    /// The offset of a path of fields from the start of struct `id` plus `base`.
    pub(super) fn field_offset(&self, id: TypeId, base: u32, path: &[&str]) -> Result<u32, String> {
        let mut id = id;
        let mut offset = base;
        for (n, name) in path.iter().enumerate() {
            let def = self.schema.get(id);
            let TypeKind::Struct(s) = &def.kind else {
                return Err(WriteError::PathNotThroughStruct { name: def.name.clone(), path: path.join(".") }.into());
            };
            let index = s
                .fields
                .iter()
                .position(|f| f.name == *name)
                .ok_or_else(|| WriteError::NoField { name: def.name.clone(), field: (*name).to_owned() })?;
            offset += self.offset_of(id, index);
            if n + 1 < path.len() {
                id = match strip_cells(&s.fields[index].ty) {
                    TypeRef::Named(next) => *next,
                    _ => {
                        return Err(
                            WriteError::FieldNotAStruct { name: def.name.clone(), field: (*name).to_owned() }.into()
                        );
                    }
                };
            }
        }
        Ok(offset)
    }
}

/// Resolves a snippet's references for [`Emitter::convert`].
struct Resolver<'e, 's> {
    emitter: &'e mut Emitter<'s>,
    within: Option<TypeId>,
    offset: u32,
    pos_at: u32,
    read: BTreeSet<String>,
}

impl Resolve for Resolver<'_, '_> {
    fn deserializer(&mut self, ty: &TypeRef) -> Result<String, String> {
        if let Some(runtime) = runtime_reader(ty) {
            return Ok(runtime.to_owned());
        }
        // Named only: `Emitter::place` registers what the snippet calls once it has placed the calls.
        let reader = Reader::Value(ty.clone());
        let name = self.emitter.reader_name(&reader);
        self.emitter.named.insert(name.clone(), reader);
        Ok(name)
    }

    fn offset(&mut self, within: Option<TypeId>, path: &[String]) -> Result<u32, String> {
        let path: Vec<&str> = path.iter().map(String::as_str).collect();
        let path = path.as_slice();
        match within {
            Some(id) => self.emitter.field_offset(id, 0, path),
            None => {
                let id = self.within.ok_or(WriteError::PosOffsetOutsideStruct)?;
                self.emitter.field_offset(id, self.offset, path)
            }
        }
    }

    fn pos_offset(&self) -> u32 {
        self.pos_at
    }

    fn this(&mut self, name: &str) -> String {
        self.read.insert(name.to_owned());
        this_name(name)
    }

    fn function(&self) -> &str {
        &self.emitter.current
    }

    fn read_in_place(&self, ty: &TypeRef, pos: &str) -> Option<String> {
        self.emitter.builder.reads_in_place(ty).then(|| self.emitter.builder.read(ty, pos))
    }

    fn node_constructor(&mut self, made: &Construction, node_type: Option<&str>) -> Result<Option<String>, String> {
        self.emitter.node_constructor(made, node_type, "NodeProto").map(Some)
    }
}

/// The local variable holding property `name` when a snippet reads it through `THIS`.
pub(super) fn this_name(name: &str) -> String {
    BodyPartJs::ThisLocal { key: name }.text()
}

fn strip_cells(ty: &TypeRef) -> &TypeRef {
    match ty {
        TypeRef::Cell(inner) => strip_cells(inner),
        other => other,
    }
}
