//! What a walk led by words reads beside its walkers (`[walk] keywords`, [`super::WalkEntry`]'s
//! `words`): each node type's words, where nodes' spans are, the `spanOf…` functions that find the
//! element of a `Vec` that may hold the next word without reading those before it, and where the
//! root's comments and errors are.

use super::collector::Collector;
use crate::context::EmitContext;
use crate::functions::names::{type_comment, type_constant};
use crate::functions::text::{by_tag, js_array, js_string};
use crate::ir::{TypeId, TypeKind, TypeRef};
use crate::layout::{SchemaLayout, Shape};

/// A `Vec` of comments in the root (or a struct inline in it), and where each comment's span is.
pub(crate) struct CommentsVec {
    /// The `Vec`'s offset from the root, and its length's from the `Vec`.
    pub(crate) offset: u32,
    pub(crate) len_offset: u32,
    pub(crate) size: u32,
    pub(crate) align_mask: u32,
    /// The offset of a comment's span's `start` (its `end` follows).
    pub(crate) span: u32,
}

/// A function of the template's `spanOf…` family: where the span of a `Vec`'s element is,
/// for a walk led by words to find the element that may hold the next word without reading those
/// before it.
pub(crate) struct SpansFunction {
    pub(crate) name: String,
    pub(crate) comment: String,
    pub(crate) body: SpansBody,
}

pub(crate) enum SpansBody {
    /// A struct with a span, its `start` at `span`.
    Struct { span: u32 },
    /// A data enum each of whose variants is a `Box` of a struct with a span (oxc's `Statement`,
    /// rawast's `Node`): the offset of the span's `start` in the struct, by tag (a constant named
    /// `table`, `undefined` for no variant), its pointer at `payload_offset`.
    Boxed { what: String, payload_offset: u32, table: String, values: String },
}

impl Collector<'_, '_> {
    /// The name of the `spanOf…` function of `element`, a `Vec`'s element type, written once;
    /// `None` where some element may have no span.
    pub(super) fn spans_of(&mut self, element: &TypeRef) -> Option<String> {
        if let Some((_, f)) = self.spans.iter().find(|(ty, _)| ty == element) {
            return Some(f.name.clone());
        }
        let cx = self.cx;
        let body = spans_body(cx, self.source.builder().layout, element)?;
        let name = self.source.builder().function_name(element).replacen("deserialize", "spanOf", 1);
        let comment = type_comment(&cx.schema.rust_type(element, "'a"), "");
        self.spans.push((element.clone(), SpansFunction { name: name.clone(), comment, body }));
        Some(name)
    }
}

/// Where the span of a `Vec`'s element of type `element` is; `None` where some element may have
/// none (an `Option`, an enum with a variant that is no boxed struct with a span).
fn spans_body(cx: &EmitContext, layout: &SchemaLayout, element: &TypeRef) -> Option<SpansBody> {
    let TypeRef::Named(id) = element else { return None };
    match (&cx.schema.get(*id).kind, &layout.get(*id).shape) {
        (TypeKind::Struct(_), _) => Some(SpansBody::Struct { span: span_offset(cx, layout, *id)? }),
        (TypeKind::Enum(e), Shape::DataEnum { payload_offset }) => {
            let mut spans = Vec::new();
            for variant in &e.variants {
                let Some(TypeRef::Box(boxed)) = &variant.payload else { return None };
                let TypeRef::Named(target) = &**boxed else { return None };
                spans.push((variant.discriminant, span_offset(cx, layout, *target)?.to_string()));
            }
            if spans.is_empty() {
                return None;
            }
            let name = &cx.schema.get(*id).name;
            Some(SpansBody::Boxed {
                what: name.clone(),
                payload_offset: *payload_offset,
                table: type_constant(name, "SPANS"),
                values: js_array([by_tag(spans)]),
            })
        }
        _ => None,
    }
}

/// Each node type's words (`[walk] keywords`), by index, as JS ([`words_js`]); none where walks
/// do not skip by them (`by_words`).
pub(super) fn node_words(cx: &EmitContext, node_types: &[String], by_words: bool) -> Vec<String> {
    if by_words { node_types.iter().map(|name| words_js(cx, name)).collect() } else { Vec::new() }
}

/// Node type `name`'s words (`[walk] keywords`) as a JS array, or `null`.
fn words_js(cx: &EmitContext, name: &str) -> String {
    match cx.config.walk_keywords.iter().find(|k| k.node_type.name == name) {
        Some(keyword) => js_array(keyword.words.iter().map(|word| js_string(word))),
        None => "null".to_owned(),
    }
}

/// The offset of struct `id`'s span's `start` (its `end` is the next `u32`), from the node's span
/// field as the model has it ([`crate::model::Model::span_field`]): rawast's `Span`, or oxc's
/// struct of `start` and `end`.
pub(super) fn span_offset(cx: &EmitContext, layout: &SchemaLayout, id: TypeId) -> Option<u32> {
    let index = crate::model::Model::span_field(cx.schema, id)?;
    let (TypeKind::Struct(s), Shape::Struct { field_offsets }) = (&cx.schema.get(id).kind, &layout.get(id).shape)
    else {
        return None;
    };
    match &s.fields[index].ty {
        TypeRef::Span => Some(field_offsets[index]),
        TypeRef::Named(span) => {
            let (TypeKind::Struct(fields), Shape::Struct { field_offsets: offsets }) =
                (&cx.schema.get(*span).kind, &layout.get(*span).shape)
            else {
                return None;
            };
            let offset_of = |name: &str| {
                fields
                    .fields
                    .iter()
                    .position(|f| f.name == name && f.ty == TypeRef::Primitive(crate::ir::Primitive::U32))
                    .map(|i| offsets[i])
            };
            let (start, end) = (offset_of("start")?, offset_of("end")?);
            (end == start + 4).then_some(field_offsets[index] + start)
        }
        _ => None,
    }
}

/// The `Vec`s of `[walk] comments` in the walk's root struct and in the structs inline in it
/// (oxc-parser's buffers hold them in `RawTransferData`, Oxlint's in `Program`, its root).
pub(super) fn comments_vecs(cx: &EmitContext, layout: &SchemaLayout, root: &TypeRef) -> Vec<CommentsVec> {
    let Some(comment) = crate::model::Model::walk_comments_type(cx.schema, cx.config) else { return Vec::new() };
    let Some(span) = span_offset(cx, layout, comment) else { return Vec::new() };
    let element = layout.of(&TypeRef::Named(comment));
    root_vec_offsets(cx, layout, root, comment)
        .into_iter()
        .map(|offset| CommentsVec {
            offset,
            len_offset: layout.width.bytes(),
            size: element.size,
            align_mask: element.align - 1,
            span,
        })
        .collect()
}

/// The offsets from the root of the lengths of its `Vec`s of `[walk] errors`
/// ([`crate::model::Model::root_vecs`]).
pub(super) fn errors_vecs(cx: &EmitContext, layout: &SchemaLayout, root: &TypeRef) -> Vec<u32> {
    let Some(error) = crate::model::Model::walk_errors_type(cx.schema, cx.config) else { return Vec::new() };
    root_vec_offsets(cx, layout, root, error).into_iter().map(|offset| offset + layout.width.bytes()).collect()
}

/// The offsets from the root (a struct) of its `Vec`s of `element`, and of the structs inline in it.
fn root_vec_offsets(cx: &EmitContext, layout: &SchemaLayout, root: &TypeRef, element: TypeId) -> Vec<u32> {
    let TypeRef::Named(root) = root else { return Vec::new() };
    let offset_in = |id: TypeId, field: usize| match &layout.get(id).shape {
        Shape::Struct { field_offsets } => field_offsets[field],
        _ => unreachable!("the root and the structs inline in it are structs"),
    };
    crate::model::Model::root_vecs(cx.schema, *root, element)
        .into_iter()
        .map(|path| {
            let (mut id, mut offset) = (*root, 0);
            for &field in &path {
                offset += offset_in(id, field);
                let TypeKind::Struct(s) = &cx.schema.get(id).kind else { unreachable!("structs") };
                if let TypeRef::Named(inner) = &s.fields[field].ty {
                    id = *inner;
                }
            }
            offset
        })
        .collect()
}
