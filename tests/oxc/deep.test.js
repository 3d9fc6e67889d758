// Deep ASTs in oxc-parser's own buffers: oxc-parser's Rust side parses them, oxc's deserializers
// overflow the JS stack on them (from about 5,000 levels), rawast's oxc targets return them whole.
// Each tree is checked by walking its spine without recursion, and a shallow tree of the same shape
// is checked to equal oxc's output first, so the walk checks the right shape.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Worker } from "node:worker_threads";

import { deserialize } from "./generated/js/oxc-js/deserialize.js";
import { firstDifference } from "./compare.js";
import { digest } from "../cycles/digest.js";
import { targetModule } from "./files.js";
import { skip, withOxcBuffer } from "./oxc-buffer.js";

const { deserialize: oxcDeserialize } = skip ? {} : await import("oxc-parser/src-js/generated/deserialize/js.js");

/** Parses `source` with oxc-parser and deserializes its buffer with `read`. */
const parse = (source, read) => withOxcBuffer(source, "deep.js", read);

// Shape, source of `depth` levels, the node type repeated `depth` times down the spine, the step
// down from one to the next, and the depth checked: oxc-parser's Rust side parses binary and member
// chains without recursion (a 1,000,000-term chain parses), but overflows its native stack (the
// process dies) past about 12,000 nested arrays and 9,700 nested calls, so those are checked below.
const shapes = [
  ["an a+a+…+a chain", (depth) => `x = ${Array(depth + 1).fill("a").join(" + ")};`, "BinaryExpression", (node) => node.left, 100_000],
  ["a member chain", (depth) => `x = a${".b".repeat(depth)};`, "MemberExpression", (node) => node.object, 100_000],
  ["nested arrays", (depth) => `x = ${"[".repeat(depth)}${"]".repeat(depth)};`, "ArrayExpression", (node) => node.elements[0], 8_000],
  ["nested calls", (depth) => `x = ${"f(".repeat(depth)}${")".repeat(depth)};`, "CallExpression", (node) => node.arguments[0], 6_000],
];

for (const [name, source, type, down, depth] of shapes) {
  test(`oxc-js: ${name} 100 levels deep is what oxc's deserializer returns`, { skip }, () => {
    const text = source(100);
    assert.equal(firstDifference(parse(text, deserialize), parse(text, oxcDeserialize)), null);
  });

  test(`oxc-js: ${name} ${depth} levels deep comes back whole, where oxc's deserializer overflows`, { skip }, () => {
    const text = source(depth);
    assert.throws(() => parse(text, oxcDeserialize), RangeError);
    const { program, errors } = parse(text, deserialize);
    assert.deepEqual(errors, []);
    let levels = 0;
    for (let node = program.body[0].expression.right; node?.type === type; node = down(node)) levels++;
    assert.equal(levels, depth);
  });
}

// Constructs whose recursion passes through oxc's converters (`ParenthesizedExpression`, a class's
// heritage, `TSParenthesizedType`, namespace chains `a.b.c`) or joined arrays (an array pattern's
// elements and rest), which outside trials found overflowing the stack, 10,000 levels deep (oxc-
// parser's Rust side parses each of them that deep; past about 20,000 most of them crash it). Each
// target's tree must equal what oxc's own deserializer of the same variant makes of the buffer,
// read in a worker whose stack holds the whole depth.
const DEEP = 10_000;
const constructs = [
  ["nested parentheses", "js", (d) => `x = ${"(".repeat(d)}a${")".repeat(d)};`],
  ["a call of nested parentheses", "js", (d) => `f(${"(".repeat(d)}a${")".repeat(d)});`],
  ["a chain of class heritages", "js", (d) => `x = ${"class extends ".repeat(d)}a${" {}".repeat(d)};`],
  ["nested array patterns in a declaration", "js", (d) => `let ${"[".repeat(d)}a${"]".repeat(d)} = b;`],
  ["nested array patterns in an assignment", "js", (d) => `${"[".repeat(d)}a${"]".repeat(d)} = b;`],
  ["nested array patterns in a parameter", "js", (d) => `function f(${"[".repeat(d)}a${"]".repeat(d)}) {}`],
  ["nested parenthesized types", "ts", (d) => `type X = ${"(".repeat(d)}a${")".repeat(d)};`],
  ["a namespace chain", "ts", (d) => `namespace ${Array(d).fill("a").join(".")} {}`],
];
const targets = [
  ["oxc-js", "js"],
  ["oxc-ts", "ts"],
  ["oxc-js-range", "js_range"],
  ["oxc-ts-range", "ts_range"],
  // oxc's `_parent` variants, against oxc-parser's variant without parents given them (`addParents`).
  ["oxc-js-parent", "js", true],
  ["oxc-ts-range-parent", "ts_range", true],
];

for (const [target, variant, withParents = false] of targets) {
  const ts = variant.startsWith("ts");
  for (const [name, lang, source] of constructs.filter(([, lang]) => ts || lang === "js")) {
    test(`${target}: ${name}, ${DEEP} levels deep, as oxc's deserializer reads them with a stack that holds them`, { skip }, async () => {
      const { deserialize: read } = await import(targetModule(target));
      const text = source(DEEP);
      const worker = new Worker(new URL("./parse-worker.js", import.meta.url), { resourceLimits: { stackSizeMb: 1024 } });
      try {
        const expected = new Promise((resolve, reject) => {
          worker.once("message", resolve);
          worker.once("error", reject);
        });
        worker.postMessage({ source: text, lang, variant, withParents });
        const actual = withOxcBuffer(text, `deep.${lang}`, (...args) => digest(read(...args)));
        const reference = await expected;
        assert.equal(reference.error, undefined);
        assert.ok(reference.nodes > DEEP, `the reference has ${reference.nodes} nodes`);
        assert.deepEqual(actual, reference);
      } finally {
        await worker.terminate();
      }
    });
  }
}

// Walks through oxc's converters at any depth: parameters whose default values are arrow functions
// with parameters of their own, 3,000 levels deep (some 30,000 structs; oxc-parser's Rust side
// crashes on 10,000). A walk looks into what a converter reads before building its value (a scan),
// and past `WALK_DEPTH` builds it without looking: each visitor must see what `visit` sees on the
// tree `deserialize` returns.
const NESTED = 3_000;
const nestedDefaults = (d) => `f = ${"(a = ".repeat(d)}() => { debugger; }${") => 0".repeat(d)};`;
for (const target of ["oxc-js", "oxc-ts", "oxc-ts-range-parent"]) {
  test(`${target}: walks of parameters nested ${NESTED} levels deep see what visit sees in the tree`, { skip }, async () => {
    const { deserialize: read, walk, visit } = await import(targetModule(target, undefined, "walk.js"));
    const text = nestedDefaults(NESTED);
    withOxcBuffer(text, "deep.js", (...args) => {
      const tree = read(...args).program;
      for (const types of [["DebuggerStatement"], ["AssignmentPattern", "DebuggerStatement"], ["ArrowFunctionExpression"]]) {
        const count = (run) => {
          const seen = Object.fromEntries(types.map((t) => [t, 0]));
          run(Object.fromEntries(types.map((t) => [t, () => void seen[t]++])));
          return seen;
        };
        const expected = count((visitor) => visit(tree, visitor));
        assert.equal(expected[types.at(-1)], types.at(-1) === "ArrowFunctionExpression" ? NESTED + 1 : 1);
        assert.deepEqual(count((visitor) => walk(...args, visitor)), expected, types.join());
      }
    });
  });
}
