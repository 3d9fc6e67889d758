{#- WTF-8 decoding, for both formats: rawast's strings whose native decoding met a U+FFFD
    (`strings.js`), oxc's `JSStr`s flagged as holding lone surrogates. Calls `corrupt(message)`. -#}
// A producer writes UTF-8, or WTF-8 for lone surrogates, never other bytes: what a string holds
// between its surrogates is decoded by this decoder, which throws on the first byte that is not
// UTF-8, so that a corrupt string is an error at once rather than a slow decode into U+FFFDs.
const strictDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * WTF-8, UTF-8 extended to surrogate code points: each 3-byte surrogate (ED A0..BF 80..BF) becomes
 * its code unit, the runs between them must be UTF-8 (else the buffer is corrupt). ED bytes are
 * found natively: linear in `len`, at the native decoder's speed.
 */
function decodeWtf8(start, len) {
  const bytes = uint8.subarray(start, start + len);
  let text = "";
  let run = 0;
  for (let i = bytes.indexOf(0xed); i !== -1 && i + 2 < len; i = bytes.indexOf(0xed, i + 1)) {
    if (bytes[i + 1] >= 0xa0 && bytes[i + 1] < 0xc0 && (bytes[i + 2] & 0xc0) === 0x80) {
      text += strictRun(bytes, run, i, start) + String.fromCharCode(0xd000 | ((bytes[i + 1] & 0x3f) << 6) | (bytes[i + 2] & 0x3f));
      i += 2;
      run = i + 1;
    }
  }
  return text + strictRun(bytes, run, len, start);
}

/** `bytes[from..to]` (of the string at `start`) decoded, or a corrupt-buffer error if they are no UTF-8. */
function strictRun(bytes, from, to, start) {
  try {
    return strictDecoder.decode(bytes.subarray(from, to));
  } catch (error) {
    // (A `RangeError` is the JS stack running out here: the deserializer's to handle.)
    if (!(error instanceof TypeError)) throw error;
    throw corrupt(`the string at ${start}..${start + bytes.length} is not UTF-8 (from offset ${start + from})`);
  }
}
