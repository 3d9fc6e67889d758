// The rule that gives the reference of the `-parent` oxc targets their parents (tests/oxc/compare.js,
// `addParents`: each node's `parent` is the nearest node above it) checked against oxc's own
// generated PARENT code where it ships: Oxlint 1.91.0 (built from oxc 0.157) deserializes with it,
// and a JS plugin walks what it made (tests/oxlint/parents-plugin.js). oxc-parser's `_parent`
// variants are the same generator's output with parentheses kept.

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";

import { root } from "../producer.js";

// Edge cases (decorators, JSX, strings), a large JS file, TS files, a TSX file and a declaration
// file; files Oxlint cannot parse get no plugin run (tests/oxc/corpus/types.ts). Oxlint never lints
// under node_modules: they are copied out first.
const FILES = [
  "tests/oxc/corpus/decorators.js",
  "tests/oxc/corpus/jsx.tsx",
  "node_modules/zod/src/v4/core/schemas.ts",
  "tests/conformance/corpus/strings.js",
  "node_modules/lodash/lodash.js",
  "node_modules/zod/src/v3/types.ts",
  "node_modules/@tanstack/react-router/src/link.tsx",
  "node_modules/typescript/lib/lib.es5.d.ts",
];

const skip = Number(process.versions.node.split(".")[0]) < 22 && "Oxlint's JS plugins are run here on Node 22 or later";

test("Oxlint's own PARENT code gives every node the nearest node above it, as addParents does", { skip }, () => {
  const dir = mkdtempSync(join(tmpdir(), "rawast-oxlint-"));
  try {
    for (const [i, file] of FILES.entries()) cpSync(join(root, file), join(dir, "files", `${i}-${basename(file)}`));
    const out = join(dir, "parents.jsonl");
    writeFileSync(out, "");
    const config = join(dir, ".oxlintrc.json");
    const plugin = new URL("./parents-plugin.js", import.meta.url).pathname;
    writeFileSync(config, JSON.stringify({ jsPlugins: [plugin], categories: { correctness: "off" }, rules: { "rawast-parents/check": "error" } }));
    try {
      execFileSync(process.execPath, [join(root, "node_modules/oxlint/bin/oxlint"), "-c", config, join(dir, "files")], { env: { ...process.env, RAWAST_PARENTS_OUT: out }, stdio: "pipe" });
    } catch (error) {
      // Oxlint exits 1 on diagnostics (parse errors of the edge-case files among them): the plugin's
      // report decides.
      if (error.status !== 1) throw error;
    }
    const reports = readFileSync(out, "utf8").trim().split("\n").filter(Boolean).map((line) => JSON.parse(line));
    assert.equal(reports.length, FILES.length, `a report for each file: ${reports.map((r) => r.file).join(", ")}`);
    for (const { file, nodes, wrong } of reports) {
      assert.ok(nodes > 10, `${file}: ${nodes} nodes`);
      assert.deepEqual(wrong, [], file);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
