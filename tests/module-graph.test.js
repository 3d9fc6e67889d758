// One module graph per target: `walk.js` imports `deserialize.js` and re-exports it, so a node, a
// class or an error is the same whichever of the two made it. Checked on the text of every
// generated module of the three configurations and of the generator's fixtures (each of walk.js's
// functions is its own, and every name it uses is defined or taken from `internalsForWalk()`) and on
// what the modules do (`materialize`, prototypes and `RawastBufferError` across the two entry
// points).
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";

import * as acorn from "acorn";
import { Linter } from "eslint";

import { encodeFile } from "./producer.js";
import { skipOxcParser } from "./oxc/files.js";

const MANIFESTS = ["generated/rawast-manifest.txt", "tests/oxc/generated/rawast-manifest.txt", "examples/jsonc/generated/rawast-manifest.txt"];

/** The directories of the targets with a walker, as paths from the repository's root. */
function walkerTargets() {
  return MANIFESTS.flatMap((manifest) =>
    readFileSync(manifest, "utf8")
      .split("\n")
      .filter((line) => line.endsWith("/walk.js"))
      .map((line) => join(dirname(manifest), dirname(line))),
  );
}

// The generator's fixtures' modules (their schemas' odd corners: SQL's joins, shapes, 64-bit
// integers, oxc's mini schema), as their snapshots hold them: `<target>__walk.js@…` beside its
// `<target>__deserialize.js@…`.
const SNAPSHOTS = ["snapshots/mapping", "snapshots/oxc_fixture"];

/** Each fixture target's pair of snapshots: `{ name, walk, deserialize }` (paths). */
function fixtureTargets() {
  return SNAPSHOTS.flatMap((dir) =>
    readdirSync(dir)
      .filter((name) => name.includes("__walk.js@"))
      .map((name) => ({ name: join(dir, name), walk: join(dir, name), deserialize: join(dir, name.replace("__walk.js@", "__deserialize.js@")) })),
  );
}

/** A module's text: a file's, or an insta snapshot's after its header. */
function text(file) {
  const content = readFileSync(file, "utf8");
  return file.endsWith(".snap") ? content.slice(content.indexOf("\n---\n") + 5) : content;
}

function parse(file) {
  return acorn.parse(text(file), { ecmaVersion: "latest", sourceType: "module" });
}

/** The functions and classes a module declares at its top level. */
function topLevelFunctions(program) {
  const names = [];
  for (let statement of program.body) {
    if (statement.type === "ExportNamedDeclaration" && statement.declaration !== null) statement = statement.declaration;
    if (statement.type === "FunctionDeclaration" || statement.type === "ClassDeclaration") names.push(statement.id.name);
  }
  return names;
}

/** The keys of the object `deserialize.js`'s `internalsForWalk()` returns, and the names `walk.js` takes from it. */
function internals(deserializeProgram, walkProgram) {
  const given = [];
  for (const statement of deserializeProgram.body) {
    if (statement.declaration?.id?.name !== "internalsForWalk") continue;
    const returned = statement.declaration.body.body.find((s) => s.type === "ReturnStatement");
    given.push(...returned.argument.properties.map((property) => property.key.name));
  }
  const taken = [];
  for (const statement of walkProgram.body) {
    const declarator = statement.type === "VariableDeclaration" ? statement.declarations[0] : null;
    if (declarator?.init?.type === "CallExpression" && declarator.init.callee.name === "internalsForWalk") taken.push(...declarator.id.properties.map((p) => p.key.name));
  }
  return { given, taken };
}

const GLOBALS = Object.fromEntries(["Buffer", "TextDecoder", "TextEncoder", "SharedArrayBuffer", "console", "process"].map((name) => [name, "readonly"]));

/** ESLint's findings on `file` with `rules`. */
function lint(file, rules) {
  const linter = new Linter();
  return linter.verify(text(file), { languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: GLOBALS }, rules }).map((m) => `${file}:${m.line}: ${m.message}`);
}

/**
 * Each target with a walker, generated or a fixture's: `{ name, walk, deserialize, fixture }`
 * (paths; `fixture`: a snapshot's, of a small schema whose walker may keep a module variable it
 * does not need, such as the depth of a walk that calls no walker of a field).
 */
function allTargets() {
  const generated = walkerTargets().map((dir) => ({ name: dir, walk: join(dir, "walk.js"), deserialize: join(dir, "deserialize.js"), fixture: false }));
  return [...generated, ...fixtureTargets().map((target) => ({ ...target, fixture: true }))];
}

test("each walk.js imports its deserialize.js, re-exports it, and writes none of its functions again", () => {
  const targets = allTargets();
  assert.ok(targets.length >= 25, `${targets.length} targets with a walker`);
  for (const { name: dir, walk, deserialize } of targets) {
    const deserializeProgram = parse(deserialize);
    const walkProgram = parse(walk);
    const sources = walkProgram.body.filter((s) => s.source).map((s) => `${s.type} ${s.source.value}`);
    assert.deepEqual(sources, ["ImportDeclaration ./deserialize.js", "ExportAllDeclaration ./deserialize.js"], dir);
    const { given, taken } = internals(deserializeProgram, walkProgram);
    assert.ok(given.length > 0, `${dir}: internalsForWalk()`);
    assert.deepEqual(taken, given, `${dir}: what walk.js takes is what deserialize.js gives`);
    // Its functions are the walker's: none is also the deserializer's, none builds a node.
    const deserializeFunctions = new Set(topLevelFunctions(deserializeProgram));
    const own = topLevelFunctions(walkProgram);
    assert.deepEqual(own.filter((name) => deserializeFunctions.has(name)), [], `${dir}: declared in both modules`);
    assert.deepEqual(own.filter((name) => name.startsWith("deserialize")), [], `${dir}: builders in walk.js`);
    assert.ok(!walkProgram.body.some((s) => s.type === "ClassDeclaration" || s.declaration?.type === "ClassDeclaration"), `${dir}: a class in walk.js`);
  }
});

test("every name each module uses is defined or imported, and walk.js uses all it takes", () => {
  const problems = [];
  for (const { deserialize, walk, fixture } of allTargets()) {
    problems.push(...lint(deserialize, { "no-undef": "error" }));
    const found = lint(walk, { "no-undef": "error", "no-unused-vars": ["error", { vars: "all", args: "none", caughtErrors: "none" }] });
    // (In a fixture's, what it takes from `internalsForWalk()`, and every name it uses.)
    const { taken } = internals(parse(deserialize), parse(walk));
    problems.push(...(fixture ? found.filter((p) => !p.includes("never used") || taken.some((name) => p.includes(`'${name}'`))) : found));
  }
  assert.deepEqual(problems, []);
});

test("rawast targets: nodes, classes and errors are the same from either entry point", async () => {
  const source = "tests/conformance/corpus/modern.mjs";
  for (const [name, layout] of [["parser", "parser"], ["linter", "linter"], ["parser-lazy", "parser"]]) {
    const dir = `../generated/npm/${name}`;
    const lean = await import(`${dir}/deserialize.js`);
    const full = await import(`${dir}/walk.js`);
    assert.equal(full.RawastBufferError, lean.RawastBufferError, name);
    assert.equal(full.deserialize, lean.deserialize, name);
    assert.equal(full.VISITOR_KEYS, lean.VISITOR_KEYS, name);
    const buffer = encodeFile(layout, source).buffer;
    const tree = lean.deserialize(buffer);
    const trees = [];
    full.walk(buffer, { Program: (node) => void trees.push(node) });
    assert.equal(trees.length, 1);
    const walked = trees[0];
    // The same class (lazy targets' nodes are instances of one per struct).
    assert.equal(Object.getPrototypeOf(walked), Object.getPrototypeOf(tree.program), name);
    const json = (value) => JSON.stringify(value, (key, v) => (key === "parent" ? undefined : typeof v === "bigint" ? `${v}n` : v));
    if (lean.materialize !== undefined) {
      // `materialize` of `deserialize.js` reads a node `walk.js` handed over: no lazy node is left.
      const plain = lean.materialize(walked);
      assert.equal(Object.getPrototypeOf(plain), Object.prototype);
      assert.equal(json(plain), json(lean.materialize(tree.program)));
      assert.equal(json(walked), json(plain), `${name}: toJSON`);
    } else {
      assert.equal(json(walked), json(tree.program), name);
    }
    // A bad buffer: the walk's error is the deserializer's class.
    const bad = buffer.slice();
    bad[bad.length - 36] ^= 0xff;
    assert.throws(() => full.walk(bad, { Identifier() {} }), lean.RawastBufferError);
  }
});

test("oxc targets: nodes, classes and errors are the same from either entry point", { skip: skipOxcParser }, async () => {
  const { withOxcBuffer } = await import("./oxc/oxc-buffer.js");
  const source = "@d(new X) export class A { m(a = this) { return a?.b; } }\nconst x = 1;\n";
  for (const name of ["oxc-ts", "oxc-js-parent"]) {
    const dir = existsSync(`tests/oxc/generated/js/${name}`) ? `./oxc/generated/js/${name}` : `./oxc/generated/npm/${name}`;
    const lean = await import(`${dir}/deserialize.js`);
    const full = await import(`${dir}/walk.js`);
    assert.equal(full.RawastBufferError, lean.RawastBufferError, name);
    withOxcBuffer(source, "a.ts", (buffer, text, start, length) => {
      const tree = lean.deserialize(buffer, text, start, length);
      const walked = [];
      full.walk(buffer, text, start, length, { ClassDeclaration: (node) => void walked.push(node) });
      assert.equal(walked.length, 1, name);
      assert.equal(Object.getPrototypeOf(walked[0]), Object.getPrototypeOf(tree.program.body[0].declaration), name);
      // (A source text whose length its bytes cannot have.)
      assert.throws(() => full.walk(buffer, "x", start, length, { Identifier() {} }), lean.RawastBufferError);
    });
  }
});
