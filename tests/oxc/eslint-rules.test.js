// A real linter's rules on the walker: ESLint's core rules whose visitors name node types (not
// selectors or code-path events) run by `walk` on oxc-parser's buffers, against the same rules run
// on oxc's own tree walked by oxc-parser's visitor keys. What a rule reports, and every node it is
// handed, must be the same. The rules read what they like of a node (its children, its `parent` and
// its parent's siblings where the target has parents), where tests/walk-rules.js's rules only log
// what they are handed. A rule that throws must throw the same error at the same node on both sides
// (most of those that do ask the rule context for tokens or scopes, which this context lacks).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { extname } from "node:path";

import { referenceEvents } from "../walk-rules.js";
import { addParents } from "./compare.js";
import { LANGS, skipOxcParser as skip } from "./files.js";

const require = createRequire(import.meta.url);

// A few sources of each kind, from the oxc corpora (tests/oxc/corpus-{js,ts}.txt): the handmade
// ones, TSX, TS, plain JS; 20-160 KB each, so that most rules find something to report.
const FILES = {
  ts: [
    "tests/oxc/corpus/types.ts",
    "tests/oxc/corpus/jsx.tsx",
    "node_modules/@tanstack/react-router/src/Match.tsx",
    "node_modules/@tanstack/router-core/src/utils.ts",
    "node_modules/entities/src/decode.ts",
    "node_modules/zod/src/v3/types.ts",
  ],
  js: ["tests/oxc/corpus/decorators.js", "node_modules/moment/moment.js", "node_modules/async/dist/async.js"],
};

// The targets: with parent links (whose walks build the whole tree at the first node of a visited
// type), and without (whose walks build only what is visited).
const TARGETS = [
  { dir: "npm/oxc-ts-range-parent", variant: "ts_range", files: FILES.ts, parents: true },
  { dir: "npm/oxc-js-range-parent", variant: "js_range", files: FILES.js, parents: true },
  { dir: "js/oxc-ts-range", variant: "ts_range", files: FILES.ts, parents: false },
];

function describeNode(node) {
  return node !== null && typeof node === "object" ? `${node.type} ${node.start}..${node.end}` : String(node);
}

/** The context `create` is given: the rule's options left out, the source's text, reports logged. */
function ruleContext(id, file, sourceText, log) {
  const sourceCode = {
    text: sourceText,
    lines: sourceText.split(/\r\n|[\r\n\u2028\u2029]/u),
    getText: (node, before = 0, after = 0) => (node ? sourceText.slice(Math.max(node.start - before, 0), node.end + after) : sourceText),
  };
  return {
    id,
    options: [],
    settings: {},
    languageOptions: { ecmaVersion: "latest", sourceType: "module", parserOptions: {} },
    parserOptions: {},
    filename: file,
    physicalFilename: file,
    cwd: process.cwd(),
    sourceCode,
    getSourceCode: () => sourceCode,
    report(descriptor) {
      const data = descriptor.data === undefined ? "" : JSON.stringify(descriptor.data, (_, v) => (v !== null && typeof v === "object" && "type" in v ? describeNode(v) : v));
      log.push(`report ${descriptor.messageId ?? descriptor.message} at ${describeNode(descriptor.node)} ${JSON.stringify(descriptor.loc ?? null)} ${data}`);
    },
  };
}

/**
 * The rule's visitor as `walk` takes it, each call logged, or null where a key is no node type nor
 * `Type:exit` (selectors, code-path events). `A, B` is split into `A` and `B`; a rule that would then
 * have two functions for one key is left out too (ESLint orders those by selector).
 */
function walkerVisitor(visitor, types, log) {
  const plain = {};
  for (const [key, fn] of Object.entries(visitor)) {
    for (const part of key.split(",").map((s) => s.trim())) {
      const [type, phase, more] = part.split(":");
      if (more !== undefined || (phase !== undefined && phase !== "exit") || !types.has(type) || part in plain) return null;
      plain[part] = (node) => {
        log.push(`${phase ?? "enter"} ${describeNode(node)}`);
        fn(node);
      };
    }
  }
  return Object.keys(plain).length === 0 ? null : plain;
}

/**
 * `visitor` run on a tree built, as ESLint traverses one (down, the children by `keys`, up): the
 * events of the conformance runs' reference walk (`referenceEvents`), each handed to its function
 * in order. (A rule's functions do not steer the traversal: the order is the tree's alone.)
 */
function visitTree(program, keys, visitor, types) {
  const rule = { enter: [], exit: [], skip: [] };
  for (const key of Object.keys(visitor)) {
    if (key.endsWith(":exit")) rule.exit.push(key.slice(0, -":exit".length));
    else rule.enter.push(key);
  }
  for (const [kind, node] of referenceEvents(program, keys, rule, types)) visitor[kind === "exit" ? `${node.type}:exit` : node.type](node);
}

/** The log of rule `id` run by `traverse(visitor)`, or null where it has no visitor a walk takes. */
function runRule(id, rule, file, sourceText, types, traverse) {
  const log = [];
  let visitor;
  try {
    visitor = walkerVisitor(rule.create(ruleContext(id, file, sourceText, log)), types, log);
  } catch {
    return null;
  }
  if (visitor === null) return null;
  try {
    traverse(visitor);
  } catch (error) {
    log.push(`threw ${error?.constructor?.name}: ${error?.message}`);
  }
  return log;
}

test("ESLint's core rules report the same, and are handed the same nodes, walked on the buffer as on oxc's tree", { skip }, async () => {
  const { builtinRules } = require("eslint/use-at-your-own-risk");
  const { visitorKeys } = require("oxc-parser");
  const { prepareRaw, returnBufferToCache } = await import("oxc-parser/src-js/raw-transfer/common.js");
  const { parseRawSync } = await import("oxc-parser/src-js/bindings.js");
  const rulesRun = new Set();
  let runs = 0,
    reports = 0;
  for (const target of TARGETS) {
    const walker = await import(`./generated/${target.dir}/walk.js`);
    const { deserialize } = await import(`oxc-parser/src-js/generated/deserialize/${target.variant}.js`);
    const types = new Set(Object.keys(walker.VISITOR_KEYS));
    for (const file of target.files) {
      const sourceText = readFileSync(file, "utf8");
      const { buffer, sourceStartPos, sourceByteLen } = prepareRaw(sourceText);
      try {
        parseRawSync(file, buffer.block, sourceStartPos, sourceByteLen, { lang: LANGS[extname(file)], sourceType: "module" });
        const tree = deserialize(buffer, sourceText, sourceStartPos, sourceByteLen);
        if (target.parents) addParents(tree);
        for (const [id, rule] of builtinRules) {
          const expected = runRule(id, rule, file, sourceText, types, (visitor) => visitTree(tree.program, visitorKeys, visitor, types));
          if (expected === null) continue;
          const actual = runRule(id, rule, file, sourceText, types, (visitor) => walker.walk(buffer, sourceText, sourceStartPos, sourceByteLen, visitor));
          const at = expected.findIndex((line, i) => actual[i] !== line);
          assert.ok(at < 0 && actual.length === expected.length, `${target.dir}, ${file}, rule ${id}: event ${at < 0 ? expected.length : at}: expected ${expected[at]}, got ${actual[at < 0 ? expected.length : at]}`);
          runs++;
          rulesRun.add(id);
          reports += expected.filter((line) => line.startsWith("report")).length;
        }
      } finally {
        returnBufferToCache(buffer);
      }
    }
  }
  // What the comparison stands on: most of ESLint's rules ran, and reported something.
  assert.ok(rulesRun.size > 150, `${rulesRun.size} rules ran`);
  assert.ok(reports > 1000, `${reports} reports`);
  console.log(`# ${rulesRun.size} rules, ${runs} runs, ${reports} reports`);
});
