//! The body of each oxc reader's function, as the shared templates write it (`Body`): a struct's
//! object from the model's properties (converters, joined fields, `from_span`, `range` included),
//! an enum's `switch`, and the `Option`s, `Vec`s and `Box`es that `Builder` writes for both formats.

pub(super) mod errors;
pub(super) mod parts;

use std::collections::BTreeSet;

use askama::Template;

use self::errors::WriteError;
use self::parts::BodyPartJs;
use super::convert::{Property, this_name};
use super::emitter::{BoxInPlace, Emitter, Reader, runtime_reader};
use crate::casing;
use crate::functions::builder::{at, local_name};
use crate::functions::function::{Body, Case, Function, Prop, PropKind, Prototype, construction};
use crate::functions::text::{JsKey, js_string};
use crate::ir::{Builtin, Primitive, TypeId, TypeKind, TypeRef};
use crate::layout::Shape;
use crate::model::{self, FieldPath, PropertyValue, VariantValue};

/// oxc's `prepend_to` / `append_to`: the statements that build one array of the parts.
#[derive(Template)]
#[template(path = "js/oxc_joined.js", escape = "none")]
struct JoinedJs {
    array: String,
    parts: Vec<JoinedPart>,
}

struct JoinedPart {
    /// The expression reading the part.
    read: String,
    /// A `Vec` (its elements join the array), else an `Option` (its value, if any).
    is_vec: bool,
}

impl Emitter<'_> {
    /// The function of `reader`, named `name`.
    pub(super) fn function(&mut self, name: &str, reader: &Reader) -> Result<Function, String> {
        let (ty, body) = match reader {
            Reader::Value(ty) => (ty.clone(), self.body(ty)?),
            Reader::WholeVec(ty @ TypeRef::Vec(inner)) => (ty.clone(), self.vec_body(inner, false)),
            Reader::WholeVec(_) => unreachable!("only Vecs are read whole"),
            Reader::Property(id, key) => (TypeRef::Named(*id), self.property_body(*id, key)?),
        };
        let rust = self.schema.rust_type(&ty, "'a");
        let comment = BodyPartJs::Comment { rust: &rust, reader }.text();
        Ok(Function { name: name.to_owned(), params: "pos", comment, body })
    }

    /// The body of the function that reads `ty` at `pos`.
    fn body(&mut self, ty: &TypeRef) -> Result<Body, String> {
        let returns = |value: &str| Body::Returns { statements: String::new(), value: value.to_owned() };
        Ok(match ty {
            TypeRef::Primitive(Primitive::U64 | Primitive::I64) => {
                return Err(WriteError::SixtyFourBitInteger.into());
            }
            TypeRef::Builtin(Builtin::StrRef | Builtin::Ident | Builtin::JsStr) | TypeRef::Str => {
                let callee = runtime_reader(ty).expect("strings have a runtime reader");
                returns(&BodyPartJs::Call { callee, args: "pos" }.text())
            }
            TypeRef::Builtin(Builtin::PointerAlign) | TypeRef::Span => return Err(WriteError::NoEstreeValue.into()),
            TypeRef::Cell(inner) => return self.body(inner),
            TypeRef::Primitive(_) | TypeRef::Builtin(_) => returns(&self.builder.read(ty, "pos")),
            TypeRef::Box(inner) => {
                let read_first = self.read_first.contains(&self.current);
                let target = self.deserializer(inner);
                self.call(&target, read_first);
                self.builder.box_body(inner, read_first.then_some(target))
            }
            TypeRef::Vec(inner) => self.vec_body(inner, true),
            TypeRef::Option(inner) => {
                let (none_check, payload) = self.builder.none_test(inner, "pos");
                Body::Option { none_check, some: self.read_payload(inner, &payload) }
            }
            TypeRef::Named(id) => match &self.schema.get(*id).kind {
                TypeKind::Struct(_) => self.struct_body(*id)?,
                TypeKind::Enum(_) => self.enum_body(*id)?,
            },
        })
    }

    /// The body of a `Vec`'s reader. `may_defer`: where the JS stack runs out below an element that
    /// may nest, it and the rest are left for later (not for `WholeVec` readers).
    pub(super) fn vec_body(&mut self, inner: &TypeRef, may_defer: bool) -> Body {
        let element = self.deserializer(inner);
        self.call(&element, may_defer && self.cx.model.may_nest(inner));
        self.builder.vec_body(inner, may_defer)
    }

    /// The expression reading `ty` at `pos`, its function registered and the call recorded.
    fn read(&mut self, ty: &TypeRef, pos: &str) -> String {
        if let Some(runtime) = runtime_reader(ty) {
            return BodyPartJs::Call { callee: runtime, args: pos }.text();
        }
        if !self.builder.reads_in_place(ty) {
            let function = self.deserializer(ty);
            self.call(&function, false);
        }
        self.builder.read(ty, pos)
    }

    /// The expression reading an enum's or an `Option`'s payload `ty` at `pos`: a `Box` read in
    /// place, its target's function called (`Builder::read_payload_in`), unless the `Box`'s own
    /// function must be called (`Emitter::boxes_called`).
    fn read_payload(&mut self, ty: &TypeRef, pos: &str) -> String {
        let reader = Reader::Value(ty.clone());
        let name = self.reader_name(&reader);
        if let TypeRef::Box(inner) = ty
            && !self.boxes_called.contains(&name)
            && runtime_reader(inner).is_none()
            && !self.builder.reads_in_place(inner)
        {
            let target = self.deserializer(inner);
            self.call(&target, false);
            self.boxes_in_place.push(BoxInPlace { caller: self.current.clone(), name, reader, target });
            return self.builder.read_payload_in(ty, pos, "parent", "field");
        }
        self.read(ty, pos)
    }

    /// The body of a struct's function: its object's properties (`model::oxc`), each as JS.
    fn struct_body(&mut self, id: TypeId) -> Result<Body, String> {
        let model = self.cx.model;
        let object = model.object(id).expect("structs have an object model");
        if let Some(converter) = object.via {
            let rewritten = self.convert(converter, Some(id), 0, 0, None)?;
            return Ok(self.returned(rewritten));
        }
        let mut properties = Vec::new();
        let mut read = BTreeSet::new();
        for property in &object.properties {
            properties.push(self.property(property, &mut read)?);
        }
        let mut body = self.object(properties, &read, object.parent && self.flags.parent);
        // oxc's `LOC` (Oxlint's deserializer): an object with a `range` is a node, whose prototype
        // is `NodeProto` (its `loc` getter), made by its shape's constructor.
        if self.flags.linter
            && object.properties.iter().any(|p| p.value == PropertyValue::Range)
            && let Body::Object { prototype, props, is_node, .. } = &mut body
        {
            let made = construction(props, *is_node && self.flags.parent);
            let node_type = object.properties.iter().find_map(|p| match &p.value {
                PropertyValue::NodeType(name) => Some(name.clone()),
                _ => None,
            });
            let constructor = self.node_constructor(&made, node_type.as_deref(), "NodeProto")?;
            *prototype = Some(Prototype { constructor, args: made.args });
        }
        Ok(body)
    }

    /// The body of a function that reads property `key` of struct `id`'s object alone: the
    /// properties its converter reads through `THIS` first, as the object's function reads them,
    /// then its statements and value.
    fn property_body(&mut self, id: TypeId, key: &str) -> Result<Body, String> {
        let object = self.cx.model.object(id).expect("structs have an object model");
        let property =
            object.properties.iter().find(|p| p.key == key).ok_or_else(|| WriteError::NoProperty(key.to_owned()))?;
        let mut this = BTreeSet::new();
        let target = self.property(property, &mut this)?;
        let mut statements = Vec::new();
        let mut calls = Vec::new();
        for other in object.properties.iter().filter(|p| p.key != key && this.contains(&p.key)) {
            let read = self.property(other, &mut BTreeSet::new())?;
            if !read.statements.is_empty() {
                statements.push(read.statements);
            }
            statements.push(BodyPartJs::Const { name: &this_name(&other.key), value: &read.value }.text());
            calls.extend(read.calls);
            calls.extend(read.deferrable.map(|(function, _)| (function, false)));
        }
        if !target.statements.is_empty() {
            statements.push(target.statements);
        }
        calls.extend(target.calls);
        // (Read at once: a walk builds it where the stack has room.)
        calls.extend(target.deferrable.map(|(function, _)| (function, false)));
        self.record(&calls);
        Ok(Body::Returns { statements: statements.join("\n"), value: target.value })
    }

    /// The body of a function whose value is a converter's: its statements, then its value (which
    /// passes through to the caller, which places it).
    fn returned(&mut self, rewritten: super::snippet::Rewritten) -> Body {
        let placed = self.place(rewritten, false);
        self.record(&placed.calls);
        Body::Returns { statements: placed.statements, value: placed.value }
    }

    /// One property as JS; the properties it reads through `THIS` go to `read`.
    fn property(&mut self, property: &model::Property, read: &mut BTreeSet<String>) -> Result<Property, String> {
        let key = property.key.clone();
        Ok(match &property.value {
            PropertyValue::NodeType(name) => Property::new(key, String::new(), js_string(name)).inline(),
            PropertyValue::Field { at: path, ty, .. } => {
                let pos = at("pos", path.offset(self.cx.layout64));
                // A number or a flag is read in place, a string by the runtime's reader: one call
                // fewer per property.
                if self.builder.reads_in_place(ty) || runtime_reader(ty).is_some() {
                    return Ok(Property::new(key, String::new(), self.read(ty, &pos)).inline());
                }
                let function = self.deserializer(ty);
                let mut property = Property::new(key, String::new(), self.builder.read(ty, &pos));
                property.inline = self.holds_no_node(ty);
                if self.cx.model.may_nest(ty) {
                    property.deferrable = Some((function, pos));
                } else {
                    property.calls.push((function, false));
                }
                property
            }
            PropertyValue::Converted { converter, within } => {
                let offset = within.path.offset(self.cx.layout64);
                let rewritten = self.convert(*converter, Some(within.id), offset, offset, Some(read))?;
                let inline = self.schema.meta[converter.0].raw_deser_inline;
                Property { key, inline, ..self.place(rewritten, true) }
            }
            PropertyValue::FromSpan { option } => {
                read.extend(["start".to_owned(), "end".to_owned()]);
                let none = option
                    .as_ref()
                    .map(|(path, inner)| self.builder.none_test(inner, &at("pos", path.offset(self.cx.layout64))).0);
                let (start, end) = (this_name("start"), this_name("end"));
                let slice = BodyPartJs::SourceSlice { none: none.as_deref(), start: &start, end: &end };
                Property::new(key, String::new(), slice.text()).inline()
            }
            PropertyValue::Joined { field, parts } => self.joined(key, field, parts)?,
            PropertyValue::Range => {
                read.extend(["start".to_owned(), "end".to_owned()]);
                let (start, end) = (this_name("start"), this_name("end"));
                Property::new(key, String::new(), BodyPartJs::Range { start: &start, end: &end }.text()).inline()
            }
            PropertyValue::Span { .. } => return Err(WriteError::RawastSpan(key).into()),
        })
    }

    /// A field with others prepended or appended to it (`#[estree(prepend_to = …)]`): one array of
    /// the `Vec`s' elements and the `Option`s' values, in the order prepended, field, appended.
    fn joined(&mut self, key: String, field: &FieldPath, parts: &[(FieldPath, TypeRef)]) -> Result<Property, String> {
        let field_name = casing::capitalized(&casing::camel_case(&self.field_name(field)));
        let array = BodyPartJs::JoinedArray { field: &field_name }.text();
        let mut calls = Vec::new();
        let mut joined = Vec::new();
        for (path, ty) in parts {
            if !matches!(ty, TypeRef::Vec(_) | TypeRef::Option(_)) {
                return Err(WriteError::JoinedNeitherVecNorOption(self.field_name(path)).into());
            }
            // The parts are read whole and looked at, but the elements of their `Vec`s only stored:
            // those may be left for later.
            let function = self.deserializer(ty);
            calls.push((function, false));
            joined.push(JoinedPart {
                read: self.builder.read(ty, &at("pos", path.offset(self.cx.layout64))),
                is_vec: matches!(ty, TypeRef::Vec(_)),
            });
        }
        let statements = JoinedJs { array: array.clone(), parts: joined }.render().map_err(|e| e.to_string())?;
        Ok(Property { calls, ..Property::new(key, statements.trim().to_owned(), array) })
    }

    /// oxc's rule for a field that holds no node: its innermost type (through `Option`s, `Box`es,
    /// `Vec`s and `Cell`s) is a primitive or a fieldless enum.
    fn holds_no_node(&self, ty: &TypeRef) -> bool {
        match ty {
            TypeRef::Option(inner) | TypeRef::Box(inner) | TypeRef::Vec(inner) | TypeRef::Cell(inner) => {
                self.holds_no_node(inner)
            }
            TypeRef::Primitive(_) | TypeRef::Builtin(_) | TypeRef::Str => true,
            TypeRef::Span => false,
            TypeRef::Named(id) => match &self.schema.get(*id).kind {
                TypeKind::Enum(e) => e.variants.iter().all(|v| v.payload.is_none()),
                TypeKind::Struct(_) => false,
            },
        }
    }

    /// The name of the field at the end of `path`.
    fn field_name(&self, path: &FieldPath) -> String {
        let &(id, index) = path.0.last().expect("a field path has a field");
        let TypeKind::Struct(s) = &self.schema.get(id).kind else { unreachable!("field paths go through structs") };
        s.fields[index].name.clone()
    }

    fn enum_body(&mut self, id: TypeId) -> Result<Body, String> {
        let model = self.cx.model;
        let enumeration = model.enumeration(id).expect("enums have an enum model");
        if let Some(converter) = enumeration.via {
            let rewritten = self.convert(converter, None, 0, 0, None)?;
            return Ok(self.returned(rewritten));
        }
        let name = self.schema.get(id).name.clone();
        // A fieldless enum: a lookup in its strings.
        if enumeration.variants.iter().all(|v| matches!(v.value, VariantValue::String(_))) {
            let values =
                crate::functions::text::by_tag(enumeration.variants.iter().filter_map(
                    |variant| match &variant.value {
                        VariantValue::String(value) => Some((variant.discriminant, js_string(value))),
                        _ => None,
                    },
                ));
            let constant = BodyPartJs::EnumStrings { screaming_name: &casing::screaming_case(&name) }.text();
            return Ok(Body::Strings { constant, what: name, values });
        }
        let payload = match &self.cx.layout64.get(id).shape {
            Shape::DataEnum { payload_offset } => *payload_offset,
            _ => 0,
        };
        let mut cases = Vec::new();
        for variant in &enumeration.variants {
            let (statements, value) = match &variant.value {
                VariantValue::Converted(converter) => {
                    let rewritten = self.convert(*converter, None, payload, payload, None)?;
                    match self.returned(rewritten) {
                        Body::Returns { statements, value } => (statements, value),
                        _ => unreachable!("`returned` returns"),
                    }
                }
                VariantValue::Payload(payload_type) => {
                    (String::new(), self.read_payload(payload_type, &at("pos", payload)))
                }
                VariantValue::String(value) => (String::new(), js_string(value)),
            };
            cases.push(Case { discriminant: variant.discriminant, statements, value });
        }
        Ok(Body::Switch { what: name, cases })
    }

    /// A struct's object: the properties snippets read first (as locals), the other properties'
    /// statements, the values that may nest (as locals, tried: left for later where the JS stack
    /// runs out below the node), then the object literal, in property order. `parent`: a node of
    /// a `parent` variant, whose children (the properties not `inline`) are read once it exists,
    /// with it as `parent`; a node without children takes `parent` as it is.
    fn object(&mut self, properties: Vec<Property>, read: &BTreeSet<String>, parent: bool) -> Body {
        let has_children = parent && properties.iter().any(|p| !p.inline);
        let mut calls = Vec::new();
        let mut props: Vec<Prop> = properties
            .into_iter()
            .map(|property| {
                calls.extend(property.calls.iter().cloned());
                let read_first = read.contains(&property.key);
                let is_child = has_children && !property.inline;
                let mut prop = Prop {
                    statements: property.statements,
                    read_first,
                    is_child,
                    ..Prop::plain(JsKey::new(&property.key), property.value, PropKind::Field)
                };
                if read_first {
                    prop.local = this_name(&property.key);
                    if let Some((function, _)) = property.deferrable {
                        calls.push((function, false));
                    }
                } else if let Some((function, pos)) = property.deferrable {
                    prop.local = local_name(&property.key);
                    prop.deferred = Some(BodyPartJs::Deferred { function: &function, pos: &pos }.text());
                    calls.push((function, true));
                }
                prop
            })
            .collect();
        self.record(&calls);
        let locals: Vec<&str> = props.iter().filter(|p| p.deferred.is_some()).map(|p| p.local.as_str()).collect();
        let locals = locals.join(", ");
        if parent && !has_children {
            props.push(Prop::plain(JsKey::new("parent"), "parent".to_owned(), PropKind::Field));
        }
        Body::Object { defers: !locals.is_empty(), locals, props, is_node: has_children, prototype: None }
    }
}
