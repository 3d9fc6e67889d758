//! The JS outputs: `constants.js`, and each target's deserializer — eager (`eager.rs`, plain
//! objects) or lazy (`lazy.rs`, classes whose getters read on first access).
//!
//! Both deserializers read the buffer the same way, so this module holds what they share: the views
//! of the buffer and string policy their templates test ([`BufferView`], [`StringsView`]), and the
//! [`Builder`], which writes the JS expression that reads each type and the properties of each
//! struct from the model (`crate::model`). The templates lay the functions out; every JS expression
//! is made here.

pub mod constants;
pub mod eager;
pub mod lazy;
pub mod oxc;

use std::collections::BTreeSet;

use crate::buffer::{FORMAT_VERSION, MAGIC, MAX_BUFFER_SIZE, METADATA_SIZE, metadata_offsets};
use crate::config::{Int64, LongDecoder, Runtime, ShortDecoder, SourcePlacement, SourceSlicing, Target};
use crate::emit::EmitContext;
use crate::emit::text::{JsKey, js_string};
use crate::ir::{Primitive, TypeId, TypeKind, TypeRef};
use crate::layout::{OptionRepr, SchemaLayout, Shape};
use crate::model::{self, PropertyValue, SpanPart};

/// What the eager and the lazy templates both say of a target's buffers: the format constants,
/// the layout checks and string regions, the runtime.
pub(super) struct BufferView {
    /// A sentence on the buffer layout, for the file's comment.
    pub(super) layout_comment: &'static str,
    /// "Node.js" or "web runtimes (no `Buffer`)".
    pub(super) runtime: &'static str,
    /// Bytes of a pointer, and of `usize`, in the producer.
    pub(super) pointer_width: u32,
    pub(super) pointer_bits: u32,
    /// The root node's alignment: its offset must be a multiple of it.
    pub(super) root_align: u32,
    pub(super) magic: String,
    pub(super) format_version: u32,
    pub(super) metadata_size: u32,
    /// `MAX_BUFFER_SIZE` as a hex literal.
    pub(super) max_buffer_size: String,
    pub(super) meta: Vec<(String, u32)>,
    pub(super) fingerprint_hex: String,
    /// Whether a string lies in the source's ASCII prefix: one comparison when the source is at the
    /// start of the buffer, two when the arena comes first.
    pub(super) in_source: &'static str,
    /// Whether a string lies in the source region at all (ASCII prefix or not).
    pub(super) in_source_region: &'static str,
    pub(super) placement_check: PlacementCheck,
    /// The runtime whose `encodeSource` to emit (`templates/js/encode_source.js`): parser layout
    /// only, where JS writes the source at the start of the buffer.
    pub(super) encode_source: Option<Runtime>,
    /// The module-level variables that describe the buffer being read, in declaration order: what
    /// `setUp` sets, the lazy target's `Context` saves, and the eager target lets go of.
    pub(super) state: Vec<StateVariable>,
    /// How `u64` and `i64` fields are read.
    pub(super) int64: Int64,
    /// The readers the schema needs, so that no other is emitted.
    pub(super) reads: Reads,
    /// The layout fingerprint's two halves as `u32` literals: `setUp` compares numbers, and only
    /// formats them for the error message.
    pub(super) fingerprint_high: String,
    pub(super) fingerprint_low: String,
    /// The typed-array views the code reads through, each made once per call.
    pub(super) views: Vec<View>,
}

/// A typed-array view of the buffer.
pub(super) struct View {
    pub(super) name: &'static str,
    /// Its constructor, and the shift from a byte length to its element count.
    pub(super) class: &'static str,
    pub(super) shift: u32,
}

/// The views a target's code reads through: `uint8` and `uint32` always (tags, bytes of strings,
/// pointers, lengths, the metadata); each other only if a value of the schema is read through it.
/// Each costs about 50 ns a call, which a small file notices (bench/README.md, 2026-11-24).
/// [`check_views`] makes sure no view the rendered code reads was left out.
fn views(cx: &EmitContext, target: &Target) -> Vec<View> {
    let layout = cx.layout(target.pointer_width);
    let mut needed: BTreeSet<&'static str> = ["uint8", "uint32"].into();
    for ty in &cx.schema.used_types() {
        match ty {
            TypeRef::Primitive(Primitive::I8) => needed.insert("int8"),
            TypeRef::Primitive(Primitive::U16) => needed.insert("uint16"),
            TypeRef::Primitive(Primitive::I16) => needed.insert("int16"),
            TypeRef::Primitive(Primitive::I32 | Primitive::I64) => needed.insert("int32"),
            TypeRef::Primitive(Primitive::F64) => needed.insert("float64"),
            // A 2-byte niche or tag is tested through `uint16` (`Builder::equals`).
            TypeRef::Option(inner) => match layout.option_repr(inner) {
                OptionRepr::Niche { size: 2, .. } | OptionRepr::Tagged { tag_size: 2, .. } => needed.insert("uint16"),
                _ => false,
            },
            _ => false,
        };
    }
    ALL_VIEWS.into_iter().filter(|view| needed.contains(view.name)).collect()
}

const ALL_VIEWS: [View; 7] = [
    View { name: "uint8", class: "Uint8Array", shift: 0 },
    View { name: "int8", class: "Int8Array", shift: 0 },
    View { name: "uint16", class: "Uint16Array", shift: 1 },
    View { name: "int16", class: "Int16Array", shift: 1 },
    View { name: "uint32", class: "Uint32Array", shift: 2 },
    View { name: "int32", class: "Int32Array", shift: 2 },
    View { name: "float64", class: "Float64Array", shift: 3 },
];

/// Renders a deserializer (template `name`) and checks its views ([`check_views`]).
pub(super) fn render_checked(view: &impl askama::Template, name: &str, views: &[View]) -> Result<String, crate::Error> {
    let fail = |message: String| crate::Error::Render { template: name.to_owned(), message };
    let code = view.render().map_err(|source| fail(source.to_string()))?;
    check_views(&code, views).map_err(fail)?;
    Ok(code)
}

/// Fails if `code` (a rendered deserializer) reads through a view that `views` left out: a value
/// read in a way [`views`] does not know of would be a `TypeError` at run time, not a generator error.
fn check_views(code: &str, views: &[View]) -> Result<(), String> {
    for view in ALL_VIEWS.iter().filter(|v| !views.iter().any(|made| made.name == v.name)) {
        let pattern = format!("{}[", view.name);
        let reads = code.match_indices(&pattern).any(|(at, _)| !code[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_'));
        if reads {
            return Err(format!("the generated code reads through `{}`, which the views set up for this schema leave out", view.name));
        }
    }
    Ok(())
}

/// Which of the optional readers a schema's values use.
#[derive(Default)]
pub(in crate::emit) struct Reads {
    pub(super) u64: bool,
    pub(super) i64: bool,
    /// `Span`s that are values, not a node's own span.
    pub(super) span: bool,
    /// The `regex_value` converter.
    pub(super) regex: bool,
    /// The `bigint_value` converter.
    pub(super) bigint: bool,
}

impl Reads {
    pub(in crate::emit) fn of(cx: &EmitContext) -> Self {
        let mut reads = Reads::default();
        let mut types: Vec<&TypeRef> = Vec::new();
        for id in cx.schema.ids() {
            match (cx.model.object(id), &cx.schema.get(id).kind) {
                (Some(object), _) => {
                    for property in &object.properties {
                        if let PropertyValue::Field { ty, convert, .. } = &property.value {
                            types.push(ty);
                            reads.regex |= *convert == Some(crate::ir::Converter::RegexValue);
                            reads.bigint |= *convert == Some(crate::ir::Converter::BigIntValue);
                        }
                    }
                }
                (None, TypeKind::Enum(e)) => types.extend(e.variants.iter().filter_map(|v| v.payload.as_ref())),
                (None, TypeKind::Struct(_)) => unreachable!("structs have an object model"),
            }
        }
        types.extend(cx.model.result.iter().flat_map(|r| r.channels.iter().map(|c| &c.ty)));
        while let Some(ty) = types.pop() {
            match ty {
                TypeRef::Primitive(Primitive::U64) => reads.u64 = true,
                TypeRef::Primitive(Primitive::I64) => reads.i64 = true,
                TypeRef::Span => reads.span = true,
                TypeRef::Box(inner) | TypeRef::Vec(inner) | TypeRef::Option(inner) => types.push(inner),
                _ => {}
            }
        }
        reads
    }
}

/// One variable of the reading state.
pub(super) struct StateVariable {
    pub(super) name: &'static str,
    /// It holds memory worth dropping between calls: a view of the buffer, a decoded string.
    pub(super) holds_memory: bool,
}

impl BufferView {
    pub(super) fn new(cx: &EmitContext, target: &Target) -> Self {
        let width = target.pointer_width;
        let (layout_comment, in_source, in_source_region) = match target.source_placement {
            SourcePlacement::Start => ("parser layout: [source][arena][metadata]", "offset + len <= asciiEnd", "offset < sourceEnd"),
            SourcePlacement::End => ("linter layout: [arena][source][metadata]", "offset >= sourceStart && offset + len <= asciiEnd", "offset >= sourceStart"),
        };
        let views = views(cx, target);
        let mut state: Vec<StateVariable> = views.iter().map(|view| StateVariable { name: view.name, holds_memory: true }).collect();
        state.extend(["sourceStart", "sourceEnd", "limit", "base"].map(|name| StateVariable { name, holds_memory: false }));
        state.push(StateVariable { name: "sourceChunks", holds_memory: true });
        state.push(StateVariable { name: "chunksEnd", holds_memory: false });
        state.push(StateVariable { name: "chunkText", holds_memory: true });
        state.extend(["chunkStart", "chunkEnd", "asciiEnd"].map(|name| StateVariable { name, holds_memory: false }));
        state.extend(["decodedStart", "decodedLen"].map(|name| StateVariable { name, holds_memory: false }));
        state.push(StateVariable { name: "decodedText", holds_memory: true });
        Self {
            layout_comment,
            runtime: match target.runtime {
                Runtime::Node => "Node.js",
                Runtime::Web => "web runtimes (no `Buffer`)",
            },
            pointer_width: width.bytes(),
            pointer_bits: width.bits(),
            root_align: cx.layout(width).get(cx.result().root).layout.align,
            magic: format!("{MAGIC:#010x}"),
            format_version: FORMAT_VERSION,
            metadata_size: METADATA_SIZE,
            max_buffer_size: format!("{MAX_BUFFER_SIZE:#x}"),
            meta: metadata_offsets().map(|(offset, field)| (field.name.to_uppercase(), offset)).collect(),
            fingerprint_hex: format!("{:016x}", cx.fingerprint(width)),
            fingerprint_high: format!("{:#010x}", cx.fingerprint(width) >> 32),
            fingerprint_low: format!("{:#010x}", cx.fingerprint(width) as u32),
            views,
            in_source,
            in_source_region,
            placement_check: PlacementCheck::new(target.source_placement),
            encode_source: (target.source_placement == SourcePlacement::Start).then_some(target.runtime),
            state,
            int64: target.int64,
            reads: Reads::of(cx),
        }
    }

    /// The state variables that hold memory, which the eager deserializer drops when it returns.
    pub(super) fn released(&self) -> impl Iterator<Item = &str> {
        self.state.iter().filter(|v| v.holds_memory).map(|v| v.name)
    }
}

/// How `setUp` tells a buffer of the other layout: its fingerprint is the same (the placement is not
/// part of the type layouts), but strings would be looked for in the wrong region.
pub(super) struct PlacementCheck {
    /// True for a buffer of the other layout.
    pub(super) wrong: &'static str,
    /// What this target's layout has, for the error message.
    pub(super) expected: &'static str,
}

impl PlacementCheck {
    fn new(placement: SourcePlacement) -> Self {
        match placement {
            SourcePlacement::Start => PlacementCheck { wrong: "sourceStart !== 0", expected: "the source text at the start (the parser layout)" },
            SourcePlacement::End => PlacementCheck { wrong: "limit - sourceEnd >= 8", expected: "the source text right before the metadata (the linter layout)" },
        }
    }
}

/// The target's string policy, as the templates test it.
pub(super) struct StringsView {
    pub(super) slicing: SourceSlicing,
    pub(super) short_decoder: ShortDecoder,
    pub(super) short_max_len: u32,
    pub(super) long_decoder: LongDecoder,
    /// Node runtime: the source is made into one-byte strings with `Buffer#latin1Slice`.
    pub(super) node: bool,
    /// For `switch`: the arguments of `fromCharCode` for each length from 1 up.
    pub(super) switch_cases: Vec<String>,
}

impl StringsView {
    pub(super) fn new(target: &Target) -> Self {
        let policy = &target.strings;
        let switch_cases = match policy.short_decoder {
            ShortDecoder::Switch => (1..=policy.short_max_len).map(|len| (0..len).map(|i| if i == 0 { "uint8[start]".to_owned() } else { format!("uint8[start + {i}]") }).collect::<Vec<_>>().join(", ")).collect(),
            _ => Vec::new(),
        };
        Self {
            slicing: policy.source_slicing,
            short_decoder: policy.short_decoder,
            short_max_len: policy.short_max_len,
            long_decoder: policy.long_decoder,
            node: target.runtime == Runtime::Node,
            switch_cases,
        }
    }
}

/// What `deserialize` returns: `{ program: <root>, comments: <channel>, ... }`.
pub(super) struct ResultView {
    /// The root key, and the JS expression of the root (of `root`, its offset).
    pub(super) root: (JsKey, String),
    /// Each channel's key and the JS expression reading it.
    pub(super) channels: Vec<(JsKey, String)>,
    /// JSDoc types of the channels, in order.
    channel_docs: Vec<&'static str>,
}

impl ResultView {
    /// `{ program, comments }`, for comments.
    pub(super) fn shape(&self) -> String {
        let keys: Vec<&str> = std::iter::once(&self.root.0).chain(self.channels.iter().map(|(key, _)| key)).map(|key| key.literal.as_str()).collect();
        format!("{{ {} }}", keys.join(", "))
    }

    /// `program: object, comments: object[]`, for the JSDoc of `deserialize`.
    pub(super) fn jsdoc(&self) -> String {
        let mut entries = vec![format!("{}: object", self.root.0.literal)];
        entries.extend(self.channels.iter().zip(&self.channel_docs).map(|((key, _), ty)| format!("{}: {ty}", key.literal)));
        entries.join(", ")
    }
}

/// One generated function.
pub(super) struct Function {
    pub(super) name: String,
    /// `pos`, or `pos, parent` for functions that build nodes on a target with parent links.
    pub(super) params: &'static str,
    pub(super) comment: String,
    pub(super) body: Body,
}

pub(super) enum Body {
    /// A node or plain object: `{ key: value, ... }`. `defers`: some of its values may nest, and
    /// are left for later (`Prop::deferred`) when the JS stack runs out below it: those are read
    /// first, each into its `Prop::local` (a node with parent links: into the node), so that the
    /// ones read already are kept.
    /// `locals`: those locals, declared together (`bodyValue, testValue`).
    Object { props: Vec<Prop>, is_node: bool, defers: bool, locals: String },
    /// `switch` over a tag byte; each case returns an expression of `pos`.
    Switch { what: String, cases: Vec<(u8, String)> },
    /// A fieldless enum: a lookup in a constant array of strings.
    Strings { constant: String, what: String, values: String },
    Option { none_check: String, some: String },
    /// `cost`: what each element takes from the read budget (its size, at least 1).
    /// `deferred_element`: `defer(reader, element)`, for elements that may nest: what the eager
    /// deserializer puts in their place, from the one being read, when the JS stack runs out.
    Vec { element_size: u32, cost: u32, element: String, deferred_element: Option<String> },
    /// `size`: the target's size, which it takes from the read budget.
    Boxed { target: String, size: u32 },
}

/// One property of an object, with the expression that reads it.
pub(super) struct Prop {
    pub(super) key: JsKey,
    pub(super) value: String,
    /// Built after the node exists, so that its children can point back at it (linter target).
    pub(super) is_child: bool,
    /// What it is, for the lazy target: read when the object is made, or by a getter.
    pub(super) kind: PropKind,
    /// `defer(reader, pos)`, for a value that may nest (`Model::may_nest`): what the eager
    /// deserializer puts here instead when the JS stack runs out below the object.
    pub(super) deferred: Option<String>,
    /// The local variable such a value is read into first (`bodyValue`).
    pub(super) local: String,
}

impl Prop {
    /// The expression of this property in an object whose values that may nest are left for later.
    pub(super) fn deferred_or_value(&self) -> &str {
        self.deferred.as_deref().unwrap_or(&self.value)
    }

    /// The expression of this property in the object's literal: its local, if it was read first.
    pub(super) fn literal_value(&self) -> &str {
        if self.deferred.is_some() { &self.local } else { &self.value }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum PropKind {
    /// The type name: a constant.
    NodeType,
    /// A part of the node's span: numbers, read at once.
    Span,
    /// A field whose key is the discriminator's (comments' `type`): read at once, as a type is.
    OwnType,
    Field,
}

pub(super) struct Builder<'a> {
    pub(super) cx: &'a EmitContext<'a>,
    pub(super) layout: &'a SchemaLayout,
    /// Nodes get a `parent` (linter layout): every function that can build nodes takes the enclosing
    /// node as a second argument, `parent`.
    pub(super) parent_links: bool,
    pub(super) int64: Int64,
}

/// `pos` or `pos + 8`.
pub(super) fn at(pos: &str, offset: u32) -> String {
    if offset == 0 { pos.to_owned() } else { format!("{pos} + {offset}") }
}

impl<'a> Builder<'a> {
    pub(super) fn new(cx: &'a EmitContext<'a>, target: &Target) -> Self {
        Self { cx, layout: cx.layout(target.pointer_width), parent_links: target.source_placement == SourcePlacement::End, int64: target.int64 }
    }

    /// The result: the root read at offset `root`, each channel from the root's fields.
    pub(super) fn result(&self, read_root: String) -> ResultView {
        let result = self.cx.result();
        let Shape::Struct { field_offsets } = &self.layout.get(result.root).shape else { unreachable!("the root is a struct") };
        let TypeKind::Struct(root) = &self.cx.schema.get(result.root).kind else { unreachable!("the root is a struct") };
        let channels = result
            .channels
            .iter()
            .map(|c| {
                let field = field_label(self.cx, result.root, &root.fields[c.field].name);
                (JsKey::new(&c.key), self.read_in(&c.ty, &format!("root + {}", field_offsets[c.field]), "null", &field))
            })
            .collect();
        let channel_docs = result.channels.iter().map(|c| if matches!(c.ty, TypeRef::Vec(_)) { "object[]" } else { "*" }).collect();
        ResultView { root: (JsKey::new(&result.root_key), read_root), channels, channel_docs }
    }

    /// `deserializeX`, named after the type: `deserializeOptionBoxIdentifier`.
    pub(super) fn function_name(&self, ty: &TypeRef) -> String {
        format!("deserialize{}", self.type_suffix(ty))
    }

    fn type_suffix(&self, ty: &TypeRef) -> String {
        match ty {
            TypeRef::Primitive(p) => {
                let name = p.rust_name();
                name[..1].to_uppercase() + &name[1..]
            }
            TypeRef::Span => "Span".to_owned(),
            TypeRef::Str => "Str".to_owned(),
            TypeRef::Box(inner) => format!("Box{}", self.type_suffix(inner)),
            TypeRef::Vec(inner) => format!("Vec{}", self.type_suffix(inner)),
            TypeRef::Option(inner) => format!("Option{}", self.type_suffix(inner)),
            TypeRef::Cell(inner) => format!("Cell{}", self.type_suffix(inner)),
            TypeRef::Builtin(builtin) => builtin.name().trim_start_matches('&').to_owned(),
            TypeRef::Named(id) => self.cx.schema.get(*id).name.clone(),
        }
    }

    /// The JS expression reading a `ty` stored at `pos` (an expression), inside the node `parent`,
    /// in a helper function: the field it reads for is its argument `field`.
    pub(super) fn read(&self, ty: &TypeRef, pos: &str) -> String {
        self.read_in(ty, pos, "parent", "field")
    }

    /// `read`, with the enclosing node given by the expression `parent`, and the field read for by
    /// the expression `field` (a string such as `"Literal.value"`, which the 64-bit readers of
    /// `int64 = "number"` name in their error: only the error path reads it).
    pub(super) fn read_in(&self, ty: &TypeRef, pos: &str, parent: &str, field: &str) -> String {
        // `(pos + 8) >>> 2` needs the parentheses, `pos >>> 2` does not. Unsigned shifts: offsets
        // reach 4 GiB, where `>>` would turn negative.
        let grouped = if pos.contains(' ') { format!("({pos})") } else { pos.to_owned() };
        let int64 = match self.int64 {
            Int64::Number => "",
            Int64::BigInt => "BigInt",
        };
        match ty {
            TypeRef::Primitive(p) => match p {
                Primitive::Bool => format!("uint8[{pos}] === 1"),
                Primitive::U8 => format!("uint8[{pos}]"),
                Primitive::I8 => format!("int8[{pos}]"),
                Primitive::U16 => format!("uint16[{grouped} >>> 1]"),
                Primitive::I16 => format!("int16[{grouped} >>> 1]"),
                Primitive::U32 => format!("uint32[{grouped} >>> 2]"),
                Primitive::I32 => format!("int32[{grouped} >>> 2]"),
                Primitive::U64 | Primitive::I64 if self.takes_field(ty) => format!("read{}{int64}({pos}, {field})", if *p == Primitive::U64 { "U64" } else { "I64" }),
                Primitive::U64 => format!("readU64{int64}({pos})"),
                Primitive::I64 => format!("readI64{int64}({pos})"),
                Primitive::F64 => format!("float64[{grouped} >>> 3]"),
            },
            _ if self.takes_parent(ty) => format!("{}({pos}, {parent})", self.function_name(ty)),
            _ if self.takes_field(ty) => format!("{}({pos}, {field})", self.function_name(ty)),
            _ => format!("{}({pos})", self.function_name(ty)),
        }
    }

    fn params(&self, ty: &TypeRef) -> &'static str {
        match (self.takes_parent(ty), self.takes_field(ty)) {
            (true, _) => "pos, parent",
            (false, true) => "pos, field",
            (false, false) => "pos",
        }
    }

    /// Whether reading `ty` may throw for a 64-bit integer past the safe integers (`int64 =
    /// "number"`), and so takes the name of the field it reads for. Named types pass their own.
    fn takes_field(&self, ty: &TypeRef) -> bool {
        match ty {
            TypeRef::Primitive(Primitive::U64 | Primitive::I64) => self.int64 == Int64::Number,
            TypeRef::Box(inner) | TypeRef::Vec(inner) | TypeRef::Option(inner) | TypeRef::Cell(inner) => self.takes_field(inner),
            _ => false,
        }
    }

    /// Whether the function reading `ty` takes the enclosing node: it may build nodes.
    fn takes_parent(&self, ty: &TypeRef) -> bool {
        self.parent_links && self.cx.model.builds_nodes(ty)
    }

    /// The function of a named type: an object's, a data enum's switch, a fieldless enum's strings.
    pub(super) fn named_function(&self, id: TypeId) -> Function {
        let def = self.cx.schema.get(id);
        let name = self.function_name(&TypeRef::Named(id));
        match (&def.kind, &self.layout.get(id).shape) {
            (TypeKind::Struct(_), Shape::Struct { .. }) => {
                let is_node = self.cx.model.is_node(id);
                let props = self.props(id, "pos", self.parent_links && is_node);
                let is_node = is_node && self.parent_links;
                // A node with parent links builds its children after itself: only they are tried.
                let defers = props.iter().any(|p| p.deferred.is_some() && (p.is_child || !is_node));
                let locals = props.iter().filter(|p| p.deferred.is_some()).map(|p| p.local.as_str()).collect::<Vec<_>>().join(", ");
                Function { name, params: self.params(&TypeRef::Named(id)), comment: format!("`{}`", def.name), body: Body::Object { props, is_node, defers, locals } }
            }
            (TypeKind::Enum(e), Shape::DataEnum { payload_offset }) => {
                let cases = e
                    .variants
                    .iter()
                    .map(|v| {
                        let value = match &v.payload {
                            Some(payload) => self.read_in(payload, &at("pos", *payload_offset), "parent", &js_string(&format!("{}::{}", def.name, v.name))),
                            None => "null".to_owned(),
                        };
                        (v.discriminant, value)
                    })
                    .collect();
                Function { name, params: self.params(&TypeRef::Named(id)), comment: format!("`{}`: the variant's payload", def.name), body: Body::Switch { what: def.name.clone(), cases } }
            }
            (TypeKind::Enum(e), _) => {
                let max = e.variants.iter().map(|v| v.discriminant).max().unwrap_or(0);
                let mut values = vec!["undefined".to_owned(); usize::from(max) + 1];
                for v in &e.variants {
                    values[usize::from(v.discriminant)] = js_string(model::variant_string(v));
                }
                let constant = format!("{}_STRINGS", screaming_case(&def.name));
                Function { name, params: "pos", comment: format!("`{}` as its string", def.name), body: Body::Strings { constant, what: def.name.clone(), values: values.join(", ") } }
            }
            _ => unreachable!("layout shape matches the type's kind"),
        }
    }

    /// The properties of struct `id` stored at `pos`, in the model's order. `node_links`: the struct
    /// is a node whose children point back at it (`is_child` props, built after the node).
    pub(super) fn props(&self, id: TypeId, pos: &str, node_links: bool) -> Vec<Prop> {
        let object = self.cx.model.object(id).expect("structs have an object model");
        let discriminator = self.cx.model.mapping.discriminator.as_deref();
        let u32_at = |offset: u32| self.read(&TypeRef::Primitive(Primitive::U32), &at(pos, offset));
        let mut props = object
            .properties
            .iter()
            .map(|property| {
                let key = JsKey::new(&property.key);
                match &property.value {
                    PropertyValue::NodeType(name) => Prop { key, value: js_string(name), is_child: false, kind: PropKind::NodeType, deferred: None, local: String::new() },
                    PropertyValue::Span { at: field, part } => {
                        let offset = field.offset(self.layout);
                        let value = match part {
                            SpanPart::Start => u32_at(offset),
                            SpanPart::End => u32_at(offset + 4),
                            SpanPart::Range => format!("[{}, {}]", u32_at(offset), u32_at(offset + 4)),
                            SpanPart::Object => format!("{{ start: {}, end: {} }}", u32_at(offset), u32_at(offset + 4)),
                        };
                        Prop { key, value, is_child: false, kind: PropKind::Span, deferred: None, local: String::new() }
                    }
                    PropertyValue::Field { at: field, ty, convert } => {
                        // What may make nodes makes this node's children (parent-linked targets).
                        let is_child = node_links && self.cx.model.builds_nodes(ty);
                        // A node's children get the node itself as their parent.
                        let field_pos = at(pos, field.offset(self.layout));
                        let &(holder, index) = field.0.last().expect("a field path has a field");
                        let TypeKind::Struct(s) = &self.cx.schema.get(holder).kind else { unreachable!("field paths go through structs") };
                        let label = field_label(self.cx, holder, &s.fields[index].name);
                        let mut value = self.read_in(ty, &field_pos, if is_child { "node" } else { "parent" }, &label);
                        // `resolveDeferred` reads it later with the same enclosing node. A converted
                        // value (a literal's) is read whole, never left for later.
                        let deferred = (convert.is_none() && self.cx.model.may_nest(ty)).then(|| format!("defer({}, {field_pos})", self.function_name(ty)));
                        if let Some(converter) = convert {
                            // The position, for the error a value that cannot be converted throws.
                            value = format!("{}({value}, {field_pos})", converter.js_function());
                        }
                        let kind = if Some(property.key.as_str()) == discriminator { PropKind::OwnType } else { PropKind::Field };
                        Prop { key, value, is_child, kind, deferred, local: local_name(&property.key) }
                    }
                    PropertyValue::Converted { .. } | PropertyValue::FromSpan { .. } | PropertyValue::Joined { .. } | PropertyValue::Range => {
                        unreachable!("oxc's values are made for the oxc dialect, which `oxc::emit` reads")
                    }
                }
            })
            .collect::<Vec<_>>();
        // Keys that are no identifiers may give one local twice (`a-b`, `a_b`): number those.
        let mut seen = BTreeSet::new();
        for (index, prop) in props.iter_mut().enumerate() {
            if !seen.insert(prop.local.clone()) {
                prop.local = format!("{}{index}", prop.local);
            }
        }
        props
    }

    /// The helper function of a composite type (`Option`, `Vec`, `Box`), if it needs one.
    pub(super) fn helper_function(&self, ty: &TypeRef) -> Option<Function> {
        let name = self.function_name(ty);
        let rust = self.cx.schema.rust_type(ty, "'a");
        let body = match ty {
            TypeRef::Option(inner) => {
                let (none_check, some) = match self.layout.option_repr(inner) {
                    OptionRepr::Niche { offset, size, value } => (self.equals(&at("pos", offset), size, value), self.read(inner, "pos")),
                    OptionRepr::Tagged { tag_size, payload_offset } => (self.equals("pos", tag_size, 0), self.read(inner, &at("pos", payload_offset))),
                };
                Body::Option { none_check, some }
            }
            TypeRef::Vec(inner) => Body::Vec {
                element_size: self.layout.of(inner).size,
                cost: self.layout.of(inner).size.max(1),
                element: self.read(inner, "element"),
                deferred_element: self.cx.model.may_nest(inner).then(|| format!("defer({}, element)", self.function_name(inner))),
            },
            TypeRef::Box(inner) => Body::Boxed {
                target: self.read(inner, &format!("readPointer(pos, {})", self.layout.of(inner).size)),
                size: self.layout.of(inner).size,
            },
            // `Str` and `Span` have fixed helpers in the template.
            _ => return None,
        };
        Some(Function { name, params: self.params(ty), comment: format!("`{rust}`"), body })
    }

    /// The helpers of every composite type the schema uses.
    pub(super) fn helper_functions(&self) -> Vec<Function> {
        self.cx.schema.used_types().iter().filter_map(|ty| self.helper_function(ty)).collect()
    }

    /// `true` when the `size`-byte little-endian integer at `pos` equals `value`.
    fn equals(&self, pos: &str, size: u32, value: u64) -> String {
        match size {
            1 => format!("uint8[{pos}] === {value}"),
            2 => format!("uint16[({pos}) >>> 1] === {value}"),
            4 => format!("uint32[({pos}) >>> 2] === {value}"),
            _ => format!("uint32[({pos}) >>> 2] === {} && uint32[(({pos}) >>> 2) + 1] === {}", value as u32, value >> 32),
        }
    }
}

/// The local a property's value is read into before its object is made: `bodyValue` (the key's
/// characters that cannot be in an identifier become `_`).
fn local_name(key: &str) -> String {
    let letters: String = key.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' || c == '$' { c } else { '_' }).collect();
    format!("{letters}Value")
}

/// `"Literal.value"`: the field of a type, as a JS string, for errors about its value.
fn field_label(cx: &EmitContext, id: TypeId, field: &str) -> String {
    js_string(&format!("{}.{field}", cx.schema.get(id).name))
}

fn screaming_case(camel: &str) -> String {
    let mut out = String::new();
    for (i, c) in camel.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push('_');
        }
        out.extend(c.to_uppercase());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{ALL_VIEWS, View, check_views};

    fn only(names: &[&str]) -> Vec<View> {
        ALL_VIEWS.into_iter().filter(|view| names.contains(&view.name)).collect()
    }

    #[test]
    fn a_view_read_but_not_made_is_an_error() {
        let error = check_views("return int8[pos] + uint32[pos >>> 2];", &only(&["uint8", "uint32"])).unwrap_err();
        assert!(error.contains("`int8`"), "{error}");
        assert!(check_views("return float64[pos >>> 3];", &only(&["uint8", "uint32"])).is_err());
    }

    #[test]
    fn views_made_or_names_that_only_end_like_one_pass() {
        // `uint8[` ends with `int8[`, `myint32[` with `int32[`: neither reads those views.
        assert_eq!(check_views("return uint8[pos] + myint32[0];", &only(&["uint8", "uint32"])), Ok(()));
        assert_eq!(check_views("return int8[pos];", &only(&["uint8", "int8", "uint32"])), Ok(()));
    }
}
