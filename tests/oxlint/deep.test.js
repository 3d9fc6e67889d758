// The `oxlint-plugins` target on deep trees in the buffers Oxlint 1.91.0 writes: Oxlint parses each file,
// and a plugin (tests/oxlint/deep-plugin.js) reads the live buffer with the target, with the JS
// stack nearly full, walks the tree's spine without recursion and checks each level's `parent`.
// Each file names its spine: `NAME.TYPE.KEY.ext`.

import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { lintWithPlugin } from "./lint.js";
import { targetModule } from "../oxc/files.js";

const MODULE = fileURLToPath(targetModule("oxlint-plugins"));
// Depths Oxlint 1.91.0's Rust side survives with margin: it dies (SIGSEGV, with an 8 MiB stack)
// somewhere past 10,000 chained terms, 3,000 nested arrays or 1,000 class
// heritages, sooner than oxc-parser. The plugin calls the target with little stack left (`HEADROOM`
// frames), so these still run it out several times over.
const CASES = [
  ["plus.BinaryExpression.left.js", 5_000, (d) => `x = ${Array(d + 1).fill("a").join(" + ")};`],
  ["member.MemberExpression.object.js", 5_000, (d) => `x = a${".b".repeat(d)};`],
  ["arrays.ArrayExpression.elements.js", 1_500, (d) => `x = ${"[".repeat(d)}${"]".repeat(d)};`],
  ["heritage.ClassExpression.superClass.js", 500, (d) => `x = ${"class extends ".repeat(d)}a${" {}".repeat(d)};`],
  ["namespace.TSQualifiedName.left.ts", 5_000 - 1, (d) => `namespace ${Array(d + 1).fill("a").join(".")} {}`],
];

const skip = Number(process.versions.node.split(".")[0]) < 22 && "Oxlint's JS plugins are run here on Node 22 or later";

test("oxlint: trees of any depth in Oxlint's own buffers come back whole, each node's parent the one above", { skip }, () => {
  const dir = mkdtempSync(join(tmpdir(), "rawast-oxlint-deep-"));
  try {
    const files = CASES.map(([name, depth, source]) => {
      const file = join(dir, name);
      writeFileSync(file, source(depth));
      return file;
    });
    const plugin = new URL("./deep-plugin.js", import.meta.url).pathname;
    // One Oxlint per file: on one thread, Oxlint 1.91.0 dies linting these files together (each
    // alone it lints).
    for (const [index, [name, depth]] of CASES.entries()) {
      const { reports, unlinted } = lintWithPlugin([files[index]], plugin, "rawast-deep/spine", { RAWAST_OXLINT_MODULE: MODULE });
      assert.deepEqual(unlinted, [], name);
      const [{ levels, wrongParents, error }] = reports;
      assert.deepEqual({ levels, wrongParents, error }, { levels: depth, wrongParents: 0, error: undefined }, name);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
