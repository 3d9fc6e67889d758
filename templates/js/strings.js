/** `Str`: a pointer and a UTF-8 byte length, into the source text or the arena. */
function deserializeStr(pos) {
  const len = uint32[(pos + {{ buffer.pointer_width }}) >> 2];
  if (len === 0) return "";
  const offset = readPointer(pos, len);
{%- if strings.slicing != SourceSlicing::None %}
  if ({{ buffer.in_source }}) return sourceText.slice(offset - sourceStart, offset - sourceStart + len);
{%- endif %}
{%- if strings.slicing == SourceSlicing::Latin1 %}
  if ({{ buffer.in_source_region }}) return sourceString(offset, len);
{%- endif %}
  return decodeUtf8(offset, len);
}
{%- if strings.slicing == SourceSlicing::Latin1 %}

/**
 * A string in the source past its ASCII prefix: sliced from a one-byte-per-character copy of the
 * source when its own bytes are ASCII (byte and character offsets agree in that copy), else decoded.
 */
function sourceString(offset, len) {
  for (let i = offset, end = offset + len; i < end; i++) {
    if (uint8[i] >= 0x80) return decodeNative(offset, len);
  }
{%- if strings.node %}
  if (sourceLatin1 === undefined) sourceLatin1 = latin1Slice.call(uint8, sourceStart, sourceEnd);
{%- else %}
  if (sourceLatin1 === undefined) sourceLatin1 = latin1Decoder.decode(uint8.subarray(sourceStart, sourceEnd));
{%- endif %}
  return sourceLatin1.slice(offset - sourceStart, offset - sourceStart + len);
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

const fromCharCode = String.fromCharCode;

/** Strings up to {{ strings.short_max_len }} bytes are built by an unrolled `fromCharCode` while they are ASCII; others decoded natively. */
function decodeUtf8(start, len) {
  if (len > {{ strings.short_max_len }}) return decodeNative(start, len);
  for (let i = start, end = start + len; i < end; i++) {
    if (uint8[i] >= 0x80) return decodeNative(start, len);
  }
  switch (len) {
{%- for args in strings.switch_cases %}
    case {{ loop.index }}:
      return fromCharCode({{ args }});
{%- endfor %}
  }
}
{%- endmatch %}

function decodeNative(start, len) {
{%- if strings.long_decoder == LongDecoder::Utf8Slice %}
  const text = utf8Slice.call(uint8, start, start + len);
{%- else %}
  const text = textDecoder.decode(uint8.subarray(start, start + len));
{%- endif %}
  // Lone surrogates (`"\uD800"`) are stored as WTF-8, which UTF-8 decoders turn into U+FFFD.
  return text.includes("\uFFFD") ? decodeWtf8(start, len) : text;
}

/** UTF-8 extended to surrogate code points; any other invalid sequence becomes U+FFFD. */
function decodeWtf8(start, len) {
  const units = [];
  for (let i = start, end = start + len; i < end; ) {
    const byte = uint8[i];
    let code = 0xfffd;
    let size = 1;
    if (byte < 0x80) code = byte;
    else if (byte >= 0xc2 && byte < 0xe0 && i + 1 < end) [code, size] = [((byte & 0x1f) << 6) | (uint8[i + 1] & 0x3f), 2];
    else if (byte >= 0xe0 && byte < 0xf0 && i + 2 < end) [code, size] = [((byte & 0x0f) << 12) | ((uint8[i + 1] & 0x3f) << 6) | (uint8[i + 2] & 0x3f), 3];
    else if (byte >= 0xf0 && byte < 0xf5 && i + 3 < end) {
      [code, size] = [((byte & 0x07) << 18) | ((uint8[i + 1] & 0x3f) << 12) | ((uint8[i + 2] & 0x3f) << 6) | (uint8[i + 3] & 0x3f), 4];
    }
    if (code >= 0x10000) units.push(0xd800 + ((code - 0x10000) >> 10), 0xdc00 + ((code - 0x10000) & 0x3ff));
    else units.push(code);
    i += size;
  }
  let text = "";
  for (let i = 0; i < units.length; i += 4096) text += String.fromCharCode.apply(null, units.slice(i, i + 4096));
  return text;
}
