// The wasm32 test producer as a command, like the native `encode` binary:
//   node tests/conformance/wasm-encode.js --layout parser|linter IN.json OUT.bin
//   node tests/conformance/wasm-encode.js --layout parser|linter --dir DIR
// With --dir, every DIR/*.json becomes DIR/*.bin, or DIR/*.error with the reason it could not.
// Run it in a process of its own: the wasm memory grows in many steps, and each step can start a
// full garbage collection of the JS heap, slow when a large heap is alive (the conformance runner's
// ASTs made typescript.js 14× slower to encode in-process).
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { parseCommandLine, usageError } from "../command-line.js";
import { loadWasmProducer } from "./wasm-producer.js";

const USAGE = "node tests/conformance/wasm-encode.js --layout parser|linter (IN.json OUT.bin | --dir DIR)";

const { values, positionals } = parseCommandLine(USAGE, { layout: { type: "string" }, dir: { type: "string" } }, { positionals: true });
const { layout, dir } = values;
if (!["parser", "linter"].includes(layout)) usageError(USAGE, "--layout is parser or linter");
if (dir === undefined ? positionals.length !== 2 : positionals.length !== 0) usageError(USAGE, "give IN.json and OUT.bin, or --dir DIR");
try {
  const producer = await loadWasmProducer();
  if (dir !== undefined) {
    for (const name of readdirSync(dir).filter((n) => n.endsWith(".json")).sort()) {
      const stem = join(dir, name.slice(0, -".json".length));
      try {
        writeFileSync(`${stem}.bin`, producer.encode(readFileSync(`${stem}.json`, "utf8"), layout));
      } catch (error) {
        writeFileSync(`${stem}.error`, error.message);
      }
    }
  } else {
    const [input, output] = positionals;
    writeFileSync(output, producer.encode(readFileSync(input, "utf8"), layout));
  }
} catch (error) {
  console.error(`error: ${error.message}`);
  process.exitCode = 1;
}
