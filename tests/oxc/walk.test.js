// The walker of an oxc target (`walk`, `visit`) where oxc's types say more than rawast's own schema
// (whose fields are `Node`s, any node): what the conformance run, which compares what is visited,
// cannot see.
import { test } from "node:test";
import assert from "node:assert/strict";

// oxc-parser's raw transfer needs Node 22 or later (as in deep.test.js).
const skip = Number(process.versions.node.split(".")[0]) < 22 && `oxc-parser's raw transfer needs Node 22 or later, not ${process.version}`;
const { prepareRaw, returnBufferToCache } = skip ? {} : await import("oxc-parser/src-js/raw-transfer/common.js");
const { parseRawSync } = skip ? {} : await import("oxc-parser/src-js/bindings.js");

test("what a visited node holds is not looked into where it can hold no visited node", { skip }, async () => {
  // An import declaration can hold no import declaration or `debugger`: with those visited, `visit`
  // hands it over and does not look below it; with `Identifier` visited too, it does.
  const { visit, deserialize } = await import("./generated/js/oxc-ts/walk.js");
  const source = "import a, { b as c } from 'm';\ndebugger;\n";
  const { buffer, sourceStartPos, sourceByteLen } = prepareRaw(source);
  try {
    parseRawSync("below.ts", buffer.block, sourceStartPos, sourceByteLen, { lang: "ts", sourceType: "module" });
    const { program } = deserialize(buffer, source, sourceStartPos, sourceByteLen);
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
  } finally {
    returnBufferToCache(buffer);
  }
});
