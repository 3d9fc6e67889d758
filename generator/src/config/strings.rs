//! `[targets.X.strings]`: how a rawast target's deserializer turns `Str`s into JS strings. The
//! values are data, chosen by measurement (`cargo xtask tune`, `shared/PERF.md`); each choice emits
//! different code.

use serde::Deserialize;
use toml::Spanned;

use super::Runtime;
use crate::diagnostic::Diagnostic;
use crate::files::SourceFile;

/// A target's string policy; missing keys take `StringPolicy::default()`'s values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StringPolicy {
    pub source_slicing: SourceSlicing,
    pub short_decoder: ShortDecoder,
    /// Strings of at most this many bytes go through `short_decoder` while they are ASCII.
    pub short_max_len: u32,
    pub long_decoder: LongDecoder,
}

/// Past the source's ASCII prefix, `SourceSlicing::Latin1` slices strings of at most this many
/// bytes; longer ones are decoded natively whatever their bytes, as checking them in JS first costs
/// more than the decoding.
pub const LATIN1_SLICE_MAX_LEN: u32 = 32;

/// Which strings are sliced out of the already decoded source instead of decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SourceSlicing {
    /// Never: every string is decoded from its bytes.
    None,
    /// Strings in the source's ASCII prefix (up to its first non-ASCII byte).
    AsciiPrefix,
    /// Also ASCII strings past the prefix of up to `LATIN1_SLICE_MAX_LEN` bytes, from a
    /// latin1-decoded copy of the source.
    Latin1,
}

/// How short ASCII strings are decoded in JS (falling back to `long_decoder` on a non-ASCII byte).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShortDecoder {
    /// `String.fromCharCode` byte by byte, concatenated.
    Loop,
    /// `String.fromCharCode.apply` on a reused array per length.
    Apply,
    /// An unrolled `switch (len)` calling `String.fromCharCode(b0, b1, …)`.
    Switch,
}

/// How other strings are decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LongDecoder {
    /// Node's `Buffer.prototype.utf8Slice`.
    Utf8Slice,
    /// `TextDecoder#decode`, everywhere.
    TextDecoder,
}

impl SourceSlicing {
    /// As `codegen.toml` writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            SourceSlicing::None => "none",
            SourceSlicing::AsciiPrefix => "ascii_prefix",
            SourceSlicing::Latin1 => "latin1",
        }
    }
}

impl ShortDecoder {
    /// As `codegen.toml` writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            ShortDecoder::Loop => "loop",
            ShortDecoder::Apply => "apply",
            ShortDecoder::Switch => "switch",
        }
    }
}

impl LongDecoder {
    /// As `codegen.toml` writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            LongDecoder::Utf8Slice => "utf8_slice",
            LongDecoder::TextDecoder => "text_decoder",
        }
    }
}

impl StringPolicy {
    /// The longest `short_max_len` the unrolled switch supports (PERF.md: it beats `utf8Slice` up to 32).
    pub const SWITCH_MAX_LEN: u32 = 32;
    /// The longest `short_max_len` for the other short decoders.
    pub const SHORT_MAX_LEN: u32 = 64;
}

impl Default for StringPolicy {
    fn default() -> Self {
        Self {
            source_slicing: SourceSlicing::Latin1,
            short_decoder: ShortDecoder::Loop,
            short_max_len: 16,
            long_decoder: LongDecoder::TextDecoder,
        }
    }
}

/// `[targets.X.strings]` as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawStringPolicy {
    source_slicing: Option<SourceSlicing>,
    short_decoder: Option<Spanned<ShortDecoder>>,
    short_max_len: Option<Spanned<u32>>,
    long_decoder: Option<Spanned<LongDecoder>>,
}

/// Checks a target's string policy against its decoders' limits and its runtime.
pub(super) fn check(
    raw: &RawStringPolicy,
    runtime: Runtime,
    file: &SourceFile,
    diagnostics: &mut Vec<Diagnostic>,
) -> StringPolicy {
    let defaults = StringPolicy::default();
    let short_decoder = raw.short_decoder.as_ref().map_or(defaults.short_decoder, |d| *d.get_ref());
    let max =
        if short_decoder == ShortDecoder::Switch { StringPolicy::SWITCH_MAX_LEN } else { StringPolicy::SHORT_MAX_LEN };
    if let Some(len) = &raw.short_max_len
        && *len.get_ref() > max
    {
        diagnostics.push(super::error_at(
            file,
            len.span(),
            format!("short_max_len = {} is too long for short_decoder = \"{}\"", len.get_ref(), short_decoder.as_str()),
            format!("at most {max} for this decoder; longer strings are better left to long_decoder"),
        ));
    }
    // No string but the empty one (which needs no decoding) is that short: the decoder is never called.
    if let (Some(decoder), Some(0)) = (&raw.short_decoder, raw.short_max_len.as_ref().map(|len| *len.get_ref())) {
        diagnostics.push(super::error_at(
            file,
            decoder.span(),
            format!("short_decoder = \"{}\" does nothing with short_max_len = 0", short_decoder.as_str()),
            "short_max_len = 0 leaves every string to long_decoder: leave short_decoder out, or raise short_max_len",
        ));
    }
    let long_decoder = match &raw.long_decoder {
        Some(decoder) if *decoder.get_ref() == LongDecoder::Utf8Slice && runtime == Runtime::Web => {
            diagnostics.push(super::error_at(
                file,
                decoder.span(),
                "long_decoder = \"utf8_slice\" needs runtime = \"node\"",
                "`Buffer#utf8Slice` is Node's; on the web runtime use \"text_decoder\"",
            ));
            defaults.long_decoder
        }
        Some(decoder) => *decoder.get_ref(),
        None => defaults.long_decoder,
    };
    StringPolicy {
        source_slicing: raw.source_slicing.unwrap_or(defaults.source_slicing),
        short_decoder,
        short_max_len: raw.short_max_len.as_ref().map_or(defaults.short_max_len, |len| *len.get_ref()),
        long_decoder,
    }
}
