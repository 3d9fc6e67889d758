//! Deserializers of oxc-parser's own raw transfer buffers (targets with `format = "oxc"`), which
//! return what oxc's generated deserializers return, from oxc's schema as it is.
//!
//! What each type becomes in JS is the model's (`model::oxc`: oxc's `#[estree(...)]`, `#[ts]` and
//! `#[js_only]` rules, for the target's output variant); this module writes it as JS: one function
//! per type (and per `Option`, `Box` and `Vec` of one), from the root `RawTransferData` down to
//! what it reaches, in name order, with the `raw_deser` JS of the `#[ast_meta]` converters that
//! `via` and `add_fields` name rendered by [`snippet`] and placed by [`nesting`]. Properties a
//! snippet reads through `THIS.name` are computed first.

mod nesting;
pub mod snippet;

use std::collections::{BTreeMap, BTreeSet, HashMap};

use askama::Template;

use self::nesting::Call;
use self::snippet::{Flags, Resolve, Rewritten};
use crate::Error;
use crate::config::{BufferFormat, SourceText, Target};
use crate::emit::EmitContext;
use crate::emit::text::js_string;
use crate::ir::{Builtin, MetaId, MetaType, Primitive, Schema, TypeId, TypeKind, TypeRef};
use crate::model::{self, FieldPath, Model, OutputVariant, PropertyValue, VariantValue, camel_case, capitalized};
use crate::layout::{OptionRepr, SchemaLayout, Shape};

/// The type at the root of oxc-parser's buffers (described in the schema: it lives in oxc's napi
/// crate, which is not published).
const ROOT: &str = "RawTransferData";
/// The metadata oxc-parser writes after the active region of its buffer.
const METADATA: &str = "RawTransferMetadata";

#[derive(Template)]
#[template(path = "js/oxc_deserialize.js", escape = "none")]
struct OxcDeserializeJs {
    header: String,
    target: String,
    variant: String,
    metadata_size: u32,
    data_offset_field: u32,
    /// The size of the root, `RawTransferData`.
    root_size: u32,
    root: String,
    functions: Vec<String>,
    /// Read by the shared `js/deferred.js`: oxc's outputs have no `parent` links.
    parent_links: bool,
    /// Some `Box` is read first where the JS stack runs out (`Emitter::read_first_where_looked_at`):
    /// reads from the top of the stack go through `readFromTop`.
    read_first: bool,
    /// `source_text = "buffer"`: every string from the buffer, the caller's text only checked.
    source_from_buffer: bool,
}

pub fn emit(cx: &EmitContext, target: &Target) -> Result<String, Error> {
    let BufferFormat::Oxc { typescript, range, source_text } = target.format else { unreachable!("emit is called for oxc targets") };
    let flags = Flags { is_ts: typescript, range };
    let fail = |message: String| Error::Render { template: "js/oxc_deserialize.js".to_owned(), message };
    let model = Model::build_variant(cx.schema, cx.config, OutputVariant { is_ts: typescript, range })?;
    let mut emitter = Emitter::new(cx.schema, cx.layout64, &model, flags);
    let root = emitter.named(ROOT).map_err(&fail)?;
    let metadata = emitter.named(METADATA).map_err(&fail)?;
    let root_fn = emitter.deserializer(&TypeRef::Named(root));
    emitter.run().map_err(&fail)?;
    emitter.read_first_where_looked_at().map_err(&fail)?;
    nesting::check_cycles(&emitter.calls).map_err(&fail)?;
    let data_offset_field = emitter.field_offset(metadata, 0, &["data_offset"]).map_err(&fail)?;
    let view = OxcDeserializeJs {
        header: cx.header(),
        target: target.name.clone(),
        variant: format!("{}{}", if typescript { "TypeScript" } else { "JavaScript" }, if range { ", with `range`" } else { "" }),
        metadata_size: cx.layout64.get(metadata).layout.size,
        data_offset_field,
        root_size: cx.layout64.get(root).layout.size,
        root: root_fn,
        read_first: !emitter.read_first.is_empty(),
        source_from_buffer: source_text == SourceText::Buffer,
        functions: emitter.functions.into_values().collect(),
        parent_links: false,
    };
    view.render().map_err(|source| fail(source.to_string()))
}

/// Builds the deserializer functions a root needs, each once.
struct Emitter<'s> {
    schema: &'s Schema,
    layout: &'s SchemaLayout,
    /// Each type's JS value in this output variant, and which may nest without bound.
    model: &'s Model,
    flags: Flags,
    names: HashMap<&'s str, TypeId>,
    /// Function name → code.
    functions: BTreeMap<String, String>,
    /// Readers whose function is named but not yet written.
    pending: Vec<Reader>,
    /// The reader of each function name a snippet has named.
    named: HashMap<String, Reader>,
    /// The function being written.
    current: String,
    /// Every call between functions, for `nesting::check_cycles`.
    calls: Vec<Call>,
    /// Every function's reader, by name.
    readers: BTreeMap<String, Reader>,
    /// The `Box` readers that read their target first where the JS stack runs out below it.
    read_first: BTreeSet<String>,
}

/// What a function reads.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Reader {
    Value(TypeRef),
    /// A `Vec` whose elements are all read now, none left for later: for snippets that look at
    /// them (`decorators[0].start`).
    WholeVec(TypeRef),
}

/// One property of an object being built.
struct Property {
    key: String,
    /// Statements that must run before `value` is evaluated.
    statements: String,
    value: String,
    /// A plain read (`deserializeT(pos + N)`) of a value that may nest deeply: where the JS stack runs
    /// out below the node, it is left as a `Deferred` (the function and the position), built after
    /// the root returns (`object_body`).
    deferrable: Option<(String, String)>,
    /// The other calls `statements` and `value` make, and whether each is deferred.
    calls: Vec<(String, bool)>,
}

impl Property {
    fn new(key: String, statements: String, value: String) -> Self {
        Self { key, statements, value, deferrable: None, calls: Vec::new() }
    }
}

/// The properties of a struct's object, and the names snippets read through `THIS`.
#[derive(Default)]
struct Properties {
    list: Vec<Property>,
    read: BTreeSet<String>,
}

impl<'s> Emitter<'s> {
    fn new(schema: &'s Schema, layout: &'s SchemaLayout, model: &'s Model, flags: Flags) -> Self {
        let names = schema.ids().map(|id| (schema.get(id).name.as_str(), id)).collect();
        Self {
            schema,
            layout,
            model,
            flags,
            names,
            functions: BTreeMap::new(),
            pending: Vec::new(),
            named: HashMap::new(),
            current: String::new(),
            calls: Vec::new(),
            readers: BTreeMap::new(),
            read_first: BTreeSet::new(),
        }
    }

    fn named(&self, name: &str) -> Result<TypeId, String> {
        self.names.get(name).copied().ok_or_else(|| format!("the schema has no type `{name}`, which oxc's buffers need"))
    }

    /// Writes every function named so far, and those they name.
    fn run(&mut self) -> Result<(), String> {
        while let Some(reader) = self.pending.pop() {
            self.write(reader)?;
        }
        Ok(())
    }

    /// Writes the function of `reader` (again, if it was written already).
    fn write(&mut self, reader: Reader) -> Result<(), String> {
        let name = self.reader_name(&reader);
        self.current = name.clone();
        self.calls.retain(|call| call.caller != name);
        let body = match &reader {
            Reader::Value(ty) => self.body(ty),
            Reader::WholeVec(ty) => self.vec_body(ty, false),
        }
        .map_err(|e| format!("{name}: {e}"))?;
        nesting::check_recorded(&name, &body, &self.calls)?;
        self.functions.insert(name.clone(), format!("function {name}(pos) {{\n{}\n}}\n", indent(&body)));
        self.readers.insert(name, reader);
        Ok(())
    }

    /// Where functions call each other with no place to stop (a converter that looks at what it
    /// read: oxc's namespace declarations, `a.b.c { }`, each read inside the one before), the
    /// `Box`es among them read their target first when the JS stack runs out below it: the
    /// deepest one records itself, and `readFromTop` reads it from the top of the stack and keeps
    /// its value for the retry, which finds it there. That takes a chain: each function of the
    /// group makes at most one call into it each time it runs (else a retry would read again what
    /// a failed one read, as often as there are such calls, and each retry takes away what it
    /// found). A group with no `Box` is left for `nesting::check_cycles` to refuse.
    fn read_first_where_looked_at(&mut self) -> Result<(), String> {
        for group in nesting::undeferred_cycles(&self.calls) {
            for name in &group {
                let one_at_a_time = match self.readers.get(name) {
                    Some(Reader::Value(TypeRef::Box(_) | TypeRef::Option(_) | TypeRef::Cell(_))) => true,
                    Some(Reader::Value(TypeRef::Named(id))) => self.model.enumeration(*id).is_some_and(|e| e.via.is_none()),
                    _ => false,
                };
                let into_group = self.calls.iter().filter(|c| !c.deferred && &c.caller == name && group.contains(&c.callee)).count();
                if !one_at_a_time && into_group > 1 {
                    return Err(format!(
                        "{name} looks at {into_group} values that may hold it again ({}): a tree nested deeper than the JS stack holds could not be read in bounded work",
                        group.join(", ")
                    ));
                }
            }
            for name in group {
                if let Some(reader @ Reader::Value(TypeRef::Box(_))) = self.readers.get(&name).cloned() {
                    self.read_first.insert(name);
                    self.write(reader)?;
                }
            }
        }
        Ok(())
    }

    /// The name of the function that reads `ty` at `pos`; it is written later if new.
    fn deserializer(&mut self, ty: &TypeRef) -> String {
        self.register(Reader::Value(ty.clone()))
    }

    fn reader_name(&self, reader: &Reader) -> String {
        match reader {
            Reader::Value(ty) => format!("deserialize{}", self.plain_name(ty)),
            Reader::WholeVec(ty) => format!("deserialize{}Whole", self.plain_name(ty)),
        }
    }

    /// The name of `reader`'s function; it is written later if new.
    fn register(&mut self, reader: Reader) -> String {
        let name = self.reader_name(&reader);
        if !self.functions.contains_key(&name) {
            // A placeholder keeps the name taken until `run` writes the function.
            self.functions.insert(name.clone(), String::new());
            self.pending.push(reader);
        }
        name
    }

    /// Records a call from the function being written.
    fn call(&mut self, callee: &str, deferred: bool) {
        self.calls.push(Call { caller: self.current.clone(), callee: callee.to_owned(), deferred });
    }

    /// Whether the function of a name a snippet uses reads a value that may nest.
    fn named_may_nest(&self, name: &str) -> bool {
        match self.named.get(name) {
            Some(Reader::Value(ty) | Reader::WholeVec(ty)) => self.model.may_nest(ty),
            None => false,
        }
    }

    /// A snippet's JS with its calls placed (`nesting`): stores of values that may nest become
    /// places to stop, calls whose values it looks at read `Vec`s whole. `as_property`: its value is
    /// an object's property, which may be left for later itself if it is one call.
    fn place(&mut self, rewritten: Rewritten, as_property: bool) -> Property {
        let looked_at = |this: &Self, name: &str| match this.named.get(name) {
            Some(Reader::Value(ty @ TypeRef::Vec(inner))) if this.model.may_nest(inner) => this.reader_name(&Reader::WholeVec(ty.clone())),
            _ => name.to_owned(),
        };
        let (statements, mut calls) = nesting::place_in_statements(&rewritten.statements, &rewritten.value, |f| self.named_may_nest(f), |f| looked_at(self, f));
        let single = nesting::single_call(&rewritten.value).filter(|(callee, _)| as_property && self.named_may_nest(callee)).map(|(c, a)| (c.to_owned(), a.to_owned()));
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

    /// The reader of a function name a snippet's call uses (its own or a `…Whole` one).
    fn reader_for(&self, name: &str) -> Option<Reader> {
        if let Some(reader) = self.named.get(name) {
            return Some(reader.clone());
        }
        let plain = name.strip_suffix("Whole")?;
        match self.named.get(plain) {
            Some(Reader::Value(ty)) => Some(Reader::WholeVec(ty.clone())),
            _ => None,
        }
    }

    fn plain_name(&self, ty: &TypeRef) -> String {
        match ty {
            TypeRef::Primitive(p) => capitalized(p.rust_name()),
            TypeRef::Builtin(Builtin::StrRef | Builtin::Ident) | TypeRef::Str => "Str".to_owned(),
            TypeRef::Builtin(Builtin::JsStr) => "JSStr".to_owned(),
            TypeRef::Builtin(Builtin::NonZeroU32) => "U32".to_owned(),
            TypeRef::Builtin(Builtin::AtomicBool) => "Bool".to_owned(),
            TypeRef::Builtin(Builtin::PointerAlign) => "PointerAlign".to_owned(),
            TypeRef::Span => "Span".to_owned(),
            TypeRef::Box(inner) => format!("Box{}", self.plain_name(inner)),
            TypeRef::Vec(inner) => format!("Vec{}", self.plain_name(inner)),
            TypeRef::Option(inner) => format!("Option{}", self.plain_name(inner)),
            TypeRef::Cell(inner) => self.plain_name(inner),
            TypeRef::Named(id) => self.schema.get(*id).name.clone(),
        }
    }

    /// The body of the function that reads `ty` at `pos`.
    fn body(&mut self, ty: &TypeRef) -> Result<String, String> {
        Ok(match ty {
            TypeRef::Primitive(p) => format!("return {};", primitive(*p)?),
            TypeRef::Builtin(Builtin::StrRef | Builtin::Ident) | TypeRef::Str => "return readStr(pos);".to_owned(),
            TypeRef::Builtin(Builtin::JsStr) => "return readJSStr(pos);".to_owned(),
            TypeRef::Builtin(Builtin::NonZeroU32) => format!("return {};", primitive(Primitive::U32)?),
            TypeRef::Builtin(Builtin::AtomicBool) => format!("return {};", primitive(Primitive::Bool)?),
            TypeRef::Builtin(Builtin::PointerAlign) | TypeRef::Span => return Err("no ESTree value".to_owned()),
            TypeRef::Cell(inner) => return self.body(inner),
            TypeRef::Box(inner) => {
                let layout = self.layout.of(inner);
                let (size, align_mask) = (layout.size, layout.align - 1);
                let read = self.deserializer(inner);
                let read_first = self.read_first.contains(&self.current);
                self.call(&read, read_first);
                let what = js_string(&format!("pointer to {}", self.plain_name(inner)));
                // The pointee must lie whole in the AST's region, aligned. The tests are written so
                // that `undefined` (a snippet's read past the buffer) fails them.
                let check = format!(
                    "const target = int32[pos >> 2];\nif (!(target >= lo && target <= hi - {size}) || (target & {align_mask}) !== 0) throw corrupt({what}, pos);\n"
                );
                if read_first {
                    format!(
                        "{check}if ((budget -= {size}) < 0) settle(target, {size}, pos);\nif (readFirst.size > 0 && readFirst.has(target)) return takeReadFirst(target);\ntry {{\n  return {read}(target);\n}} catch (error) {{\n  if (error instanceof RangeError && overflowRead === null) {{\n    overflowRead = {read};\n    overflowAt = target;\n  }}\n  throw error;\n}}"
                    )
                } else if self.model.may_nest(inner) {
                    // What may lead back here (a cycle of the type graph) is paid for from the
                    // budget, so shared or cyclic pointers cannot multiply the work.
                    format!("{check}if ((budget -= {size}) < 0) settle(target, {size}, pos);\nreturn {read}(target);")
                } else {
                    // The rest (an identifier, a literal: most `Box`es) is read in bounded work, so
                    // it is not paid for: the pointers to it lie in structs and `Vec`s already paid
                    // for, which bounds how often it can be read.
                    format!("{check}return {read}(target);")
                }
            }
            TypeRef::Vec(_) => self.vec_body(ty, true)?,
            TypeRef::Option(inner) => {
                let (none, payload) = self.none_test(inner, 0);
                let read = self.deserializer(inner);
                self.call(&read, false);
                format!("return {none} ? null : {read}({});", pos_plus(payload))
            }
            TypeRef::Named(id) => match &self.schema.get(*id).kind {
                TypeKind::Struct(_) => self.struct_body(*id)?,
                TypeKind::Enum(_) => self.enum_body(*id)?,
            },
        })
    }

    /// The body of a `Vec`'s reader. `may_defer`: where the JS stack runs out below an element that
    /// may nest, it and the rest are left for later (not for `WholeVec` readers).
    fn vec_body(&mut self, ty: &TypeRef, may_defer: bool) -> Result<String, String> {
        let TypeRef::Vec(inner) = ty else { unreachable!("vec_body reads Vecs") };
        let layout = self.layout.of(inner);
        let (size, align_mask) = (layout.size, layout.align - 1);
        let element = self.deserializer(inner);
        let what = js_string(&format!("Vec<{}>", self.plain_name(inner)));
        let head = format!(
            "const pos32 = pos >> 2, len = int32[pos32 + 2];\nif (len === 0) return [];\nlet element = int32[pos32];\nif (!(len > 0 && element >= lo && len <= (hi - element) / {size}) || (element & {align_mask}) !== 0) throw corrupt({what}, pos);\nif ((budget -= len * {size}) < 0) settle(element, len * {size}, pos);\nconst array = new Array(len);\n"
        );
        let defers = may_defer && self.model.may_nest(inner);
        self.call(&element, defers);
        Ok(if defers {
            format!(
                "{head}const first = element;\ntry {{\n  for (let i = 0; i < len; i++, element += {size}) array[i] = {element}(element);\n}} catch (error) {{\n  if (!(error instanceof RangeError)) throw error;\n  for (let i = 0, element = first; i < len; i++, element += {size}) if (array[i] === undefined) array[i] = defer({element}, element);\n}}\nreturn array;"
            )
        } else {
            format!("{head}for (let i = 0; i < len; i++, element += {size}) array[i] = {element}(element);\nreturn array;")
        })
    }

    /// The test that an `Option<inner>` at `pos + offset` is `None`, and where its payload is.
    fn none_test(&self, inner: &TypeRef, offset: u32) -> (String, u32) {
        match self.layout.option_repr(inner) {
            OptionRepr::Niche { offset: at, size, .. } => {
                // oxc-parser 0.157 is built with a rustc whose `None` can differ from this one's.
                let niche = self.layout.of(inner).niche.expect("a niche-encoded Option's payload has a niche");
                let value = niche.none_value_since_rust_1_97().expect("a niche-encoded Option has a free value");
                let at = offset + at;
                let test = match size {
                    1 => format!("uint8[{}] === {value}", pos_plus(at)),
                    2 => format!("(uint8[{}] | (uint8[{}] << 8)) === {value}", pos_plus(at), pos_plus(at + 1)),
                    4 => format!("int32[{} >> 2] === {}", pos_plus(at), value as u32 as i32),
                    _ => format!(
                        "(int32[{} >> 2] === {} && int32[{} >> 2] === {})",
                        pos_plus(at),
                        value as u32 as i32,
                        pos_plus(at + 4),
                        (value >> 32) as u32 as i32
                    ),
                };
                (test, offset)
            }
            OptionRepr::Tagged { payload_offset, .. } => (format!("uint8[{}] === 0", pos_plus(offset)), offset + payload_offset),
        }
    }

    /// The body of a struct's function: its object's properties (`model::oxc`), each as JS.
    fn struct_body(&mut self, id: TypeId) -> Result<String, String> {
        let model = self.model;
        let object = model.object(id).expect("structs have an object model");
        if let Some(converter) = object.via {
            let rewritten = self.convert(converter, Some(id), 0, 0, None)?;
            return Ok(self.returned(rewritten));
        }
        let mut properties = Properties::default();
        for property in &object.properties {
            let built = self.property(property, &mut properties.read)?;
            properties.list.push(built);
        }
        Ok(self.object_body(properties))
    }

    /// The body of a function whose value is a converter's: its statements, then `return value;`
    /// (the value passes through to the caller, which places it).
    fn returned(&mut self, rewritten: Rewritten) -> String {
        let placed = self.place(rewritten, false);
        self.record(&placed.calls);
        join_statements(&placed.statements, &format!("return {};", placed.value))
    }

    fn record(&mut self, calls: &[(String, bool)]) {
        for (callee, deferred) in calls {
            self.call(callee, *deferred);
        }
    }

    /// One property as JS; the properties it reads through `THIS` go to `read`.
    fn property(&mut self, property: &model::Property, read: &mut BTreeSet<String>) -> Result<Property, String> {
        let key = property.key.clone();
        Ok(match &property.value {
            PropertyValue::NodeType(name) => Property::new(key, String::new(), js_string(name)),
            PropertyValue::Field { at, ty, .. } => {
                let at = pos_plus(at.offset(self.layout));
                // A number or a flag is read in place: one call fewer per property.
                if let Some(expression) = primitive_of(ty).and_then(|p| primitive(p).ok()) {
                    return Ok(Property::new(key, String::new(), at_pos(expression, &at)));
                }
                let function = self.deserializer(ty);
                let mut property = Property::new(key, String::new(), format!("{function}({at})"));
                if self.model.may_nest(ty) {
                    property.deferrable = Some((function, at));
                } else {
                    property.calls.push((function, false));
                }
                property
            }
            PropertyValue::Converted { converter, within } => {
                let offset = within.path.offset(self.layout);
                let rewritten = self.convert(*converter, Some(within.id), offset, offset, Some(read))?;
                Property { key, ..self.place(rewritten, true) }
            }
            PropertyValue::FromSpan { option } => {
                read.extend(["start".to_owned(), "end".to_owned()]);
                let slice = format!("sourceText.slice({}, {})", this_name("start"), this_name("end"));
                let value = match option {
                    Some((at, inner)) => format!("{} ? null : {slice}", self.none_test(inner, at.offset(self.layout)).0),
                    None => slice,
                };
                Property::new(key, String::new(), value)
            }
            PropertyValue::Joined { field, parts } => {
                let (statements, value, calls) = self.joined(field, parts)?;
                Property { calls, ..Property::new(key, statements, value) }
            }
            PropertyValue::Range => {
                read.extend(["start".to_owned(), "end".to_owned()]);
                Property::new(key, String::new(), format!("[{}, {}]", this_name("start"), this_name("end")))
            }
            PropertyValue::Span { .. } => return Err(format!("`{key}`: a rawast span in an oxc schema")),
        })
    }

    /// A field with others prepended or appended to it (`#[estree(prepend_to = …)]`): one array of
    /// the `Vec`s' elements and the `Option`s' values, in the order prepended, field, appended.
    fn joined(&mut self, field: &FieldPath, parts: &[(FieldPath, TypeRef)]) -> Result<(String, String, Vec<(String, bool)>), String> {
        let array = format!("joined{}", capitalized(&camel_case(&self.field_name(field))));
        let mut statements = String::new();
        let mut calls = Vec::new();
        for (n, (path, ty)) in parts.iter().enumerate() {
            let at = pos_plus(path.offset(self.layout));
            // The parts are read whole and looked at, but the elements of their `Vec`s only stored:
            // those may be left for later.
            let function = self.deserializer(ty);
            calls.push((function.clone(), false));
            let read = format!("{function}({at})");
            let line = match (ty, n) {
                (TypeRef::Vec(_), 0) => format!("const {array} = {read};\n"),
                // (No `push(...elements)`: spreading a long array throws a `RangeError` of its own.)
                (TypeRef::Vec(_), _) => format!("for (const item of {read}) {array}.push(item);\n"),
                (TypeRef::Option(_), 0) => format!("const {array}Item = {read}, {array} = {array}Item === null ? [] : [{array}Item];\n"),
                (TypeRef::Option(_), _) => format!("{{ const item = {read}; if (item !== null) {array}.push(item); }}\n"),
                _ => return Err(format!("field `{}` is joined to another but is neither a Vec nor an Option", self.field_name(path))),
            };
            statements.push_str(&line);
        }
        Ok((statements.trim_end().to_owned(), array, calls))
    }

    /// The name of the field at the end of `path`.
    fn field_name(&self, path: &FieldPath) -> String {
        let &(id, index) = path.0.last().expect("a field path has a field");
        let TypeKind::Struct(s) = &self.schema.get(id).kind else { unreachable!("field paths go through structs") };
        s.fields[index].name.clone()
    }

    fn enum_body(&mut self, id: TypeId) -> Result<String, String> {
        let model = self.model;
        let enumeration = model.enumeration(id).expect("enums have an enum model");
        if let Some(converter) = enumeration.via {
            let rewritten = self.convert(converter, None, 0, 0, None)?;
            return Ok(self.returned(rewritten));
        }
        let payload = match &self.layout.get(id).shape {
            Shape::DataEnum { payload_offset } => *payload_offset,
            _ => 0,
        };
        let mut cases = String::new();
        for variant in &enumeration.variants {
            let body = match &variant.value {
                VariantValue::Converted(converter) => {
                    let rewritten = self.convert(*converter, None, payload, payload, None)?;
                    format!("{{\n{}\n}}", indent(&self.returned(rewritten)))
                }
                VariantValue::Payload(payload_type) => {
                    let read = self.deserializer(payload_type);
                    self.call(&read, false);
                    format!("return {read}({});", pos_plus(payload))
                }
                VariantValue::String(value) => format!("return {};", js_string(value)),
            };
            cases.push_str(&format!("case {}: {body}\n", variant.discriminant));
        }
        let name = js_string(&self.schema.get(id).name);
        Ok(format!("switch (uint8[pos]) {{\n{cases}default: throw corrupt(`discriminant ${{uint8[pos]}} of ` + {name}, pos);\n}}"))
    }

    /// The body of a struct's function: the properties snippets read first (as locals), the other
    /// properties' statements, the values that may nest (as locals, tried), then the object literal,
    /// in property order.
    fn object_body(&mut self, properties: Properties) -> String {
        let read_first = |p: &Property| properties.read.contains(&p.key);
        let mut body = String::new();
        for property in properties.list.iter().filter(|p| read_first(p)) {
            body.push_str(&join_statements(&property.statements, &format!("const {} = {};", this_name(&property.key), property.value)));
            body.push('\n');
        }
        for property in properties.list.iter().filter(|p| !read_first(p)) {
            if !property.statements.is_empty() {
                body.push_str(&property.statements);
                body.push('\n');
            }
        }
        // No depth is counted on the way down (that costs every node): when the JS stack runs out
        // below this node, its values that may nest and are not read yet are left for
        // `resolveDeferred`, which builds them from the top of the stack. A throw that is not the
        // stack's comes back from there.
        let deferred: Vec<(&Property, String)> = properties
            .list
            .iter()
            .enumerate()
            .filter(|(_, p)| p.deferrable.is_some() && !read_first(p))
            .map(|(index, p)| (p, nested_name(&p.key, index)))
            .collect();
        if !deferred.is_empty() {
            let locals: Vec<&str> = deferred.iter().map(|(_, local)| local.as_str()).collect();
            let mut tried = String::new();
            let mut caught = String::new();
            for (property, local) in &deferred {
                let (read, at) = property.deferrable.as_ref().expect("filtered on deferrable");
                tried.push_str(&format!("{local} = {read}({at});\n"));
                caught.push_str(&format!("if ({local} === undefined) {local} = defer({read}, {at});\n"));
            }
            body.push_str(&format!(
                "let {};\ntry {{\n{}\n}} catch (error) {{\n  if (!(error instanceof RangeError)) throw error;\n{}\n}}\n",
                locals.join(", "),
                indent(tried.trim_end()),
                indent(caught.trim_end())
            ));
        }
        let mut calls = Vec::new();
        let fields: Vec<String> = properties
            .list
            .iter()
            .enumerate()
            .map(|(index, p)| {
                calls.extend(p.calls.iter().cloned());
                let value = match &p.deferrable {
                    _ if read_first(p) => {
                        if let Some((read, _)) = &p.deferrable {
                            calls.push((read.clone(), false));
                        }
                        this_name(&p.key)
                    }
                    Some((read, _)) => {
                        calls.push((read.clone(), true));
                        nested_name(&p.key, index)
                    }
                    None => p.value.clone(),
                };
                format!("{}: {value},", property_key(&p.key))
            })
            .collect();
        self.record(&calls);
        body.push_str(&format!("return {{\n{}\n}};", indent(&fields.join("\n"))));
        body
    }


    /// Applies converter `name`'s `raw_deser` to the struct `within` at `pos + offset` (`None`:
    /// an enum or a variant), with `POS` at `pos + pos_at`; the properties it reads through `THIS`
    /// go to `this`.
    fn convert(&mut self, converter: MetaId, within: Option<TypeId>, offset: u32, pos_at: u32, this: Option<&mut BTreeSet<String>>) -> Result<Rewritten, String> {
        let meta: &'s MetaType = &self.schema.meta[converter.0];
        let name = &meta.name;
        let snippet = meta.raw_deser.as_ref().ok_or_else(|| format!("converter `{name}` has no raw_deser"))?;
        let flags = self.flags;
        let mut resolver = Resolver { emitter: self, within, offset, pos_at, read: BTreeSet::new() };
        let rewritten = snippet::rewrite(snippet, flags, &mut resolver).map_err(|e| format!("raw_deser of `{name}`: {e}"))?;
        let read = resolver.read;
        match this {
            Some(this) => this.extend(read),
            None if !read.is_empty() => return Err(format!("raw_deser of `{name}` reads THIS outside a struct")),
            None => {}
        }
        Ok(rewritten)
    }

    /// The offset of field `index` of struct `id` (64-bit layout).
    fn offset_of(&self, id: TypeId, index: usize) -> u32 {
        match &self.layout.get(id).shape {
            Shape::Struct { field_offsets } => field_offsets[index],
            _ => unreachable!("a struct has field offsets"),
        }
    }

    /// The offset of a path of fields from the start of struct `id` plus `base`.
    fn field_offset(&self, id: TypeId, base: u32, path: &[&str]) -> Result<u32, String> {
        let mut id = id;
        let mut offset = base;
        for (n, name) in path.iter().enumerate() {
            let def = self.schema.get(id);
            let TypeKind::Struct(s) = &def.kind else { return Err(format!("`{}` is not a struct (in path {})", def.name, path.join("."))) };
            let index = s.fields.iter().position(|f| f.name == *name).ok_or_else(|| format!("`{}` has no field `{name}`", def.name))?;
            offset += self.offset_of(id, index);
            if n + 1 < path.len() {
                id = match strip_cells(&s.fields[index].ty) {
                    TypeRef::Named(next) => *next,
                    _ => return Err(format!("`{}.{name}` is not a struct", def.name)),
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
                let id = self.within.ok_or("POS_OFFSET outside a struct")?;
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
}

/// The local variable holding property `name` when a snippet reads it through `THIS`.
fn this_name(name: &str) -> String {
    format!("this_{name}")
}

/// The local variable a value that may nest is read into before its object is made: `bodyValue`
/// (the property's index for keys that are no identifier).
fn nested_name(key: &str, index: usize) -> String {
    if property_key(key) == key { format!("{key}Value") } else { format!("value{index}") }
}

fn property_key(key: &str) -> String {
    let plain = key.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$') && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
    if plain { key.to_owned() } else { js_string(key) }
}

fn join_statements(statements: &str, last: &str) -> String {
    if statements.is_empty() { last.to_owned() } else { format!("{statements}\n{last}") }
}

/// The JS expression reading a primitive at `pos`.
fn primitive(p: Primitive) -> Result<&'static str, String> {
    Ok(match p {
        Primitive::Bool => "uint8[pos] === 1",
        Primitive::U8 => "uint8[pos]",
        Primitive::I8 => "(uint8[pos] << 24) >> 24",
        Primitive::U16 => "uint8[pos] | (uint8[pos + 1] << 8)",
        Primitive::I16 => "((uint8[pos] | (uint8[pos + 1] << 8)) << 16) >> 16",
        Primitive::U32 => "int32[pos >> 2] >>> 0",
        Primitive::I32 => "int32[pos >> 2]",
        Primitive::F64 => "float64[pos >> 3]",
        Primitive::U64 => "(int32[pos >> 2] >>> 0) + (int32[(pos >> 2) + 1] >>> 0) * 4294967296",
        Primitive::I64 => "(int32[pos >> 2] >>> 0) + int32[(pos >> 2) + 1] * 4294967296",
    })
}

/// The primitive a field type is read as, if it is one.
fn primitive_of(ty: &TypeRef) -> Option<Primitive> {
    match ty {
        TypeRef::Primitive(p) => Some(*p),
        TypeRef::Builtin(Builtin::NonZeroU32) => Some(Primitive::U32),
        TypeRef::Builtin(Builtin::AtomicBool) => Some(Primitive::Bool),
        TypeRef::Cell(inner) => primitive_of(inner),
        _ => None,
    }
}

/// A reader expression of [`primitive`] (written at `pos`) at `at` instead.
fn at_pos(expression: &str, at: &str) -> String {
    if at == "pos" { expression.to_owned() } else { expression.replace("pos", &format!("({at})")) }
}

/// `pos`, or `pos + N`.
fn pos_plus(offset: u32) -> String {
    if offset == 0 { "pos".to_owned() } else { format!("pos + {offset}") }
}

fn strip_cells(ty: &TypeRef) -> &TypeRef {
    match ty {
        TypeRef::Cell(inner) => strip_cells(inner),
        other => other,
    }
}

fn indent(text: &str) -> String {
    text.lines().map(|line| if line.trim().is_empty() { String::new() } else { format!("  {line}") }).collect::<Vec<_>>().join("\n")
}
