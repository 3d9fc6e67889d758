// Run by `cargo xtask package` inside a fresh project where only the packed package is installed, as a
// new user would have it: `node smoke.js PACKAGE BUFFER.bin`. Deserializes the buffer of
// tests/package/sample.js, checks a few nodes, and checks that a buffer of another layout is refused.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

const [name, bufferPath] = process.argv.slice(2);
const { deserialize } = await import(name);
const meta = JSON.parse(readFileSync(new URL(`node_modules/${name}/package.json`, import.meta.url), "utf8")).rawast;

const bytes = new Uint8Array(readFileSync(bufferPath));
const { program, comments } = deserialize(bytes);

assert.equal(program.type, "Program");
assert.equal(program.sourceType, "module");
assert.equal(program.body.length, 2);
const [declaration, exported] = program.body;
assert.equal(declaration.type, "VariableDeclaration");
assert.equal(declaration.declarations[0].id.name, "answer");
assert.equal(declaration.declarations[0].init.operator, "*");
assert.equal(declaration.declarations[0].init.right.value, 7);
assert.equal(exported.type, "ExportNamedDeclaration");
const greet = exported.declaration;
assert.equal(greet.id.name, "greet");
const template = greet.body.body[0].argument;
assert.equal(template.type, "TemplateLiteral");
assert.equal(template.quasis[0].value.cooked, "héllo, ");
assert.deepEqual(comments.map((c) => [c.type, c.value]), [["Line", " rawast package smoke test"]]);
if (meta.sourcePlacement === "end") {
  assert.equal(program.parent, null);
  assert.equal(declaration.parent, program);
  assert.equal(template.parent, greet.body.body[0]);
}

// The same buffer claiming another layout fingerprint: refused, naming both fingerprints.
const foreign = bytes.slice();
const fingerprintLow = foreign.length - 36 + 8;
foreign[fingerprintLow] ^= 0xff;
assert.throws(() => deserialize(foreign), (error) => error instanceof Error && error.message.includes(meta.layoutFingerprint) && /fingerprint [0-9a-f]{16}/.test(error.message));

console.log(`ok ${name} on Node ${process.version}`);
