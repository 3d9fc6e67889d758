// The checks `cargo xtask browser` runs in the browser (tests/browser/run.js serves this page and
// what it fetches). For each target in `/plan.json`: its published module deserializes the buffers
// Node wrote of a conformance subset, and the trees must be those Node computed from acorn (and, for
// the deep buffers, those Node's deserializer built); the same from a `SharedArrayBuffer`; bad
// buffers end in the module's `RawastBufferError`; `encodeSource` writes what `TextEncoder` does;
// `walk` visits what `visit` does. Then, end to end for each 32-bit target, the wasm32 producer turns
// source text, parsed by acorn here, into a buffer in its own memory, which the deserializer reads
// there. The result goes to `window.harnessResult` (and, in short, into the page).

import { toJson } from "/tests/conformance/estree-json.js";
import { digest } from "/tests/cycles/digest.js";
import { wasmProducer } from "/tests/conformance/wasm-protocol.js";
import { count } from "/tests/plural.js";

const plan = await (await fetch("/plan.json")).json();
const fetchBytes = async (url) => new Uint8Array(await (await fetch(url)).arrayBuffer());
const fetchText = async (url) => (await fetch(url)).text();

/** A seeded random generator (xorshift32), so that every run corrupts the same bytes. */
function random(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
}

/** The first place two texts differ, with some context, for a report. */
function firstDifference(expected, actual) {
  let i = 0;
  while (i < expected.length && expected[i] === actual[i]) i++;
  return `differs at character ${i}: expected …${expected.slice(Math.max(0, i - 40), i + 40)}…, got …${actual.slice(Math.max(0, i - 40), i + 40)}…`;
}

/** `deserialize`'s result as the eager target's plain objects: `{ program, comments }`. */
function plain(module, target, result) {
  const tree = target.lazy ? module.materialize(result) : result;
  return { program: tree.program, comments: tree.comments };
}

async function checkTarget(target) {
  const module = await import(target.module);
  const report = { name: target.name, files: 0, mismatches: [], checks: {} };
  const mismatch = (what, message) => report.mismatches.push(`${what}: ${message}`);

  // The conformance subset, from the bytes Node wrote, and the same from a SharedArrayBuffer.
  const buffers = [];
  for (const [index, file] of plan.files.entries()) {
    const bytes = await fetchBytes(`/buffer/${target.name}/${index}.bin`);
    buffers.push(bytes);
    const expected = await fetchText(`/expected/${index}.json`);
    report.files++;
    try {
      const result = module.deserialize(bytes);
      if (target.lazy) {
        // The getters read on first access; `toJSON` and `materialize` give the plain tree.
        const body = JSON.parse(expected).program.body;
        if (result.program.type !== "Program" || result.program.body.length !== body.length) mismatch(file.name, "the lazy program's getters");
        // (`JSON.stringify` calls each lazy node's `toJSON`, before `toJson`'s replacer sees its values.)
        const viaJson = toJson({ program: result.program, comments: result.comments });
        if (viaJson !== expected) mismatch(file.name, `JSON.stringify of the lazy tree ${firstDifference(expected, viaJson)}`);
      }
      const actual = toJson(plain(module, target, result));
      if (actual !== expected) mismatch(file.name, firstDifference(expected, actual));
      if (globalThis.crossOriginIsolated) {
        const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
        shared.set(bytes);
        const fromShared = toJson(plain(module, target, module.deserialize(shared)));
        if (fromShared !== expected) mismatch(`${file.name} (SharedArrayBuffer)`, firstDifference(expected, fromShared));
      }
    } catch (error) {
      mismatch(file.name, `threw ${error?.stack ?? error}`);
    }
  }
  report.checks.sharedArrayBuffer = globalThis.crossOriginIsolated === true;
  if (!report.checks.sharedArrayBuffer) mismatch("SharedArrayBuffer", "the page is not cross-origin isolated");

  // A buffer nested deeper than the stack holds, against the tree Node's deserializer built of it.
  for (const deep of plan.deep.filter((d) => d.target === target.name)) {
    try {
      const tree = plain(module, target, module.deserialize(await fetchBytes(deep.buffer)));
      const found = JSON.stringify(digest(tree));
      if (found !== deep.digest) mismatch(deep.name, `digest ${found}, Node's ${deep.digest}`);
      report.files++;
    } catch (error) {
      mismatch(deep.name, `threw ${error?.stack ?? error}`);
    }
  }

  // Bad buffers: truncated, and corrupted at random (seeded): a tree or a RawastBufferError.
  const small = buffers[0];
  let refused = 0;
  const next = random(27);
  const tries = [];
  for (let length = 0; length < small.length; length += 8) tries.push(small.slice(0, length));
  for (let i = 0; i < 400; i++) {
    const corrupt = small.slice();
    for (let j = 0; j < 1 + (i % 4); j++) corrupt[Math.floor(next() * corrupt.length)] = Math.floor(next() * 256);
    tries.push(corrupt);
  }
  for (const bytes of tries) {
    try {
      const result = module.deserialize(bytes);
      if (target.lazy) module.materialize(result);
    } catch (error) {
      if (error instanceof module.RawastBufferError) refused++;
      else mismatch("bad buffer", `threw ${error?.name}: ${error?.message}, not a RawastBufferError`);
    }
  }
  try {
    module.deserialize("not a buffer");
    mismatch("bad buffer", "a string was read");
  } catch (error) {
    if (!(error instanceof TypeError)) mismatch("bad buffer", `a string: ${error}, not a TypeError`);
  }
  report.checks.badBuffers = `${refused} of ${tries.length} refused`;
  if (refused === 0) mismatch("bad buffer", "none refused");

  // encodeSource against TextEncoder (parser layout only).
  if (typeof module.encodeSource === "function") {
    const encoder = new TextEncoder();
    for (const text of plan.encodeStrings) {
      const buffer = new Uint8Array(text.length * 3);
      const written = module.encodeSource(text, buffer);
      const expected = encoder.encode(text);
      if (written !== expected.length || buffer.subarray(0, written).some((byte, i) => byte !== expected[i])) {
        mismatch("encodeSource", `${JSON.stringify(text.slice(0, 40))}: ${written} bytes, TextEncoder ${expected.length}`);
      }
    }
    report.checks.encodeSource = plan.encodeStrings.length;
  }

  // The walker (`walk.js`, which imports the deserializer) sees what a visit of the tree sees.
  if (target.walkModule !== null) {
    const walker = await import(target.walkModule);
    const names = (run) => {
      const seen = [];
      run({ Identifier: (node) => void seen.push(node.name) });
      return seen.join(" ");
    };
    const walked = names((visitor) => walker.walk(buffers[1], visitor));
    const visited = names((visitor) => walker.visit(module.deserialize(buffers[1]), visitor));
    if (walked !== visited || walked === "") mismatch("walk", `walked ${walked.length} characters of names, visited ${visited.length}`);
    report.checks.walk = true;
  }
  return report;
}

/**
 * End to end, as a wasm parser in a page works: source text → acorn (here) → the wasm32 producer,
 * which writes the buffer in its own memory → the target reads it in place (a view of the memory,
 * no copy) → the tree acorn made, and the one Node expected.
 */
async function endToEnd(target) {
  const module = await import(target.module);
  const { acornParse } = await import("/tests/browser/acorn-browser.js");
  const producer = wasmProducer((await WebAssembly.instantiateStreaming(fetch(plan.wasmProducer))).instance);
  const report = { name: `${target.name} (wasm32 producer in the page)`, files: 0, mismatches: [], checks: {} };
  for (const [index, file] of plan.files.entries()) {
    if (!file.endToEnd) continue;
    const source = await fetchText(`/source/${index}.txt`);
    const { program, comments, sourceType } = acornParse(source, file.name);
    report.files++;
    let view;
    try {
      view = producer.encodeInPlace(toJson({ source, program, comments }), "parser");
    } catch (error) {
      report.mismatches.push(`${file.name}: ${error.message}`);
      continue;
    }
    if (view.byteOffset % 8 !== 0) report.mismatches.push(`${file.name}: the buffer is not 8-aligned in wasm memory (the deserializer would copy it)`);
    const actual = toJson(plain(module, target, module.deserialize(view)));
    const expected = await fetchText(`/expected/${index}.json`);
    if (actual !== toJson({ program, comments })) report.mismatches.push(`${file.name} (${sourceType}): not acorn's tree here: ${firstDifference(toJson({ program, comments }), actual)}`);
    else if (actual !== expected) report.mismatches.push(`${file.name}: not the tree Node computed: ${firstDifference(expected, actual)}`);
  }
  report.checks.memory = `${producer.memory.buffer.byteLength} bytes of wasm memory`;
  if (target.lazy) {
    // In place, seen: a lazy tree reads its strings when first asked, from the memory itself, so
    // a byte of the source changed after `deserialize` shows in the name read after it.
    const { program: hello, comments: none } = acornParse("hello;", "hello.js");
    const view = producer.encodeInPlace(toJson({ source: "hello;", program: hello, comments: none }), "parser");
    const tree = module.deserialize(view);
    view[0] = "j".charCodeAt(0);
    const name = tree.program.body[0].expression.name;
    report.checks.inPlace = name === "jello";
    if (name !== "jello") report.mismatches.push(`the lazy tree's name, read after its source byte changed in wasm memory: ${name}, not "jello" (a copy was read)`);
  }
  return report;
}

const result = { userAgent: navigator.userAgent, reports: [], errors: [] };
for (const target of plan.targets) {
  try {
    result.reports.push(await checkTarget(target));
    if (target.pointerWidth === 32 && target.parserLayout && plan.wasmProducer !== null) result.reports.push(await endToEnd(target));
  } catch (error) {
    result.errors.push(`${target.name}: ${error?.stack ?? error}`);
  }
}
document.querySelector("#status").textContent = result.reports.map((r) => `${r.name}: ${count(r.files, "file")}, ${count(r.mismatches.length, "mismatch")}`).join("\n") + (result.errors.length > 0 ? `\n${result.errors.join("\n")}` : "");
window.harnessResult = result;
