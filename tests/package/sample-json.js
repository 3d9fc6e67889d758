// Writes acorn's ESTree JSON of tests/package/sample.js to the path given, for the `encode` binary:
// the input of the buffers `cargo xtask package` smoke-tests the installed packages with.
import { readFileSync, writeFileSync } from "node:fs";
import { Parser } from "acorn";

import { toJson } from "../conformance/estree-json.js";

const [output] = process.argv.slice(2);
if (!output) {
  console.error("usage: node tests/package/sample-json.js OUT.json");
  process.exit(2);
}
const source = readFileSync(new URL("sample.js", import.meta.url), "utf8");
const comments = [];
const program = Parser.parse(source, { ecmaVersion: "latest", sourceType: "module", onComment: comments });
writeFileSync(output, toJson({ source, program, comments }));
