// ASTs 100,000 levels deep (buffers written by `schema/tests/deep.rs` during `cargo test`): both
// deserializers return the whole tree, walked here without recursion.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { root } from "./producer.js";

import { deserialize as deserializeParser } from "../generated/npm/parser/deserialize.js";
import { deserialize as deserializeLinter } from "../generated/npm/linter/deserialize.js";
import { deserialize as deserializeLazy, materialize } from "../generated/npm/parser-lazy/deserialize.js";

const DEPTH = 100_000;
const dir = new URL("../target/deep/", import.meta.url);

function load(name) {
  const file = new URL(name, dir);
  assert.ok(existsSync(file), `${file.pathname} is missing: \`cargo test -p rawast-schema --test deep\` writes it`);
  return readFileSync(file);
}

// Name, buffer layout, deserializer, whether it reads the whole tree at once: the lazy target is
// checked materialized (with an explicit stack), and read through its getters (one level each).
const targets = [
  ["parser", "parser", deserializeParser, true],
  ["linter", "linter", deserializeLinter, true],
  ["parser-lazy materialized", "parser", (buffer) => materialize(deserializeLazy(buffer)), true],
  ["parser-lazy", "parser", deserializeLazy, false],
];

for (const [name, layout, deserialize, readsAll] of targets) {
  test(`${name}: a ${DEPTH}-term a+a+…+a chain comes back whole`, () => {
    const { program } = deserialize(load(`chain.${layout}.bin`));
    const statement = program.body[0];
    let node = statement.expression;
    let parent = statement;
    for (let term = DEPTH - 1; term >= 1; term--) {
      assert.equal(node.type, "BinaryExpression");
      assert.equal(node.end, 2 * term + 1);
      assert.equal(node.right.name, "a");
      if (layout === "linter") {
        assert.equal(node.parent, parent);
        assert.equal(node.right.parent, node);
      }
      parent = node;
      node = node.left;
    }
    assert.deepEqual([node.type, node.start, node.end, node.name], ["Identifier", 0, 1, "a"]);
  });

  test(`${name}: ${DEPTH} nested arrays come back whole`, () => {
    const { program } = deserialize(load(`arrays.${layout}.bin`));
    let node = program.body[0].expression;
    for (let level = 1; level < DEPTH; level++) {
      assert.equal(node.type, "ArrayExpression");
      assert.equal(node.elements.length, 1);
      const inner = node.elements[0];
      if (layout === "linter") assert.equal(inner.parent, node);
      node = inner;
    }
    assert.equal(node.elements.length, 0);
    assert.equal(node.start, DEPTH - 1);
  });

  if (readsAll) {
    test(`${name}: a buffer whose shared pointers expand to 2^64 nodes is refused`, () => {
      assert.throws(() => deserialize(load(`shared.${layout}.bin`)), /^RawastBufferError: corrupt rawast buffer: .* takes the structs read past 2 × the \d+ bytes the arena holds/);
    });
  }
}

test("the encode command writes a 100,000-term chain, and refuses JSON nested past 1,000,000 levels", () => {
  const dir = mkdtempSync(join(tmpdir(), "rawast-deep-"));
  const encode = (text) => {
    writeFileSync(join(dir, "in.json"), text);
    execFileSync(join(root, "target/debug/encode"), ["--layout", "parser", join(dir, "in.json"), join(dir, "out.bin")], { stdio: "pipe" });
    return readFileSync(join(dir, "out.bin"));
  };
  try {
    // `a+a+…+a`, as acorn gives it: each BinaryExpression's left is the chain before it.
    const source = Array(DEPTH).fill("a").join("+") + ";";
    let expression = '{"type":"Identifier","start":0,"end":1,"name":"a"}';
    const parts = [];
    for (let term = 1; term < DEPTH; term++) parts.push(`{"type":"BinaryExpression","start":0,"end":${2 * term + 1},"left":`);
    let text = parts.reverse().join("") + expression;
    for (let term = 1; term < DEPTH; term++) text += `,"operator":"+","right":{"type":"Identifier","start":${2 * term},"end":${2 * term + 1},"name":"a"}}`;
    const program = `{"type":"Program","start":0,"end":${source.length},"sourceType":"script","body":[{"type":"ExpressionStatement","start":0,"end":${source.length},"expression":${text}}]}`;
    const { program: tree } = deserializeParser(encode(`{"source":${JSON.stringify(source)},"program":${program}}`));
    assert.equal(tree.body[0].expression.end, source.length - 1);
    assert.throws(
      () => encode(`{"source":"","program":${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}}`),
      (error) => error.status === 1 && /the input nests arrays and objects more than 1000000 deep \(at byte 1000022\)/.test(error.stderr),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
