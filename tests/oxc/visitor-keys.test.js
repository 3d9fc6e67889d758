// The VISITOR_KEYS of oxc's targets (from the model of oxc's schema, its converters included)
// against oxc-parser's `visitorKeys` (which oxc took from TS-ESLint, because deriving them from its
// own types proved difficult) and @typescript-eslint/visitor-keys. Every difference is computed here
// and must be of a kind listed below, each with its reason, checked on oxc-parser's own output
// where it is a claim about it; a difference of no listed kind fails, and so does a listed one no
// longer found.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseSync, visitorKeys as oxcKeys } from "oxc-parser";
import { visitorKeys as typescriptEslintKeys } from "@typescript-eslint/visitor-keys";

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

import { captureBuffers, oxlintBuffer } from "../oxlint/lint.js";
import { root } from "../producer.js";
import { targetModule } from "./files.js";
import { skip, withOxcBuffer } from "./oxc-buffer.js";
import { VISITOR_KEYS as TS_KEYS } from "./generated/js/oxc-ts/deserialize.js";
import { VISITOR_KEYS as JS_KEYS } from "./generated/js/oxc-js/deserialize.js";

/** Keys of TypeScript's properties: oxc's JavaScript variants have none of them. */
const TYPESCRIPT_KEYS = new Set(["decorators", "typeAnnotation", "typeArguments", "typeParameters", "returnType", "implements", "superTypeArguments"]);

/**
 * Keys ours has and theirs has not, by node type, with a source whose node of that type oxc-parser
 * gives without a node there: the type shares a struct (and so its fields) with another, whose
 * field can hold nodes in a buffer, and oxc's parser leaves it empty for this type where the source
 * parses without errors (with errors it may not: `@d abstract m(): void` keeps its decorator, and
 * a walk visits it; tests/spans/corpus has both).
 */
const SHARED_STRUCT = {
  TSAbstractMethodDefinition: { keys: ["decorators"], source: "abstract class A { abstract m(): void }" },
  TSAbstractPropertyDefinition: { keys: ["value"], source: "abstract class A { abstract p: number }" },
  TSAbstractAccessorProperty: { keys: ["value"], source: "abstract class A { abstract accessor p: number }" },
  TSEmptyBodyFunctionExpression: { keys: ["body"], source: "class A { m(): void }" },
};

/** Node types theirs has and ours has not, beyond TypeScript's in the JS variants, and why. */
const THEIRS_ONLY = {
  TSParameterProperty: {
    why: "made by the JS of oxc's `FormalParameter` converter, not a struct of the schema: walks follow its values, in order",
    source: "class A { constructor(private readonly a = 1) {} }",
  },
  // TS-ESLint's names of nodes no parser of today makes.
  ExperimentalRestProperty: { why: "ESLint's name for object rest before ES2018", source: null },
  ExperimentalSpreadProperty: { why: "ESLint's name for object spread before ES2018", source: null },
  // TS-ESLint's modifier nodes, of the `modifiers` arrays its AST no longer has.
  ...Object.fromEntries(
    ["Abstract", "Async", "Declare", "Export", "Private", "Protected", "Public", "Readonly", "Static"].map((word) => [`TS${word}Keyword`, { why: "TS-ESLint's modifier node, of `modifiers` arrays its AST no longer has; oxc makes none", source: null }]),
  ),
};

/** Node types ours has and theirs has not, and why: each is checked on oxc-parser's output of `SAMPLES`. */
const OURS_ONLY = {
  Hashbang: "oxc's `Program.hashbang` node (`#!…`), which TS-ESLint's keys do not follow",
  ParenthesizedExpression: "oxc keeps parentheses (oxc-parser's `preserveParens`, on by default); TS-ESLint drops them",
  TSParenthesizedType: "oxc keeps parenthesized types (`preserveParens`); TS-ESLint drops them",
  V8IntrinsicExpression: "oxc's extension for V8's `%Intrinsic()` calls, which oxc-parser does not parse by default",
  TSJSDocNullableType: "oxc's JSDoc types (`?T`), which TS-ESLint does not have",
  TSJSDocNonNullableType: "oxc's JSDoc types (`!T`), which TS-ESLint does not have",
  TSJSDocUnknownType: "oxc's JSDoc types (`?`), which TS-ESLint does not have",
};
/** Sources where oxc-parser makes such a node (by default). */
const SAMPLES = { Hashbang: "#!/usr/bin/env node\na;", ParenthesizedExpression: "(a);", TSParenthesizedType: "type A = (string);", V8IntrinsicExpression: null };

/** The first node of type `type` in oxc-parser's tree of `source` (TypeScript, a module). */
function oxcNode(source, type) {
  const { program, errors } = parseSync("sample.ts", source, { lang: "ts", sourceType: "module" });
  assert.deepEqual(errors, [], `${JSON.stringify(source)} parses`);
  const stack = [program];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== "object") continue;
    if (value.type === type) return value;
    stack.push(...Object.values(value).reverse());
  }
  throw new Error(`oxc-parser makes no ${type} of ${JSON.stringify(source)}`);
}

/** The differences of `theirs` from `ours` (a target's VISITOR_KEYS), each with its kind and reason (`why: null`: none known). */
function differences(ours, theirs, typescript) {
  const found = [];
  for (const [type, keys] of Object.entries(ours)) {
    const their = theirs[type];
    if (their === undefined) {
      const why = OURS_ONLY[type] ?? null;
      found.push({ type, kind: "ours only", why });
      continue;
    }
    const missing = their.filter((k) => !keys.includes(k));
    const typescriptOnly = missing.filter((k) => !typescript && TYPESCRIPT_KEYS.has(k));
    if (typescriptOnly.length > 0) found.push({ type, kind: "TypeScript's keys", keys: typescriptOnly, why: "the JavaScript variant has no TypeScript properties" });
    for (const key of missing.filter((k) => !typescriptOnly.includes(k))) found.push({ type, kind: "theirs only", keys: [key], why: null });
    const extra = keys.filter((k) => !their.includes(k));
    if (extra.length > 0) {
      const shared = SHARED_STRUCT[type];
      const why = type === "Program" && extra.join() === "hashbang" ? "oxc's `Program.hashbang` node" : shared?.keys.join() === extra.join() ? "a struct shared with another type" : null;
      found.push({ type, kind: "ours only", keys: extra, why });
    }
    const common = keys.filter((k) => their.includes(k));
    if (common.join() !== their.filter((k) => keys.includes(k)).join()) found.push({ type, kind: "order", keys, why: null });
  }
  for (const type of Object.keys(theirs).filter((t) => !Object.hasOwn(ours, t))) {
    const why = !typescript && type.startsWith("TS") ? "a TypeScript node" : (THEIRS_ONLY[type]?.why ?? null);
    found.push({ type, kind: "theirs only", why });
  }
  return found;
}

/** Checks each claim about oxc-parser's output a difference makes; returns the differences as lines. */
function checkAgainstOxc(found, theirs) {
  for (const difference of found) {
    assert.notEqual(difference.why, null, `${difference.type}: a difference of no known kind (${difference.kind}${difference.keys ? `: ${difference.keys.join(", ")}` : ""})`);
    const shared = SHARED_STRUCT[difference.type];
    if (shared !== undefined && difference.kind === "ours only") {
      const node = oxcNode(shared.source, difference.type);
      for (const key of shared.keys) assert.ok(node[key] === null || (Array.isArray(node[key]) && node[key].length === 0), `${difference.type}.${key} holds no node in oxc-parser's output`);
    }
    const made = THEIRS_ONLY[difference.type];
    if (made?.source) {
      // Its properties, in oxc-parser's output order, are in the order of their keys: a walk that
      // follows its values visits what a walk by their keys does.
      const node = oxcNode(made.source, difference.type);
      assert.deepEqual(Object.keys(node).filter((k) => theirs[difference.type].includes(k)), theirs[difference.type], `${difference.type}: its values' order`);
    }
    if (SAMPLES[difference.type]) oxcNode(SAMPLES[difference.type], difference.type);
    if (difference.keys?.join() === "hashbang") assert.equal(oxcNode(SAMPLES.Hashbang, "Program").hashbang?.type, "Hashbang");
  }
  const typescriptNodes = found.filter((d) => d.why === "a TypeScript node").length;
  const lines = found.filter((d) => d.why !== "a TypeScript node").map((d) => `${d.type}: ${d.kind}${d.keys ? ` (${d.keys.join(", ")})` : ""}: ${d.why}`);
  return typescriptNodes > 0 ? [...lines, `${typescriptNodes} TypeScript node types (TS…) theirs only`] : lines;
}

const CASES = [
  ["oxc-ts", TS_KEYS, true, "oxc-parser's visitorKeys", oxcKeys],
  ["oxc-ts", TS_KEYS, true, "@typescript-eslint/visitor-keys", typescriptEslintKeys],
  ["oxc-js", JS_KEYS, false, "oxc-parser's visitorKeys", oxcKeys],
];

for (const [target, ours, typescript, name, theirs] of CASES) {
  test(`${target}'s VISITOR_KEYS differ from ${name} only as explained`, (t) => {
    for (const line of checkAgainstOxc(differences(ours, theirs, typescript), theirs)) t.diagnostic(line);
  });
}

test("every explanation listed is of a difference found", () => {
  const found = CASES.flatMap(([, ours, typescript, , theirs]) => differences(ours, theirs, typescript));
  for (const type of [...Object.keys(SHARED_STRUCT), ...Object.keys(THEIRS_ONLY), ...Object.keys(OURS_ONLY)]) {
    assert.ok(found.some((d) => d.type === type && d.why !== null), `${type} is listed, but no list differs from VISITOR_KEYS there`);
  }
});

test("a difference of no known kind fails", () => {
  const theirs = { ...oxcKeys, CallExpression: ["arguments", "callee"], Program: ["body", "directives"] };
  const unexplained = differences(TS_KEYS, theirs, true).filter((d) => d.why === null);
  assert.deepEqual(
    unexplained.map((d) => `${d.type} ${d.kind} ${d.keys?.join() ?? ""}`),
    ["Program theirs only directives", "CallExpression ours only typeArguments", "CallExpression order callee,typeArguments,arguments"],
  );
  assert.throws(() => checkAgainstOxc(unexplained, theirs), /no known kind/);
});

// Each variant's VISITOR_KEYS against that variant's own output: what its `.d.ts` declares, and the
// nodes it makes of a corpus. A key that its nodes never have (a TypeScript key in a JavaScript
// variant, Oxlint's `Program.hashbang`) and a node type it never makes (Oxlint's parentheses, which
// its converters drop) are the model's mistakes (`model::oxc`, the converters' JS as the variant
// runs it). The JavaScript variants read TypeScript too (oxc-parser's `astType: "js"`), and then
// make TypeScript's nodes: their types, and the keys their structs have (`TSIndexSignatureName`,
// an `Identifier` with a `typeAnnotation`), are the JavaScript variants' as well.

/** The targets of tests/oxc/codegen.toml. */
const VARIANTS = ["oxc-js", "oxc-ts", "oxc-js-range", "oxc-ts-range", "oxc-js-parent", "oxc-ts-parent", "oxc-js-range-parent", "oxc-ts-range-parent", "oxc-js-buffer-text", "oxlint-plugins"];

/** Files whose nodes, of every variant, have every key and node type VISITOR_KEYS lists (one of each at least). */
const CORPUS = [
  "tests/oxc/corpus/decorators.js",
  "tests/oxc/corpus/jsx.tsx",
  "tests/oxc/corpus/types.ts",
  "tests/oxc/corpus/rare.ts",
  "tests/oxc/corpus/with.cjs",
  "tests/conformance/corpus/components.jsx",
  "tests/conformance/corpus/modern.mjs",
  "node_modules/typescript/lib/lib.es5.d.ts",
  "node_modules/zod/src/v3/types.ts",
  "node_modules/@tanstack/react-router/src/link.tsx",
].map((file) => join(root, file));

/**
 * The properties of each node type a target's `.d.ts` declares: those of the types of its `Node`
 * union whose `type` is that type (inherited ones too).
 */
function declaredKeys(dts) {
  const program = ts.createProgram([dts], { strict: true, noEmit: true, types: [] });
  const checker = program.getTypeChecker();
  const exported = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(dts)));
  const node = checker.getDeclaredTypeOfSymbol(exported.find((symbol) => symbol.name === "Node"));
  const keys = new Map();
  for (const member of node.isUnion() ? node.types : [node]) {
    const type = member.getProperty("type");
    if (type === undefined) continue;
    const typeType = checker.getTypeOfSymbol(type);
    for (const literal of typeType.isUnion() ? typeType.types : [typeType]) {
      if (!literal.isStringLiteral()) continue;
      if (!keys.has(literal.value)) keys.set(literal.value, new Set());
      for (const property of checker.getPropertiesOfType(member)) keys.get(literal.value).add(property.name);
    }
  }
  return keys;
}

/**
 * The nodes of `roots` (by `types`, the node types: objects whose `type` is one), each type's own
 * data properties (Oxlint's getters left out; `parent` too), and of those the ones that hold a node
 * (a node, or an array or plain object holding one).
 */
function seenKeys(roots, types) {
  const keys = new Map();
  const holding = new Map();
  const isNode = (value) => value !== null && typeof value === "object" && !Array.isArray(value) && types.has(value.type);
  const holdsNode = (value, depth = 0) =>
    value !== null && typeof value === "object" && depth < 4 && (isNode(value) || Object.values(value).some((item) => holdsNode(item, depth + 1)));
  const stack = [...roots];
  const seen = new Set();
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== "object" || seen.has(value)) continue;
    seen.add(value);
    const node = isNode(value);
    if (node && !keys.has(value.type)) {
      keys.set(value.type, new Set());
      holding.set(value.type, new Set());
    }
    for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(value))) {
      if (!("value" in descriptor) || key === "parent") continue;
      if (node) {
        keys.get(value.type).add(key);
        if (holdsNode(descriptor.value)) holding.get(value.type).add(key);
      }
      stack.push(descriptor.value);
    }
  }
  return { keys, holding };
}

/** The programs `target` makes of `CORPUS`: as oxc-parser's buffers give them, or Oxlint's. */
async function corpusTrees(target) {
  const { deserialize } = await import(targetModule(target));
  if (target.startsWith("oxlint")) {
    // (Oxlint runs no plugin on types.ts: tests/oxlint/parents.test.js.)
    const { captured, unlinted } = captureBuffers(CORPUS);
    assert.deepEqual(unlinted, [join(root, "tests/oxc/corpus/types.ts")]);
    const buffer = oxlintBuffer(captured[0].length);
    return captured.map(({ region, start }) => {
      buffer.set(region, start);
      const program = deserialize(buffer);
      buffer.fill(0, start, start + region.length);
      return program;
    });
  }
  return CORPUS.map((file) => withOxcBuffer(readFileSync(file, "utf8"), file, (...args) => deserialize(...args).program));
}

/** Node types no file of `CORPUS` can give, and why. */
const UNMADE = { V8IntrinsicExpression: "oxc-parser parses V8's `%Intrinsic()` calls only with an option of its Rust API" };

for (const target of VARIANTS) {
  test(`${target}'s VISITOR_KEYS list only what its output has: the keys and node types of its .d.ts and of its nodes`, { skip }, async () => {
    const { VISITOR_KEYS } = await import(targetModule(target));
    const dts = fileURLToPath(targetModule(target)).replace(/\.js$/, ".d.ts");
    const declared = declaredKeys(dts);
    const problems = [];
    for (const [type, keys] of Object.entries(VISITOR_KEYS)) {
      if (!declared.has(type)) problems.push(`${type}: no node type of the .d.ts`);
      for (const key of keys) if (declared.has(type) && !declared.get(type).has(key)) problems.push(`${type}.${key}: no property of the .d.ts's ${type}`);
    }
    const { keys: seen, holding } = seenKeys(await corpusTrees(target), new Set(Object.keys(VISITOR_KEYS)));
    for (const [type, keys] of Object.entries(VISITOR_KEYS)) {
      if (!seen.has(type)) {
        if (!Object.hasOwn(UNMADE, type)) problems.push(`${type}: no node of the corpus`);
        continue;
      }
      for (const key of keys) if (!seen.get(type).has(key)) problems.push(`${type}.${key}: on no node of the corpus`);
    }
    // And the other way: what holds a node is listed.
    for (const [type, keys] of holding) for (const key of keys) if (!VISITOR_KEYS[type].includes(key)) problems.push(`${type}.${key}: holds a node, not listed`);
    assert.deepEqual(problems, []);
  });
}
