{#- Readers both deserializer templates share: errors, 64-bit integers, strings, converters, spans. -#}
function invalid(what, value, pos) {
  return new Error(`corrupt rawast buffer: ${value} is not a valid ${what} (at offset ${pos})`);
}

function readU64(pos) {
  return uint32[pos >> 2] + uint32[(pos >> 2) + 1] * 4294967296;
}

function readI64(pos) {
  return uint32[pos >> 2] + int32[(pos >> 2) + 1] * 4294967296;
}

{% include "js/strings.js" %}

/** A regular expression literal's `value`: `null` where this runtime cannot build the `RegExp`. */
function regexValue(regex) {
  if (regex === null) return null;
  try {
    return new RegExp(regex.pattern, regex.flags);
  } catch {
    return null;
  }
}

/** `Span` outside a node: `{ start, end }`. */
function deserializeSpan(pos) {
  return { start: uint32[pos >> 2], end: uint32[(pos + 4) >> 2] };
}
