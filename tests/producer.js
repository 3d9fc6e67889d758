// Buffers for the tests, from the Rust test producer (`target/debug/encode`, built by
// `cargo xtask conformance`, which `cargo xtask test` runs first): acorn parses a snippet as a
// script and a file as its extension says (tests/acorn.js), with its comments, and the producer
// writes the buffer of the layout asked for.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { parseFile, parseScript } from "./acorn.js";
import { toJson } from "./conformance/estree-json.js";

export const root = new URL("..", import.meta.url).pathname;
const encodeBin = join(root, "target/debug/encode");

/** acorn's AST and comments of the script `source`, and their JSON for a producer (`text`). */
export function scriptJson(source) {
  const { program, comments } = parseScript(source);
  return { text: toJson({ source, program, comments }), program, comments };
}

/** The `layout` (`parser` or `linter`) buffer of the script `source`, with acorn's AST and comments. */
export function encodeScript(layout, source) {
  return encode(layout, scriptJson(source));
}

/** The `layout` buffer of a file, by its path from the repository root, with acorn's AST and comments. */
export function encodeFile(layout, file) {
  const source = readFileSync(join(root, file), "utf8");
  const { program, comments } = parseFile(source, file);
  return encode(layout, { text: toJson({ source, program, comments }), program, comments });
}

function encode(layout, { text, program, comments }) {
  return { buffer: encodeJson(layout, text), program, comments };
}

/** The `layout` buffer the native producer writes of the producer's JSON `text` (`toJson`'s). */
export function encodeJson(layout, text) {
  assert.ok(existsSync(encodeBin), `${encodeBin} is missing: run \`cargo xtask conformance\` first`);
  const dir = mkdtempSync(join(tmpdir(), "rawast-test-"));
  try {
    writeFileSync(join(dir, "in.json"), text);
    execFileSync(encodeBin, ["--layout", layout, join(dir, "in.json"), join(dir, "out.bin")]);
    return readFileSync(join(dir, "out.bin"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
