// The wasm32 test producer as a command, like the native `encode` binary:
// node tests/conformance/wasm-encode.js --layout parser|linter IN.json OUT.bin
import { readFileSync, writeFileSync } from "node:fs";

import { loadWasmProducer } from "./wasm-producer.js";

const args = process.argv.slice(2);
const layoutAt = args.indexOf("--layout");
const layout = layoutAt >= 0 ? args[layoutAt + 1] : undefined;
const [input, output] = args.filter((_, i) => layoutAt < 0 || (i !== layoutAt && i !== layoutAt + 1));
if (!["parser", "linter"].includes(layout) || !input || !output) {
  console.error("usage: node tests/conformance/wasm-encode.js --layout parser|linter IN.json OUT.bin");
  process.exit(2);
}
try {
  const producer = await loadWasmProducer();
  writeFileSync(output, producer.encode(readFileSync(input, "utf8"), layout));
} catch (error) {
  console.error(`error: ${error.message}`);
  process.exitCode = 1;
}
