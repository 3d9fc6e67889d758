// Bad oxc-parser buffers end in a `RawastBufferError` after work the buffer's real contents
// justify, whatever its metadata claims: what outside trials found escaping (a `RangeError` from a
// one-node cycle, a process killed by a forged `data_offset`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { targetModule } from "./files.js";
import { skip, withOxcBuffer } from "./oxc-buffer.js";

const layout = JSON.parse(readFileSync(new URL("../../target/layouts/layout-oxc.json", import.meta.url), "utf8"));
const field = (type, name) => layout.types[type].fields.find((f) => f[2] === name)[0];
/** `Expression`'s tag of a boxed `type`. */
const tagOf = (type) => Number(Object.entries(layout.types.Expression.variants).find(([, v]) => v.box?.named === type)[0]);
const ROOT_SIZE = layout.types.RawTransferData.size;
const METADATA_SIZE = layout.types.RawTransferMetadata.size;

// `(a)` and `a + b` once each, after enough code that the budget of the file outlasts the JS stack
// many times over.
const SOURCE = `${"let x = 1;\n".repeat(20_000)}y = (a);\nz = a + b;\n`;

/** Parses `SOURCE`, lets `corrupt(buffer)` change the buffer, and deserializes it with `read`. */
function corrupted(read, corrupt) {
  return withOxcBuffer(SOURCE, "bounded.js", (...args) => {
    corrupt(args[0]);
    return read(...args);
  });
}

/** The offset of the node of `type` whose source is `text` (its first occurrence): found by its span. */
function find(buffer, type, text) {
  const [start, end] = [SOURCE.indexOf(text), SOURCE.indexOf(text) + text.length];
  const int32 = buffer.int32;
  const lo = int32[(buffer.length - METADATA_SIZE) >> 2];
  const span = field(type, "span");
  for (let pos = lo; pos < buffer.length - METADATA_SIZE; pos += 8) {
    if (int32[(pos + span) >> 2] === start && int32[(pos + span + 4) >> 2] === end) return pos;
  }
  throw new Error(`no ${type} found`);
}

/** Points the `Expression` field `key` of the node of `type` at the node itself: 9 bytes changed. */
function cycle(buffer, type, text, key) {
  const node = find(buffer, type, text);
  const expression = node + field(type, key);
  buffer[expression] = tagOf(type);
  buffer.int32[(expression + 8) >> 2] = node;
}

for (const target of ["oxc-js", "oxc-ts", "oxc-js-range", "oxc-ts-range"]) {
  test(`${target}: a one-node cycle through a ParenthesizedExpression is a RawastBufferError, not the stack's RangeError`, { skip, timeout: 60_000 }, async () => {
    const { deserialize, RawastBufferError } = await import(targetModule(target));
    assert.throws(() => corrupted(deserialize, (buffer) => cycle(buffer, "ParenthesizedExpression", "(a)", "expression")), RawastBufferError);
  });

  test(`${target}: a forged data_offset buys no more work than the source justifies`, { skip, timeout: 60_000 }, async () => {
    const { deserialize, RawastBufferError } = await import(targetModule(target));
    // (Before, the budget was twice the claimed region, 4 GiB of reads: V8 ran out of memory after
    // a minute or more, which the timeout would catch.)
    assert.throws(
      () =>
        corrupted(deserialize, (buffer) => {
          // (A cycle through an object's property, where reading stops when the stack runs out.)
          cycle(buffer, "BinaryExpression", "a + b", "left");
          // The root copied to offset 8, its pointers still leading to the real AST: the "region"
          // from the root to the metadata is then the whole 2 GiB buffer.
          const metadata = buffer.length - METADATA_SIZE;
          const root = buffer.int32[metadata >> 2];
          buffer.copyWithin(8, root, root + ROOT_SIZE);
          buffer.int32[(metadata + field("RawTransferMetadata", "data_offset")) >> 2] = 8;
        }),
      RawastBufferError,
    );
  });

  test(`${target}: a forged data_offset whose root's comments run over the zeros below the AST is refused, not read`, { skip, timeout: 60_000 }, async () => {
    const { deserialize, RawastBufferError } = await import(targetModule(target));
    assert.throws(
      () =>
        corrupted(deserialize, (buffer) => {
          const metadata = buffer.length - METADATA_SIZE;
          const root = buffer.int32[metadata >> 2];
          buffer.copyWithin(8, root, root + ROOT_SIZE);
          buffer.int32[(metadata + field("RawTransferMetadata", "data_offset")) >> 2] = 8;
          // The copy's comments: from just past it to the metadata, some 89 million zeroed
          // `Comment`s (each a valid `//` comment) before the real AST, which would take more
          // memory than V8's heap holds.
          const comments = 8 + field("RawTransferData", "comments");
          const size = layout.types.RawTransferData.fields.find((f) => f[2] === "comments")[1].size;
          const first = 8 + ROOT_SIZE;
          buffer.int32[comments >> 2] = first;
          buffer.int32[(comments >> 2) + 2] = Math.floor((metadata - first) / size);
        }),
      RawastBufferError,
    );
  });
}

test("a source text whose length cannot be the buffer's byte count is refused", { skip }, async () => {
  const { deserialize, RawastBufferError } = await import("./generated/js/oxc-js/deserialize.js");
  withOxcBuffer(SOURCE, "bounded.js", (buffer, source, sourceStartPos, sourceByteLen) => {
    assert.throws(() => deserialize(buffer, "short", sourceStartPos, sourceByteLen), RawastBufferError);
    assert.throws(() => deserialize(buffer, SOURCE + SOURCE + SOURCE + SOURCE, sourceStartPos, sourceByteLen), RawastBufferError);
    assert.equal(deserialize(buffer, source, sourceStartPos, sourceByteLen).program.body.length, 20_002);
  });
});
