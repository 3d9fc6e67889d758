/** `Str`: a pointer and a UTF-8 byte length, into the source text or the arena. */
function deserializeStr(pos) {
  const len = uint32[(pos + {{ buffer.pointer_width }}) >>> 2];
  if (len === 0) return "";
  const offset = readPointer(pos, len, 0);
{%- if strings.slicing != SourceSlicing::None %}
  if ({{ buffer.in_source }}) {
    if (offset >= chunkStart && offset + len <= chunkEnd) return chunkText.slice(offset - chunkStart, offset - chunkStart + len);
    return sourceSlice(offset, len, pos);
  }
{%- endif %}
  // Every other path reads the string's bytes.
  if ((stringBudget -= len) < 0) throw tooManyStringBytes(pos);
{%- if strings.slicing == SourceSlicing::Latin1 %}
  if ({{ buffer.in_source_region }}) return sourceString(offset, len, pos);
{%- endif %}
  return decodeUtf8(offset, len);
}
{%- if strings.slicing != SourceSlicing::None %}

// The source is decoded in chunks of 64 KiB, not whole: a string of more than about 128 KiB is made
// in V8's large-object space, which costs several times as much per byte, and the chunks no string
// lies in are never made.
const SOURCE_CHUNK = 0x10000;

/** Where the chunks end: the part of the source that strings are sliced from. */
function sourceChunksEnd() {
{%- if strings.slicing == SourceSlicing::Latin1 %}
  // Past the ASCII prefix too: its ASCII strings, once their bytes are checked (`sourceString`).
  return sourceEnd > sourceStart + MAX_SOURCE_SLICE ? asciiEnd : sourceEnd;
{%- else %}
  return asciiEnd;
{%- endif %}
}

/**
 * The source's bytes `offset..offset + len`, known to be ASCII, as a string, when they do not lie
 * in the current chunk (the callers slice those themselves): a slice of their chunk, made current.
 * A slice takes no budget (it shares the chunk's characters, or copies fewer than 13), so its cost
 * does not grow with `len`. A string across a chunk's end is decoded on its own, and paid for.
 */
function sourceSlice(offset, len, pos) {
  const at = offset - sourceStart, chunk = (at / SOURCE_CHUNK) | 0, from = at - chunk * SOURCE_CHUNK;
  if (from + len > SOURCE_CHUNK) {
    if ((stringBudget -= len) < 0) throw tooManyStringBytes(pos);
    // (Bytes of the ASCII prefix, which no chunk made may have checked.)
    if (!isAscii(offset, offset + len)) throw notAscii(offset, offset + len);
    return decodeRun(offset, offset + len);
  }
  chunkText = sourceChunks[chunk] ?? sourceChunk(chunk);
  chunkStart = sourceStart + chunk * SOURCE_CHUNK;
  chunkEnd = chunkStart + chunkText.length;
  return chunkText.slice(from, from + len);
}

function sourceChunk(chunk) {
  const start = sourceStart + chunk * SOURCE_CHUNK, end = Math.min(start + SOURCE_CHUNK, chunksEnd);
  // Strings of the ASCII prefix are sliced as they are: the metadata's word for it (what the
  // producer found before the first byte past 0x7F) is checked here, once per chunk.
  if (start < asciiEnd && !isAscii(start, Math.min(end, asciiEnd))) throw notAscii(start, Math.min(end, asciiEnd));
{%- if strings.node %}
  return (sourceChunks[chunk] = latin1Slice.call(uint8, start, end));
{%- else if strings.slicing == SourceSlicing::Latin1 %}
  return (sourceChunks[chunk] = latin1Decoder.decode(uint8.subarray(start, end)));
{%- else %}
  return (sourceChunks[chunk] = textDecoder.decode(uint8.subarray(start, end)));
{%- endif %}
}


/**
 * Whether the bytes `start..end` are all ASCII{% if strings.node %} (Node's `isAscii`, where there is one){% endif %}: decoded natively, they are as many
 * characters, none U+FFFD (a byte past 0x7F either joins others in one character or is one
 * U+FFFD). A JS loop costs code that is not yet optimized several times as much.
 */
function isAscii(start, end) {
{%- if strings.node %}
  if (nativeIsAscii !== null) return nativeIsAscii(uint8.subarray(start, end));
{%- endif %}
  const text = textDecoder.decode(uint8.subarray(start, end));
  return text.length === end - start && !text.includes("\uFFFD");
}

/** What bytes past 0x7F in `start..end`, which the metadata says are ASCII, throw. */
function notAscii(start, end) {
  return corrupt(`the source's ASCII prefix, to ${asciiEnd}, holds a byte past 0x7F in ${start}..${end}`);
}
{%- endif %}
{%- if strings.slicing == SourceSlicing::Latin1 %}

// Past the ASCII prefix, a string longer than this is decoded natively whatever its bytes: checking
// them in JS first, to slice it from a chunk, costs more than the decoding.
const SLICE_CHECK_MAX_LEN = {{ strings.latin1_slice_max_len }};

/**
 * A string in the source past its ASCII prefix (paid for already; one across a chunk's end is paid
 * for twice): sliced from the source's chunks when it is short and its own bytes are ASCII (byte
 * and character offsets agree in them), else decoded.
 */
function sourceString(offset, len, pos) {
  if (len > SLICE_CHECK_MAX_LEN) return decodeNative(offset, len);
  for (let i = offset, end = offset + len; i < end; i++) {
    if (uint8[i] >= 0x80) return decodeNative(offset, len);
  }
  // A source too long for one JS string has no chunks past its prefix: its strings are decoded one by one.
  if (offset + len > chunksEnd) return decodeNative(offset, len);
  if (offset >= chunkStart && offset + len <= chunkEnd) return chunkText.slice(offset - chunkStart, offset - chunkStart + len);
  return sourceSlice(offset, len, pos);
}
{%- endif %}
{%- match strings.short_decoder %}
{%- when ShortDecoder::Loop %}

/** Strings up to {{ strings.short_max_len }} bytes are concatenated in JS while they are ASCII; others decoded natively. */
function decodeUtf8(start, len) {
  if (len <= {{ strings.short_max_len }}) {
    let text = "";
    for (let i = start, end = start + len; i < end; i++) {
      const byte = uint8[i];
      if (byte >= 0x80) return decodeNative(start, len);
      text += String.fromCharCode(byte);
    }
    return text;
  }
  return decodeNative(start, len);
}
{%- when ShortDecoder::Apply %}

// One reused array per length, so that `apply` gets an argument list of exactly that length.
const SHORT_ARRAYS = Array.from({ length: {{ strings.short_max_len + 1 }} }, (_, len) => new Array(len).fill(0));

/** Strings up to {{ strings.short_max_len }} bytes go through `fromCharCode.apply` while they are ASCII; others decoded natively. */
function decodeUtf8(start, len) {
  if (len <= {{ strings.short_max_len }}) {
    const chars = SHORT_ARRAYS[len];
    for (let i = 0; i < len; i++) {
      const byte = uint8[start + i];
      if (byte >= 0x80) return decodeNative(start, len);
      chars[i] = byte;
    }
    return String.fromCharCode.apply(null, chars);
  }
  return decodeNative(start, len);
}
{%- when ShortDecoder::Switch %}

/** Strings up to {{ strings.short_max_len }} bytes are built by an unrolled `fromCharCode` while they are ASCII; others decoded natively. */
function decodeUtf8(start, len) {
  if (len > {{ strings.short_max_len }}) return decodeNative(start, len);
  for (let i = start, end = start + len; i < end; i++) {
    if (uint8[i] >= 0x80) return decodeNative(start, len);
  }
  switch (len) {
{%- for len in 1..=strings.short_max_len %}
    case {{ len }}:
      return fromCharCode(uint8[start]{% for i in 1..len %}, uint8[start + {{ i }}]{% endfor %});
{%- endfor %}
  }
}
{%- endmatch %}

const fromCharCode = String.fromCharCode;

/**
 * Native UTF-8 decoding; WTF-8's lone surrogates are put back by `decodeWtf8`. The same bytes as the
 * string decoded last, or those with one ASCII byte on each side, are not decoded again: a
 * literal's `raw` is its `value` in quotes, read right after it (UTF-8 decodes an ASCII byte on its
 * own, whatever lies around it, so the concatenation is what decoding would give).
 */
function decodeNative(start, len) {
  if (start === decodedStart) {
    if (len === decodedLen) return decodedText;
  } else if (start === decodedStart - 1 && len === decodedLen + 2 && uint8[start] < 0x80 && uint8[start + len - 1] < 0x80) {
    return fromCharCode(uint8[start]) + decodedText + fromCharCode(uint8[start + len - 1]);
  }
  const text = decodeRun(start, start + len);
  decodedStart = start;
  decodedLen = len;
  // Lone surrogates (`"\uD800"`) are stored as WTF-8, which UTF-8 decoders turn into U+FFFD, as
  // they do bytes that are no UTF-8 at all; a source may also hold U+FFFD itself.
  return (decodedText = text.includes("\uFFFD") ? decodeWtf8(start, len) : text);
}

function decodeRun(start, end) {
  try {
{%- if strings.long_decoder == LongDecoder::Utf8Slice %}
    return utf8Slice.call(uint8, start, end);
{%- else %}
    return textDecoder.decode(uint8.subarray(start, end));
{%- endif %}
  } catch (error) {
    // Only a string longer than the engine's longest (2^29 - 24 characters in 64-bit V8, 2^28 - 16
    // in 32-bit) fails for its length; a shorter one failed because the JS stack ran out here,
    // which the deserializer handles (a `RangeError`, not the buffer's fault).
    if (end - start <= MAX_SOURCE_SLICE) throw error;
    throw new RawastBufferError(`the string at ${start}..${end} is longer than this JS engine's strings can be (${error.message})`);
  }
}

{% include "js/wtf8.js" %}
