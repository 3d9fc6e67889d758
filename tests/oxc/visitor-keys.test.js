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

import { VISITOR_KEYS as TS_KEYS } from "./generated/js/oxc-ts/deserialize.js";
import { VISITOR_KEYS as JS_KEYS } from "./generated/js/oxc-js/deserialize.js";

/** Keys of TypeScript's properties: oxc's JavaScript variants have none of them. */
const TYPESCRIPT_KEYS = new Set(["decorators", "typeAnnotation", "typeArguments", "typeParameters", "returnType", "implements", "superTypeArguments"]);

/**
 * Keys ours has and theirs has not, by node type, with a source whose node of that type oxc-parser
 * gives without a node there: the type shares a struct (and so its fields) with another, whose
 * field can hold nodes in a buffer, and oxc's parser leaves it empty for this type.
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
