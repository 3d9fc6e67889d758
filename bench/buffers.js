// What every benchmark script needs before timing: acorn's AST of a file, and the rawast buffer the
// Rust producer (`encode`) writes for it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { Parser } from "acorn";
import jsx from "acorn-jsx";

import { toJson } from "../tests/conformance/estree-json.js";

const JsxParser = Parser.extend(jsx());

/** Whether `path` names a JSX file: JSX is chosen by extension, as the conformance harness does. */
export function isJsx(path) {
  return extname(path) === ".jsx";
}

/** acorn's AST (module, else script; acorn-jsx for a `.jsx` path) and the source type that worked. */
export function parseAcorn(source, path = "") {
  const parser = isJsx(path) ? JsxParser : Parser;
  for (const sourceType of ["module", "script"]) {
    try {
      return { sourceType, program: parser.parse(source, { ecmaVersion: "latest", sourceType }) };
    } catch {
      // next
    }
  }
  throw new Error("acorn rejects the file");
}

/** The buffer of `source` in `layout` (`parser` or `linter`), written by the `encode` binary. */
export function produceBuffer(encode, layout, source, program = parseAcorn(source).program) {
  const work = mkdtempSync(join(tmpdir(), "rawast-bench-"));
  try {
    writeFileSync(join(work, "in.json"), toJson({ source, program, comments: [] }));
    execFileSync(encode, ["--layout", layout, join(work, "in.json"), join(work, "out.bin")]);
    return readFileSync(join(work, "out.bin"));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
