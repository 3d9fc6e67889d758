// The lazy package's parser (generated/npm/lazy/index.js, target `lazy` of codegen.toml): its
// trees read as the eager package's do, for every fixture; a tree of a `parse` call is read from
// the buffer `parse` reuses, so the next call moves that buffer's memory away, and the old tree's
// unread parts throw a RawastBufferError instead of reading the next text's tree; a tree over a
// buffer of its own (`parseBuffer`) stays readable; `walkSource` visits what the eager tree holds.
//
//   rawast addon && node --test test/lazy.test.js

import assert from "node:assert/strict";
import { test } from "node:test";

import * as lazy from "../generated/npm/lazy/index.js";
import * as eager from "../generated/npm/parser/index.js";
import { fixtureTexts, outcome } from "./fixture-texts.js";

const texts = fixtureTexts();

test("the lazy parser's trees are the eager parser's, errors included", () => {
  let parsed = 0;
  for (const [name, text] of texts) {
    const expected = outcome(eager.parse, text);
    assert.deepEqual(outcome(lazy.parse, text), expected, name);
    assert.deepEqual(outcome((t) => lazy.deserialize(lazy.parseBuffer(t)), text), expected, name);
    if (expected.tree !== undefined) parsed++;
  }
  assert.ok(parsed > 10, `only ${parsed} fixtures parsed`);
});

test("a lazy tree of the call before throws a RawastBufferError where it is not read yet", () => {
  const first = lazy.parse('{"kept": [1, 2], "unread": {"deep": [true]}} // note');
  const value = first.document.value;
  const kept = value.members[0];
  assert.equal(kept.key.value, "kept");
  const second = lazy.parse("[3]");
  // What was read stays; what was not is refused, never read from the next text's tree.
  assert.equal(kept.key.value, "kept");
  assert.throws(() => value.members[1].value, lazy.RawastBufferError);
  // The comments beside the root are a list made at once, of comments read lazily.
  assert.throws(() => JSON.stringify(first.comments[0]), lazy.RawastBufferError);
  assert.deepEqual(JSON.parse(JSON.stringify(second.document.value.elements.map((e) => e.value))), [3]);
});

test("a lazy tree over a buffer of its own outlives later calls", () => {
  const text = '{"a": [1, {"b": null}]} /* c */';
  const own = lazy.deserialize(lazy.parseBuffer(text));
  for (let i = 0; i < 3; i++) lazy.parse(`[${i}]`);
  assert.equal(JSON.stringify(own), JSON.stringify(eager.parse(text)));
});

test("walkSource visits the nodes the tree holds", () => {
  for (const [name, text] of texts) {
    if (outcome(eager.parse, text).tree === undefined) continue;
    const expected = [];
    eager.visit(eager.parse(text), { BooleanLiteral: (node) => expected.push(node.value) });
    for (const parser of [eager, lazy]) {
      const visited = [];
      parser.walkSource(text, { BooleanLiteral: (node) => visited.push(node.value) });
      assert.deepEqual(visited, expected, `${name}: ${parser === lazy ? "lazy" : "eager"}`);
    }
  }
});
