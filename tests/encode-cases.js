// The cases `tests/encode.test.js` runs on every `encodeSource` variant: in the test's own process
// (Node runtime) and in a child process without `Buffer` (web runtime). Uses standard APIs only.

// Big enough that a native encoder working in chunks would split these surrogate pairs.
const BOUNDARIES = [1023, 1024, 4095, 4096, 8191, 16383, 65535];

/** `{ name, text, size? }`: `size` is the buffer length (default `text.length * 3 + 8`). */
export function edgeCases() {
  const cases = [
    { name: "empty", text: "" },
    { name: "empty into an empty buffer", text: "", size: 0 },
    { name: "ASCII", text: "const a = 1;\n" },
    { name: "2-byte characters", text: "é ü ß Ω" },
    { name: "3-byte characters", text: "€ 中文 \u2028 \uFFFF" },
    { name: "4-byte characters", text: "😀 𝒳 \u{10FFFF}" },
    { name: "lone high surrogate at the start", text: "\uD800abc" },
    { name: "lone high surrogate in the middle", text: "ab\uD83Dcd" },
    { name: "lone high surrogate at the end", text: "abc\uDBFF" },
    { name: "lone low surrogate at the start", text: "\uDC00abc" },
    { name: "lone low surrogate in the middle", text: "ab\uDE00cd" },
    { name: "lone low surrogate at the end", text: "abc\uDFFF" },
    { name: "reversed pair", text: "\uDC00\uD800" },
    { name: "two high surrogates then a pair", text: "\uD800\uD800\uDC00" },
    { name: "only lone surrogates, in a buffer of exactly text.length * 3", text: "\uD800\uDC00\uDC00\uD800", size: 12 },
  ];
  for (const at of BOUNDARIES) {
    cases.push({ name: `surrogate pair across offset ${at}`, text: "a".repeat(at - 1) + "😀" + "b".repeat(10) });
    cases.push({ name: `lone surrogate at offset ${at}`, text: "a".repeat(at) + "\uD800" + "€".repeat(10) });
    cases.push({ name: `3-byte character across byte ${at}`, text: "a".repeat(at - 1) + "€" + "é".repeat(10) });
  }
  // Exactly full buffers: the last character is each UTF-8 length, and a lone surrogate.
  for (const [what, last] of [["ASCII", "z"], ["2-byte", "é"], ["3-byte", "€"], ["4-byte", "😀"], ["lone surrogate", "\uDFFF"]]) {
    const text = "é€😀 source " + last;
    cases.push({ name: `text exactly filling the buffer, ending with a ${what} character`, text, size: utf8Length(text) });
  }
  return cases;
}

/** Buffers too small by 1 to 4 bytes: `encodeSource` must throw, whatever the last character. */
export function shortCases() {
  const cases = [];
  for (const last of ["z", "é", "€", "😀", "\uD800"]) {
    const text = "ab€" + last;
    for (let missing = 1; missing <= 4 && missing <= utf8Length(text); missing++) {
      cases.push({ name: `${JSON.stringify(text)} into ${missing} byte(s) short`, text, size: utf8Length(text) - missing });
    }
  }
  cases.push({ name: "large ASCII text 1 byte short", text: "x".repeat(100000), size: 99999 });
  cases.push({ name: "large non-ASCII text 1 byte short", text: "€".repeat(100000), size: 299999 });
  return cases;
}

export function utf8Length(text) {
  return new TextEncoder().encode(text).length;
}

/**
 * Runs `encodeSource` on `text` into a buffer of `size` bytes filled with 0xAA, seen through a
 * subarray at byte offset `offset` of a larger one, and reports, as plain JSON, what a test asserts:
 * the returned length, whether the bytes equal `TextEncoder#encode`'s, whether nothing outside
 * `buffer[0..n]` changed, or the error thrown.
 */
export function run(encodeSource, text, size = text.length * 3 + 8, offset = 0) {
  const memory = new Uint8Array(offset + size + 16).fill(0xaa);
  const buffer = memory.subarray(offset, offset + size);
  const expected = new TextEncoder().encode(text);
  let n;
  try {
    n = encodeSource(text, buffer);
  } catch (error) {
    return { error: { name: error.name, message: error.message }, expectedLength: expected.length };
  }
  let equal = n === expected.length;
  for (let i = 0; equal && i < n; i++) equal = buffer[i] === expected[i];
  let untouched = true;
  for (let i = 0; untouched && i < memory.length; i++) {
    if (i < offset || i >= offset + n) untouched = memory[i] === 0xaa;
  }
  return { n, expectedLength: expected.length, equal, untouched };
}

/** `encodeSource` called with wrong argument types: the thrown errors' names and messages. */
export function wrongTypes(encodeSource) {
  const calls = [
    ["a number as text", 123, new Uint8Array(8)],
    ["null as text", null, new Uint8Array(8)],
    ["a String object as text", new String("a"), new Uint8Array(8)],
    ["an ArrayBuffer", "a", new ArrayBuffer(8)],
    ["a Uint16Array", "a", new Uint16Array(8)],
    ["an array", "a", [0, 0, 0]],
    ["no buffer", "a", undefined],
  ];
  return calls.map(([name, text, buffer]) => {
    try {
      encodeSource(text, buffer);
      return { name, error: null };
    } catch (error) {
      return { name, error: { name: error.name, message: error.message } };
    }
  });
}

/**
 * Every case's outcome for one `encodeSource`: the edge cases (at byte offsets 0 and 3 of a larger
 * buffer), too-small buffers, wrong argument types, and `files` (`{ path, text }`) into buffers of
 * `text.length * 3` bytes and of exactly their UTF-8 length.
 */
export function collect(encodeSource, files) {
  return {
    fits: [
      ...edgeCases().flatMap((c) => [0, 3].map((offset) => ({ name: `${c.name} (byteOffset ${offset})`, size: c.size, ...run(encodeSource, c.text, c.size, offset) }))),
      ...files.flatMap(({ path, text }) =>
        [["text.length * 3", text.length * 3], ["exactly", utf8Length(text)]].map(([what, size]) => ({ name: `${path} into ${what} bytes`, size, ...run(encodeSource, text, size) })),
      ),
    ],
    short: shortCases().map((c) => ({ name: c.name, size: c.size, ...run(encodeSource, c.text, c.size) })),
    types: wrongTypes(encodeSource),
  };
}
