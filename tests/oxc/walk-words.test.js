// A walk whose visitor visits only types with words (`WALK_WORDS`, from `[walk] keywords` of
// tests/oxc/codegen.toml) skips every node whose span holds none of them. oxc parses a keyword
// written with a `\u` escape as that keyword (and reports an error beside the tree), so its node
// holds no word at all: the walk must find it by its escape. The conformance run checks every word
// on the corpora; these are the cases no corpus file has.
import { test } from "node:test";
import assert from "node:assert/strict";

import { skip, withOxcBuffer } from "./oxc-buffer.js";

// Each source, and the types visited alone.
const CASES = [
  ["d\\u0065bugger;", "DebuggerStatement"],
  ["function f() { if (a) { x = () => { debugge\\u{72} } } }", "DebuggerStatement"],
  ["\\u0069mport x from 'y';", "ImportDeclaration"],
  ["let debuggers = 'debugger', s = '\\u00e9\\u0064'; /* debugger */ f(function () { debugger; });", "DebuggerStatement"],
  ["const é = 1; g('𝒳', () => { for (;;) { debugger } });", "DebuggerStatement"],
  ["let v = x \\u0061s any; let w = y as T;", "TSAsExpression"],
];

test("a walk by words finds the nodes of keywords written with escapes, and beside words in other tokens", { skip }, async () => {
  const { walk, visit, deserialize, WALK_WORDS } = await import("./generated/js/oxc-ts/walk.js");
  assert.deepEqual(WALK_WORDS.DebuggerStatement, ["debugger"]);
  for (const [source, type] of CASES) {
    const visitor = (log) => ({ [type]: (node) => void log.push(`${node.start}..${node.end}`) });
    const walked = [];
    const visited = [];
    withOxcBuffer(source, "words.ts", (...args) => {
      walk(...args, visitor(walked));
      visit(deserialize(...args), visitor(visited));
    });
    assert.ok(visited.length > 0, `${JSON.stringify(source)} has a ${type}`);
    assert.deepEqual(walked, visited, JSON.stringify(source));
  }
});
