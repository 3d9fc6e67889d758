// The JS mapping at run time: buffers of the small schemas of generator/tests/fixtures/mapping/,
// written here field by field from the layouts the generator computed (target/mapping/<fixture>/
// layout.json, which `cargo test` writes beside the deserializers), read back by their eager and
// lazy deserializers: span styles, discriminator keys, keys that are no identifiers, 64-bit integers,
// visitor keys that reach nodes inside plain objects.
import { test } from "node:test";
import assert from "node:assert/strict";
import { buffer, load } from "./handmade.js";
import { walk } from "./support.js";

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
  assert.deepEqual(lazy.VISITOR_KEYS, { __proto__: null, Tree: ["items"], Item: [] });
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
  const { deserialize } = await fixture.module("parser");
  const results = [withBody, withoutBody].map((bytes) => JSON.stringify(deserialize(bytes)));
  assert.deepEqual(results, expected.map((value) => JSON.stringify(value)));
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

/**
 * A buffer of the `sql` fixture: two SELECTs whose nodes lie in every kind of plain object the
 * schema has (joins, VALUES rows, ORDER BY items, WHEN clauses, USING lists, hints), with how many
 * nodes were written. Each node gets a span of its own, so that nodes can be told apart.
 */
function sqlBuffer(fixture) {
  const L = fixture.layout;
  let nodes = 0;
  const bytes = buffer(
    fixture,
    "Script",
    ({ view, bytes, alloc, pointer }) => {
      const node = (at) => {
        nodes++;
        span(view, at, nodes, nodes + 1);
      };
      const str = (at, text) => {
        const offset = alloc(text.length, 1);
        bytes.set(new TextEncoder().encode(text), offset);
        pointer(at, offset);
        view.setUint32(at + 8, text.length, true);
      };
      const struct = (type, write) => {
        const at = alloc(L[type].size, L[type].align);
        write(at, L[type].fields);
        return at;
      };
      const vec = (at, type, items) => {
        const start = alloc(L[type].size * items.length, L[type].align);
        items.forEach((write, i) => write(start + i * L[type].size));
        pointer(at, start);
        view.setUint32(at + 8, items.length, true);
      };
      // A data enum's variant, boxed: `at` holds the tag and, at the payload offset, the pointer.
      const variant = (type, name, target) => (at) => {
        view.setUint8(at, L[type].variants[name]);
        pointer(at + L[type].payload, target);
      };
      // `Option<Expression>`'s `None` is the first tag no variant has.
      const none = (at) => view.setUint8(at, Object.keys(L.Expression.variants).length);
      const named = (type) => (text) => struct(type, (at, f) => (node(at), str(at + f.name, text)));
      const column = (text) => variant("Expression", "Column", named("Column")(text));
      const binary = (left, operator, right) =>
        variant(
          "Expression",
          "Binary",
          struct("BinaryExpression", (at, f) => {
            node(at);
            left(at + f.left);
            view.setUint8(at + f.operator, L.Operator.variants[operator]);
            right(at + f.right);
          }),
        );
      const caseWhen = (condition, result) =>
        variant(
          "Expression",
          "Case",
          struct("CaseExpression", (at, f) => {
            node(at);
            vec(at + f.whens, "When", [(when) => (condition(when + L.When.fields.condition), result(when + L.When.fields.result))]);
          }),
        );
      const join = (kind, table, on, using) => (at) => {
        const f = L.Join.fields;
        span(view, at + f.span, 90 + nodes, 91 + nodes);
        view.setUint8(at + f.kind, L.JoinKind.variants[kind]);
        pointer(at + f.table, named("Table")(table));
        (on ?? none)(at + f.on);
        if (using) pointer(at + f.using, struct("Using", (u, uf) => vec(u + uf.columns, "Column", using.map((text) => (c) => (node(c), str(c + L.Column.fields.name, text))))));
      };
      const select = (write) => (at) => {
        node(at);
        write(at, L.Select.fields);
      };
      const script = L.Script.fields;
      node(0);
      vec(script.statements, "Select", [
        select((at, f) => {
          vec(at + f.columns, "Expression", [column("a"), binary(column("b"), "Equal", column("c")), caseWhen(binary(column("d"), "Less", column("e")), column("f"))]);
          const values = struct("Values", (v, vf) => vec(v + vf.rows, "Row", [(row) => vec(row + L.Row.fields.cells, "Expression", [column("g"), column("h")])]));
          variant("Source", "Values", values)(at + f.from);
          vec(at + f.joins, "Join", [join("Inner", "t2", binary(column("x"), "Equal", column("y")), ["u"]), join("Left", "t3", null, null)]);
          binary(column("w"), "Less", column("v"))(at + f.where_clause);
          vec(at + f.order_by, "OrderItem", [(item) => (column("o")(item + L.OrderItem.fields.expression), view.setUint8(item + L.OrderItem.fields.descending, 1))]);
        }),
        select((at, f) => {
          vec(at + f.columns, "Expression", [column("z")]);
          variant("Source", "Table", named("Table")("t1"))(at + f.from);
          none(at + f.where_clause);
        }),
      ]);
      vec(script.hints, "Hint", [(hint) => (str(hint + L.Hint.fields.name, "index"), pointer(hint + L.Hint.fields.column, named("Column")("k")))]);
    },
    8192,
  );
  return { bytes, nodes };
}

test("sql: a walk by VISITOR_KEYS reaches every node, through plain objects that hold nodes", async () => {
  const fixture = await load("sql");
  const { bytes, nodes } = sqlBuffer(fixture);
  const eager = (await fixture.module("parser")).deserialize(bytes);
  const lazy = await fixture.module("lazy");
  // The fixture's node types: what an exhaustive walk of the plain objects counts as nodes.
  const NODE_TYPES = new Set(["Script", "Select", "BinaryExpression", "CaseExpression", "Column", "Table"]);
  const id = (node) => `${node.kind} ${node.span.start}`;
  const everyNode = [];
  const stack = [eager];
  while (stack.length > 0) {
    const value = stack.pop();
    if (NODE_TYPES.has(value.kind)) everyNode.push(id(value));
    for (const child of Object.values(value).reverse()) if (child !== null && typeof child === "object") stack.push(child);
  }
  assert.equal(everyNode.length, nodes);
  assert.ok(eager.script.statements[0].joins[0].kind === "Inner" && !NODE_TYPES.has("Inner"));
  for (const [what, result] of [
    ["lazy", lazy.deserialize(bytes)],
    ["eager", eager],
  ]) {
    const walked = [];
    for (const [key, value] of Object.entries(result)) walk(value, lazy.VISITOR_KEYS, (node) => walked.push(id(node)), { name: key, discriminator: "kind" });
    assert.deepEqual(walked, everyNode, what);
  }
  assert.equal(JSON.stringify(lazy.materialize(lazy.deserialize(bytes))), JSON.stringify(eager));
  // The generated walkers, in the buffer, the eager target's and the lazy one's: every node type
  // visited (the root built whole, then the hints; the lazy nodes' plain objects read through their
  // getters), or one type only (found through the plain objects without building them); and `visit`
  // of the lazy tree.
  const visitAll = (push) => Object.fromEntries([...NODE_TYPES].map((type) => [type, (node) => push(id(node))]));
  const lazyWalker = await fixture.walker("lazy");
  for (const module of [await fixture.walker("parser"), lazyWalker]) {
    const all = [];
    module.walk(bytes, visitAll((node) => all.push(node)));
    assert.deepEqual(all, everyNode);
    for (const type of NODE_TYPES) {
      const some = [];
      module.walk(bytes, { [type]: (node) => some.push(id(node)) });
      assert.deepEqual(some, everyNode.filter((node) => node.startsWith(`${type} `)), type);
    }
  }
  const visited = [];
  for (const value of Object.values(lazyWalker.deserialize(bytes))) lazyWalker.visit(value, visitAll((node) => visited.push(node)));
  assert.deepEqual(visited, everyNode);
});
