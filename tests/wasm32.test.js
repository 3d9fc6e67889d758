// The 32-bit target (`wasm32`: parser layout, 32-bit pointers, web runtime) on buffers from the test
// producer built for wasm32, which `cargo xtask conformance` builds (it needs Debian's rustc-web; without
// it these tests are skipped outside CI). The whole corpus goes through `cargo xtask conformance`;
// here: corruption, foreign buffers, and the module on a runtime without `Buffer`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { root, scriptJson } from "./producer.js";
import { LAYOUT_FINGERPRINT_32, LAYOUT_FINGERPRINT_64, METADATA_SIZE, random } from "./support.js";
import { WASM_PRODUCER, loadWasmProducer } from "./conformance/wasm-producer.js";
import { deserialize as deserialize32 } from "../generated/npm/wasm32/deserialize.js";
import { deserialize as deserializeParser } from "../generated/npm/parser/deserialize.js";

const missing = !existsSync(WASM_PRODUCER);
const skip = missing && process.env.CI !== "true" ? `${WASM_PRODUCER} is not built (no rustc-web here)` : false;

function json(file) {
  const source = readFileSync(join(root, file), "utf8");
  return { ...scriptJson(source), source };
}

test("wasm32: 32-bit buffers deserialize to acorn's AST, and 64-bit deserializers refuse them", { skip }, async () => {
  assert.ok(!missing, `${WASM_PRODUCER} is missing in CI`);
  const producer = await loadWasmProducer();
  const { text, program } = json("node_modules/jquery/dist/jquery.js");
  const buffer = producer.encode(text, "parser");
  const result = deserialize32(buffer);
  assert.equal(result.program.body.length, program.body.length);
  assert.equal(JSON.stringify(result.program), JSON.stringify(program, (k, v) => (v instanceof RegExp ? {} : v)));
  assert.throws(() => deserializeParser(buffer), new RegExp(`fingerprint ${LAYOUT_FINGERPRINT_32.hex} does not match this deserializer's ${LAYOUT_FINGERPRINT_64.hex}`));
  assert.throws(() => producer.encode("{}", "parser"), /wasm producer: no string `source`/);
});

test("wasm32: corrupted and truncated 32-bit buffers throw Errors", { skip }, async () => {
  const producer = await loadWasmProducer();
  const buffer = producer.encode(json("tests/conformance/corpus/starter.js").text, "parser");
  for (let length = 0; length < buffer.length; length += 4) {
    assert.throws(() => deserialize32(buffer.subarray(0, length)), Error);
  }
  const next = random(7);
  for (let i = 0; i < 2000; i++) {
    const corrupt = buffer.slice();
    for (let j = 0; j < 4; j++) corrupt[Math.floor(next() * (buffer.length - METADATA_SIZE))] = Math.floor(next() * 256);
    try {
      deserialize32(corrupt);
    } catch (error) {
      assert.ok(error instanceof Error, `corruption ${i} threw ${error}`);
    }
  }
});

test("wasm32: the module works on a runtime without Buffer", { skip }, () => {
  // Non-ASCII past an ASCII prefix, a lone surrogate, strings long and short.
  const source = "const s = 'naïve ☃ \\uD800 and a string longer than the short decoder takes';\nx = [1, 2n, /a/u, `t${s}`];";
  const { text, program } = scriptJson(source);
  const script = `
    delete globalThis.Buffer;
    const { readFileSync } = await import("node:fs");
    const { loadWasmProducer } = await import(${JSON.stringify(new URL("./conformance/wasm-producer.js", import.meta.url).href)});
    const { deserialize } = await import(${JSON.stringify(new URL("../generated/npm/wasm32/deserialize.js", import.meta.url).href)});
    const producer = await loadWasmProducer();
    const { program } = deserialize(producer.encode(readFileSync(0, "utf8"), "parser"));
    process.stdout.write(typeof globalThis.Buffer + "\\n" + JSON.stringify(program, (k, v) => (typeof v === "bigint" ? v + "n" : v)));
  `;
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", input: text });
  const expected = JSON.stringify(program, (k, v) => (typeof v === "bigint" ? v + "n" : v));
  assert.equal(out, `undefined\n${expected}`);
});

test("wasm32: the producer refuses input nested past what Node's default stack holds, with an error", { skip }, async () => {
  const producer = await loadWasmProducer();
  // 2,000 levels of JSON: read (the program is not ESTree); one more is refused before parsing.
  const nested = (depth) => `{"source": "", "program": ${"[".repeat(depth - 1)}${"]".repeat(depth - 1)}}`;
  assert.throws(() => producer.encode(nested(2000), "parser"), /wasm producer: not ESTree as the schema describes it, at the root: expected an object, found an array/);
  for (const depth of [2001, 1_000_000]) {
    assert.throws(() => producer.encode(nested(depth), "parser"), /wasm producer: the input nests arrays and objects more than 2000 deep \(at byte \d+\)/);
  }
});
