// Parses tests/package/sample.js with acorn and writes, for `cargo xtask package`, the input of the
// `encode` binary (`{ source, program, comments }`) and what deserializing its buffers must give
// (`{ program, comments }`), which the packages' smoke tests compare with.
import { readFileSync, writeFileSync } from "node:fs";

import { parseFile } from "../acorn.js";
import { parseCommandLine, usageError } from "../command-line.js";
import { toJson } from "../conformance/estree-json.js";

const USAGE = "node tests/package/sample-json.js INPUT.json EXPECTED.json";
const { positionals } = parseCommandLine(USAGE, {}, { positionals: true });
if (positionals.length !== 2) usageError(USAGE, "give INPUT.json and EXPECTED.json");
const [input, expected] = positionals;
const sample = new URL("sample.js", import.meta.url).pathname;
const source = readFileSync(sample, "utf8");
const { program, comments } = parseFile(source, sample);
writeFileSync(input, toJson({ source, program, comments }));
writeFileSync(expected, toJson({ program, comments }));
