//! The JS expressions that read values ([`Builder`]): each type's reader and function name, and
//! the test of an `Option`'s `None`. The functions they go into are written by [`functions`].

mod functions;

use crate::config::{Int64, RawastSettings};
use crate::context::EmitContext;
use crate::ir::{Builtin, Primitive, TypeRef};
use crate::layout::{OptionRepr, SchemaLayout};

/// Writes the JS that reads values from a buffer, for either format: what differs between them is
/// data here (the layouts, parent links, 64-bit integers, how a niche's `None` is written) and the
/// functions the generated code calls (`templates/js/function.js`).
pub(crate) struct Builder<'a> {
    pub(crate) cx: &'a EmitContext<'a>,
    pub(crate) layout: &'a SchemaLayout,
    /// Nodes get a `parent` (linter layout): every function that can build nodes takes the enclosing
    /// node as a second argument, `parent`.
    pub(crate) parent_links: bool,
    pub(crate) int64: Int64,
    pub(crate) none: NoneValue,
}

/// Which value a niche-encoded `Option` writes for `None`: it depends on the rustc that built the
/// producer.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum NoneValue {
    /// This toolchain's rule (`layout`): rawast's producers are built with it.
    Layout,
    /// rustc 1.97's and later's (`Niche::none_value_since_rust_1_97`): oxc-parser 0.157's.
    SinceRust197,
}

/// `pos`, or `(pos + 8)`: an operand of `>>>`.
fn grouped(pos: &str) -> String {
    if pos.contains(' ') { format!("({pos})") } else { pos.to_owned() }
}

/// `pos` or `pos + 8`.
pub(crate) fn at(pos: &str, offset: u32) -> String {
    if offset == 0 { pos.to_owned() } else { format!("{pos} + {offset}") }
}

impl<'a> Builder<'a> {
    pub(crate) fn new(cx: &'a EmitContext<'a>, target: &RawastSettings) -> Self {
        Self {
            cx,
            layout: cx.layout(target.pointer_width),
            parent_links: target.parent_links(),
            int64: target.int64,
            none: NoneValue::Layout,
        }
    }

    /// The builder for oxc-parser's buffers: 64-bit layouts, no parent links, a newer rustc.
    pub(crate) fn oxc(cx: &'a EmitContext<'a>) -> Self {
        Self { cx, layout: cx.layout64, parent_links: false, int64: Int64::Number, none: NoneValue::SinceRust197 }
    }

    /// `deserializeX`, named after the type: `deserializeOptionBoxIdentifier`.
    pub(crate) fn function_name(&self, ty: &TypeRef) -> String {
        format!("deserialize{}", self.type_suffix(ty))
    }

    fn type_suffix(&self, ty: &TypeRef) -> String {
        match ty {
            TypeRef::Primitive(p) => crate::casing::capitalized(p.rust_name()),
            TypeRef::Span => "Span".to_owned(),
            // oxc's types are named after what they are read as: its strings as `Str`, a
            // `NonZeroU32` as a `u32`, a `Cell<T>` as its `T`.
            TypeRef::Str | TypeRef::Builtin(Builtin::StrRef | Builtin::Ident) => "Str".to_owned(),
            TypeRef::Builtin(Builtin::JsStr) => "JSStr".to_owned(),
            TypeRef::Builtin(Builtin::NonZeroU32) => "U32".to_owned(),
            TypeRef::Builtin(Builtin::AtomicBool) => "Bool".to_owned(),
            TypeRef::Builtin(Builtin::PointerAlign) => "PointerAlign".to_owned(),
            TypeRef::Box(inner) => format!("Box{}", self.type_suffix(inner)),
            TypeRef::Vec(inner) => format!("Vec{}", self.type_suffix(inner)),
            TypeRef::Option(inner) => format!("Option{}", self.type_suffix(inner)),
            TypeRef::Cell(inner) => self.type_suffix(inner),
            TypeRef::Named(id) => self.cx.schema.get(*id).name.clone(),
        }
    }

    /// The JS expression reading a `ty` stored at `pos` (an expression), inside the node `parent`,
    /// in a helper function: the field it reads for is its argument `field`.
    pub(crate) fn read(&self, ty: &TypeRef, pos: &str) -> String {
        self.read_in(ty, pos, "parent", "field")
    }

    /// `read`, with the enclosing node given by the expression `parent`, and the field read for by
    /// the expression `field` (a string such as `"Literal.value"`, which the 64-bit readers of
    /// `int64 = "number"` name in their error: only the error path reads it).
    pub(crate) fn read_in(&self, ty: &TypeRef, pos: &str, parent: &str, field: &str) -> String {
        // Unsigned shifts: offsets reach 4 GiB, where `>>` would turn negative.
        let grouped = grouped(pos);
        let int64 = match self.int64 {
            Int64::Number => "",
            Int64::BigInt => "BigInt",
        };
        match ty {
            TypeRef::Primitive(p) => match p {
                // A producer writes 0 or 1: another byte is refused where it is read. A call,
                // not the test written out at each read: that costs a module's load more than
                // the call costs its reads.
                Primitive::Bool => format!("readBool({pos})"),
                Primitive::U8 => format!("uint8[{pos}]"),
                Primitive::I8 => format!("int8[{pos}]"),
                Primitive::U16 => format!("uint16[{grouped} >>> 1]"),
                Primitive::I16 => format!("int16[{grouped} >>> 1]"),
                Primitive::U32 => format!("uint32[{grouped} >>> 2]"),
                Primitive::I32 => format!("int32[{grouped} >>> 2]"),
                Primitive::U64 | Primitive::I64 if self.takes_field(ty) => {
                    format!("read{}{int64}({pos}, {field})", if *p == Primitive::U64 { "U64" } else { "I64" })
                }
                Primitive::U64 => format!("readU64{int64}({pos})"),
                Primitive::I64 => format!("readI64{int64}({pos})"),
                Primitive::F64 => format!("float64[{grouped} >>> 3]"),
            },
            TypeRef::Builtin(Builtin::NonZeroU32) => {
                self.read_in(&TypeRef::Primitive(Primitive::U32), pos, parent, field)
            }
            TypeRef::Builtin(Builtin::AtomicBool) => {
                self.read_in(&TypeRef::Primitive(Primitive::Bool), pos, parent, field)
            }
            TypeRef::Cell(inner) => self.read_in(inner, pos, parent, field),
            _ if self.takes_parent(ty) => format!("{}({pos}, {parent})", self.function_name(ty)),
            _ if self.takes_field(ty) => format!("{}({pos}, {field})", self.function_name(ty)),
            _ => format!("{}({pos})", self.function_name(ty)),
        }
    }

    /// `read_in` for an enum variant's or an `Option`'s payload: a `Box` is read in place, its
    /// pointer checked (and what it points to paid for, where that may lead back to it) by
    /// `readPointer` (`readPaidPointer`), then its target's function called, with no function of
    /// the `Box`'s own. Most nodes are a variant's boxed payload (`Expression`, `Statement`, …):
    /// that is a call less for each, which V8's lower tiers, where a linter's small files are read,
    /// pay in full. A `Box` whose function
    /// the caller must call (one read first, in oxc's deserializers) is not given to this.
    pub(crate) fn read_payload_in(&self, ty: &TypeRef, pos: &str, parent: &str, field: &str) -> String {
        match ty {
            TypeRef::Box(inner) => self.read_in(inner, &self.box_target(inner, pos), parent, field),
            _ => self.read_in(ty, pos, parent, field),
        }
    }

    /// The offset a `Box<inner>` at `pos` points to, checked (and paid for, like its function's).
    fn box_target(&self, inner: &TypeRef, pos: &str) -> String {
        let layout = self.layout.of(inner);
        let pointer = if self.box_paid(inner) { "readPaidPointer" } else { "readPointer" };
        format!("{pointer}({pos}, {}, {})", layout.size, layout.align - 1)
    }

    /// Whether reading a `Box<inner>` pays the bytes it points to from the budget: where they may
    /// lead back to the `Box` (a cycle of the type graph passes it); the rest is read in work the
    /// schema bounds, from a struct or `Vec` paid for already (`templates/js/readers.js`).
    pub(crate) fn box_paid(&self, inner: &TypeRef) -> bool {
        self.cx.model.may_nest(inner)
    }

    /// Whether [`Builder::read`] reads `ty` in place (a number, a flag), with no function of its own.
    pub(crate) fn reads_in_place(&self, ty: &TypeRef) -> bool {
        match ty {
            TypeRef::Primitive(_) | TypeRef::Builtin(Builtin::NonZeroU32 | Builtin::AtomicBool) => true,
            TypeRef::Cell(inner) => self.reads_in_place(inner),
            _ => false,
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
            TypeRef::Box(inner) | TypeRef::Vec(inner) | TypeRef::Option(inner) | TypeRef::Cell(inner) => {
                self.takes_field(inner)
            }
            _ => false,
        }
    }

    /// Whether the function reading `ty` takes the enclosing node: it may build nodes.
    fn takes_parent(&self, ty: &TypeRef) -> bool {
        self.parent_links && self.cx.model.builds_nodes(ty)
    }

    /// The test that an `Option<inner>` at `pos` is `None`, and where its payload is.
    pub(crate) fn none_test(&self, inner: &TypeRef, pos: &str) -> (String, String) {
        match self.layout.option_repr(inner) {
            OptionRepr::Niche { offset, size, value } => {
                let value = match self.none {
                    NoneValue::Layout => value,
                    NoneValue::SinceRust197 => {
                        let niche = self.layout.of(inner).niche.expect("a niche-encoded Option's payload has a niche");
                        niche.none_value_since_rust_1_97().expect("a niche-encoded Option has a free value")
                    }
                };
                (self.equals(&at(pos, offset), size, value), pos.to_owned())
            }
            // A tag is 0 or 1 (`Some`): `true`, `false`, or the buffer's error, with no call on the
            // way, as a `bool` is read.
            OptionRepr::Tagged { tag_size, payload_offset } => {
                let check = format!(
                    "({} || ({} && invalidOptionTag({}, {pos})))",
                    self.equals(pos, tag_size, 0),
                    self.differs(pos, tag_size, 1),
                    self.value(pos, tag_size)
                );
                (check, at(pos, payload_offset))
            }
        }
    }

    /// `true` when the `size`-byte little-endian integer at `pos` is not `value`.
    fn differs(&self, pos: &str, size: u32, value: u64) -> String {
        let grouped = grouped(pos);
        match size {
            1 => format!("uint8[{pos}] !== {value}"),
            2 => format!("uint16[{grouped} >>> 1] !== {value}"),
            4 => format!("uint32[{grouped} >>> 2] !== {value}"),
            _ => format!(
                "(uint32[{grouped} >>> 2] !== {} || uint32[({grouped} >>> 2) + 1] !== {})",
                value as u32,
                value >> 32
            ),
        }
    }

    /// The `size`-byte little-endian integer at `pos`, for an error's message (a `u64` exact up
    /// to 2^53).
    fn value(&self, pos: &str, size: u32) -> String {
        let grouped = grouped(pos);
        match size {
            1 => format!("uint8[{pos}]"),
            2 => format!("uint16[{grouped} >>> 1]"),
            4 => format!("uint32[{grouped} >>> 2]"),
            _ => format!("uint32[{grouped} >>> 2] + uint32[({grouped} >>> 2) + 1] * 4294967296"),
        }
    }

    /// `true` when the `size`-byte little-endian integer at `pos` equals `value`.
    fn equals(&self, pos: &str, size: u32, value: u64) -> String {
        let grouped = grouped(pos);
        match size {
            1 => format!("uint8[{pos}] === {value}"),
            2 => format!("uint16[{grouped} >>> 1] === {value}"),
            4 => format!("uint32[{grouped} >>> 2] === {value}"),
            _ => format!(
                "uint32[{grouped} >>> 2] === {} && uint32[({grouped} >>> 2) + 1] === {}",
                value as u32,
                value >> 32
            ),
        }
    }
}

/// The local a property's value is read into before its object is made: `bodyValue` (the key's
/// characters that cannot be in an identifier become `_`).
pub(crate) fn local_name(key: &str) -> String {
    let letters: String =
        key.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' || c == '$' { c } else { '_' }).collect();
    format!("{letters}Value")
}
