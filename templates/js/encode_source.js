// Source encoding (parser layout): the JS side writes the source at the start of the buffer, the
// Rust parser reads it in place.
{%- if *encode_runtime == Runtime::Node %}
// Node's native UTF-8 writer, called on the Uint8Array directly: never slower than
// `TextEncoder#encodeInto`, and faster on one-byte strings on Node 24.
const utf8Write = Buffer.prototype.utf8Write;
{%- else %}
// `TextEncoder#encodeInto` is the only standard API that writes in place: faster than `encode`
// and a copy, and than encoding in a JS loop.
const textEncoder = new TextEncoder();
{%- endif %}

/**
 * Writes the UTF-8 of `text` at the start of `buffer` (`buffer[0..n]`) and returns its length `n`
 * in bytes. Lone surrogates become U+FFFD, as `TextEncoder` makes them. A buffer of
 * `text.length * 3` bytes always suffices; a smaller one that cannot hold the text throws an
 * `Error` saying how many bytes are needed, and nothing is truncated silently.
 * @param {string} text the source text
 * @param {Uint8Array} buffer where to write it (a Node.js `Buffer` works too)
 * @returns {number} the number of bytes written
 */
export function encodeSource(text, buffer) {
  if (typeof text !== "string") throw new TypeError(`encodeSource() expects the source text as a string, not ${typeName(text)}`);
  if (!isUint8Array(buffer)) throw new TypeError(`encodeSource() expects a Uint8Array or Buffer to write into, not ${typeName(buffer)}`);
{%- if *encode_runtime == Runtime::Node %}
  const written = utf8Write.call(buffer, text, 0, buffer.length);
  // `utf8Write` stops silently before a character that does not fit, which can only happen with
  // fewer than 4 bytes left: only then is the exact length (a scan of the text) worth its cost.
  if (buffer.length - written < 4) {
    const needed = Buffer.byteLength(text, "utf8");
    if (needed !== written) throw sourceTooLong(needed, buffer.length);
  }
  return written;
{%- else %}
  // `encodeInto` writes whole characters only and reports the UTF-16 units it read: all of them
  // exactly when the text fitted.
  const { read, written } = textEncoder.encodeInto(text, buffer);
  if (read !== text.length) throw sourceTooLong(written + textEncoder.encode(text.slice(read)).length, buffer.length);
  return written;
{%- endif %}
}

function sourceTooLong(needed, available) {
  return new Error(`encodeSource(): the source text needs ${needed} bytes of UTF-8, but the buffer has only ${available}`);
}
