// The JS mapping at run time: buffers of the small schemas of generator/tests/fixtures/mapping/,
// written here field by field from the layouts the generator computed (target/mapping/<fixture>/
// layout.json, which `cargo test` writes beside the deserializers), read back by their eager and
// lazy deserializers: span styles, discriminator keys, keys that are no identifiers, 64-bit integers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { buffer, load } from "./handmade.js";

function span(view, at, start, end) {
  view.setUint32(at, start, true);
  view.setUint32(at + 4, end, true);
}

test("shapes: `kind` discriminators, `range` spans, snake_case and quoted keys, a span as a value", async () => {
  const fixture = await load("shapes");
  const { Tree, Item, Level } = fixture.layout;
  const bytes = buffer(fixture, "Tree", ({ view, bytes, alloc, pointer }) => {
    span(view, Tree.fields.span, 0, 10);
    const text = alloc(2, 1);
    bytes.set([0x66, 0x6e], text); // "fn"
    pointer(Tree.fields.type, text);
    view.setUint32(Tree.fields.type + 8, 2, true);
    view.setUint8(Tree.fields.static, 1);
    span(view, Tree.fields.name_span, 2, 4);
    view.setUint32(Tree.fields.data_size, 7, true);
    const item = alloc(Item.size, Item.align);
    span(view, item + Item.fields.span, 5, 6);
    view.setUint8(item + Item.fields.level, Level.variants.High);
    pointer(Tree.fields.items, item);
    view.setUint32(Tree.fields.items + 8, 1, true);
  });
  const expected = {
    tree: {
      kind: "Tree",
      range: [0, 10],
      type: "fn",
      static: true,
      name_span: { start: 2, end: 4 },
      "data-size": 7,
      items: [{ kind: "Item", range: [5, 6], level: "high" }],
    },
  };
  const eager = (await fixture.module("parser")).deserialize(bytes);
  assert.equal(JSON.stringify(eager), JSON.stringify(expected));
  const lazy = await fixture.module("lazy");
  const tree = lazy.deserialize(bytes);
  assert.equal(tree.tree.kind, "Tree");
  assert.equal(tree.tree["data-size"], 7);
  assert.equal(JSON.stringify(lazy.materialize(tree)), JSON.stringify(expected));
  assert.deepEqual(lazy.VISITOR_KEYS, { Tree: ["items"], Item: [] });
});

test("objects: no discriminator, spans as objects under the span field's key, an optional box", async () => {
  const fixture = await load("objects");
  const { Document, Section } = fixture.layout;
  const withBody = buffer(fixture, "Document", ({ view, alloc, pointer }) => {
    span(view, Document.fields.span, 0, 9);
    view.setUint16(Document.fields.version, 3, true);
    const section = alloc(Section.size, Section.align);
    span(view, section + Section.fields.span, 1, 2);
    view.setInt8(section + Section.fields.depth, -2);
    pointer(Document.fields.body, section);
  });
  const withoutBody = buffer(fixture, "Document", ({ view }) => view.setUint16(Document.fields.version, 4, true));
  const expected = [
    { document: { loc: { start: 0, end: 9 }, version: 3, body: { span: { start: 1, end: 2 }, depth: -2 } } },
    { document: { loc: { start: 0, end: 0 }, version: 4, body: null } },
  ];
  for (const target of ["parser", "lazy"]) {
    const { deserialize, materialize = (value) => value } = await fixture.module(target);
    const results = [withBody, withoutBody].map((bytes) => JSON.stringify(materialize(deserialize(bytes))));
    assert.deepEqual(results, expected.map((value) => JSON.stringify(value)), target);
  }
});

test("int64: numbers exactly or a RawastBufferError, never rounded; bigints exactly", async () => {
  const fixture = await load("int64");
  const { Counts } = fixture.layout;
  const counts = (total, delta, maybe) =>
    buffer(fixture, "Counts", ({ view }) => {
      view.setBigUint64(Counts.fields.total, total, true);
      view.setBigInt64(Counts.fields.delta, delta, true);
      // `Option<u64>`: a tag (0: None), then the value.
      if (maybe !== null) {
        view.setUint8(Counts.fields.maybe, 1);
        view.setBigUint64(Counts.fields.maybe + 8, maybe, true);
      }
    });
  const numbers = await fixture.module("numbers");
  const safe = numbers.deserialize(counts(2n ** 53n - 1n, -(2n ** 53n - 1n), 5n)).program;
  assert.deepEqual([safe.total, safe.delta, safe.maybe], [Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 5]);
  assert.equal(numbers.deserialize(counts(0n, -5n, null)).program.maybe, null);
  // The error names the field (through an `Option` too) and the rule: past the safe integers, not
  // past what a number can hold (2^53 is one).
  for (const [bytes, field, value, bound] of [
    [counts(2n ** 53n, 0n, null), "Counts.total", "9007199254740992", "Number.MAX_SAFE_INTEGER"],
    [counts(0n, -(2n ** 53n), null), "Counts.delta", "-9007199254740992", "Number.MIN_SAFE_INTEGER"],
    [counts(0n, 0n, 2n ** 64n - 1n), "Counts.maybe", "18446744073709551615", "Number.MAX_SAFE_INTEGER"],
  ]) {
    assert.throws(
      () => numbers.deserialize(bytes),
      (error) =>
        error instanceof numbers.RawastBufferError &&
        error.message.startsWith(`${field} `) &&
        error.message.includes(` is ${value}, past ${bound}`) &&
        error.message.includes('int64 = "bigint"'),
    );
  }
  const bigints = await fixture.module("bigints");
  const exact = bigints.deserialize(counts(2n ** 64n - 1n, -(2n ** 63n), 2n ** 53n + 1n)).program;
  assert.deepEqual([exact.total, exact.delta, exact.maybe], [2n ** 64n - 1n, -(2n ** 63n), 2n ** 53n + 1n]);
});
