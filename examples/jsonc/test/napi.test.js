// The package's parser (generated/npm/parser/index.js and the addon codegen writes, which
// `rawast addon` builds): parsing in this process gives the tree that `deserialize` gives of
// `jsonc-encode`'s buffer of the same file, for every fixture; through the buffer reused across
// calls (`parse`, which grows it as texts need), the zero-copy hand-over (`parseBuffer`), the copy,
// and inside worker threads. A parse error is a plain `Error` with the parser's message.
// Handed-over memory is released once JS collects the buffers.
//
//   rawast addon && cargo build --release --locked && node --test test/napi.test.js
//
// `JSONC_ENCODE` names the jsonc-encode binary (default: target/release/jsonc-encode).

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { Worker } from "node:worker_threads";

import { RawastBufferError, deserialize, parse, parseBuffer, walkSource } from "../generated/npm/parser/index.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const index = new URL("../generated/npm/parser/index.js", import.meta.url).href;
/** The addon `index.js` loaded (Node keeps one instance of it per thread): its raw functions. */
const addon = loadAddon();
/** `parse`'s tree over a buffer of its own. */
const parseOwnBuffer = (text) => deserialize(parseBuffer(text));
const fixturesDir = join(root, "test/fixtures");
const encodeBinary = process.env.JSONC_ENCODE ?? join(root, "target/release/jsonc-encode");
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Every fixture: its text (null when it is not UTF-8, so no JS string can carry it) and what jsonc-encode made of it. */
let fixtures;
let out;

before(() => {
  assert.ok(existsSync(encodeBinary), `${encodeBinary} is not built: run \`cargo build --release --locked\` in examples/jsonc`);
  const files = readdirSync(fixturesDir).filter((name) => /\.jsonc?$/.test(name)).sort().map((name) => join(fixturesDir, name));
  out = mkdtempSync(join(tmpdir(), "jsonc-napi-"));
  const encoder = spawnSync(encodeBinary, ["--batch", out, "--", ...files], { stdio: ["ignore", "inherit", "inherit"] });
  assert.equal(encoder.status, 0, `${encodeBinary} failed`);
  fixtures = files.map((file, i) => {
    let text = null;
    try {
      text = utf8.decode(readFileSync(file));
    } catch {}
    const base = join(out, String(i));
    const error = existsSync(`${base}.err`) ? readFileSync(`${base}.err`, "utf8").trim() : null;
    const expected = error === null ? JSON.stringify(deserialize(readFileSync(`${base}.bin`))) : null;
    return { file, text, error, expected };
  });
});

after(() => out && rmSync(out, { recursive: true, force: true }));

/** The addon `rawast addon` built into the package for this platform. */
function loadAddon() {
  return createRequire(import.meta.url)(addonPath());
}

function addonPath() {
  const dir = join(root, "generated/npm/parser");
  const built = readdirSync(dir).filter((file) => /^jsonc\..+\.node$/.test(file));
  assert.equal(built.length, 1, `generated/npm/parser holds ${built.length} addons (${built}): run \`rawast addon\` in examples/jsonc`);
  return join(dir, built[0]);
}

/**
 * Calls `run` while recording the size of each buffer the addon builds into (`parseInto`,
 * `parseWritten`, `parseWrittenUtf16`): what a module instance of `index.js` builds into, which it
 * keeps to itself.
 */
async function bufferSizes(run) {
  const sizes = [];
  const restore = spyOnBuilds(addon, (buffer) => sizes.push(buffer.byteLength));
  try {
    await run(sizes);
  } finally {
    restore();
  }
  return sizes;
}

/** Makes the addon's builds call `seen(buffer)` first; returns what undoes it. */
function spyOnBuilds(addon, seen) {
  const { parseInto, parseWritten, parseWrittenUtf16 } = addon;
  addon.parseInto = (source, buffer) => (seen(buffer), parseInto(source, buffer));
  addon.parseWritten = (buffer, ...rest) => (seen(buffer), parseWritten(buffer, ...rest));
  addon.parseWrittenUtf16 = (buffer, ...rest) => (seen(buffer), parseWrittenUtf16(buffer, ...rest));
  return () => Object.assign(addon, { parseInto, parseWritten, parseWrittenUtf16 });
}

/** What `parse` does with `text`: the tree as JSON, or the error's class and message. */
function outcome(parseText, text) {
  try {
    return { tree: JSON.stringify(parseText(text)) };
  } catch (error) {
    return { error: error.message, plain: error.constructor === Error, bufferError: error instanceof RawastBufferError };
  }
}

function checkFixtures(parseText) {
  let parsed = 0;
  for (const { file, text, error, expected } of fixtures) {
    if (text === null) {
      assert.notEqual(error, null, `${file}: jsonc-encode accepted a file that is not UTF-8`);
      continue;
    }
    const got = outcome(parseText, text);
    if (error === null) {
      assert.equal(got.tree, expected, `${file}: the addon's tree differs from jsonc-encode's buffer's`);
      parsed++;
    } else {
      assert.deepEqual(got, { error, plain: true, bufferError: false }, `${file}: not jsonc-encode's error`);
    }
  }
  assert.ok(parsed > 10, `only ${parsed} fixtures parsed`);
}

test("parseOwnBuffer gives jsonc-encode's tree of every fixture, without a copy", () => {
  const before = addon.liveExternalBuffers();
  const buffer = addon.parseRaw("[1]");
  assert.equal(addon.liveExternalBuffers(), before + 1, "parseRaw copied: this runtime refused external memory");
  assert.equal(buffer.byteOffset, 0);
  checkFixtures(parseOwnBuffer);
});

test("the copy-once hand-over gives the same trees", () => {
  const before = addon.liveExternalBuffers();
  checkFixtures((text) => deserialize(addon.parseRawCopy(text)));
  assert.equal(addon.liveExternalBuffers(), before, "parseRawCopy handed memory over");
});

test("a parse error is a plain Error with the parser's message", () => {
  for (const parseText of [parse, parseOwnBuffer]) {
    assert.throws(() => parseText('{"a" 1}'), (error) => error.constructor === Error && !(error instanceof RawastBufferError) && error.message === "expected ':' at 1:6");
    assert.throws(() => parseText("[".repeat(1001)), (error) => error.constructor === Error && /^nested deeper than 1000 levels at 1:1001/.test(error.message));
    assert.throws(() => parseText(42), TypeError);
  }
});

test("handed-over memory is released when JS collects the buffers", async () => {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc");
  const text = `[${"1,".repeat(100_000)}1]`;
  const before = addon.liveExternalBuffers();
  for (let i = 0; i < 20; i++) addon.parseRaw(text);
  assert.equal(addon.liveExternalBuffers(), before + 20);
  // No buffer of this file's tests is reachable now. Node runs the finalizers of collected
  // external buffers on the JS thread, after the collection.
  for (let round = 0; round < 50 && addon.liveExternalBuffers() > 0; round++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  assert.equal(addon.liveExternalBuffers(), 0, "buffers JS no longer holds were not freed");
});

test("parseOwnBuffer runs in worker threads, two at once", async () => {
  const texts = fixtures.filter(({ text }) => text !== null).map(({ text }) => text);
  const expected = texts.map((text) => outcome(parseOwnBuffer, text));
  const source = `
    import { parentPort, workerData } from "node:worker_threads";
    const { deserialize, parseBuffer } = await import(workerData.index);
    const results = workerData.texts.map((text) => {
      try {
        return { tree: JSON.stringify(deserialize(parseBuffer(text))) };
      } catch (error) {
        return { error: error.message, plain: error.constructor === Error, bufferError: error.name === "RawastBufferError" };
      }
    });
    parentPort.postMessage(results);`;
  const run = () =>
    new Promise((resolve, reject) => {
      const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(source)}`), {
        workerData: { index, texts },
      });
      let results = null;
      worker.on("message", (message) => (results = message));
      worker.on("error", reject);
      worker.on("exit", (code) => (code === 0 && results !== null ? resolve(results) : reject(new Error(`worker exited with ${code}`))));
    });
  const [first, second] = await Promise.all([run(), run()]);
  assert.deepEqual(first, expected);
  assert.deepEqual(second, expected);
});

test("the reused buffer gives the same trees", () => {
  checkFixtures(parse);
});

test("a file's bytes parse as its text does, and bytes that are not UTF-8 are an Error", () => {
  for (const { file, text, error, expected } of fixtures) {
    const bytes = readFileSync(file);
    for (const parseBytes of [parse, (b) => deserialize(parseBuffer(b)), (b) => deserialize(parseBuffer(b, { transferable: true }))]) {
      if (text === null) {
        assert.throws(() => parseBytes(bytes), (e) => e.constructor === Error && /not UTF-8/.test(e.message), file);
      } else {
        assert.deepEqual(outcome(parseBytes, bytes), error === null ? { tree: expected } : outcome(parse, text), file);
      }
    }
  }
  // The source may not lie in the memory the parser builds into.
  const memory = new Uint8Array(new ArrayBuffer(1 << 16));
  memory.set(new TextEncoder().encode("[1, 2]"), 1 << 15);
  assert.throws(() => addon.parseInto(memory.subarray(1 << 15, (1 << 15) + 6), memory), /lies in the buffer/);
});

test("a string's lone surrogate reads as U+FFFD, as every way of handing it over gives it", () => {
  // In the text itself (the parser reads UTF-8, which has none), and escaped (a JSON string may hold one).
  const text = '["a\uD800b", "\\uD800", "\u00e9\uDC00"]';
  const values = (tree) => tree.document.value.elements.map((element) => element.value);
  const expected = ["a\uFFFDb", "\uD800", "\u00e9\uFFFD"];
  assert.deepEqual(values(parse(text)), expected);
  assert.deepEqual(values(deserialize(parseBuffer(text))), expected);
  assert.deepEqual(values(deserialize(addon.parseRawCopy(text))), expected);
  assert.deepEqual(values(parse(Buffer.from(text))), expected, "Buffer.from makes U+FFFD of a lone surrogate too");
});

/** A text of about `bytes` bytes whose tree has objects, strings, numbers and comments. */
function largeText(bytes) {
  const item = '{"name": "x\\u00e9", "values": [1, -2.5e3, true, null], /* note */ "nested": {"a": []}},\n';
  return `[\n${item.repeat(Math.ceil(bytes / item.length))}0]`;
}

test("the reused buffer grows for a text larger than it, and stays right for small and large ones after", async () => {
  // A module instance of its own, so its buffer starts at the initial size whatever ran before.
  const wrapper = await import(`${index}?growth`);
  const small = fixtures.find(({ error, text }) => error === null && text !== null);
  const expected = (text) => JSON.stringify(deserialize(addon.parseRawCopy(text)));
  await bufferSizes(async (sizes) => {
    const smallTree = expected(small.text);
    assert.equal(JSON.stringify(wrapper.parse(small.text)), smallTree);
    const [initial] = sizes;
    assert.deepEqual(sizes, [initial], "a small text needs no growth");
    const large = largeText(initial + 100_000);
    assert.ok(Buffer.byteLength(large) > initial, "the large text alone does not fit the initial buffer");
    const largeTree = expected(large);
    assert.equal(JSON.stringify(wrapper.parse(large)), largeTree);
    const grown = sizes.at(-1);
    assert.ok(grown > initial && grown % 8 === 0, `the buffer grew to ${grown} bytes`);
    sizes.length = 0;
    assert.equal(JSON.stringify(wrapper.parse(small.text)), smallTree);
    assert.equal(JSON.stringify(wrapper.parse(large)), largeTree);
    assert.deepEqual(sizes, [grown, grown], "the grown buffer is kept and suffices again");
  });
});

test("a parse error leaves the reused buffer usable", async () => {
  const wrapper = await import(`${index}?errors`);
  const small = fixtures.find(({ error, text }) => error === null && text !== null);
  const expected = JSON.stringify(deserialize(addon.parseRawCopy(small.text)));
  assert.throws(() => wrapper.parse('{"a" 1}'), (error) => error.constructor === Error && error.message === "expected ':' at 1:6");
  assert.equal(JSON.stringify(wrapper.parse(small.text)), expected);
  // An error at the end of a text too large for the buffer: it grows, parses again, then fails.
  const [size] = await bufferSizes(() => wrapper.parse(small.text));
  const unterminated = largeText(size + 1000).slice(0, -2);
  assert.throws(() => wrapper.parse(unterminated), (error) => error.constructor === Error && /^expected/.test(error.message));
  assert.equal(JSON.stringify(wrapper.parse(small.text)), expected);
  assert.throws(() => wrapper.parse(null), TypeError);
});

test("the addon refuses buffers it cannot build into", () => {
  assert.throws(() => addon.parseInto("[1]", new Uint8Array(new SharedArrayBuffer(4096))), /not a SharedArrayBuffer/);
  assert.throws(() => addon.parseInto("[1]", new Uint8Array(new ArrayBuffer(4096), 4)), /not 8-aligned/);
  assert.ok(addon.parseInto("[1]", new Uint8Array(0)).grow > 0, "an empty Uint8Array is asked to grow");
  // A source written in the buffer: its length must lie in it, its bytes be UTF-8.
  const memory = new Uint8Array(new ArrayBuffer(4096));
  memory.set([0x5b, 0x22, 0xff, 0x22, 0x5d]);
  assert.throws(() => addon.parseWritten(memory, 5), /not UTF-8 from byte 2 on/);
  assert.throws(() => addon.parseWritten(memory, 4097), /run past the 4096-byte Uint8Array/);
  assert.throws(() => addon.parseWritten(new Uint8Array(new SharedArrayBuffer(4096)), 0), /not a SharedArrayBuffer/);
  // Or UTF-16 units: in it, at an even offset, after room for their UTF-8.
  for (const [at, units] of [[3000, 1000], [12, 5], [31, 4], [0, 1]]) {
    assert.throws(() => addon.parseWrittenUtf16(memory, at, units), /must lie in it, at an even offset, after room/, `${units} units at ${at}`);
  }
  const wide = '["\u00e9\u4e2d\ud83d\ude00", "\ud800"]';
  Buffer.prototype.ucs2Write.call(memory, wide, 200);
  const built = addon.parseWrittenUtf16(memory, 200, wide.length);
  assert.deepEqual(deserialize(memory.subarray(built.start, built.start + built.length)), deserialize(addon.parseRawCopy(wide)));
  const text = '["\u00e9", 1]';
  const { written } = new TextEncoder().encodeInto(text, memory);
  const { start, length } = addon.parseWritten(memory, written);
  assert.deepEqual(deserialize(memory.subarray(start, start + length)), deserialize(addon.parseRawCopy(text)));
});

test("parse runs in worker threads, each with a buffer of its own", async () => {
  const texts = fixtures.filter(({ text }) => text !== null).map(({ text }) => text);
  // Each worker grows its own buffer, between two runs over the fixtures.
  const large = largeText(1_500_000);
  const expected = [...texts, large, ...texts].map((text) => outcome(parseOwnBuffer, text));
  const source = `
    import { parentPort, workerData } from "node:worker_threads";
    import { createRequire } from "node:module";
    const addon = createRequire(workerData.index)(workerData.addon);
    // The sizes of the buffers this worker's parse builds into.
    const sizes = [];
    (${spyOnBuilds})(addon, (buffer) => sizes.push(buffer.byteLength));
    const { parse } = await import(workerData.index);
    const results = workerData.texts.map((text) => {
      try {
        return { tree: JSON.stringify(parse(text)) };
      } catch (error) {
        return { error: error.message, plain: error.constructor === Error, bufferError: error.name === "RawastBufferError" };
      }
    });
    parentPort.postMessage({ initial: sizes[0], final: sizes.at(-1), results });`;
  const run = () =>
    new Promise((resolve, reject) => {
      const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(source)}`), {
        workerData: { index, addon: addonPath(), texts: [...texts, large, ...texts] },
      });
      let message = null;
      worker.on("message", (value) => (message = value));
      worker.on("error", reject);
      worker.on("exit", (code) => (code === 0 && message !== null ? resolve(message) : reject(new Error(`worker exited with ${code}`))));
    });
  // The main thread's buffer grows first: the workers' start at the initial size all the same.
  parse(large);
  const [first, second] = await Promise.all([run(), run()]);
  for (const { initial, final, results } of [first, second]) {
    assert.equal(initial, 1 << 20, "a worker starts with a buffer of its own");
    assert.ok(final > initial);
    assert.deepEqual(results, expected);
  }
});

test("a parse from a walkSource visitor leaves the walked text alone", () => {
  const walked = '[true, {"a": false}, true, null, false]';
  const seen = [];
  walkSource(walked, {
    BooleanLiteral(node) {
      seen.push(node.value);
      // `parse` builds, then refuses to deserialize inside a walk; a buffer of its own is built
      // whole. Either, built into the buffer being walked, would turn the rest of the walk into
      // another text's tree.
      assert.throws(() => parse(`[${"1, ".repeat(50)}2]`), /called from a visitor of a walk/);
      assert.ok(parseBuffer("[false, false, false]", { transferable: true }).length > 0);
    },
  });
  assert.deepEqual(seen, [true, false, true, false]);
  assert.equal(parse(walked).document.value.elements.length, 5);
});
