//! The schema as owned data: what `load` produces and every later phase reads.
//!
//! Nothing here refers to `syn`. Types are kept in one `Vec`, in a canonical order (schema files sorted
//! by path, then source order), and refer to each other by `TypeId`, an index into it.

mod dump;
pub mod estree;
pub mod js_scan;
pub mod snippet;

pub use estree::{
    AddedField, Converter, FieldEstree, Join, JoinPlace, MetaId, MetaType, Only, Ordered, TsDef, TypeEstree,
    VariantEstree,
};

#[derive(Debug, Clone, PartialEq)]
pub struct Schema {
    /// The conventions the schema files were written in.
    pub dialect: Dialect,
    pub types: Vec<TypeDef>,
    /// oxc's `#[ast_meta]` converters, with their `raw_deser` JS, in canonical order (`MetaId`s).
    pub meta: Vec<MetaType>,
}

/// The conventions of a schema's source files: what `#[ast]` implies, which types are built in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Dialect {
    /// rawast's schema language: every representation written out, `#[estree]` keys rawast knows.
    #[default]
    Rawast,
    /// oxc's `oxc_ast` sources as they are: `#[ast]` implies the representation (oxc's field order),
    /// `INHERIT` variants splice in another enum, `#[ast(foreign = T)]` describes a foreign type, and
    /// `#[estree]`, `#[ts]` and `#[js_only]` are read as oxc means them (`estree::TypeEstree` and
    /// the others).
    Oxc,
}

impl Dialect {
    pub const ALL: [Dialect; 2] = [Dialect::Rawast, Dialect::Oxc];

    pub fn as_str(self) -> &'static str {
        match self {
            Dialect::Rawast => "rawast",
            Dialect::Oxc => "oxc",
        }
    }
}

/// Index of a type in `Schema::types`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(pub usize);

#[derive(Debug, Clone, PartialEq)]
pub struct TypeDef {
    pub name: String,
    /// Whether the type takes the arena lifetime `'a`.
    pub has_lifetime: bool,
    /// The schema file that defines it, as named in `codegen.toml`.
    pub file: String,
    pub kind: TypeKind,
    pub estree: TypeEstree,
    /// `#[ast(foreign = Name)]`: this type describes the layout of `Name`, a type defined outside the
    /// schema (by a macro or another crate); fields of type `Name` are fields of this type.
    pub foreign: Option<String>,
    /// Whether the item is `pub`: a private description (oxc's foreign aliases) is checked under the
    /// foreign type's name, or not at all.
    pub public: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum TypeKind {
    Struct(Struct),
    Enum(Enum),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Struct {
    pub repr: StructRepr,
    pub fields: Vec<Field>,
}

/// How a struct's fields are placed in memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StructRepr {
    /// `#[repr(C)]`: in declaration order.
    C,
    /// What oxc's `#[ast]` macro writes: `#[repr(transparent)]` for a struct with at most one field
    /// that is not zero-sized, else `#[repr(C)]` after it reorders the fields (`span` first, then
    /// `node_id`, then by alignment on 64-bit, then on 32-bit, each field where it fits without
    /// padding if one does). Which of the two is a matter of sizes: `layout` decides.
    Oxc,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    /// The name without `r#`: a field written `r#type` is named `type`.
    pub name: String,
    pub ty: TypeRef,
    pub estree: FieldEstree,
    /// Where the field's name is, for diagnostics about its property.
    pub location: crate::diagnostic::Location,
    /// Whether code outside the type's module can name it (`pub`): only those get `offset_of!` checks.
    pub public: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Enum {
    pub repr: EnumRepr,
    pub variants: Vec<Variant>,
}

/// The enum representations a schema may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnumRepr {
    /// `#[repr(u8)]`, fieldless: a single byte.
    U8,
    /// `#[repr(C, u8)]`, with data: a `u8` tag followed by a `repr(C)` union of the payloads.
    CU8,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Variant {
    pub name: String,
    pub discriminant: u8,
    /// The single field of a tuple variant; `None` for a unit variant.
    pub payload: Option<TypeRef>,
    pub estree: VariantEstree,
    /// The enum an oxc `INHERIT(Enum)` variant came from, with its discriminant.
    pub inherited_from: Option<String>,
    /// Where the variant's name is (in the enum it came from), for diagnostics about its value.
    pub location: crate::diagnostic::Location,
}

/// A field's type.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TypeRef {
    Primitive(Primitive),
    Span,
    Str,
    Box(Box<TypeRef>),
    Vec(Box<TypeRef>),
    Option(Box<TypeRef>),
    /// `Cell<T>`: `T`'s size and alignment, without its niche.
    Cell(Box<TypeRef>),
    /// A type a dialect builds in (oxc's `Ident`, `&str`, ...).
    Builtin(Builtin),
    Named(TypeId),
}

impl TypeRef {
    /// The named type this is, through `Cell`s (a struct field of struct type, say).
    pub fn named_within(&self) -> Option<TypeId> {
        match self {
            TypeRef::Named(id) => Some(*id),
            TypeRef::Cell(inner) => inner.named_within(),
            _ => None,
        }
    }

    /// The named type inside `Option`, `Box`, `Vec` and `Cell` layers, if any.
    pub fn innermost(&self) -> Option<TypeId> {
        match self {
            TypeRef::Named(id) => Some(*id),
            TypeRef::Box(inner) | TypeRef::Vec(inner) | TypeRef::Option(inner) | TypeRef::Cell(inner) => {
                inner.innermost()
            }
            _ => None,
        }
    }
}

/// Types the oxc dialect knows without a definition in the schema files, as oxc's `ast_tools` does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Builtin {
    /// `&'a str`: pointer and `usize` length.
    StrRef,
    /// oxc_str's `Ident<'a>`: pointer, then length and hash (one `u64` on 64-bit, two `u32` on 32-bit).
    Ident,
    /// oxc_str's `JSStr<'a>`: pointer, `u32` length, a lone-surrogate `bool`.
    JsStr,
    /// oxc_span's zero-sized `PointerAlign`: aligns its struct to a pointer.
    PointerAlign,
    /// `NonZeroU32`.
    NonZeroU32,
    /// `AtomicBool`: a `bool` without a niche.
    AtomicBool,
}

impl Builtin {
    pub const ALL: [Builtin; 6] = [
        Builtin::StrRef,
        Builtin::Ident,
        Builtin::JsStr,
        Builtin::PointerAlign,
        Builtin::NonZeroU32,
        Builtin::AtomicBool,
    ];

    /// The name a field type uses.
    pub fn name(self) -> &'static str {
        match self {
            Builtin::StrRef => "&str",
            Builtin::Ident => "Ident",
            Builtin::JsStr => "JSStr",
            Builtin::PointerAlign => "PointerAlign",
            Builtin::NonZeroU32 => "NonZeroU32",
            Builtin::AtomicBool => "AtomicBool",
        }
    }

    /// Whether it takes the arena lifetime.
    pub fn has_lifetime(self) -> bool {
        matches!(self, Builtin::StrRef | Builtin::Ident | Builtin::JsStr)
    }

    /// Rust spelling, with `lifetime`.
    pub fn rust_type(self, lifetime: &str) -> String {
        match self {
            Builtin::StrRef => format!("&{lifetime} str"),
            _ if self.has_lifetime() => format!("{}<{lifetime}>", self.name()),
            _ => self.name().to_owned(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Primitive {
    Bool,
    U8,
    U16,
    U32,
    U64,
    I8,
    I16,
    I32,
    I64,
    F64,
}

impl Primitive {
    pub const ALL: [Primitive; 10] = [
        Primitive::Bool,
        Primitive::U8,
        Primitive::U16,
        Primitive::U32,
        Primitive::U64,
        Primitive::I8,
        Primitive::I16,
        Primitive::I32,
        Primitive::I64,
        Primitive::F64,
    ];

    pub fn rust_name(self) -> &'static str {
        match self {
            Primitive::Bool => "bool",
            Primitive::U8 => "u8",
            Primitive::U16 => "u16",
            Primitive::U32 => "u32",
            Primitive::U64 => "u64",
            Primitive::I8 => "i8",
            Primitive::I16 => "i16",
            Primitive::I32 => "i32",
            Primitive::I64 => "i64",
            Primitive::F64 => "f64",
        }
    }

    pub fn from_rust_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|p| p.rust_name() == name)
    }
}

impl Schema {
    pub fn get(&self, id: TypeId) -> &TypeDef {
        &self.types[id.0]
    }

    pub fn ids(&self) -> impl Iterator<Item = TypeId> + use<> {
        (0..self.types.len()).map(TypeId)
    }

    /// Rust spelling of a field type, with lifetimes written as `lifetime` (`'a` or `'static`).
    pub fn rust_type(&self, ty: &TypeRef, lifetime: &str) -> String {
        match ty {
            TypeRef::Primitive(p) => p.rust_name().to_owned(),
            TypeRef::Span => "Span".to_owned(),
            TypeRef::Str => format!("Str<{lifetime}>"),
            TypeRef::Box(inner) => format!("Box<{lifetime}, {}>", self.rust_type(inner, lifetime)),
            TypeRef::Vec(inner) => format!("Vec<{lifetime}, {}>", self.rust_type(inner, lifetime)),
            TypeRef::Option(inner) => format!("Option<{}>", self.rust_type(inner, lifetime)),
            TypeRef::Cell(inner) => format!("Cell<{}>", self.rust_type(inner, lifetime)),
            TypeRef::Builtin(builtin) => builtin.rust_type(lifetime),
            TypeRef::Named(id) => self.rust_type_name(*id, lifetime),
        }
    }

    /// `Name` or `Name<'a>`; for a foreign type's description, the foreign type's name.
    pub fn rust_type_name(&self, id: TypeId, lifetime: &str) -> String {
        let def = self.get(id);
        let name = def.foreign.as_ref().unwrap_or(&def.name);
        if def.has_lifetime { format!("{name}<{lifetime}>") } else { name.clone() }
    }

    /// Every type that occurs in a field or variant, with the types nested inside it, in a stable order.
    pub fn used_types(&self) -> std::collections::BTreeSet<TypeRef> {
        fn visit(ty: &TypeRef, out: &mut std::collections::BTreeSet<TypeRef>) {
            if let TypeRef::Box(inner) | TypeRef::Vec(inner) | TypeRef::Option(inner) | TypeRef::Cell(inner) = ty {
                visit(inner, out);
            }
            out.insert(ty.clone());
        }
        let mut out = std::collections::BTreeSet::new();
        for def in &self.types {
            match &def.kind {
                TypeKind::Struct(s) => s.fields.iter().for_each(|f| visit(&f.ty, &mut out)),
                TypeKind::Enum(e) => {
                    e.variants.iter().filter_map(|v| v.payload.as_ref()).for_each(|ty| visit(ty, &mut out))
                }
            }
        }
        out
    }
}
