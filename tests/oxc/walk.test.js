// The walker of an oxc target (`walk`, `visit`) where oxc's types say more than rawast's own schema
// (whose fields are `Node`s, any node): what the conformance run, which compares what is visited,
// cannot see.
import { test } from "node:test";
import assert from "node:assert/strict";

import { skip, withOxcBuffer } from "./oxc-buffer.js";

test("what a visited node holds is not looked into where it can hold no visited node", { skip }, async () => {
  // An import declaration can hold no import declaration or `debugger`: with those visited, `visit`
  // hands it over and does not look below it; with `Identifier` visited too, it does.
  const { visit, deserialize } = await import("./generated/js/oxc-ts/walk.js");
  const source = "import a, { b as c } from 'm';\ndebugger;\n";
  const { program } = withOxcBuffer(source, "below.ts", deserialize);
  const declaration = program.body[0];
  assert.equal(declaration.type, "ImportDeclaration");
  let reads = 0;
  for (const key of ["specifiers", "source", "attributes"]) {
    const value = declaration[key];
    Object.defineProperty(declaration, key, { enumerable: true, get: () => (reads++, value) });
  }
  const seen = [];
  visit(program, { ImportDeclaration: (node) => void seen.push(node.type), DebuggerStatement: (node) => void seen.push(node.type) });
  assert.deepEqual(seen, ["ImportDeclaration", "DebuggerStatement"]);
  assert.equal(reads, 0);
  visit(program, { ImportDeclaration() {}, Identifier: (node) => void seen.push(node.name) });
  assert.ok(reads > 0);
  assert.deepEqual(seen.slice(2), ["a", "b", "c"]);
});
