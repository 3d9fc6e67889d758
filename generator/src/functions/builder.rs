//! The JS expressions that read values ([`Builder`]): each type's reader and function name, and
//! the test of an `Option`'s `None`. The functions they go into are written by [`functions`]; the
//! shapes of the expressions are [`expr`]'s, the reads of numbers in place [`reads`]'.

pub(crate) mod expr;
mod functions;
mod reads;

pub(crate) use expr::at;
use expr::call;

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
            TypeRef::Box(inner) => self.wrapped_suffix("Box", inner),
            TypeRef::Vec(inner) => self.wrapped_suffix("Vec", inner),
            TypeRef::Option(inner) => self.wrapped_suffix("Option", inner),
            TypeRef::Cell(inner) => self.type_suffix(inner),
            TypeRef::Named(id) => self.cx.schema.get(*id).name.clone(),
        }
    }

    /// `BoxIdentifier`: the wrapper's name, then its payload's.
    fn wrapped_suffix(&self, wrapper: &str, inner: &TypeRef) -> String {
        format!("{wrapper}{}", self.type_suffix(inner))
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
        match ty {
            TypeRef::Primitive(p) => match reads::primitive_view(*p) {
                Some(view) => reads::read_through(view, pos),
                // A producer writes 0 or 1: another byte is refused where it is read. A call,
                // not the test written out at each read: that costs a module's load more than
                // the call costs its reads.
                None if *p == Primitive::Bool => call("readBool", &[pos]),
                None if self.takes_field(ty) => call(reads::int64_reader(*p, self.int64), &[pos, field]),
                None => call(reads::int64_reader(*p, self.int64), &[pos]),
            },
            TypeRef::Builtin(Builtin::NonZeroU32) => {
                self.read_in(&TypeRef::Primitive(Primitive::U32), pos, parent, field)
            }
            TypeRef::Builtin(Builtin::AtomicBool) => {
                self.read_in(&TypeRef::Primitive(Primitive::Bool), pos, parent, field)
            }
            TypeRef::Cell(inner) => self.read_in(inner, pos, parent, field),
            _ if self.takes_parent(ty) => call(&self.function_name(ty), &[pos, parent]),
            _ if self.takes_field(ty) => call(&self.function_name(ty), &[pos, field]),
            _ => call(&self.function_name(ty), &[pos]),
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
        call(pointer, &[pos, &layout.size.to_string(), &(layout.align - 1).to_string()])
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
                (reads::equals(&at(pos, offset), size, value), pos.to_owned())
            }
            OptionRepr::Tagged { tag_size, payload_offset } => {
                (reads::none_tag(pos, tag_size), at(pos, payload_offset))
            }
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
