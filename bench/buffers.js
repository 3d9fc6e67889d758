// What the benchmark scripts need before timing a file of rawast's format: the buffer the Rust
// producer (`encode`) writes for it. acorn's AST of a file comes from tests/acorn.js, as for
// conformance.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { toJson } from "../tests/conformance/estree-json.js";

/**
 * The buffer of `source` (acorn's `program` of it) in `layout` (`parser` or `linter`), written by
 * the `encode` binary. Without its comments: the benchmark times the program's nodes.
 */
export function produceBuffer(encode, layout, source, program) {
  const work = mkdtempSync(join(tmpdir(), "rawast-bench-"));
  try {
    writeFileSync(join(work, "in.json"), toJson({ source, program, comments: [] }));
    execFileSync(encode, ["--layout", layout, join(work, "in.json"), join(work, "out.bin")]);
    return readFileSync(join(work, "out.bin"));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
