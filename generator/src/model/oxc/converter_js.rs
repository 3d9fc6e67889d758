//! What oxc's converters do, read from their JS (`#[estree(via = …)]`, `add_fields`): the node types
//! they make (`type: '…'`), the types they read (`DESER[…]`), the fields of the converted struct
//! they read (`POS_OFFSET`), how they use the values they read, and the keys they assign to. Each in
//! every output variant, or in one.

use super::Variant;
use crate::ir::js_scan::{Scan, is_ident_char, property_values, string_literal, words};
use crate::ir::snippet::{Part, Snippet};
use crate::ir::{MetaId, Schema, TypeRef};

/// The node types converter `id`'s JS makes itself in any output variant: the strings of its
/// object literals' `type: '…'`.
pub fn made_node_types(schema: &Schema, id: MetaId) -> Vec<String> {
    let Some(snippet) = &schema.meta[id.0].raw_deser else { return Vec::new() };
    node_types_in(&variant_texts(snippet))
}

/// The node types JS `texts` make: the strings of their object literals' `type: '…'`.
fn node_types_in(texts: &[String]) -> Vec<String> {
    let mut types: Vec<String> = Vec::new();
    for text in texts {
        for name in property_values(text, "type").into_iter().filter_map(string_literal) {
            if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric()) && !types.iter().any(|t| t == name) {
                types.push(name.to_owned());
            }
        }
    }
    types
}

/// [`made_node_types`] of the JS converter `id` runs in `variant`.
pub fn made_node_types_in(schema: &Schema, id: MetaId, variant: Variant) -> Vec<String> {
    let Some(snippet) = &schema.meta[id.0].raw_deser else { return Vec::new() };
    node_types_in(&[snippet.active(&|flag| variant.value(flag)).text])
}

/// The JS `snippet` has in each output variant (its `IF` blocks chosen, its constant `if`s not
/// folded), each text once.
fn variant_texts(snippet: &Snippet) -> Vec<String> {
    let tested = snippet.block_flags();
    let mut chosen: Vec<Vec<bool>> = Vec::new();
    let mut texts = Vec::new();
    for variant in Variant::every() {
        let values: Vec<bool> = tested.iter().map(|&flag| variant.value(flag)).collect();
        if !chosen.contains(&values) {
            texts.push(snippet.unfolded(&|flag| variant.value(flag)));
            chosen.push(values);
        }
    }
    texts
}

/// [`converter_reads`] of the JS converter `id` runs in `variant`.
pub fn converter_reads_in(schema: &Schema, id: MetaId, variant: Variant) -> Vec<TypeRef> {
    let mut reads = Vec::new();
    if let Some(snippet) = &schema.meta[id.0].raw_deser {
        for part in snippet.active(&|flag| variant.value(flag)).parts {
            if let Part::Deser(ty) = part
                && !reads.contains(ty)
            {
                reads.push(ty.clone());
            }
        }
    }
    reads
}

/// The `POS_OFFSET` paths (without `<T>`) of the JS converter `id` runs in `variant`: the fields of
/// the struct it converts that it reads.
pub(super) fn own_offsets_in(schema: &Schema, id: MetaId, variant: Variant) -> Vec<Vec<String>> {
    let Some(snippet) = &schema.meta[id.0].raw_deser else { return Vec::new() };
    let active = snippet.active(&|flag| variant.value(flag));
    active
        .parts
        .iter()
        .filter_map(|part| match part {
            Part::PosOffset { within: None, path, .. } => Some(path.clone()),
            _ => None,
        })
        .collect()
}

/// The types converter `id`'s JS reads with `DESER[…]`, in every output variant.
pub fn converter_reads(schema: &Schema, id: MetaId) -> Vec<TypeRef> {
    fn collect(parts: &[Part], out: &mut Vec<TypeRef>) {
        for part in parts {
            match part {
                Part::Deser(ty) if !out.contains(ty) => out.push(ty.clone()),
                Part::If { body, .. } => collect(body, out),
                _ => {}
            }
        }
    }
    let mut reads = Vec::new();
    if let Some(snippet) = &schema.meta[id.0].raw_deser {
        collect(&snippet.parts, &mut reads);
    }
    reads
}

/// What converter `id`'s JS does with the values it reads, in every output variant.
pub(super) struct BoundReads {
    /// Each value it reads (`DESER[…]`), bound to a name (`const ident = DESER[…](POS)`), and the
    /// text after each of that name's uses.
    pub reads: Vec<(TypeRef, Vec<String>)>,
    /// Each property of `THIS` it reads, and the text after that use.
    pub this: Vec<(String, String)>,
}

/// [`BoundReads`] of converter `id`; `None` where a read is not bound to a name of its own (its
/// value may be anywhere in the converter's).
pub(super) fn bound_reads(schema: &Schema, id: MetaId) -> Option<BoundReads> {
    // The snippet's text with each read as a sentinel character, and the reads in order.
    // (`THIS.key` as a sentinel character too, its key kept.)
    fn flatten(parts: &[Part], text: &mut String, reads: &mut Vec<TypeRef>, this: &mut Vec<String>) {
        for part in parts {
            match part {
                Part::Text(t) => text.push_str(t),
                Part::If { body, .. } => flatten(body, text, reads, this),
                Part::Deser(ty) => {
                    text.push('\0');
                    reads.push(ty.clone());
                }
                Part::This(key) => {
                    text.push('\u{1}');
                    this.push(key.clone());
                }
                // (An operand: a `/` after it divides.)
                _ => text.push('\u{2}'),
            }
        }
    }
    let snippet = schema.meta[id.0].raw_deser.as_ref()?;
    let (mut text, mut reads, mut this) = (String::new(), Vec::new(), Vec::new());
    flatten(&snippet.parts, &mut text, &mut reads, &mut this);
    let this = text.match_indices('\u{1}').zip(this).map(|((at, _), key)| (key, text[at + 1..].to_owned())).collect();
    let words = words(&text)?;
    let mut bound = Vec::new();
    for (n, (at, _)) in text.match_indices('\0').enumerate() {
        // `const NAME =` right before the read.
        let before = text[..at].trim_end().strip_suffix('=')?.trim_end();
        let binding = before.trim_end_matches(is_ident_char).len();
        let (declared, name) = (before[..binding].trim_end(), &before[binding..]);
        if name.is_empty() || !(declared.ends_with("const") || declared.ends_with("let")) {
            return None;
        }
        // Each use of the name in the code (a spread's too, not a member's key), but the binding:
        // the text after it.
        let member = |i: usize| text[..i].ends_with('.') && !text[..i].ends_with("...");
        let uses = words
            .iter()
            .filter(|&&(i, word)| word == name && i != binding && !member(i))
            .map(|&(i, _)| text[i + name.len()..].to_owned())
            .collect();
        bound.push((reads[n].clone(), uses));
    }
    Some(BoundReads { reads: bound, this })
}

/// The keys converters' JS assigns to (`x.key = …`), in every output variant.
pub fn keys_set_by_converters(schema: &Schema) -> std::collections::BTreeSet<String> {
    let mut keys = std::collections::BTreeSet::new();
    for snippet in schema.meta.iter().filter_map(|meta| meta.raw_deser.as_ref()) {
        for text in variant_texts(snippet) {
            for dot in Scan::new(&text).filter(|code| code.c == '.') {
                let key: String =
                    text[dot.at + 1..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                let rest = text[dot.at + 1 + key.len()..].trim_start();
                let assigns = rest.starts_with('=') && !rest.starts_with("==");
                if assigns && key.starts_with(|c: char| c.is_ascii_alphabetic()) {
                    keys.insert(key);
                }
            }
        }
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_types_are_type_keys_with_string_values() {
        let text = "const a = { type: 'A', name: 'type: \"B\"' }; // { type: 'C' }\nf({ x: { type: \"D\" }, type: kind, y: `type: 'E'` })";
        assert_eq!(node_types_in(&[text.to_owned()]), ["A", "D"]);
    }
}
