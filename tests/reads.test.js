// Every read checks what a producer can write: a byte that no producer writes where a read takes it
// is a `RawastBufferError`, never a value. Real buffers of rawast's targets, changed one byte at a
// time where the layout puts a `bool` (tests/fuzz/layout.js finds them): where `deserialize` reads
// the byte (0 and 1 there give two trees), 2 and 255 must be refused by `deserialize`, by a lazy
// tree's getter and by `walk`; where it does not, they change nothing. Then the other words a buffer
// holds that a read could take on trust: a tagged `Option`'s tag, the source's ASCII prefix.
// (docs/deserializers.md: what is read and what is accepted.)
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";

import { toJson } from "./conformance/estree-json.js";
import { buffer as handmade, load } from "./handmade.js";
import { encodeScript } from "./producer.js";
import { META, metadataField } from "./support.js";
import { rawastRegion, walk as sites } from "./fuzz/layout.js";

const layout = JSON.parse(readFileSync(new URL("../target/layouts/layout-64.json", import.meta.url), "utf8"));

// Every `bool` of the ESTree schema, true and false: functions' flags, members' `computed` and
// `optional`, classes' `static`, properties' `method` and `shorthand`, templates' `tail`,
// `for await`, prefix updates, `yield*`, literals' `true`; and a non-ASCII name after its ASCII
// prefix.
const SOURCE = `async function* g(a) { yield* a; for await (const x of a) ++x; }
const f = async (b) => b?.c[d] ?? (() => {})();
class C { static m() {} [k] = 1; static { this.n = \`a\${b}c\`; } }
const o = { p, q() {}, [r]: true, s: false };
let ü = 1; ü--;
`;

/** The target's module: `deserialize` and, from `walk.js`, `walk`. */
async function target(name) {
  const module = await import(`../generated/npm/${name}/walk.js`);
  const lazy = typeof module.materialize === "function";
  // A lazy tree reads its properties in its getters: `materialize` reads them all.
  const read = (bytes) => (lazy ? module.materialize(module.deserialize(bytes)) : module.deserialize(bytes));
  // Every node type visited: a visited node is built whole (read through its getters when lazy).
  const visitor = Object.fromEntries(Object.keys(module.VISITOR_KEYS).map((type) => [type, lazy ? (node) => void module.materialize(node) : () => {}]));
  return { ...module, read, visitor };
}

/** The tree `read` gives of `bytes` as JSON, or the message of the buffer error. */
function settle(read, bytes, BufferError) {
  try {
    return toJson(read(bytes), "parent");
  } catch (error) {
    if (error instanceof BufferError) return `error: ${error.message}`;
    throw error;
  }
}

for (const [name, placement] of [
  ["parser", "parser"],
  ["linter", "linter"],
  ["parser-lazy", "parser"],
]) {
  test(`${name}: a bool's byte other than 0 and 1 is refused where it is read, by deserialize and walk`, async () => {
    const { read, walk, visitor, RawastBufferError } = await target(name);
    const { buffer } = encodeScript(placement, SOURCE);
    const valid = settle(read, buffer, RawastBufferError);
    assert.ok(!valid.startsWith("error"), valid);
    const { bools } = sites(buffer, layout, rawastRegion(buffer));
    let readSites = 0;
    for (const [row, at] of bools.at.entries()) {
      const bytes = Uint8Array.from(buffer);
      const [zero, one] = [0, 1].map((value) => {
        bytes[at] = value;
        return settle(read, bytes, RawastBufferError);
      });
      for (const value of [bools.none[row] === 2 ? 3 : 2, 0x80, 0xff]) {
        bytes[at] = value;
        if (zero === one) {
          // Not read: the byte changes nothing.
          assert.equal(settle(read, bytes, RawastBufferError), zero, `the bool at ${at}, which nothing reads, as ${value}`);
          continue;
        }
        assert.throws(() => read(bytes), (error) => error instanceof RawastBufferError && error.message.includes(`${value} is not a valid bool (at offset ${at})`), `the bool at ${at} as ${value}`);
        assert.throws(() => walk(bytes, visitor), RawastBufferError, `walk, the bool at ${at} as ${value}`);
      }
      if (zero !== one) readSites++;
    }
    // The 27 `bool` fields of the schema are all in the source, some more than once.
    assert.ok(readSites >= 27, `${readSites} bools read of ${bools.at.length}`);
  });

  test(`${name}: the source's ASCII prefix is what the metadata says, or the buffer is refused`, async () => {
    const { read, walk, RawastBufferError } = await target(name);
    const { buffer } = encodeScript(placement, SOURCE);
    const valid = settle(read, buffer, RawastBufferError);
    const field = metadataField(buffer, META.SOURCE_ASCII_LEN);
    const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.length);
    const prefix = view.getUint32(field, true);
    const sourceLen = view.getUint32(metadataField(buffer, META.SOURCE_LEN), true);
    assert.equal(prefix, Buffer.from(SOURCE).indexOf(0xc3));
    // Shorter: the strings past it are decoded rather than sliced, the same strings.
    for (const shorter of [0, prefix - 1]) {
      const bytes = Uint8Array.from(buffer);
      new DataView(bytes.buffer).setUint32(field, shorter, true);
      assert.equal(settle(read, bytes, RawastBufferError), valid, `a prefix of ${shorter}`);
    }
    // Longer, over the `ü`s: their names would be sliced as Latin-1.
    for (const longer of [prefix + 1, sourceLen]) {
      const bytes = Uint8Array.from(buffer);
      new DataView(bytes.buffer).setUint32(field, longer, true);
      assert.throws(() => read(bytes), (error) => error instanceof RawastBufferError && /ASCII prefix, to \d+, holds a byte past 0x7F/.test(error.message), `a prefix of ${longer}`);
      assert.throws(() => walk(bytes, { Identifier: (node) => void node.name }), RawastBufferError, `walk, a prefix of ${longer}`);
    }
  });
}

// The string policies' variants (`cargo test -p rawast-generator --test string_policies`): the
// prefix is checked by each way of slicing the source, `web_` ones by `TextDecoder`.
const policies = new URL("../target/policies/", import.meta.url);
for (const name of existsSync(policies) ? readdirSync(policies).filter((name) => !name.startsWith("none_")).sort() : []) {
  test(`policy ${name}: a source's ASCII prefix longer than it is is refused`, async () => {
    const { deserialize, RawastBufferError } = await import(new URL(`${name}/parser/deserialize.js`, policies));
    const { buffer } = encodeScript("parser", SOURCE);
    const valid = settle(deserialize, buffer, RawastBufferError);
    const field = metadataField(buffer, META.SOURCE_ASCII_LEN);
    for (const [prefix, refused] of [
      [0, false],
      [Buffer.from(SOURCE).indexOf(0xc3) + 1, true],
      [Buffer.byteLength(SOURCE), true],
    ]) {
      const bytes = Uint8Array.from(buffer);
      new DataView(bytes.buffer).setUint32(field, prefix, true);
      if (refused) assert.throws(() => deserialize(bytes), RawastBufferError, `a prefix of ${prefix}`);
      else assert.equal(settle(deserialize, bytes, RawastBufferError), valid, `a prefix of ${prefix}`);
    }
  });
}

test("a tagged Option's tag other than 0 and 1 is refused", async () => {
  const fixture = await load("int64");
  const { Counts } = fixture.layout;
  // `Counts.maybe`, an `Option<u64>`: an 8-byte tag, then the value.
  const counts = (low, high) =>
    handmade(fixture, "Counts", ({ view }) => {
      view.setUint32(Counts.fields.maybe, low, true);
      view.setUint32(Counts.fields.maybe + 4, high, true);
      view.setBigUint64(Counts.fields.maybe + 8, 7n, true);
    });
  for (const target of ["numbers", "bigints"]) {
    const { deserialize, RawastBufferError } = await fixture.module(target);
    const walker = await fixture.walker(target);
    assert.equal(deserialize(counts(0, 0)).program.maybe, null);
    assert.equal(deserialize(counts(1, 0)).program.maybe, target === "numbers" ? 7 : 7n);
    for (const [low, high, shown] of [
      [2, 0, "2"],
      [0xff, 0, "255"],
      [1, 1, "4294967297"],
      [0, 0x80000000, "9223372036854776000"],
    ]) {
      assert.throws(
        () => deserialize(counts(low, high)),
        (error) => error instanceof RawastBufferError && error.message.includes(`${shown} is not a valid Option tag`),
        `${target}: tag ${low} + ${high} × 2^32`,
      );
      assert.throws(() => walker.walk(counts(low, high), { Counts() {} }), walker.RawastBufferError, `${target} walk: tag ${low} + ${high} × 2^32`);
    }
  }
});
