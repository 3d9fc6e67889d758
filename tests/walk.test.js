// The generated walker (`walk`, `visit`): what the conformance run does not check on real files
// (tests/conformance/run.js compares every rule of tests/walk-rules.js there): the visitor's
// contract, trees of any depth, bad buffers, a visitor that throws. The walker is in each target's
// `walk.js`, which imports its `deserialize.js` (tests/module-graph.test.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";

import { encodeFile, encodeScript } from "./producer.js";
import { RULES, events, eventsDifference, heldByParent, referenceEvents } from "./walk-rules.js";
import { deserialize, RawastBufferError, visit, VISITOR_KEYS, walk, WALK_WORDS } from "../generated/npm/parser/walk.js";
import * as linter from "../generated/npm/linter/walk.js";
import * as lazy from "../generated/npm/parser-lazy/walk.js";
import * as leanParser from "../generated/npm/parser/deserialize.js";
import * as leanLinter from "../generated/npm/linter/deserialize.js";
import * as leanLazy from "../generated/npm/parser-lazy/deserialize.js";

const TYPES = new Set(Object.keys(VISITOR_KEYS));
const jsx = encodeFile("parser", "tests/conformance/corpus/components.jsx").buffer;
const modern = encodeFile("parser", "tests/conformance/corpus/modern.mjs").buffer;

/**
 * For each rule of tests/walk-rules.js: what `module`'s `walk` visits in `buffer`, and what its
 * `visit` visits in the tree its `deserialize` builds of it (`tree`), as event logs.
 */
function walkAndVisit(module, buffer) {
  const types = new Set(Object.keys(module.VISITOR_KEYS));
  const tree = module.deserialize(buffer);
  return Object.entries(RULES).map(([name, rule]) => {
    const walked = events(rule, types);
    module.walk(buffer, walked.visitor);
    const visited = events(rule, types);
    module.visit(tree, visited.visitor);
    return { name, rule, tree, walked, visited };
  });
}

test("deserialize.js alone has no walk or visit, and gives the trees and visitor keys walk.js gives", () => {
  // The trees as JSON, without `parent` (a cycle) and with BigInts spelled out.
  const json = (tree) => JSON.stringify(tree, (key, value) => (key === "parent" ? undefined : typeof value === "bigint" ? `${value}n` : value));
  const corpus = ["components.jsx", "modern.mjs"].map((name) => `tests/conformance/corpus/${name}`);
  const pairs = [
    [leanParser, { deserialize, VISITOR_KEYS }, (tree) => tree, "parser"],
    [leanLinter, linter, (tree) => tree, "linter"],
    [leanLazy, lazy, (tree) => leanLazy.materialize(tree), "parser"],
  ];
  for (const [lean, full, plain, layout] of pairs) {
    assert.equal(lean.walk, undefined);
    assert.equal(lean.visit, undefined);
    assert.deepEqual(lean.VISITOR_KEYS, full.VISITOR_KEYS);
    for (const buffer of corpus.map((path) => encodeFile(layout, path).buffer)) assert.equal(json(plain(lean.deserialize(buffer))), json(full === lazy ? lazy.materialize(lazy.deserialize(buffer)) : full.deserialize(buffer)));
  }
});

test("walk visits what visit visits on the tree deserialize builds, for every rule", () => {
  for (const buffer of [jsx, modern]) {
    for (const { name, rule, tree, walked, visited } of walkAndVisit({ deserialize, visit, walk, VISITOR_KEYS }, buffer)) {
      assert.ok(walked.log.length > 0 || name === "sparse", `rule ${name} visits something`);
      const sameNode = (expected, actual) => {
        try {
          assert.deepStrictEqual(actual, expected);
          return null;
        } catch (error) {
          return error.message.slice(0, 400);
        }
      };
      assert.equal(eventsDifference(visited.log, walked.log, sameNode), null, `rule ${name}`);
      assert.equal(eventsDifference(referenceEvents(tree.program, VISITOR_KEYS, rule, TYPES), walked.log, sameNode), null, `rule ${name} against the reference`);
    }
  }
});

test("inside a node handed to the visitor, the nodes visited are the objects it holds", () => {
  const calls = [];
  const members = [];
  walk(modern, { CallExpression: (node) => calls.push(node), MemberExpression: (node) => members.push(node) });
  const callees = calls.map((call) => call.callee).filter((callee) => callee.type === "MemberExpression");
  assert.ok(callees.length > 0);
  for (const callee of callees) assert.ok(members.includes(callee), "a callee is visited as the very object its call holds");
});

test("a function for the way down that returns false skips the children; the exit still runs", () => {
  const log = [];
  const { buffer } = encodeScript("parser", "function f(a) { g(b); } h(c);");
  walk(buffer, {
    FunctionDeclaration: () => {
      log.push("enter f");
      return false;
    },
    "FunctionDeclaration:exit": () => log.push("exit f"),
    Identifier: (node) => log.push(node.name),
  });
  assert.deepEqual(log, ["enter f", "exit f", "h", "c"]);
});

/**
 * What `walk` hands a visitor of `types` in the parser's buffer of `source`, and what `visit` hands
 * it on the tree `deserialize` builds of it: each node's type, start and source text, in order.
 */
function walkedAndVisited(source, types, walker = { walk }) {
  const { buffer } = encodeScript("parser", source);
  const visitor = (log) => Object.fromEntries(types.map((type) => [type, (node) => void log.push(`${node.type} at ${node.start}: ${source.slice(node.start, node.end)}`)]));
  const logs = { walked: [], visited: [] };
  walker.walk(buffer, visitor(logs.walked));
  visit(deserialize(buffer), visitor(logs.visited));
  return logs;
}

test("a visitor of types with words (WALK_WORDS) visits what visit visits, words in strings, comments and non-ASCII text around", () => {
  assert.deepEqual(WALK_WORDS.DebuggerStatement, ["debugger"]);
  assert.equal(WALK_WORDS.Identifier, undefined);
  // The words where no node of their type is (a string, a comment, an identifier), the nodes deep
  // in expressions, after characters of two UTF-16 units, and a second type whose word is rarer.
  const source = 'var debuggers = "debugger"; /* debugger */ f(function () { if (a) { debugger; } }, "é𝒳", () => { debugger });\nfor (;;) { with (o) { throw debuggers; } }';
  for (const types of [["DebuggerStatement"], ["DebuggerStatement", "WithStatement"], ["ThrowStatement"], ["DebuggerStatement", "Identifier"]]) {
    // The lazy target's walks skip by the same words, the source decoded for them whole.
    for (const walker of [{ walk }, lazy]) {
      const { walked, visited } = walkedAndVisited(source, types, walker);
      assert.ok(visited.length > 0);
      assert.deepEqual(walked, visited, types.join(", "));
    }
  }
  assert.deepEqual(lazy.WALK_WORDS, WALK_WORDS);
});

test("a walk led by several types' words finds them wherever they interleave, escapes among them", () => {
  // Each word's positions are found apart and merged into one order (`findWords`): the words of
  // `debugger`, `throw` and `with` alternate here, with an escape (`\u0077`, a `w`) between them.
  const source = "function f() { debugger; throw a; }\nwith (o) { debugger; }\nvar \\u0077x = 1;\nthrow b;\ndebugger;\nwith (p) throw c;\n";
  const { walked, visited } = walkedAndVisited(source, ["DebuggerStatement", "ThrowStatement", "WithStatement"]);
  assert.equal(visited.length, 8);
  assert.deepEqual(walked, visited);
});

/**
 * How much of the buffer's AST a walk with `visitor` reads, seen from outside: the positions (4-byte
 * words) of the parser's buffer of `source` where a corrupt word makes it throw a `RawastBufferError`.
 */
function positionsRead(source, visitor) {
  const { buffer } = encodeScript("parser", source);
  let read = 0;
  // (The AST lies after the source in the parser's layout.)
  for (let p = Buffer.byteLength(source) & ~3; p + 4 <= buffer.length; p += 4) {
    const corrupt = new Uint8Array(buffer);
    corrupt.fill(0xff, p, p + 4);
    try {
      walk(corrupt, visitor);
    } catch (error) {
      if (!(error instanceof RawastBufferError)) throw error;
      read++;
    }
  }
  return read;
}

test("a word inside a comment leads a walk by words nowhere: what holds the comment is not read", () => {
  // With the word in a comment, the walk reads the program's span and the comments, not the
  // function around the comment; with it in a string, it reads down to the string. (Sources of
  // 128 K characters and more drop their comments' words: a long comment last.)
  const padding = `\n/* ${"x".repeat(131072)} */\n`;
  const readPositions = (source) => positionsRead(source + padding, { DebuggerStatement: () => assert.fail("no debugger statement there") });
  const inComment = readPositions("function f(a) { if (a) { g(a, /* debugger */ [1, 2, a + 1]); } }\nvar x = 1;\n");
  const inString = readPositions('function f(a) { if (a) { g(a, "debugger", [1, 2, a + 1]); } }\nvar x = 1;\n');
  assert.ok(inComment * 3 < inString, `${inComment} positions read with the word in a comment, ${inString} in a string`);
});

test("a walk led by words reads a few elements of a long list around each word, not every element", () => {
  // A list read element by element has each element's tag and pointer read (two positions each);
  // found by galloping over the elements' spans (`stepByWords`), the word's element costs a few
  // reads in the log of the list's length.
  const statements = Array.from({ length: 600 }, (_, i) => `x${i};`);
  statements[400] = "debugger;";
  const source = statements.join("\n");
  let visited = 0;
  walk(encodeScript("parser", source).buffer, { DebuggerStatement: () => void visited++ });
  assert.equal(visited, 1);
  const read = positionsRead(source, { DebuggerStatement() {} });
  assert.ok(read < 100, `${read} positions read of a list of 600 statements, one word`);
});

test("the visitor's keys must name node types of the tree, and its values be functions", () => {
  assert.throws(() => walk(modern, { Identifer() {} }), { name: "TypeError", message: "walk: the visitor's `Identifer` names no node type of this tree" });
  assert.throws(() => walk(modern, { "Identifier:leave"() {} }), { name: "TypeError", message: /`Identifier:leave` names no node type/ });
  assert.throws(() => walk(modern, { Identifier: 1 }), { name: "TypeError", message: "walk: the visitor's `Identifier` is not a function" });
  assert.throws(() => walk(modern, null), TypeError);
  assert.throws(() => walk(modern, { constructor() {} }), TypeError);
  // (`undefined` values are no functions to call: left out, as an absent key.)
  walk(modern, { Identifier: undefined });
});

test("a class instance visits with its methods, the nearest of each, called on the instance", () => {
  // A class's methods are not enumerable: a walk that looked at `for…in`'s keys only visited nothing.
  class Counter {
    constructor() {
      this.seen = [];
    }
    note(node) {
      this.seen.push(`${node.type} ${node.start}`);
    }
    Identifier(node) {
      this.note(node);
    }
    "FunctionDeclaration:exit"(node) {
      this.note(node);
    }
  }
  class Rule extends Counter {
    // Nearer than Counter's: this one is called.
    Identifier(node) {
      this.note({ type: "Id", start: node.start });
    }
  }
  const expected = [];
  const literal = {
    Identifier: (node) => void expected.push(`Id ${node.start}`),
    "FunctionDeclaration:exit": (node) => void expected.push(`FunctionDeclaration ${node.start}`),
  };
  walk(modern, literal);
  assert.ok(expected.length > 2);
  const rule = new Rule();
  walk(modern, rule);
  assert.deepEqual(rule.seen, expected);
  const visited = new Rule();
  visit(deserialize(modern), visited);
  assert.deepEqual(visited.seen, expected);
  // An own key set to `undefined` hides the prototype's method, as `rule.Identifier` is undefined.
  const hidden = new Rule();
  hidden.Identifier = undefined;
  walk(modern, hidden);
  assert.deepEqual(hidden.seen, expected.filter((line) => !line.startsWith("Id ")));
  // A method of a node type's name that is no function is refused, as an own key is.
  class Broken {}
  Object.defineProperty(Broken.prototype, "Identifier", { value: 1 });
  assert.throws(() => walk(modern, new Broken()), { name: "TypeError", message: "walk: the visitor's `Identifier` is not a function" });
});

test("a walk sees only its own visitor's functions: none of an earlier walk's, none of a refused visitor's", () => {
  // The functions are kept in arrays made once, filled in for a walk and emptied after it. A
  // block lies on the way to the file's `debugger` statement: a walk of that statement alone
  // looks into blocks, and would call a function left for them.
  const called = [];
  const log = (name) => () => void called.push(name);
  walk(modern, { BlockStatement: log("first"), "BlockStatement:exit": log("first exit") });
  assert.ok(called.includes("first") && called.includes("first exit"));
  called.length = 0;
  assert.throws(() => walk(modern, { BlockStatement: log("refused"), Identifer: log("refused") }), TypeError);
  assert.throws(() => visit(deserialize(modern), { "BlockStatement:exit": log("refused exit"), Literal: 1 }), TypeError);
  walk(modern, { DebuggerStatement: log("debugger") });
  visit(deserialize(modern), { DebuggerStatement: log("debugger") });
  assert.deepEqual(called, ["debugger", "debugger"]);
});

test("a plain visitor with the last one's keys calls its own functions; any change to its keys or values is seen", () => {
  // A plain visitor with the last plain visitor's keys, in order, is set from what that one's keys
  // gave. Each walk's log is checked against `visit` with a visitor of the same functions that has
  // no prototype, which is never set that way and leaves what the last visitor was alone.
  const tree = deserialize(modern);
  const log = [];
  // Each key with a function that logs, or with `undefined` where `defined` is false.
  const entries = (tag, keys) => keys.map(([key, defined]) => [key, defined ? (node) => void log.push(`${tag} ${key} ${node.start}`) : undefined]);
  const check = (tag, keys) => {
    log.length = 0;
    walk(modern, Object.fromEntries(entries(tag, keys)));
    const walked = [...log];
    log.length = 0;
    visit(tree, Object.assign(Object.create(null), Object.fromEntries(entries(tag, keys))));
    assert.deepEqual(walked, log, `${tag}: ${keys.map(([key, defined]) => `${key}${defined ? "" : "=undefined"}`).join(", ")}`);
    return walked;
  };
  const id = ["Identifier", true], exit = ["FunctionDeclaration:exit", true], debug = ["DebuggerStatement", true];
  const first = check("first", [id, exit]);
  assert.ok(first.some((line) => line.startsWith("first Identifier")) && first.some((line) => line.startsWith("first FunctionDeclaration:exit")));
  // The same keys: the new functions are called, none of the last visitor's.
  assert.deepEqual(check("same", [id, exit]), first.map((line) => line.replace("first", "same")));
  // A value `undefined` where the last had a function, and the other way round: that type is not visited, then visited.
  assert.ok(!check("undefined", [["Identifier", false], exit]).some((line) => line.includes("Identifier")));
  assert.ok(check("defined", [id, exit]).some((line) => line.includes("Identifier")));
  // Keys in another order, fewer keys, more keys.
  check("swapped", [exit, id]);
  assert.ok(!check("fewer", [exit]).some((line) => line.includes("Identifier")));
  assert.ok(check("more", [exit, debug]).some((line) => line.includes("DebuggerStatement")));
  // A value that is no function, with the last visitor's keys: refused as ever.
  assert.throws(() => walk(modern, { "FunctionDeclaration:exit"() {}, DebuggerStatement: 1 }), { name: "TypeError", message: "walk: the visitor's `DebuggerStatement` is not a function" });
  check("after refused", [exit, debug]);
  // A getter that throws after a key was set from the last visitor's: the error comes through, and
  // the key's function is not left for the next walk.
  const stale = [];
  const throwing = { "FunctionDeclaration:exit": () => void stale.push("stale"), get DebuggerStatement() { throw new Error("from a getter"); } };
  assert.throws(() => walk(modern, throwing), { message: "from a getter" });
  // (A visitor without a prototype is set from its own keys alone: it would meet what was left.)
  walk(modern, Object.assign(Object.create(null), { DebuggerStatement() {} }));
  assert.deepEqual(stale, []);
  check("after throw", [debug]);
  // A few visitors in turn (a tool may walk each file with several), more of them than are kept,
  // two with one first key: each is set from what its own keys gave, or looked up afresh, and each
  // walk visits its own types, with its own plan, and none of the others'.
  const arrow = ["ArrowFunctionExpression", true], classes = ["ClassDeclaration", true], calls = ["CallExpression:exit", true];
  const turns = [[id, exit], [debug], [exit, id], [arrow], [classes, id], [calls], [id, debug]];
  for (let round = 0; round < 3; round++) {
    for (const [n, keys] of turns.entries()) {
      const walked = check(`turn ${n}`, keys);
      for (const [key] of keys) assert.ok(walked.some((line) => line.startsWith(`turn ${n} ${key} `)), `turn ${n}, round ${round}: ${key} visited`);
    }
  }
});

test("a visitor that throws leaves nothing half-done; walk and deserialize cannot be called from a visitor", () => {
  const failure = new Error("from the visitor");
  assert.throws(() => walk(modern, { Identifier() { throw failure; } }), (error) => error === failure);
  assert.throws(() => walk(modern, { Identifier() { walk(modern, {}); } }), { message: "walk: called from a visitor of another walk" });
  assert.throws(() => walk(modern, { Identifier() { deserialize(modern); } }), { message: /^deserialize: called from a visitor of a walk/ });
  // Everything works again, as before.
  const count = events(RULES.identifiers, TYPES);
  walk(modern, count.visitor);
  const again = events(RULES.identifiers, TYPES);
  visit(deserialize(modern), again.visitor);
  assert.equal(count.log.length, again.log.length);
});

test("a bad buffer is a RawastBufferError, where the walk reads it", () => {
  assert.throws(() => walk(modern.subarray(0, 40), { Identifier() {} }), RawastBufferError);
  assert.throws(() => walk(new Uint8Array(0), {}), RawastBufferError);
  // Each 8-aligned word of the buffer set past every offset in turn: where the walk reads it (a
  // pointer it follows, a tag it switches on), a RawastBufferError, and nothing else anywhere.
  const { buffer } = encodeScript("parser", "a; b(c); [d, ...e];");
  let refused = 0;
  for (let pos = 0; pos + 4 <= buffer.length; pos += 8) {
    const bad = Buffer.from(buffer);
    bad.writeUInt32LE(0xfffffff0, pos);
    try {
      walk(bad, { Identifier() {} });
    } catch (error) {
      assert.ok(error instanceof RawastBufferError, `at ${pos}: ${error}`);
      refused++;
    }
  }
  assert.ok(refused >= 5, `${refused} corrupted words refused`);
});

const deep = new URL("../target/deep/", import.meta.url);
test("trees 100,000 levels deep are walked whole, visited at the top or at the leaves", { skip: !existsSync(new URL("chain.parser.bin", deep)) && "target/deep is missing: `cargo test -p rawast-schema --test deep` writes it" }, () => {
  const chain = readFileSync(new URL("chain.parser.bin", deep));
  let identifiers = 0;
  walk(chain, { Identifier: () => identifiers++ });
  assert.equal(identifiers, 100_000);
  let binaries = 0;
  let exits = 0;
  walk(chain, { BinaryExpression: () => binaries++, "BinaryExpression:exit": () => exits++ });
  assert.deepEqual([binaries, exits], [99_999, 99_999]);
  const arrays = readFileSync(new URL("arrays.parser.bin", deep));
  let depth = 0;
  let deepest = 0;
  walk(arrays, { ArrayExpression: () => (deepest = Math.max(deepest, ++depth)), "ArrayExpression:exit": () => depth-- });
  assert.deepEqual([deepest, depth], [100_000, 0]);
  // A buffer whose shared pointers expand to 2^64 nodes: refused, within the budget.
  assert.throws(() => walk(readFileSync(new URL("shared.parser.bin", deep)), { Identifier() {} }), /takes the structs read past 2 ×/);
});

// The linter layout: nodes with `parent`, which holds the whole tree. A walk reads what could lead
// to a visited node; the first one met has the whole tree read and visited instead.

test("linter layout: walk visits what visit visits, every node with the tree's parent", () => {
  for (const file of ["tests/conformance/corpus/components.jsx", "tests/conformance/corpus/modern.mjs"]) {
    for (const { name, walked, visited } of walkAndVisit(linter, encodeFile("linter", file).buffer)) {
      // (The trees are two: nodes compared by type and span, the parent links each by its own.)
      const sameNode = (expected, actual) => (expected.type === actual.type && expected.start === actual.start && expected.end === actual.end ? null : `${actual.type} at ${actual.start} for ${expected.type} at ${expected.start}`);
      assert.equal(eventsDifference(visited.log, walked.log, sameNode), null, `${file}: rule ${name}`);
      for (const [, node] of walked.log) assert.ok(heldByParent(node), `${file}: rule ${name}: ${node.type} at ${node.start} is held by its parent`);
    }
  }
});

test("linter layout: a bad buffer is a RawastBufferError where the walk reads it, refused only where deserialize refuses it", () => {
  // Each 8-aligned word set past every offset in turn: a walk that meets a visited type reads the
  // whole tree, as deserialize does; one that meets none reads only what could lead to one.
  const { buffer } = encodeScript("linter", "a; b(c); [d, ...e]; if (f) { debugger; }");
  let refused = 0;
  for (let pos = 0; pos + 4 <= buffer.length; pos += 8) {
    const bad = Buffer.from(buffer);
    bad.writeUInt32LE(0xfffffff0, pos);
    let deserialized = true;
    try {
      linter.deserialize(bad);
    } catch (error) {
      assert.ok(error instanceof linter.RawastBufferError, `at ${pos}: deserialize: ${error}`);
      deserialized = false;
    }
    for (const visitor of [{ Identifier() {} }, { DebuggerStatement() {} }, { ImportDeclaration() {} }]) {
      try {
        linter.walk(bad, visitor);
      } catch (error) {
        assert.ok(error instanceof linter.RawastBufferError, `at ${pos}: walk: ${error}`);
        assert.ok(!deserialized, `at ${pos}: walk refused what deserialize read: ${error.message}`);
        refused++;
      }
    }
  }
  assert.ok(refused >= 5, `${refused} walks of corrupted words refused`);
});

test("linter layout: trees 100,000 levels deep, and the shared-pointer bomb", { skip: !existsSync(new URL("chain.linter.bin", deep)) && "target/deep is missing" }, () => {
  const chain = readFileSync(new URL("chain.linter.bin", deep));
  let identifiers = 0;
  let held = true;
  linter.walk(chain, {
    Identifier: (node) => {
      identifiers++;
      if (identifiers % 10_000 === 0) held &&= heldByParent(node);
    },
  });
  assert.equal(identifiers, 100_000);
  assert.ok(held);
  assert.throws(() => linter.walk(readFileSync(new URL("shared.linter.bin", deep)), { Identifier() {} }), /takes the structs read past 2 ×/);
  // (With no visited type there, the bomb is read as far as a walk reads: refused too.)
  assert.throws(() => linter.walk(readFileSync(new URL("shared.linter.bin", deep)), { EmptyStatement() {} }), linter.RawastBufferError);
  // A visitor of types with words (WALK_WORDS) and none of them in the source: the walk reads no
  // more than the program's span, and the bomb is never reached.
  linter.walk(readFileSync(new URL("shared.linter.bin", deep)), { DebuggerStatement: () => assert.fail("no debugger statement there") });
});

// The lazy target: the nodes a walk hands over are its lazy objects, which read the rest of their
// subtree through their getters, in the walk's own context, and stay usable after it.

test("lazy target: walk visits what the eager walk visits, node for node, and what visit visits on a lazy tree", () => {
  for (const buffer of [jsx, modern]) {
    const eagerWalks = walkAndVisit({ deserialize, visit, walk, VISITOR_KEYS }, buffer);
    const lazyWalks = walkAndVisit(lazy, buffer);
    for (const [i, { name, walked, visited }] of lazyWalks.entries()) {
      assert.ok(walked.log.length > 0 || name === "sparse", `rule ${name} visits something`);
      const sameNode = (expected, actual) => {
        try {
          assert.deepStrictEqual(lazy.materialize(actual), expected);
          return null;
        } catch (error) {
          return error.message.slice(0, 400);
        }
      };
      assert.equal(eventsDifference(eagerWalks[i].walked.log, walked.log, sameNode), null, `rule ${name}`);
      // (The lazy tree's nodes are other objects: compared with what the eager walk saw.)
      assert.equal(eventsDifference(eagerWalks[i].walked.log, visited.log, sameNode), null, `rule ${name}: visit of a lazy tree`);
    }
  }
});

test("lazy target: the nodes visited inside a node handed over are those its getters return", () => {
  const calls = [];
  const members = [];
  lazy.walk(modern, { CallExpression: (node) => calls.push(node), MemberExpression: (node) => members.push(node) });
  const callees = calls.map((call) => call.callee).filter((callee) => callee.type === "MemberExpression");
  assert.ok(callees.length > 0);
  for (const callee of callees) assert.ok(members.includes(callee), "a callee is visited as the very object its call's getter returns");
});

test("lazy target: nodes visited stay usable after the walk, and a visitor may read other trees", () => {
  // Kept nodes, read only after other buffers were walked and deserialized.
  const kept = [];
  lazy.walk(modern, { FunctionDeclaration: (node) => void kept.push(node) });
  assert.ok(kept.length > 0);
  const other = lazy.deserialize(jsx);
  lazy.walk(jsx, { Identifier() {} });
  const expected = [];
  walk(modern, { FunctionDeclaration: (node) => void expected.push(node) });
  assert.deepStrictEqual(kept.map((node) => lazy.materialize(node)), expected);
  // A visitor that reads another lazy tree's nodes, or deserializes another buffer, between the
  // walk's reads: the walk goes on in its own buffer.
  const names = [];
  let reads = 0;
  lazy.walk(modern, {
    Identifier(node) {
      names.push(node.name);
      // (Getters of the other tree: its context is made current.)
      reads += lazy.materialize(other.program.body).length;
      if (names.length % 7 === 0) lazy.deserialize(jsx).program.body[0].type;
    },
    "CallExpression:exit"() {
      lazy.deserialize(jsx).comments.length;
    },
  });
  const expectedNames = [];
  walk(modern, { Identifier: (node) => void expectedNames.push(node.name) });
  assert.deepEqual(names, expectedNames);
  assert.ok(reads > 0);
});

test("lazy target: a visitor that throws leaves nothing half-done; walk cannot be called from a visitor", () => {
  const failure = new Error("from the visitor");
  assert.throws(() => lazy.walk(modern, { Identifier() { throw failure; } }), (error) => error === failure);
  assert.throws(() => lazy.walk(modern, { Identifier() { lazy.walk(modern, {}); } }), { message: "walk: called from a visitor of another walk" });
  assert.throws(() => lazy.walk(modern, { Identifer() {} }), { name: "TypeError", message: "walk: the visitor's `Identifer` names no node type of this tree" });
  const count = events(RULES.identifiers, TYPES);
  lazy.walk(modern, count.visitor);
  const again = events(RULES.identifiers, TYPES);
  lazy.visit(lazy.deserialize(modern), again.visitor);
  assert.equal(count.log.length, again.log.length);
});

test("lazy target: a bad buffer is a RawastBufferError, where the walk or a visited node's getter reads it", () => {
  assert.throws(() => lazy.walk(modern.subarray(0, 40), { Identifier() {} }), lazy.RawastBufferError);
  const { buffer } = encodeScript("parser", "a; b(c); [d, ...e];");
  let refused = 0;
  for (let pos = 0; pos + 4 <= buffer.length; pos += 8) {
    const bad = Buffer.from(buffer);
    bad.writeUInt32LE(0xfffffff0, pos);
    try {
      lazy.walk(bad, { Identifier: (node) => node.name, ArrayExpression: (node) => lazy.materialize(node) });
    } catch (error) {
      assert.ok(error instanceof lazy.RawastBufferError, `at ${pos}: ${error}`);
      refused++;
    }
  }
  assert.ok(refused >= 5, `${refused} corrupted words refused`);
});

test("lazy target: trees 100,000 levels deep are walked whole", { skip: !existsSync(new URL("chain.parser.bin", deep)) && "target/deep is missing: `cargo test -p rawast-schema --test deep` writes it" }, () => {
  let identifiers = 0;
  lazy.walk(readFileSync(new URL("chain.parser.bin", deep)), { Identifier: () => identifiers++ });
  assert.equal(identifiers, 100_000);
  let depth = 0;
  let deepest = 0;
  lazy.walk(readFileSync(new URL("arrays.parser.bin", deep)), { ArrayExpression: () => (deepest = Math.max(deepest, ++depth)), "ArrayExpression:exit": () => depth-- });
  assert.deepEqual([deepest, depth], [100_000, 0]);
  assert.throws(() => lazy.walk(readFileSync(new URL("shared.parser.bin", deep)), { Identifier() {} }), /takes the structs read past 2 ×/);
});
