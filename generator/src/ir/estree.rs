//! What a schema says of its types' JS side, as the loader parsed it from the attributes: rawast's
//! `#[estree(...)]` keys, and oxc's (`#[estree(...)]`, `#[ts]`, `#[js_only]`, and the `#[ast_meta]`
//! converters with their `raw_deser` JS). Every name in them is resolved (converters to `MetaId`s,
//! fields to indices): nothing downstream reads an attribute by its text.

use super::snippet::Snippet;

/// `#[estree(...)]` on a struct or enum.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TypeEstree {
    /// The node's type name, when it differs from the Rust name: rawast's `type = "..."`, oxc's
    /// `rename = "..."`.
    pub node_type: Option<String>,
    /// oxc's `no_type`: the object has no `type` property.
    pub no_type: bool,
    /// oxc's `skip`: fields of this type are no properties.
    pub skip: bool,
    /// oxc's `flatten`: a field of this struct type spreads its properties into the holder's
    /// (unless the field says `no_flatten`).
    pub flatten: bool,
    /// oxc's `via = Converter`: the value is the converter's, not an object of the fields.
    pub via: Option<MetaId>,
    /// oxc's `field_order(...)`: the properties in this order (fields and added fields).
    pub field_order: Option<Vec<Ordered>>,
    /// oxc's `add_fields(key = Converter, ...)`: properties computed by converters.
    pub add_fields: Vec<AddedField>,
    /// oxc's `no_rename_variants`: a fieldless enum's variants keep their Rust names.
    pub no_rename_variants: bool,
    /// What oxc's attributes say of its TypeScript definitions only (`no_ts_def`, `ts_alias`,
    /// `add_ts_def`) and of its `parent` links (`no_parent`): kept for the emitters of those.
    pub ts_def: TsDef,
    pub no_parent: bool,
}

/// One entry of `field_order(...)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ordered {
    /// A field, by index.
    Field(usize),
    /// An added field, by index in `add_fields`.
    Added(usize),
}

/// `key = Converter` of `add_fields(...)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddedField {
    pub key: String,
    pub converter: MetaId,
}

/// What oxc's attributes say of a type's TypeScript definition.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TsDef {
    /// `no_ts_def`: none is written.
    pub none: bool,
    /// `ts_alias = "..."`: written as this alias.
    pub alias: Option<String>,
    /// `add_ts_def = "..."`: TypeScript declared beside it, in the snippets' template language
    /// (`/* IF !LINTER */?/* END_IF */`), which takes only its `IF` blocks here.
    pub add: Option<Snippet>,
}

/// `#[estree(...)]` on a field, with oxc's `#[ts]` and `#[js_only]`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FieldEstree {
    /// `rename = "..."`: the property's key, when it differs from the field's name.
    pub rename: Option<String>,
    /// `skip`: not a property.
    pub skip: bool,
    /// `flatten`: the fields of this struct-typed field become properties of the enclosing object.
    pub flatten: bool,
    /// oxc's `no_flatten`: not flattened, though its type says `flatten`.
    pub no_flatten: bool,
    /// rawast's `convert = "..."`: the value is computed rather than copied.
    pub convert: Option<Converter>,
    /// oxc's `via = Converter`: the property's value is the converter's.
    pub via: Option<MetaId>,
    /// oxc's `from_span`: the value is the source text of the node's span (`null` for a `None`).
    pub from_span: bool,
    /// oxc's `prepend_to = field` / `append_to = field`: no property of its own; its values join
    /// that field's array.
    pub join: Option<Join>,
    /// oxc's `#[ts]` / `#[js_only]`: only in that output variant.
    pub only: Option<Only>,
    /// oxc's `ts_type = "..."`, `json_safe`: for its TypeScript definitions and JSON only.
    pub ts_type: Option<String>,
    pub json_safe: bool,
}

/// `prepend_to` or `append_to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Join {
    /// The field (by index) whose array this one's values join.
    pub into: usize,
    pub place: JoinPlace,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JoinPlace {
    Prepend,
    Append,
}

/// oxc's `#[ts]` and `#[js_only]`: which output variant something belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Only {
    /// `#[ts]`: TypeScript's only.
    Ts,
    /// `#[js_only]`: JavaScript's only.
    Js,
}

impl Only {
    /// Whether it belongs in the variant whose output is TypeScript's (`is_ts`) or not.
    pub fn wanted(only: Option<Only>, is_ts: bool) -> bool {
        match only {
            None => true,
            Some(Only::Ts) => is_ts,
            Some(Only::Js) => !is_ts,
        }
    }
}

/// `#[estree(...)]` on an enum variant.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct VariantEstree {
    /// `rename = "..."`: the string a fieldless variant becomes.
    pub rename: Option<String>,
    /// oxc's `skip`: no value of the enum is this variant (its tag is refused).
    pub skip: bool,
    /// oxc's `via = Converter`: the variant's value is the converter's.
    pub via: Option<MetaId>,
}

/// Values rawast's deserializers compute on the JS side from what the buffer holds, for values JS
/// cannot read directly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Converter {
    /// A `RegExp` from a `{ pattern, flags }` object, or `null` when the runtime rejects them (or the
    /// stored value is `null`).
    RegexValue,
    /// A `BigInt` from a string of decimal digits.
    BigIntValue,
}

impl Converter {
    pub const ALL: [Converter; 2] = [Converter::RegexValue, Converter::BigIntValue];

    pub fn name(self) -> &'static str {
        match self {
            Converter::RegexValue => "regex_value",
            Converter::BigIntValue => "bigint_value",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The JS function of the generated deserializer that applies it.
    pub fn js_function(self) -> &'static str {
        match self {
            Converter::RegexValue => "regexValue",
            Converter::BigIntValue => "bigIntValue",
        }
    }
}

/// Index of a converter in `Schema::meta`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MetaId(pub usize);

/// An oxc `#[ast_meta]` type: a converter, whose `raw_deser` JS computes a value from the buffer.
#[derive(Debug, Clone, PartialEq)]
pub struct MetaType {
    pub name: String,
    pub file: String,
    /// `raw_deser = "..."`: the JS, in oxc's template language.
    pub raw_deser: Option<Snippet>,
    /// `raw_deser_inline`: oxc's generator writes the JS in place rather than as a function.
    pub raw_deser_inline: bool,
    /// `ts_type = "..."`: the TypeScript type of its value.
    pub ts_type: Option<String>,
    /// `#[ts]` / `#[js_only]`: an added field of this converter is only in that variant.
    pub only: Option<Only>,
}
