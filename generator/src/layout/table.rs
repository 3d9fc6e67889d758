//! A readable layout table of a schema, 64-bit and 32-bit side by side (for snapshots and review).

use std::collections::BTreeSet;
use std::fmt::Write as _;

use super::{Niche, OptionRepr, SchemaLayout, Shape};
use crate::ir::{Schema, TypeKind, TypeRef};

/// Renders every type's size, alignment, niche and member offsets as `64-bit | 32-bit`, followed by
/// how each `Option` type used in the schema encodes `None`.
pub fn layout_table(schema: &Schema, l64: &SchemaLayout, l32: &SchemaLayout) -> String {
    let mut out = String::from("Values read `64-bit | 32-bit`.\n\n");
    for id in schema.ids() {
        let def = schema.get(id);
        let (a, b) = (l64.get(id), l32.get(id));
        let kind = match &def.kind {
            TypeKind::Struct(_) => "struct",
            TypeKind::Enum(_) => "enum",
        };
        writeln!(
            out,
            "{kind} {}  size {} | {}  align {} | {}  niche {}",
            schema.rust_type_name(id, "'a"),
            a.layout.size,
            b.layout.size,
            a.layout.align,
            b.layout.align,
            pair(niche_text(a.layout.niche), niche_text(b.layout.niche)),
        )
        .unwrap();
        match (&def.kind, &a.shape, &b.shape) {
            (TypeKind::Struct(s), Shape::Struct { field_offsets: o64 }, Shape::Struct { field_offsets: o32 }) => {
                for (i, field) in s.fields.iter().enumerate() {
                    let offsets = format!("{:>4} | {:<4}", o64[i], o32[i]);
                    writeln!(out, "  {offsets} {}: {}", field.name, schema.rust_type(&field.ty, "'a")).unwrap();
                }
            }
            (TypeKind::Enum(e), _, _) => {
                if let (Shape::DataEnum { payload_offset: p64 }, Shape::DataEnum { payload_offset: p32 }) =
                    (&a.shape, &b.shape)
                {
                    writeln!(out, "  tag at 0, payload at {p64} | {p32}").unwrap();
                }
                for variant in &e.variants {
                    let payload = variant
                        .payload
                        .as_ref()
                        .map(|ty| format!("({})", schema.rust_type(ty, "'a")))
                        .unwrap_or_default();
                    writeln!(out, "  {:>4}  {}{payload}", variant.discriminant, variant.name).unwrap();
                }
            }
            _ => unreachable!("layout shape matches the type's kind"),
        }
        out.push('\n');
    }

    let options = option_types(schema);
    if !options.is_empty() {
        out.push_str("Option types\n");
        for inner in options {
            let ty = TypeRef::Option(Box::new(inner.clone()));
            let (a, b) = (l64.of(&ty), l32.of(&ty));
            writeln!(
                out,
                "  {}  size {} | {}  None = {}",
                schema.rust_type(&ty, "'a"),
                a.size,
                b.size,
                pair(option_text(l64.option_repr(&inner)), option_text(l32.option_repr(&inner)))
            )
            .unwrap();
        }
    }
    out
}

/// `x` when both widths agree, else `x | y`.
fn pair(a: String, b: String) -> String {
    if a == b { a } else { format!("{a} | {b}") }
}

fn niche_text(niche: Option<Niche>) -> String {
    let Some(n) = niche else { return "none".to_owned() };
    let range = if n.is_non_zero() { "non-zero".to_owned() } else { format!("{}..={}", n.valid_start, n.valid_end) };
    format!("u{} at +{} valid {range}", n.size * 8, n.offset)
}

fn option_text(repr: OptionRepr) -> String {
    match repr {
        OptionRepr::Niche { offset, size, value } => format!("{value} in u{} at +{offset}", size * 8),
        OptionRepr::Tagged { tag_size, payload_offset } => {
            format!("tag u{} 0 at +0, payload at +{payload_offset}", tag_size * 8)
        }
    }
}

/// Every `T` of an `Option<T>` in the schema, nested ones included, in a stable order.
fn option_types(schema: &Schema) -> BTreeSet<TypeRef> {
    schema
        .used_types()
        .into_iter()
        .filter_map(|ty| match ty {
            TypeRef::Option(inner) => Some(*inner),
            _ => None,
        })
        .collect()
}
