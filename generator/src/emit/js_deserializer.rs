//! `js/<target>/deserialize.js`: the deserializer of one target (template `templates/js/deserialize.js`).
//!
//! Every JS expression is built here, in the views; the template only lays functions out. The mapping:
//! - a struct with a `Span` field is a node: `type` first (the `#[estree(type)]` or the Rust name,
//!   unless a field is renamed to `type`), then its fields in order, the span as `start` and `end`;
//!   other structs are plain objects;
//! - an enum with data is its variant's payload; a fieldless enum is a string (`rename` or the name);
//! - `Option` is `null` or the value, `Vec` an array, `Box` the value it points to, `Str` a string.
//!
//! The linter target adds `parent` to every node: children are built after their parent exists, with
//! `null` placeholders keeping the property order, and hence the object shape, the same for all nodes.

use askama::Template;

use super::EmitContext;
use crate::{Error, estree};
use crate::buffer::{FORMAT_VERSION, MAGIC, METADATA_SIZE, metadata_offsets};
use crate::config::{LongDecoder, Runtime, ShortDecoder, SourcePlacement, SourceSlicing, Target};
use crate::diagnostic::{Diagnostic, Diagnostics};
use crate::ir::{Primitive, TypeId, TypeKind, TypeRef};
use crate::layout::{OptionRepr, SchemaLayout, Shape};

#[derive(Template)]
#[template(path = "js/deserialize.js", escape = "none")]
struct DeserializeJs {
    header: String,
    target: String,
    buffer: BufferView,
    parent_links: bool,
    strings: StringsView,
    root: String,
    comments: Option<String>,
    functions: Vec<Function>,
}

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
    pub(super) meta: Vec<(String, u32)>,
    pub(super) fingerprint_hex: String,
    /// Whether a string lies in the source's ASCII prefix: one comparison when the source is at the
    /// start of the buffer, two when the arena comes first.
    pub(super) in_source: &'static str,
    /// Whether a string lies in the source region at all (ASCII prefix or not).
    pub(super) in_source_region: &'static str,
    pub(super) placement_check: PlacementCheck,
    /// The runtime (`node` or `web`) whose `encodeSource` to emit (`templates/js/encode_source.js`):
    /// parser layout only, where JS writes the source at the start of the buffer.
    pub(super) encode_source: Option<&'static str>,
}

impl BufferView {
    pub(super) fn new(cx: &EmitContext, target: &Target, root: TypeId) -> Self {
        let width = target.pointer_width;
        let (layout_comment, in_source, in_source_region) = match target.source_placement {
            SourcePlacement::Start => ("parser layout: [source][arena][metadata]", "offset + len <= asciiEnd", "offset < sourceEnd"),
            SourcePlacement::End => ("linter layout: [arena][source][metadata]", "offset >= sourceStart && offset + len <= asciiEnd", "offset >= sourceStart"),
        };
        Self {
            layout_comment,
            runtime: match target.runtime {
                Runtime::Node => "Node.js",
                Runtime::Web => "web runtimes (no `Buffer`)",
            },
            pointer_width: width.bytes(),
            pointer_bits: width.bits(),
            root_align: cx.layout(width).get(root).layout.align,
            magic: format!("{MAGIC:#010x}"),
            format_version: FORMAT_VERSION,
            metadata_size: METADATA_SIZE,
            meta: metadata_offsets().map(|(offset, field)| (field.name.to_uppercase(), offset)).collect(),
            fingerprint_hex: format!("{:016x}", cx.fingerprint(width)),
            in_source,
            in_source_region,
            placement_check: PlacementCheck::new(target.source_placement),
            encode_source: encode_source(target),
        }
    }
}

/// The runtime (`node` or `web`) whose `encodeSource` the target exports: parser-layout targets only,
/// where JS writes the source into the buffer.
fn encode_source(target: &Target) -> Option<&'static str> {
    (target.source_placement == SourcePlacement::Start).then_some(match target.runtime {
        Runtime::Node => "node",
        Runtime::Web => "web",
    })
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

/// The target's string policy, as the template tests it.
pub(super) struct StringsView {
    /// `none`, `ascii_prefix` or `latin1`.
    pub(super) slicing: &'static str,
    /// `loop`, `apply` or `switch`.
    pub(super) short_decoder: &'static str,
    pub(super) short_max_len: u32,
    pub(super) utf8_slice: bool,
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
            slicing: match policy.source_slicing {
                SourceSlicing::None => "none",
                SourceSlicing::AsciiPrefix => "ascii_prefix",
                SourceSlicing::Latin1 => "latin1",
            },
            short_decoder: match policy.short_decoder {
                ShortDecoder::Loop => "loop",
                ShortDecoder::Apply => "apply",
                ShortDecoder::Switch => "switch",
            },
            short_max_len: policy.short_max_len,
            utf8_slice: policy.long_decoder == LongDecoder::Utf8Slice,
            node: target.runtime == Runtime::Node,
            switch_cases,
        }
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
    /// A node or plain object: `{ key: value, ... }`.
    Object { props: Vec<Prop>, is_node: bool },
    /// `switch` over a tag byte; each case returns an expression of `pos`.
    Switch { what: String, cases: Vec<(u8, String)> },
    /// A fieldless enum: a lookup in a constant array of strings.
    Strings { constant: String, what: String, values: String },
    Option { none_check: String, some: String },
    /// `may_nest`: the elements can hold nodes, so this is a step into a deeper level of the tree.
    Vec { element_size: u32, element: String, may_nest: bool },
    Boxed { target: String, may_nest: bool },
}

pub(super) struct Prop {
    pub(super) key: String,
    pub(super) value: String,
    /// Built after the node exists, so that its children can point back at it (linter target).
    is_child: bool,
}

pub fn emit(cx: &EmitContext, target: &Target) -> Result<String, Error> {
    let width = target.pointer_width;
    let layout = cx.layout(width);
    let parent_links = target.source_placement == SourcePlacement::End;
    let builder = Builder { cx, layout, parent_links };
    let (root, comments) = builder.root_and_comments()?;

    let mut functions: Vec<Function> = cx.schema.ids().map(|id| builder.named_function(id, parent_links)).collect();
    for ty in cx.schema.used_types() {
        if let Some(function) = builder.helper_function(&ty) {
            functions.push(function);
        }
    }
    let view = DeserializeJs {
        header: cx.header(),
        target: target.name.clone(),
        buffer: BufferView::new(cx, target, root),
        parent_links,
        strings: StringsView::new(target),
        root: builder.read_in(&TypeRef::Named(root), "root", "null"),
        comments,
        functions,
    };
    view.render().map_err(|source| Error::Render { template: "js/deserialize.js".to_owned(), message: source.to_string() })
}

pub(super) struct Builder<'a> {
    pub(super) cx: &'a EmitContext<'a>,
    pub(super) layout: &'a SchemaLayout,
    /// Nodes get a `parent` (linter layout): every function that can build nodes takes the enclosing
    /// node as a second argument, `parent`.
    pub(super) parent_links: bool,
}

/// `pos` or `pos + 8`.
pub(super) fn at(pos: &str, offset: u32) -> String {
    if offset == 0 { pos.to_owned() } else { format!("{pos} + {offset}") }
}

impl Builder<'_> {
    /// The root type, and the expression reading the comments beside it (its skipped `Vec` field).
    pub(super) fn root_and_comments(&self) -> Result<(TypeId, Option<String>), Error> {
        let mut diagnostics = Diagnostics::default();

        let root_config = self.cx.config.root.as_ref().expect("Config::parse requires `root` with targets");
        let root = match self.cx.schema.ids().find(|id| self.cx.schema.get(*id).name == root_config.name) {
            Some(id) if matches!(self.cx.schema.get(id).kind, TypeKind::Struct(_)) => Some(id),
            _ => {
                diagnostics.push(Diagnostic::new(format!("root type `{}` is not a struct of the schema", root_config.name)).at(root_config.location.clone()));
                None
            }
        };
        let mut comments = None;
        if let (Some(root), Some(config)) = (root, &self.cx.config.comments) {
            let TypeKind::Struct(s) = &self.cx.schema.get(root).kind else { unreachable!() };
            match s.fields.iter().position(|f| f.name == config.name) {
                Some(index) if matches!(s.fields[index].ty, TypeRef::Vec(_)) && s.fields[index].estree.skip => {
                    let Shape::Struct { field_offsets } = &self.layout.get(root).shape else { unreachable!() };
                    comments = Some(self.read_in(&s.fields[index].ty, &format!("root + {}", field_offsets[index]), "null"));
                }
                _ => diagnostics.push(
                    Diagnostic::new(format!("`{}` is not a skipped `Vec` field of `{}`", config.name, root_config.name))
                        .at(config.location.clone())
                        .with_help("the comments field is returned beside the AST, so it must be `#[estree(skip)]` in the root"),
                ),
            }
        }
        let Some(root) = root else { return Err(Error::Input(diagnostics)) };
        if !diagnostics.is_empty() {
            return Err(Error::Input(diagnostics));
        }
        Ok((root, comments))
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
            TypeRef::Named(id) => self.cx.schema.get(*id).name.clone(),
        }
    }

    /// The JS expression reading a `ty` stored at `pos` (an expression), inside the node `parent`.
    pub(super) fn read(&self, ty: &TypeRef, pos: &str) -> String {
        self.read_in(ty, pos, "parent")
    }

    /// `read`, with the enclosing node given by the expression `parent`.
    pub(super) fn read_in(&self, ty: &TypeRef, pos: &str, parent: &str) -> String {
        // `(pos + 8) >> 2` needs the parentheses, `pos >> 2` does not.
        let grouped = if pos.contains(' ') { format!("({pos})") } else { pos.to_owned() };
        match ty {
            TypeRef::Primitive(p) => match p {
                Primitive::Bool => format!("uint8[{pos}] === 1"),
                Primitive::U8 => format!("uint8[{pos}]"),
                Primitive::I8 => format!("int8[{pos}]"),
                Primitive::U16 => format!("uint16[{grouped} >> 1]"),
                Primitive::I16 => format!("int16[{grouped} >> 1]"),
                Primitive::U32 => format!("uint32[{grouped} >> 2]"),
                Primitive::I32 => format!("int32[{grouped} >> 2]"),
                Primitive::U64 => format!("readU64({pos})"),
                Primitive::I64 => format!("readI64({pos})"),
                Primitive::F64 => format!("float64[{grouped} >> 3]"),
            },
            _ if self.takes_parent(ty) => format!("{}({pos}, {parent})", self.function_name(ty)),
            _ => format!("{}({pos})", self.function_name(ty)),
        }
    }

    fn params(&self, ty: &TypeRef) -> &'static str {
        if self.takes_parent(ty) { "pos, parent" } else { "pos" }
    }

    /// Whether the function reading `ty` takes the enclosing node: it may build nodes.
    fn takes_parent(&self, ty: &TypeRef) -> bool {
        self.parent_links && estree::builds_nodes(self.cx.schema, ty)
    }

    pub(super) fn named_function(&self, id: TypeId, parent_links: bool) -> Function {
        let def = self.cx.schema.get(id);
        let name = self.function_name(&TypeRef::Named(id));
        match (&def.kind, &self.layout.get(id).shape) {
            (TypeKind::Struct(_), Shape::Struct { .. }) => {
                let node_type = estree::node_type(self.cx.schema, id);
                let is_node = node_type.is_some();
                let mut props = Vec::new();
                if let Some(node_type) = node_type {
                    props.push(Prop { key: "type".to_owned(), value: format!("{node_type:?}"), is_child: false });
                }
                self.push_fields(&mut props, id, "pos", 0, parent_links && is_node);
                Function { name, params: self.params(&TypeRef::Named(id)), comment: format!("`{}`", def.name), body: Body::Object { props, is_node: is_node && parent_links } }
            }
            (TypeKind::Enum(e), Shape::DataEnum { payload_offset }) => {
                let cases = e
                    .variants
                    .iter()
                    .map(|v| {
                        let value = match &v.payload {
                            Some(payload) => self.read(payload, &at("pos", *payload_offset)),
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
                    values[usize::from(v.discriminant)] = format!("{:?}", v.estree.rename.as_deref().unwrap_or(&v.name));
                }
                let constant = format!("{}_STRINGS", screaming_case(&def.name));
                Function {
                    name,
                    params: "pos",
                    comment: format!("`{}` as its ESTree string", def.name),
                    body: Body::Strings { constant, what: def.name.clone(), values: values.join(", ") },
                }
            }
            _ => unreachable!("layout shape matches the type's kind"),
        }
    }

    /// Properties of struct `id` stored at `pos + base`, flattening `flatten` fields. `node_links`: the
    /// struct is a node whose children point back at it (`is_child` props, built after the node).
    pub(super) fn push_fields(&self, props: &mut Vec<Prop>, id: TypeId, pos: &str, base: u32, node_links: bool) {
        let TypeKind::Struct(s) = &self.cx.schema.get(id).kind else { unreachable!() };
        let Shape::Struct { field_offsets } = &self.layout.get(id).shape else { unreachable!() };
        for (field, &offset) in s.fields.iter().zip(field_offsets) {
            let offset = base + offset;
            if field.estree.skip {
                continue;
            }
            if field.ty == TypeRef::Span {
                props.push(Prop { key: "start".to_owned(), value: self.read(&TypeRef::Primitive(Primitive::U32), &at(pos, offset)), is_child: false });
                props.push(Prop { key: "end".to_owned(), value: self.read(&TypeRef::Primitive(Primitive::U32), &at(pos, offset + 4)), is_child: false });
                continue;
            }
            if field.estree.flatten {
                let TypeRef::Named(inner) = field.ty else { unreachable!("load checks flatten") };
                self.push_fields(props, inner, pos, offset, node_links);
                continue;
            }
            let key = estree::property_name(field);
            let is_child = node_links && estree::builds_nodes(self.cx.schema, &field.ty);
            // A node's children get the node itself as their parent.
            let mut value = self.read_in(&field.ty, &at(pos, offset), if is_child { "node" } else { "parent" });
            if let Some(converter) = field.estree.convert {
                value = format!("{}({value})", converter.js_function());
            }
            props.push(Prop { key, value, is_child });
        }
    }

    /// The helper function of a composite type (`Option`, `Vec`, `Box`, `Str`, `Span`), if it needs one.
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
                element: self.read(inner, "element"),
                may_nest: estree::holds_nodes(self.cx.schema, inner),
            },
            TypeRef::Box(inner) => Body::Boxed {
                target: self.read(inner, &format!("readPointer(pos, {})", self.layout.of(inner).size)),
                may_nest: estree::holds_nodes(self.cx.schema, inner),
            },
            // `Str` and `Span` have fixed helpers in the template.
            _ => return None,
        };
        Some(Function { name, params: self.params(ty), comment: format!("`{rust}`"), body })
    }

    /// `true` when the `size`-byte little-endian integer at `pos` equals `value`.
    fn equals(&self, pos: &str, size: u32, value: u64) -> String {
        match size {
            1 => format!("uint8[{pos}] === {value}"),
            2 => format!("uint16[({pos}) >> 1] === {value}"),
            4 => format!("uint32[({pos}) >> 2] === {value}"),
            _ => format!("uint32[({pos}) >> 2] === {} && uint32[(({pos}) >> 2) + 1] === {}", value as u32, value >> 32),
        }
    }
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
