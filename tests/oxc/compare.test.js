// The comparator of the oxc conformance harness (tests/oxc/compare.js): each rule it is stricter
// than JSON about, and the path and detail of the first difference it reports.

import { test } from "node:test";
import assert from "node:assert/strict";
import { addParents, firstDifference } from "./compare.js";

test("equal trees have no difference", () => {
  const tree = () => ({
    type: "Program",
    body: [{ type: "Literal", value: 1n, raw: "1n" }, { type: "Literal", value: /a/gu, raw: "/a/gu" }, [[], [null]]],
    hashbang: null,
    start: 0,
    end: 9,
  });
  assert.equal(firstDifference(tree(), tree()), null);
  assert.equal(firstDifference(NaN, NaN), null);
  assert.equal(firstDifference({ value: NaN }, { value: 0 / 0 }), null);
});

test("key order is significant", () => {
  assert.equal(
    firstDifference({ body: [{ type: "Identifier", name: "a", start: 0 }] }, { body: [{ type: "Identifier", start: 0, name: "a" }] }),
    "key order at body[0]: [type,name,start] vs [type,start,name]",
  );
});

test("a key whose value is undefined differs from a missing key", () => {
  assert.equal(
    firstDifference({ type: "X", optional: undefined }, { type: "X" }),
    "keys at (root): missing [optional]; [type,optional] vs [type]",
  );
  assert.equal(
    firstDifference({ type: "X" }, { type: "X", optional: undefined }),
    "keys at (root): extra [optional]; [type] vs [type,optional]",
  );
  assert.equal(firstDifference({ a: undefined }, { a: null }), "a: undefined vs null");
});

test("BigInts are compared by value and kind", () => {
  assert.equal(firstDifference({ value: 10n }, { value: BigInt("10") }), null);
  assert.equal(firstDifference({ value: 10n }, { value: 11n }), "value: 10n vs 11n");
  assert.equal(firstDifference({ value: 10n }, { value: 10 }), "value: 10n vs 10");
  assert.equal(firstDifference({ value: 2n ** 70n }, { value: 2n ** 70n + 1n }), "value: 1180591620717411303424n vs 1180591620717411303425n");
});

test("RegExps are compared by source and flags", () => {
  assert.equal(firstDifference({ value: /a+/g }, { value: new RegExp("a+", "g") }), null);
  assert.equal(firstDifference({ value: /a+/g }, { value: /a+/i }), "value: RegExp /a+/g vs RegExp /a+/i");
  assert.equal(firstDifference({ value: /a+/g }, { value: /a*/g }), "value: RegExp /a+/g vs RegExp /a*/g");
  assert.equal(firstDifference({ value: /a/ }, { value: null }), "value: RegExp /a/ vs null");
  assert.equal(firstDifference({ value: null }, { value: /a/ }), "value: null vs RegExp /a/");
  assert.equal(firstDifference({ value: /a/ }, { value: { source: "a", flags: "" } }), "value: RegExp /a/ vs object [source,flags]");
  assert.equal(firstDifference({ value: null }, { value: null }), null);
});

test("numbers are compared with Object.is: -0 differs from 0, NaN equals NaN", () => {
  assert.equal(firstDifference({ value: -0 }, { value: 0 }), "value: -0 vs 0");
  assert.equal(firstDifference({ value: 0 }, { value: -0 }), "value: 0 vs -0");
  assert.equal(firstDifference({ value: NaN }, { value: NaN }), null);
  assert.equal(firstDifference({ value: NaN }, { value: 0 }), "value: NaN vs 0");
  assert.equal(firstDifference({ value: 1 }, { value: "1" }), 'value: 1 vs "1"');
});

test("nested arrays: lengths, elements and kinds", () => {
  assert.equal(firstDifference({ a: [[1, 2], [3]] }, { a: [[1, 2], [3, 4]] }), "array length at a[1]: 1 vs 2");
  assert.equal(firstDifference({ a: [[1, 2], [3, [4, [5]]]] }, { a: [[1, 2], [3, [4, [6]]]] }), "a[1][1][1][0]: 5 vs 6");
  assert.equal(firstDifference({ a: [] }, { a: {} }), "a: array(0) vs object []");
  assert.equal(firstDifference({ a: [null] }, { a: [undefined] }), "a[0]: null vs undefined");
});

test("the first difference in depth-first key order is reported", () => {
  const ours = { program: { body: [{ left: { name: "x" }, right: { name: "b" } }] }, comments: [{ value: "c" }] };
  const theirs = { program: { body: [{ left: { name: "a" }, right: { name: "y" } }] }, comments: [{ value: "d" }] };
  assert.equal(firstDifference(ours, theirs), 'program.body[0].left.name: "x" vs "a"');
});

test("prototypes must match", () => {
  assert.equal(firstDifference({ a: {} }, { a: Object.create(null) }), "prototype at a: Object vs null");
  class Node {}
  assert.equal(firstDifference([{}], [new Node()]), "prototype at [0]: Object vs Node");
});

test("keys that are not identifiers are quoted in the path", () => {
  assert.equal(firstDifference({ "a-b": { c: 1 } }, { "a-b": { c: 2 } }), '["a-b"].c: 1 vs 2');
});

test("long values are shortened", () => {
  const long = "x".repeat(500);
  const message = firstDifference({ value: long }, { value: `${long}y` });
  assert.ok(message.length < 150, message);
  assert.match(message, /^value: "x+… vs "x+…$/);
});

test("deep trees do not overflow the stack", () => {
  const deep = (depth, leaf) => {
    let node = { type: "Identifier", name: leaf };
    for (let i = 0; i < depth; i++) node = { type: "BinaryExpression", left: node, right: { type: "Literal", value: i } };
    return node;
  };
  assert.equal(firstDifference(deep(200_000, "a"), deep(200_000, "a")), null);
  const message = firstDifference(deep(200_000, "a"), deep(200_000, "b"));
  // 200,001 keys deep: the path keeps its two ends.
  assert.match(message, /^left(\.left){9}…\(199971 keys\)…(\.left){19}\.name: "a" vs "b"$/);
});

// oxc's `_parent` variants: the reference is given its parents by `addParents`, and a `parent` is
// compared by which object it points to, never walked into.
const withoutParents = () => ({
  program: {
    type: "Program",
    body: [{ type: "ExpressionStatement", expression: { type: "Identifier", name: "a" }, extra: { list: [{ type: "Identifier", name: "b" }] } }],
  },
  comments: [{ type: "Line", value: " c" }],
});

test("addParents gives each node the nearest node above it, as its last key, and comments none", () => {
  const data = addParents(withoutParents());
  const { program } = data;
  const [statement] = program.body;
  assert.equal(program.parent, null);
  assert.equal(statement.parent, program);
  assert.equal(statement.expression.parent, statement);
  // Through plain objects and arrays, to the nearest node.
  assert.equal(statement.extra.list[0].parent, statement);
  assert.equal(Object.hasOwn(statement.extra, "parent"), false);
  assert.deepEqual(Object.keys(statement.expression), ["type", "name", "parent"]);
  assert.equal(Object.hasOwn(data.comments[0], "parent"), false);
});

test("a parent is compared by the object it points to", () => {
  assert.equal(firstDifference(addParents(withoutParents()), addParents(withoutParents())), null);
  const wrong = addParents(withoutParents());
  wrong.program.body[0].expression.parent = wrong.program;
  assert.equal(
    firstDifference(addParents(withoutParents()), wrong),
    'program.body[0].expression.parent: {type: "Program", …}, not the counterpart of the reference\'s {type: "ExpressionStatement", …}',
  );
  const foreign = addParents(withoutParents());
  foreign.program.body[0].parent = addParents(withoutParents()).program;
  assert.match(firstDifference(addParents(withoutParents()), foreign), /^program\.body\[0\]\.parent: /);
});

test("a parent that is no object compared is a difference, even where both are undefined", () => {
  const outside = { type: "Program", parent: null };
  assert.match(firstDifference({ type: "X", parent: outside }, { type: "X", parent: undefined }), /^parent: undefined, not the counterpart/);
  assert.match(firstDifference({ type: "X", parent: undefined }, { type: "X", parent: undefined }), /^parent: undefined, not the counterpart/);
});
