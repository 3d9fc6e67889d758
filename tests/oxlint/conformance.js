// Conformance of a target with `linter = true` (tests/oxc/codegen.toml) against Oxlint 1.91.0's own
// deserializer, on the buffers Oxlint itself writes: Oxlint lints the files (copied out of
// node_modules, which it never lints) with one JS plugin, tests/oxlint/conformance-plugin.js, which
// reads each file's live buffer with the target while the file is linted and compares the tree with
// `context.sourceCode.ast` (keys, values, every node's `parent` and `loc`, comments and tokens).
// Oxlint runs JS plugins only on files it can parse: the others are counted apart.
//
// node tests/oxlint/conformance.js --target-json JSON FILE_OR_DIR... (run by `cargo xtask conformance`)
// The last line is `conformance: F files, M mismatches`; exits 1 on any mismatch or error.

import { resolve } from "node:path";

import { usageError } from "../command-line.js";
import { targetAndPaths } from "../targets.js";
import { collectFiles, kindOf } from "../oxc/files.js";
import { lintWithPlugin } from "./lint.js";

const USAGE = "node tests/oxlint/conformance.js --target-json JSON FILE_OR_DIR... (run by `cargo xtask conformance --target oxlint-plugins`)";
const PLUGIN = new URL("./conformance-plugin.js", import.meta.url).pathname;

function commandLine() {
  const { target, paths } = targetAndPaths(USAGE);
  if (target.format !== "oxc" || !target.linter) usageError(USAGE, `${target.name} does not read Oxlint's buffers (linter = true)`);
  return { target, paths };
}

function main() {
  const { target, paths } = commandLine();
  const files = collectFiles(paths, (message) => usageError(USAGE, message));
  const started = performance.now();
  const { reports, unlinted } = lintWithPlugin(files, PLUGIN, "rawast-conformance/compare", {
    RAWAST_OXLINT_MODULE: resolve(target.module),
    ...(target.walkModule !== null && { RAWAST_OXLINT_WALK_MODULE: target.walkModule }),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  let mismatches = 0;
  for (const { file, difference, error } of reports) {
    if (error !== undefined) {
      mismatches++;
      console.log(`ERROR ${file}: ${target.name} threw: ${error}`);
    } else if (difference !== null) {
      mismatches++;
      console.log(`MISMATCH ${file}: ${difference}`);
    }
  }
  const count = (list) => {
    const kinds = new Map();
    for (const file of list) kinds.set(kindOf(file), (kinds.get(kindOf(file)) ?? 0) + 1);
    return [...kinds].sort().map(([kind, n]) => `${kind} ${n}`).join(", ") || "none";
  };
  console.log(
    `${target.name} against Oxlint 1.91.0's deserializer on its own buffers: linted ${count(reports.map((report) => report.file))}; ` +
      `not linted (Oxlint runs no JS plugin on a file it cannot parse) ${count(unlinted)}; ${seconds} s`,
  );
  // A command contract (DESIGN.md) that `cargo xtask conformance` parses: "files" and "mismatches" whatever the counts.
  console.log(`conformance: ${reports.length} files, ${mismatches} mismatches`);
  if (reports.length === 0) {
    console.error("no file was compared");
    process.exitCode = 1;
  }
  if (mismatches > 0) process.exitCode = 1;
}

main();
