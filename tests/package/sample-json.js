// Parses tests/package/sample.js with acorn and writes, for `cargo xtask package`, the input of the
// `encode` binary (`{ source, program, comments }`) and what deserializing its buffers must give
// (`{ program, comments }`), which the packages' smoke tests compare with.
import { readFileSync, writeFileSync } from "node:fs";
import { Parser } from "acorn";

import { toJson } from "../conformance/estree-json.js";

const [input, expected] = process.argv.slice(2);
if (!expected) {
  console.error("usage: node tests/package/sample-json.js INPUT.json EXPECTED.json");
  process.exit(2);
}
const source = readFileSync(new URL("sample.js", import.meta.url), "utf8");
const comments = [];
const program = Parser.parse(source, { ecmaVersion: "latest", sourceType: "module", onComment: comments });
writeFileSync(input, toJson({ source, program, comments }));
writeFileSync(expected, toJson({ program, comments }));
