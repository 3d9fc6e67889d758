// The package smoke tests against stand-in packages: what `generator/cli/src/smoke.js`'s expected
// JSON holds for the values JSON has no syntax for (docs/packages.md), and that
// `smoke_addon.js` finds each failure of a parser package's `parse` it checks for.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const FINGERPRINT = "0123456789abcdef";

/** A project with `smoke.js` (and `compare.js`, which it imports) and a package `fake` whose `deserialize` returns `result` for its buffer. */
function project(result) {
  const dir = mkdtempSync(join(tmpdir(), "rawast-smoke-"));
  copyFileSync(new URL("../generator/cli/src/smoke.js", import.meta.url), join(dir, "smoke.js"));
  copyFileSync(new URL("../generator/cli/src/compare.js", import.meta.url), join(dir, "compare.js"));
  const pkg = join(dir, "node_modules/fake");
  mkdirSync(pkg, { recursive: true });
  const rawast = { sourcePlacement: "start", layoutFingerprint: FINGERPRINT };
  writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "fake", type: "module", exports: "./index.js", rawast }));
  // Refuses any buffer whose last 8 bytes are not the fingerprint, naming it, as a deserializer does.
  writeFileSync(
    join(pkg, "index.js"),
    `export function deserialize(bytes) {
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      if (bytes.length < 8 || view.getBigUint64(bytes.length - 8, true) !== 0x${FINGERPRINT}n) throw new Error("not layout ${FINGERPRINT}");
      return ${result};
    }`,
  );
  const buffer = new Uint8Array(16);
  new DataView(buffer.buffer).setBigUint64(8, BigInt(`0x${FINGERPRINT}`), true);
  writeFileSync(join(dir, "sample.bin"), buffer);
  return dir;
}

function smoke(dir, expected) {
  writeFileSync(join(dir, "expected.json"), JSON.stringify(expected));
  return spawnSync(process.execPath, ["smoke.js", "fake", "sample.bin", "expected.json"], { cwd: dir, encoding: "utf8" });
}

test("a BigInt is expected as its decimal digits, a RegExp as { pattern, flags }", (t) => {
  const dir = project(`{ program: { value: 10n, regex: /a+/g, missing: NaN } }`);
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const ok = smoke(dir, { program: { value: "10", regex: { pattern: "a+", flags: "g" }, missing: null } });
  assert.equal(ok.status, 0, ok.stderr);
  for (const wrong of [
    { value: 10, regex: { pattern: "a+", flags: "g" }, missing: null },
    { value: "10", regex: { pattern: "b+", flags: "g" }, missing: null },
    { value: "10", regex: { pattern: "a+", flags: "" }, missing: null },
  ]) {
    const result = smoke(dir, { program: wrong });
    assert.equal(result.status, 1, `${JSON.stringify(wrong)} was accepted`);
    assert.match(result.stderr, /does not deserialize to expected\.json/);
  }
});

/**
 * A project with `smoke_addon.js` and a package `parser` whose `parse` is `parse` (source text,
 * given the text), in every thread, and whose `parseBuffer` and `deserialize` give `parse`'s tree
 * through a buffer of the text's bytes. With `wasm`, it also exports `init`, which `parse` needs;
 * without `typeCheck`, its `parse` takes what is not a string.
 */
function parserProject(parse, { wasm = false, typeCheck = true } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "rawast-smoke-addon-"));
  for (const file of ["smoke_addon.js", "compare.js"]) copyFileSync(new URL(`../generator/cli/src/${file}`, import.meta.url), join(dir, file));
  const pkg = join(dir, "node_modules/parser");
  mkdirSync(pkg, { recursive: true });
  writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "parser", type: "module", exports: { ".": "./index.js", "./package.json": "./package.json" } }));
  if (wasm) writeFileSync(join(pkg, "parser.wasm"), new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]));
  writeFileSync(
    join(pkg, "index.js"),
    `import { isMainThread } from "node:worker_threads";
    let ready = ${!wasm};
    ${wasm ? "export async function init(bytes) { ready = new WebAssembly.Module(bytes) instanceof WebAssembly.Module; }" : ""}
    const parseText = ${parse};
    export function parse(source) {
      if (!ready) throw new Error("call init() first");
      if (${typeCheck} && typeof source !== "string") throw new TypeError("not a string");
      return parseText(source);
    }
    export function parseBuffer(source) { return new TextEncoder().encode(source); }
    export function deserialize(bytes) { return parseText(new TextDecoder().decode(bytes)); }`,
  );
  writeFileSync(join(dir, "sample.txt"), "[1, 2]");
  return dir;
}

function smokeAddon(dir, expected) {
  writeFileSync(join(dir, "expected.json"), JSON.stringify(expected));
  return spawnSync(process.execPath, ["smoke_addon.js", "parser", "sample.txt", "expected.json"], { cwd: dir, encoding: "utf8" });
}

test("the addon smoke test checks parse, twice, through a buffer, of a non-string and in workers", (t) => {
  const dirs = [];
  t.after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const run = (parse, expected, options) => {
    const dir = parserProject(parse, options);
    dirs.push(dir);
    return smokeAddon(dir, expected);
  };
  const tree = { document: { type: "Array", text: "[1, 2]" } };
  const right = `(text) => ({ document: { type: "Array", text } })`;
  const ok = run(right, tree);
  assert.equal(ok.status, 0, ok.stderr);
  // A wasm package is given its module's bytes before parse.
  const wasm = run(right, tree, { wasm: true });
  assert.equal(wasm.status, 0, wasm.stderr);
  // Each of these is a failure the test must report.
  const wrongTree = run(right, { document: { type: "Array", text: "[1]" } });
  assert.equal(wrongTree.status, 1);
  assert.match(wrongTree.stderr, /differs from expected\.json/);
  const secondCall = run(`(() => { let calls = 0; return (text) => ({ document: { type: "Array", text: calls++ === 0 ? text : "" } }); })()`, tree);
  assert.equal(secondCall.status, 1);
  assert.match(secondCall.stderr, /a second parse/);
  const inWorkers = run(`(text) => ({ document: { type: "Array", text: isMainThread ? text : "" } })`, tree);
  assert.equal(inWorkers.status, 1);
  assert.match(inWorkers.stderr, /in worker 1/);
  const noTypeError = run(`(text) => ({ document: { type: "Array", text: String(text) } })`, tree, { typeCheck: false });
  assert.equal(noTypeError.status, 1);
  assert.match(noTypeError.stderr, /parse\(42\) returned/);
});

/**
 * A project with `smoke_readme.js`, a package `readme` whose `parse` returns `{ document: { type:
 * "Document", text } }` and `deserialize` that of a buffer's text, and the README examples
 * `examples`, written as `smoke_readme.js` is given them.
 */
function readmeProject(examples) {
  const dir = mkdtempSync(join(tmpdir(), "rawast-smoke-readme-"));
  copyFileSync(new URL("../generator/cli/src/smoke_readme.js", import.meta.url), join(dir, "smoke_readme.js"));
  writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
  const pkg = join(dir, "node_modules/readme");
  mkdirSync(pkg, { recursive: true });
  writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "readme", type: "module", exports: "./index.js" }));
  writeFileSync(
    join(pkg, "index.js"),
    `export function parse(text) { if (typeof text !== "string") throw new TypeError("not a string"); return { document: { type: "Document", text } }; }
    export function deserialize(bytes) { if (!(bytes instanceof Uint8Array)) throw new TypeError("not a Uint8Array"); return parse(new TextDecoder().decode(bytes)); }`,
  );
  writeFileSync(join(dir, "sample.txt"), "[1, 2]");
  examples.forEach((example, i) => writeFileSync(join(dir, `readme-example-${i + 1}.js`), example));
  return dir;
}

function smokeReadme(dir, input, count) {
  const files = Array.from({ length: count }, (_, i) => `readme-example-${i + 1}.js`);
  return spawnSync(process.execPath, ["smoke_readme.js", "readme", input, ...files], { cwd: dir, encoding: "utf8" });
}

test("the README smoke test runs each example with the variable it reads, and names the one that throws", (t) => {
  const dirs = [];
  t.after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  const run = (examples, input) => {
    const dir = readmeProject(examples);
    dirs.push(dir);
    return smokeReadme(dir, input, examples.length);
  };
  const parseExample = `import { parse } from "readme";\n\nconst result = parse(source);\nif (result.document.text !== "[1, 2]") throw new Error("not the smoke source");\n`;
  const bufferExample = `import { deserialize } from "readme";\n\nconsole.log(deserialize(buffer).document.type);\n`;
  // `source` is the file's text, `buffer` its bytes as a Uint8Array (else `deserialize` refuses it).
  // Examples run in order in one process: a later one sees what an earlier one set up.
  const ordered = [`globalThis.ready = true;\n`, `if (!globalThis.ready) throw new Error("run alone");\n`];
  for (const [examples, input] of [
    [[parseExample], "source=sample.txt"],
    [[bufferExample], "buffer=sample.txt"],
    [ordered, "-"],
  ]) {
    const ok = run(examples, input);
    assert.equal(ok.status, 0, ok.stderr);
  }
  // An example reading a variable it is not given, or naming an export the package lacks, fails.
  const unset = run([parseExample], "buffer=sample.txt");
  assert.equal(unset.status, 1);
  assert.match(unset.stderr, /README\.md's example 1 of 1 .*throws ReferenceError: source is not defined/);
  const second = run([parseExample, `import { walk } from "readme";\nwalk(source, {});\n`], "source=sample.txt");
  assert.equal(second.status, 1);
  assert.match(second.stderr, /readme on Node .*README\.md's example 2 of 2 \(a ```js block, run as readme-example-2\.js\) throws SyntaxError: .* named 'walk'/);
});
