// The `parser` target's VISITOR_KEYS (rawast's ESTree schema, from the model) against the keys the
// walkers of the field use: @typescript-eslint/visitor-keys (ESLint's keys and TS-ESLint's) and
// oxc-parser's `visitorKeys` (which oxc took from TS-ESLint). Every difference is computed here and
// must be of a kind listed below, each with its reason, checked on acorn's own output where it is a
// claim about acorn; a difference of no listed kind fails, and so does a listed one no longer found
// (the lists say what is true of these versions, not what once was).
//
// Output order: rawast's keys follow the order properties appear in the eager output (acorn's), so
// a walk by them meets a node's children in that order. TS-ESLint orders by source position: they
// part where acorn writes a later child first (a label after its body, a case's test after its
// consequent, a template's expressions before its quasis, an element's closing tag before its
// children).
import { test } from "node:test";
import assert from "node:assert/strict";
import { Parser } from "acorn";
import jsx from "acorn-jsx";
import { visitorKeys as typescriptEslintKeys } from "@typescript-eslint/visitor-keys";
import { visitorKeys as oxcKeys } from "oxc-parser";

import { VISITOR_KEYS } from "../generated/npm/parser/deserialize.js";

const JsxParser = Parser.extend(jsx());

/** TypeScript's properties (and decorators'), which acorn's JavaScript AST does not have. */
const TYPESCRIPT_KEYS = new Set(["decorators", "typeAnnotation", "typeArguments", "typeParameters", "returnType", "implements", "superTypeArguments"]);

/** Node types the others have and rawast's schema has not, beyond TypeScript's (`TS…`), and why. */
const THEIRS_ONLY = {
  ExperimentalRestProperty: { why: "ESLint's name for object rest before ES2018; no parser of today makes it", rejected: null },
  ExperimentalSpreadProperty: { why: "ESLint's name for object spread before ES2018; no parser of today makes it", rejected: null },
  JSXSpreadChild: { why: "acorn-jsx does not parse a spread child", rejected: "<a>{...b}</a>" },
  AccessorProperty: { why: "decorators' proposal (`accessor` fields), which acorn does not parse", rejected: "class A { accessor x = 1 }" },
  Decorator: { why: "decorators' proposal, which acorn does not parse", rejected: "@d class A {}" },
  V8IntrinsicExpression: { why: "oxc's extension for V8's `%Intrinsic()` calls", rejected: "%DebugPrint(a)" },
};

/** Node types rawast's schema has and the others have not, and why (acorn's options that make them). */
const OURS_ONLY = {
  ParenthesizedExpression: { why: "acorn makes it with `preserveParens` (oxc too, so oxc-parser lists it)", made: ["(a)", { preserveParens: true }] },
};

/** A snippet per node type where a difference is a claim about acorn's output: its keys' order, or keys the others lack. */
const SAMPLES = {
  ArrowFunctionExpression: "() => 1",
  LabeledStatement: "a: b;",
  SwitchCase: "switch (a) { case 1: b; }",
  TemplateLiteral: "`${a}`",
  JSXElement: "<a>b</a>",
  JSXFragment: "<>a</>",
  JSXOpeningElement: "<a b />",
  JSXOpeningFragment: "<></>",
};

/** The first node of type `type` in acorn's tree of `source` (JSX, a module). */
function acornNode(source, type, options = {}) {
  const stack = [JsxParser.parse(source, { ecmaVersion: "latest", sourceType: "module", ...options })];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== "object") continue;
    if (value.type === type) return value;
    stack.push(...Object.values(value).reverse());
  }
  throw new Error(`acorn makes no ${type} of ${JSON.stringify(source)}`);
}

function acceptsSource(source) {
  try {
    JsxParser.parse(source, { ecmaVersion: "latest", sourceType: "module" });
    return true;
  } catch {
    return false;
  }
}

/**
 * The differences of `theirs` from VISITOR_KEYS, each with its kind and reason; those of no known
 * kind have `why: null`.
 */
function differences(theirs) {
  const found = [];
  for (const [type, ours] of Object.entries(VISITOR_KEYS)) {
    const keys = theirs[type];
    if (keys === undefined) {
      const known = OURS_ONLY[type];
      found.push({ type, kind: "ours only", why: known?.why ?? null });
      continue;
    }
    const typescript = keys.filter((k) => TYPESCRIPT_KEYS.has(k));
    if (typescript.length > 0) found.push({ type, kind: "TypeScript's keys", keys: typescript, why: "rawast's ESTree schema is acorn's JavaScript" });
    const javascript = keys.filter((k) => !TYPESCRIPT_KEYS.has(k));
    for (const key of javascript.filter((k) => !ours.includes(k))) found.push({ type, kind: "theirs only", keys: [key], why: null });
    const extra = ours.filter((k) => !javascript.includes(k));
    if (extra.length > 0) found.push({ type, kind: "ours only", keys: extra, why: "acorn's node has it", sample: SAMPLES[type] ?? null });
    const common = ours.filter((k) => javascript.includes(k));
    if (common.join() !== javascript.filter((k) => ours.includes(k)).join()) {
      found.push({ type, kind: "order", keys: ours, why: "acorn's output order", sample: SAMPLES[type] ?? null });
    }
  }
  for (const type of Object.keys(theirs).filter((t) => !Object.hasOwn(VISITOR_KEYS, t))) {
    const why = type.startsWith("TS") ? "a TypeScript node" : (THEIRS_ONLY[type]?.why ?? null);
    found.push({ type, kind: "theirs only", why });
  }
  return found;
}

/** Checks each claim about acorn a difference makes; returns the differences as lines. */
function checkAgainstAcorn(found) {
  for (const difference of found) {
    assert.notEqual(difference.why, null, `${difference.type}: a difference of no known kind (${difference.kind}${difference.keys ? `: ${difference.keys.join(", ")}` : ""})`);
    if (difference.kind === "order" || (difference.kind === "ours only" && difference.keys)) {
      assert.notEqual(difference.sample, null, `${difference.type}: no sample to check its keys on acorn's output`);
      const node = acornNode(difference.sample, difference.type);
      const acornOrder = Object.keys(node).filter((k) => VISITOR_KEYS[difference.type].includes(k));
      assert.deepEqual(acornOrder, VISITOR_KEYS[difference.type], `${difference.type}: acorn's keys, in its order`);
    }
    if (difference.kind === "ours only" && !difference.keys) {
      const [source, options] = OURS_ONLY[difference.type].made;
      acornNode(source, difference.type, options);
    }
    if (difference.kind === "theirs only" && !difference.keys && THEIRS_ONLY[difference.type]?.rejected) {
      assert.equal(acceptsSource(THEIRS_ONLY[difference.type].rejected), false, `${difference.type}: acorn parses ${THEIRS_ONLY[difference.type].rejected}`);
    }
  }
  const typescriptNodes = found.filter((d) => d.why === "a TypeScript node").length;
  const lines = found.filter((d) => d.why !== "a TypeScript node").map((d) => `${d.type}: ${d.kind}${d.keys ? ` (${d.keys.join(", ")})` : ""}: ${d.why}`);
  return [...lines, `${typescriptNodes} TypeScript node types (TS…) theirs only`];
}

for (const [name, theirs] of [
  ["@typescript-eslint/visitor-keys", typescriptEslintKeys],
  ["oxc-parser's visitorKeys", oxcKeys],
]) {
  test(`VISITOR_KEYS differ from ${name} only as explained`, (t) => {
    const found = differences(theirs);
    for (const line of checkAgainstAcorn(found)) t.diagnostic(line);
  });
}

test("every explanation listed is of a difference found", () => {
  const found = [...differences(typescriptEslintKeys), ...differences(oxcKeys)];
  for (const type of [...Object.keys(THEIRS_ONLY), ...Object.keys(OURS_ONLY), ...Object.keys(SAMPLES)]) {
    assert.ok(found.some((d) => d.type === type && d.kind !== "TypeScript's keys"), `${type} is listed, but neither list differs from VISITOR_KEYS there`);
  }
});

test("a difference of no known kind fails", () => {
  const theirs = { ...typescriptEslintKeys, CallExpression: ["arguments", "callee"], Program: ["body", "directives"] };
  const unexplained = differences(theirs).filter((d) => d.why === null);
  assert.deepEqual(
    unexplained.map((d) => `${d.type} ${d.kind} ${d.keys?.join() ?? ""}`),
    ["Program theirs only directives"],
  );
  // (A reordering is a claim about acorn, checked on its output: `callee` comes first there.)
  const reordered = differences(theirs).find((d) => d.type === "CallExpression");
  assert.equal(reordered.kind, "order");
  assert.throws(() => checkAgainstAcorn([reordered]), /no sample/);
});
