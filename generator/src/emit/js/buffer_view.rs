//! What the rawast-format templates say of a target's buffers ([`BufferView`]: format constants,
//! layout checks, the reading state, the optional readers) and of its string policy
//! ([`StringsView`]).

use crate::buffer::{FORMAT_VERSION, MAGIC, MAX_BUFFER_SIZE, METADATA_SIZE, metadata_offsets};
use crate::config::{
    Int64, LATIN1_SLICE_MAX_LEN, LongDecoder, RawastSettings, Runtime, ShortDecoder, SourcePlacement, SourceSlicing,
};
use crate::context::EmitContext;
use crate::ir::{Builtin, Primitive, TypeKind, TypeRef};
use crate::layout::OptionRepr;
use crate::model::PropertyValue;

use crate::functions::views::{View, views};

/// What the eager and the lazy templates both say of a target's buffers: the format constants,
/// the layout checks and string regions, the runtime.
pub(in crate::emit::js) struct BufferView {
    /// A sentence on the buffer layout, for the file's comment.
    pub(in crate::emit::js) layout_comment: &'static str,
    /// "Node.js" or "web runtimes (no `Buffer`)".
    pub(in crate::emit::js) runtime: &'static str,
    /// Bytes of a pointer, and of `usize`, in the producer.
    pub(in crate::emit::js) pointer_width: u32,
    pub(in crate::emit::js) pointer_bits: u32,
    /// The root node's alignment: its offset must be a multiple of it.
    pub(in crate::emit::js) root_align: u32,
    pub(in crate::emit::js) magic: u32,
    pub(in crate::emit::js) format_version: u32,
    pub(in crate::emit::js) metadata_size: u32,
    pub(in crate::emit::js) max_buffer_size: u32,
    pub(in crate::emit::js) meta: Vec<(String, u32)>,
    /// The layout fingerprint, which the templates write in hex.
    pub(in crate::emit::js) fingerprint: u64,
    /// Whether a string lies in the source's ASCII prefix: one comparison when the source is at the
    /// start of the buffer, two when the arena comes first.
    pub(in crate::emit::js) in_source: &'static str,
    /// Whether a string lies in the source region at all (ASCII prefix or not).
    pub(in crate::emit::js) in_source_region: &'static str,
    pub(in crate::emit::js) placement_check: PlacementCheck,
    /// The runtime whose `encodeSource` to emit (`templates/js/encode_source.js`): parser layout
    /// only, where JS writes the source at the start of the buffer.
    pub(in crate::emit::js) encode_source: Option<Runtime>,
    /// The module-level variables that describe the buffer being read, in declaration order: what
    /// `setUp` sets, the lazy target's `Context` saves, and the eager target lets go of.
    pub(in crate::emit::js) state: Vec<StateVariable>,
    /// How `u64` and `i64` fields are read.
    pub(in crate::emit::js) int64: Int64,
    /// The readers the schema needs, so that no other is emitted.
    pub(in crate::emit::js) reads: Reads,
    /// The layout fingerprint's two halves, which `setUp` compares as numbers (and only formats
    /// for the error message).
    pub(in crate::emit::js) fingerprint_high: u32,
    pub(in crate::emit::js) fingerprint_low: u32,
    /// The typed-array views the code reads through, each made once per call.
    pub(in crate::emit::js) views: Vec<View>,
}

/// Which of the optional readers a schema's values use.
#[derive(Default)]
pub(in crate::emit) struct Reads {
    pub(in crate::emit) u64: bool,
    pub(in crate::emit) i64: bool,
    /// `Span`s that are values, not a node's own span.
    pub(in crate::emit::js) span: bool,
    /// The `regex_value` converter.
    pub(in crate::emit::js) regex: bool,
    /// The `bigint_value` converter.
    pub(in crate::emit::js) bigint: bool,
    /// `bool`s, whose other bytes are refused (`readBool`).
    pub(in crate::emit::js) bool: bool,
    /// `Option`s with a tag (no niche), whose tags other than 0 and 1 are refused (`invalidOptionTag`).
    pub(in crate::emit::js) option_tag: bool,
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
                TypeRef::Primitive(Primitive::Bool) | TypeRef::Builtin(Builtin::AtomicBool) => reads.bool = true,
                TypeRef::Option(inner) => {
                    // (Whether an `Option` has a tag does not depend on the pointer width.)
                    reads.option_tag |= matches!(cx.layout64.option_repr(inner), OptionRepr::Tagged { .. });
                    types.push(inner);
                }
                TypeRef::Box(inner) | TypeRef::Vec(inner) | TypeRef::Cell(inner) => types.push(inner),
                _ => {}
            }
        }
        reads
    }
}

/// One variable of the reading state.
pub(in crate::emit::js) struct StateVariable {
    pub(in crate::emit::js) name: &'static str,
    /// It holds memory worth dropping between calls: a view of the buffer, a decoded string.
    pub(in crate::emit::js) holds_memory: bool,
}

impl BufferView {
    pub(in crate::emit::js) fn new(cx: &EmitContext, target: &RawastSettings) -> Self {
        let width = target.pointer_width;
        let (layout_comment, in_source, in_source_region) = match target.source_placement {
            SourcePlacement::Start => {
                ("parser layout: [source][arena][metadata]", "offset + len <= asciiEnd", "offset < sourceEnd")
            }
            SourcePlacement::End => (
                "linter layout: [arena][source][metadata]",
                "offset >= sourceStart && offset + len <= asciiEnd",
                "offset >= sourceStart",
            ),
        };
        let views = views(cx.schema, cx.layout(target.pointer_width), &[]);
        let mut state: Vec<StateVariable> =
            views.iter().map(|view| StateVariable { name: view.name, holds_memory: true }).collect();
        state.extend(
            ["sourceStart", "sourceEnd", "limit", "base"].map(|name| StateVariable { name, holds_memory: false }),
        );
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
            magic: MAGIC,
            format_version: FORMAT_VERSION,
            metadata_size: METADATA_SIZE,
            max_buffer_size: MAX_BUFFER_SIZE,
            meta: metadata_offsets().map(|(offset, field)| (field.name.to_uppercase(), offset)).collect(),
            fingerprint: cx.fingerprint(width),
            fingerprint_high: (cx.fingerprint(width) >> 32) as u32,
            fingerprint_low: cx.fingerprint(width) as u32,
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
    pub(in crate::emit::js) fn released(&self) -> impl Iterator<Item = &str> {
        self.state.iter().filter(|v| v.holds_memory).map(|v| v.name)
    }
}

/// How `setUp` tells a buffer of the other layout: its fingerprint is the same (the placement is not
/// part of the type layouts), but strings would be looked for in the wrong region.
pub(in crate::emit::js) struct PlacementCheck {
    /// True for a buffer of the other layout.
    pub(in crate::emit::js) wrong: &'static str,
    /// What this target's layout has, for the error message.
    pub(in crate::emit::js) expected: &'static str,
}

impl PlacementCheck {
    fn new(placement: SourcePlacement) -> Self {
        match placement {
            SourcePlacement::Start => PlacementCheck {
                wrong: "sourceStart !== 0",
                expected: "the source text at the start (the parser layout)",
            },
            SourcePlacement::End => PlacementCheck {
                wrong: "limit - sourceEnd >= 8",
                expected: "the source text right before the metadata (the linter layout)",
            },
        }
    }
}

/// The target's string policy, as the templates test it.
pub(in crate::emit::js) struct StringsView {
    pub(in crate::emit::js) slicing: SourceSlicing,
    pub(in crate::emit::js) short_decoder: ShortDecoder,
    pub(in crate::emit::js) short_max_len: u32,
    pub(in crate::emit::js) long_decoder: LongDecoder,
    /// `LATIN1_SLICE_MAX_LEN`, for the template.
    pub(in crate::emit::js) latin1_slice_max_len: u32,
    /// Node runtime: the source is made into one-byte strings with `Buffer#latin1Slice`.
    pub(in crate::emit::js) node: bool,
}

impl StringsView {
    pub(in crate::emit::js) fn new(target: &RawastSettings) -> Self {
        let policy = &target.strings;
        Self {
            slicing: policy.source_slicing,
            short_decoder: policy.short_decoder,
            short_max_len: policy.short_max_len,
            long_decoder: policy.long_decoder,
            latin1_slice_max_len: LATIN1_SLICE_MAX_LEN,
            node: target.runtime == Runtime::Node,
        }
    }
}
