//! What oxc's converters do, read from their JS (`#[estree(via = …)]`, `add_fields`): the node types
//! they make (`type: '…'`), the types they read (`DESER[…]`), the fields of the converted struct
//! they read (`POS_OFFSET`), how they use the values they read, and the keys they assign to. Each in
//! every output variant, or in one.

use super::Variant;
use crate::ir::snippet::Part;
use crate::ir::{MetaId, Schema, TypeRef};

/// The node types converter `id`'s JS makes itself: the strings of its object literals' `type: '…'`.
pub fn made_node_types(schema: &Schema, id: MetaId) -> Vec<String> {
    let Some(snippet) = &schema.meta[id.0].raw_deser else { return Vec::new() };
    node_types_in(&snippet_texts(&snippet.parts))
}

/// The node types JS `texts` make: the strings of their object literals' `type: '…'`.
fn node_types_in(texts: &[&str]) -> Vec<String> {
    let mut types = Vec::new();
    for &text in texts {
        let mut rest = text;
        while let Some(at) = rest.find("type:") {
            rest = rest[at + 5..].trim_start();
            let Some(quote) = rest.chars().next().filter(|c| *c == '\'' || *c == '"') else { continue };
            let Some(end) = rest[1..].find(quote) else { continue };
            let name = &rest[1..1 + end];
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
    node_types_in(&[snippet.active(&|flag| variant.value(flag)).text.as_str()])
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
                _ => text.push(' '),
            }
        }
    }
    let is_name = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    let snippet = schema.meta[id.0].raw_deser.as_ref()?;
    let (mut text, mut reads, mut this) = (String::new(), Vec::new(), Vec::new());
    flatten(&snippet.parts, &mut text, &mut reads, &mut this);
    let this = text.match_indices('\u{1}').zip(this).map(|((at, _), key)| (key, text[at + 1..].to_owned())).collect();
    let mut bound = Vec::new();
    for (n, (at, _)) in text.match_indices('\0').enumerate() {
        // `const NAME =` right before the read.
        let before = text[..at].trim_end().strip_suffix('=')?.trim_end();
        let name: String =
            before.chars().rev().take_while(|c| is_name(*c)).collect::<Vec<_>>().into_iter().rev().collect();
        let declared = before[..before.len() - name.len()].trim_end();
        if name.is_empty() || !(declared.ends_with("const") || declared.ends_with("let")) {
            return None;
        }
        // Each use of the name as a token of its own, but the binding: the text after it.
        let mut uses = Vec::new();
        for (i, _) in text.match_indices(name.as_str()) {
            let previous = text[..i].chars().next_back();
            let next = text[i + name.len()..].chars().next();
            if previous.is_some_and(|c| is_name(c) || c == '.')
                || next.is_some_and(is_name)
                || i == before.len() - name.len()
            {
                continue;
            }
            uses.push(text[i + name.len()..].to_owned());
        }
        bound.push((reads[n].clone(), uses));
    }
    Some(BoundReads { reads: bound, this })
}

/// The JS text of a snippet, in every output variant.
fn snippet_texts(parts: &[Part]) -> Vec<&str> {
    let mut texts = Vec::new();
    for part in parts {
        match part {
            Part::Text(text) => texts.push(text.as_str()),
            Part::If { body, .. } => texts.extend(snippet_texts(body)),
            _ => {}
        }
    }
    texts
}

/// The keys converters' JS assigns to (`x.key = …`), in every output variant.
pub fn keys_set_by_converters(schema: &Schema) -> std::collections::BTreeSet<String> {
    let mut keys = std::collections::BTreeSet::new();
    for meta in &schema.meta {
        let Some(snippet) = &meta.raw_deser else { continue };
        for text in snippet_texts(&snippet.parts) {
            let bytes = text.as_bytes();
            for (at, _) in text.match_indices('.') {
                let key: String =
                    text[at + 1..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
                let rest = text[at + 1 + key.len()..].trim_start();
                let assigns = rest.starts_with('=') && !rest.starts_with("==");
                if !key.is_empty() && assigns && bytes.get(at + 1).is_some_and(|b| b.is_ascii_alphabetic()) {
                    keys.insert(key);
                }
            }
        }
    }
    keys
}
