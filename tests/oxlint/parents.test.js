// The rule that gives the reference of the `-parent` oxc targets their parents (tests/oxc/compare.js,
// `addParents`: each node's `parent` is the nearest node above it) checked against oxc's own
// generated PARENT code where it ships: Oxlint 1.91.0 (built from oxc 0.157) deserializes with it,
// and a JS plugin walks what it made (tests/oxlint/parents-plugin.js). oxc-parser's `_parent`
// variants are the same generator's output with parentheses kept.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";

import { root } from "../producer.js";
import { lintWithPlugin } from "./lint.js";

// Edge cases (decorators, JSX, strings), a large JS file, TS files, a TSX file and a declaration
// file (Oxlint runs no plugin on a file it cannot parse, such as tests/oxc/corpus/types.ts).
const FILES = [
  "tests/oxc/corpus/decorators.js",
  "tests/oxc/corpus/jsx.tsx",
  "tests/conformance/corpus/strings.js",
  "node_modules/lodash/lodash.js",
  "node_modules/zod/src/v3/types.ts",
  "node_modules/zod/src/v4/core/schemas.ts",
  "node_modules/@tanstack/react-router/src/link.tsx",
  "node_modules/typescript/lib/lib.es5.d.ts",
].map((file) => join(root, file));

const skip = Number(process.versions.node.split(".")[0]) < 22 && "Oxlint's JS plugins are run here on Node 22 or later";

test("Oxlint's own PARENT code gives every node the nearest node above it, as addParents does", { skip }, () => {
  const plugin = new URL("./parents-plugin.js", import.meta.url).pathname;
  const { reports, unlinted } = lintWithPlugin(FILES, plugin, "rawast-parents/check");
  assert.deepEqual(unlinted, []);
  for (const { file, nodes, wrong } of reports) {
    assert.ok(nodes > 10, `${file}: ${nodes} nodes`);
    assert.deepEqual(wrong, [], file);
  }
});
