// Every read of oxc's targets checks what oxc-parser (or Oxlint) can write, as rawast's do
// (tests/reads.test.js): real buffers changed one byte at a time where oxc's layout puts a `bool`
// (and a `JSStr`'s lone-surrogates flag, a `bool` too), found by tests/fuzz/layout.js. Where
// `deserialize` reads the byte (0 and 1 there give two trees), 2 (3 where 2 is an `Option`'s
// `None`), 128 and 255 must be refused by `deserialize` and by `walk`; where it does not, they
// change nothing. And a string's bytes that are no UTF-8: oxc-parser writes none.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { toJson } from "../conformance/estree-json.js";
import { walk as sites } from "../fuzz/layout.js";
import { captureBuffers, oxlintBuffer, readEverything } from "../oxlint/lint.js";
import { targetModule } from "./files.js";
import { skip, withOxcBuffer } from "./oxc-buffer.js";

const layout = JSON.parse(readFileSync(new URL("../../target/layouts/layout-oxc.json", import.meta.url), "utf8"));
const METADATA_SIZE = layout.types.RawTransferMetadata.size;
const DATA_OFFSET = layout.types.RawTransferMetadata.fields.find((f) => f[2] === "data_offset")[0];

// `bool`s of oxc's AST, true and false (JavaScript's and TypeScript's), and strings with lone
// surrogates (`JSStr`s flagged).
const SOURCE = `async function* g(a?: number, ...r: string[]): AsyncGenerator<number> { yield* a; for await (const x of a) ++x; }
const f = async <T,>(b: T) => b?.c[d] ?? (() => {})();
declare const dc: number;
abstract class C<in out T> extends B implements I { static m() {} [k] = 1; declare p: string; private readonly q!: number; override accessor z = 1; abstract y(): void; static { this.n = \`a\${b}c\`; } }
const o = { p, q() {}, [r]: true, s: false, u: "\\uD800", w: \`\\uDC00\${1}\` };
enum E { A = 1 } const enum F { B }
export type { T } from "m"; import type { U } from "n"; import { type V } from "o";
interface J { readonly [key: string]: number; m?(): void }
type M = { readonly [K in keyof T]?: T[K] }; type N = typeof import("x");
let ü: string = "é"; ü = <div a b={1}><span/></div>;
`;

/** The tree `read()` gives as JSON, or the message of the buffer error. */
function settle(read, BufferError) {
  try {
    return toJson(read(), "parent");
  } catch (error) {
    if (error instanceof BufferError) return `error: ${error.message}`;
    throw error;
  }
}

/**
 * Checks every bool of `bytes` (`bools`: tests/fuzz/layout.js's sites), read with `read()` and
 * walked with `walk(visitor)` (`visitor(nodes)` visits every node type, each node pushed to
 * `nodes`), the buffer changed in place and put back. A bool the walk reads (0 and 1 there make it
 * visit two lists of nodes) is refused by it; those of what it does not visit (the module record's)
 * are not its to read. Returns how many bools `deserialize` reads.
 */
function checkBools(bytes, bools, read, walk, visitor, BufferError, WalkError) {
  const valid = settle(read, BufferError);
  assert.ok(!valid.startsWith("error"), valid);
  const walked = () =>
    settle(() => {
      const nodes = [];
      walk(visitor(nodes));
      return nodes;
    }, WalkError);
  let readSites = 0;
  for (const [row, at] of bools.at.entries()) {
    const byte = bytes[at];
    const [zero, one, walkedZero, walkedOne] = [0, 1, 0, 1].map((value, i) => {
      bytes[at] = value;
      return i < 2 ? settle(read, BufferError) : walked();
    });
    for (const value of [bools.none[row] === 2 ? 3 : 2, 0x80, 0xff]) {
      bytes[at] = value;
      if (zero === one) {
        // Not read, or read with no effect (a `JSStr`'s flag on ASCII text): the same tree, or
        // the byte refused.
        const got = settle(read, BufferError);
        assert.ok(got === zero || got.includes(`${value} is not a valid`), `the bool at ${at}, whose 0 and 1 give one tree, as ${value}: ${got.slice(0, 200)}`);
        continue;
      }
      assert.throws(read, (error) => error instanceof BufferError && error.message.includes(`${value} is not a valid`), `the bool at ${at} as ${value}`);
      if (walkedZero !== walkedOne) assert.match(walked(), new RegExp(`^error: .*${value} is not a valid`), `walk, the bool at ${at} as ${value}`);
    }
    bytes[at] = byte;
    if (zero !== one) readSites++;
  }
  assert.equal(settle(read, BufferError), valid);
  return readSites;
}

/** The target's modules: `deserialize.js`'s, and `walk.js`'s (with its own `RawastBufferError`). */
async function target(name) {
  const deserializer = await import(targetModule(name));
  const walker = await import(targetModule(name, undefined, "walk.js"));
  const visitor = (nodes) => Object.fromEntries(Object.keys(walker.VISITOR_KEYS).map((type) => [type, (node) => void nodes.push(node)]));
  return { deserializer, walker, visitor };
}

const TARGETS = ["oxc-js", "oxc-ts", "oxc-js-range", "oxc-ts-range", "oxc-js-parent", "oxc-ts-range-parent", "oxc-js-buffer-text"];

for (const name of TARGETS) {
  test(`${name}: a bool's byte other than 0 and 1 is refused where it is read, by deserialize and walk`, { skip }, async () => {
    const { deserializer, walker, visitor } = await target(name);
    withOxcBuffer(SOURCE, "reads.tsx", (buffer, ...args) => {
      const lo = buffer.int32[(buffer.length - METADATA_SIZE + DATA_OFFSET) >> 2];
      const { bools } = sites(buffer, layout, { root: lo, lo, limit: buffer.length - METADATA_SIZE, base: 0, source: { start: args[1], len: args[2] } });
      const read = () => deserializer.deserialize(buffer, ...args);
      const walk = (visitor) => walker.walk(buffer, ...args, visitor);
      const readSites = checkBools(buffer, bools, read, walk, visitor, deserializer.RawastBufferError, walker.RawastBufferError);
      // (The JavaScript variants read fewer: TypeScript's fields are not in their output.)
      assert.ok(readSites >= (name.includes("-ts") ? 40 : 25), `${readSites} bools read of ${bools.at.length}`);
    });
  });
}

test("oxc-js, oxc-js-buffer-text: a string's bytes that are no UTF-8 are refused, not read as U+FFFD", { skip }, async () => {
  for (const name of ["oxc-js", "oxc-js-buffer-text"]) {
    const { deserializer, walker } = await target(name);
    const source = 'let ü = "\uFFFD";\n';
    withOxcBuffer(source, "utf8.js", (buffer, ...args) => {
      const read = () => deserializer.deserialize(buffer, ...args);
      // A U+FFFD the source holds is read as it is.
      assert.deepEqual(read().program.body[0].declarations[0].init.value, "\uFFFD");
      // The name's first byte (C3 of `ü`) made no UTF-8.
      const at = args[1] + source.indexOf("ü");
      assert.equal(buffer[at], 0xc3);
      buffer[at] = 0xff;
      assert.throws(read, (error) => error instanceof deserializer.RawastBufferError && /is not UTF-8/.test(error.message), name);
      assert.throws(() => walker.walk(buffer, ...args, { VariableDeclarator() {} }), walker.RawastBufferError, `${name} walk`);
    });
  }
});

test("oxlint-plugins: a bool's byte other than 0 and 1 is refused where it is read, by deserialize and walk", { skip }, async () => {
  const module = targetModule("oxlint-plugins");
  const { deserializer, walker, visitor } = await target("oxlint-plugins");
  const dir = mkdtempSync(join(tmpdir(), "rawast-reads-"));
  try {
    const file = join(dir, "reads.tsx");
    writeFileSync(file, SOURCE);
    const { captured, unlinted } = captureBuffers([file], fileURLToPath(module));
    assert.deepEqual(unlinted, []);
    const { region, start, program, length } = captured[0];
    const buffer = oxlintBuffer(length);
    buffer.set(region, start);
    const source = { start: buffer.int32[(program + 16) >> 2], len: buffer.int32[(program + 24) >> 2] };
    const { bools } = sites(buffer, { ...layout, root: "Program" }, { root: program, lo: start, limit: length - METADATA_SIZE, base: 0, source });
    // Every getter read: each node's `loc`, the program's comments and tokens.
    const read = () => readEverything(deserializer.deserialize(buffer));
    const walk = (visitor) => walker.walk(buffer, visitor);
    const readSites = checkBools(buffer, bools, read, walk, visitor, deserializer.RawastBufferError, walker.RawastBufferError);
    assert.ok(readSites >= 40, `${readSites} bools read of ${bools.at.length}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
