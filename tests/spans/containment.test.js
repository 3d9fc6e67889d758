// The span checker (containment.js) on its adversarial corpus (tests/spans/corpus) in oxc-parser
// 0.157's buffers, and on acorn's trees in rawast's: the edges where a node's span does not hold
// its child's are exactly those README.md lists, and siblings stay in source order and apart. A
// new oxc-parser that moves a span shows up here, before a walk led by words misses a node.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

import { skipOxcParser as skip } from "../oxc/files.js";
import { createChecker } from "./containment.js";

const CORPUS = new URL("./corpus/", import.meta.url).pathname;
const ROOT = new URL("../../", import.meta.url).pathname;

/** The escaping edges and the `Vec` failures (kind by field) of every corpus file, with `options`. */
async function corpusFindings(options) {
  const { oxcChecker } = await import("./oxc.js");
  const check = oxcChecker(options);
  const edges = new Map(),
    vecs = new Set();
  for (const name of readdirSync(CORPUS).sort()) {
    const result = check(join(CORPUS, name), readFileSync(join(CORPUS, name), "utf8"));
    assert.equal(result.badCount, 0, `${name}: spans that end before they start, or past the source`);
    for (const [edge, counts] of result.edges) if (counts.escapes > 0) edges.set(edge, [...(edges.get(edge) ?? []), name]);
    for (const [field, r] of result.vecs) for (const [kind, n] of Object.entries(r.failures)) if (n > 0) vecs.add(`${field} ${kind}`);
  }
  return { edges, vecs };
}

test("in oxc-parser's buffers, only decorators before `export` and a recovery's `this` escape", { skip }, async () => {
  const { edges, vecs } = await corpusFindings({ transparent: ["FormalParameters"] });
  assert.deepEqual([...edges.keys()].sort(), ["Class.decorators[] > Decorator", "TSInterfaceHeritage.type_name > ThisExpression"]);
  assert.deepEqual(edges.get("TSInterfaceHeritage.type_name > ThisExpression"), ["recovery-interface-heritage.ts"]);
  // Siblings' spans never overlap; extents only reach back over decorators (which start after the
  // element before), or to 0 with the recovery's `this`.
  for (const failure of vecs) {
    const [field, kind] = failure.split(" ");
    if (kind === "extentBeforeOwnStart") continue;
    assert.ok(["Program.body[]", "TSInterfaceDeclaration.extends[]"].includes(field) && kind.startsWith("extent"), failure);
  }
});

test("oxc-parser leaves `FormalParameters`' span in UTF-8 bytes", { skip }, async () => {
  const { oxcChecker } = await import("./oxc.js");
  const check = oxcChecker();
  const escapes = (source) => [...check("a.js", source).edges].filter(([, counts]) => counts.escapes > 0).map(([edge]) => edge);
  assert.deepEqual(escapes("function f(a, b) {}"), []);
  // (Ten 2-byte characters first: the bytes' offsets are ten past the string's, past the function's end.)
  assert.deepEqual(escapes("'éééééééééé'; function f(a, b) {}").sort(), ["FormalParameters.items[] > FormalParameter", "Function.params > FormalParameters"]);
});

const ENCODE = join(ROOT, "target/debug/encode");

test("in rawast's buffers, every span holds its children's, and siblings are apart", { skip: !existsSync(ENCODE) && `${ENCODE} is missing: cargo xtask conformance builds it` }, async () => {
  const { encodeScript } = await import("../producer.js");
  const { rawastRegion } = await import("../fuzz/layout.js");
  const check = createChecker(JSON.parse(readFileSync(join(ROOT, "target/layouts/layout-64.json"), "utf8")));
  const source = "'use strict'; /* c */ class A extends B { static #x = new Map(); m(a = this, ...b) { return `t${a}u`; } }\nlabel: for (const [x = 1, , y] of z) { if (x) break label; else new X.y(a?.b); }";
  const { buffer, program, comments } = encodeScript("parser", source);
  const bytes = new Uint8Array(buffer);
  const result = check(bytes, { ...rawastRegion(bytes), sourceLength: source.length });
  // Every node of acorn's tree and every comment is one of the checker's.
  let nodes = comments.length;
  JSON.stringify(program, (key, value) => (value?.type !== undefined && typeof value.start === "number" && nodes++, value));
  assert.equal(result.nodes, nodes);
  assert.deepEqual([...result.edges].filter(([, counts]) => counts.escapes > 0), []);
  for (const [field, r] of result.vecs) assert.deepEqual(Object.values(r.failures).filter((n) => n > 0), [], field);
  assert.equal(result.badCount, 0);
});
