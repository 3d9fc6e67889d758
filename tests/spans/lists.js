// The corpus lists of the conformance harnesses (tests/oxc/corpus-js.txt, tests/conformance/corpus.txt):
// a path a line, relative to the repository root, `#` comments.

import { readFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = new URL("../../", import.meta.url).pathname;

/** The paths of the corpus list `list`, absolute. */
export function readList(list) {
  return readFileSync(list, "utf8")
    .split("\n")
    .map((line) => line.replace(/#.*/, "").trim())
    .filter((path) => path !== "")
    .map((path) => join(ROOT, path));
}
