// Reading is bounded by the buffer's size, whatever its pointers say: buffers of the estree fixture
// (generator/tests/fixtures/mapping/estree) written by hand with a pointer cycle, a subtree shared
// thousands of times, an exponentially shared tree, a string shared many times. Each is a
// `RawastBufferError` after reading the arena's worth of structs (or 4 times its worth of strings),
// while a tree of the same size without sharing reads whole. The timeouts only catch a hang.
import { test } from "node:test";
import assert from "node:assert/strict";

import { buffer, load } from "./handmade.js";

const fixture = await load("estree");
const { Program, Statement, ExpressionStatement, Expression, UnaryExpression, IdentifierReference, BlockStatement, Comment } = fixture.layout;
const eager = await fixture.module("parser");
const lazy = await fixture.module("lazy");
const deserializers = [
  ["parser", eager.deserialize, eager.RawastBufferError],
  ["lazy", (bytes) => lazy.materialize(lazy.deserialize(bytes)), lazy.RawastBufferError],
];

/** Writes a `Vec` (or `Str`) at `at`: pointer to `offset`, length `len`. */
function vec(out, at, offset, len) {
  out.pointer(at, offset);
  out.view.setUint32(at + 8, len, true);
}

/** Writes an `Expression` or `Statement` at `at`: the variant's tag and a `Box` to `offset`. */
function variant(out, type, at, tag, offset) {
  out.view.setUint8(at, type.variants[tag]);
  out.pointer(at + type.payload, offset);
}

/** A new identifier `x`, its name in the arena. */
function identifier(out) {
  const node = out.alloc(IdentifierReference.size, IdentifierReference.align);
  const name = out.alloc(1, 1);
  out.bytes[name] = "x".charCodeAt(0);
  vec(out, node + IdentifierReference.fields.name, name, 1);
  return node;
}

/** A new `x;` statement. */
function expressionStatement(out) {
  const node = out.alloc(ExpressionStatement.size, ExpressionStatement.align);
  variant(out, Expression, node + ExpressionStatement.fields.expression, "Identifier", identifier(out));
  return node;
}

/** A program whose body is `count` statements, made by `statement(out, at)` at each element. */
function program(count, statement, size) {
  return buffer(
    fixture,
    "Program",
    (out) => {
      const body = out.alloc(count * Statement.size, 8);
      vec(out, Program.fields.body, body, count);
      for (let i = 0; i < count; i++) statement(out, body + i * Statement.size);
    },
    size,
  );
}

function isOverBudget(RawastBufferError, what) {
  return (error) => error instanceof RawastBufferError && error.message.startsWith("corrupt rawast buffer: ") && error.message.includes(what);
}

for (const [name, deserialize, RawastBufferError] of deserializers) {
  const structs = isOverBudget(RawastBufferError, "takes the structs read past");

  test(`${name}: a node whose Box points back at itself is stopped, in a buffer of 1 MB`, { timeout: 60_000 }, () => {
    const bytes = program(
      1,
      (out, at) => {
        const statement = out.alloc(ExpressionStatement.size, ExpressionStatement.align);
        variant(out, Statement, at, "Expression", statement);
        const unary = out.alloc(UnaryExpression.size, UnaryExpression.align);
        variant(out, Expression, statement + ExpressionStatement.fields.expression, "Unary", unary);
        variant(out, Expression, unary + UnaryExpression.fields.argument, "Unary", unary);
        // 1 MB of zeros after the nodes: the budget allows 40,000 steps round the cycle, past the
        // depth where the eager deserializer defers (1,000), so its deferred values are bounded too.
        out.alloc(1 << 20, 8);
      },
      1 << 21,
    );
    assert.throws(() => deserialize(bytes), structs);
  });

  test(`${name}: 10,000 statements sharing one node are stopped; 10,000 nodes of their own are read`, { timeout: 60_000 }, () => {
    const count = 10_000;
    const shared = program(count, (out, at) => variant(out, Statement, at, "Expression", (out.shared ??= expressionStatement(out))), 1 << 20);
    assert.throws(() => deserialize(shared), structs);
    const own = program(count, (out, at) => variant(out, Statement, at, "Expression", expressionStatement(out)), 1 << 20);
    const result = deserialize(own);
    assert.equal(result.program.body.length, count);
    assert.equal(result.program.body[count - 1].expression.name, "x");
  });

  test(`${name}: blocks that each hold their inner block twice (2^40 statements) are stopped`, { timeout: 60_000 }, () => {
    const bytes = buffer(fixture, "Program", (out) => {
      // Innermost first: each block's body is two statements pointing at the block inside it.
      let inner = out.alloc(BlockStatement.size, BlockStatement.align);
      for (let level = 0; level < 40; level++) {
        const body = out.alloc(2 * Statement.size, 8);
        variant(out, Statement, body, "Block", inner);
        variant(out, Statement, body + Statement.size, "Block", inner);
        const block = out.alloc(BlockStatement.size, BlockStatement.align);
        vec(out, block + BlockStatement.fields.body, body, 2);
        inner = block;
      }
      const body = out.alloc(Statement.size, 8);
      variant(out, Statement, body, "Block", inner);
      vec(out, Program.fields.body, body, 1);
    });
    assert.throws(() => deserialize(bytes), structs);
  });

  /** A program whose 1,000 comments hold `bytes` each: their own copies, or one shared copy. */
  const comments = (bytes, ownStrings) =>
    buffer(
      fixture,
      "Program",
      (out) => {
        const count = 1000;
        const list = out.alloc(count * Comment.size, Comment.align);
        vec(out, Program.fields.comments, list, count);
        let text;
        for (let i = 0; i < count; i++) {
          if (ownStrings || text === undefined) {
            text = out.alloc(bytes.length, 1);
            out.bytes.set(bytes, text);
          }
          vec(out, list + i * Comment.size + Comment.fields.value, text, bytes.length);
        }
      },
      1 << 21,
    );
  const accents = new TextEncoder().encode("é".repeat(500));

  test(`${name}: 1,000 comments sharing one 1,000-byte string are stopped; strings of their own are read`, { timeout: 60_000 }, () => {
    assert.throws(() => deserialize(comments(accents, false)), isOverBudget(RawastBufferError, "takes the strings read past"));
    const result = deserialize(comments(accents, true));
    assert.equal(result.comments.length, 1000);
    assert.equal(result.comments[999].value, "é".repeat(500));
  });

  test(`${name}: a string that is not UTF-8 (nor WTF-8) is corrupt, at once`, () => {
    const bytes = Uint8Array.from(accents);
    bytes[600] = 0xff;
    assert.throws(() => deserialize(comments(bytes, false)), isOverBudget(RawastBufferError, "is not UTF-8 (from offset"));
    // A lone surrogate (ED A0 80) is WTF-8, what a producer writes for it; U+FFFD itself is text.
    const wtf8 = Uint8Array.from([0x61, 0xed, 0xa0, 0x80, 0xef, 0xbf, 0xbd, ...new TextEncoder().encode("z".repeat(30))]);
    assert.equal(deserialize(comments(wtf8, true)).comments[0].value, "a\uD800\uFFFD" + "z".repeat(30));
  });
}
