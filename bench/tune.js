// Measures the string decoders on this machine's Node and prints the `codegen.toml` string policy
// they recommend, with the figures behind it. Called by `cargo xtask tune`; codegen never measures.
// The measuring is bench/tune-core.js's, which `cargo xtask tune --browser` runs in Chromium.
//
// node bench/tune.js CORPUS_FILE...   (JS files; JSON and JSONC files too, by their extension)

import { readFileSync } from "node:fs";

import { parseFile, parseScript } from "../tests/acorn.js";
import { parseCommandLine, usageError } from "../tests/command-line.js";
import { report, tune } from "./tune-core.js";

const USAGE = "node bench/tune.js CORPUS_FILE... (run by `cargo xtask tune`)";

/** Identifier names and string literal texts of the files, as UTF-8 bytes with their offsets. */
export function corpusStrings(files) {
  const texts = [];
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    const stack = [programOf(source, file)];
    while (stack.length > 0) {
      const node = stack.pop();
      if (node.type === "Identifier" || node.type === "PrivateIdentifier") texts.push(node.name);
      else if (node.type === "Literal" && typeof node.value === "string" && node.value.isWellFormed()) texts.push(node.value);
      for (const key in node) {
        const child = node[key];
        if (Array.isArray(child)) for (const item of child) item && typeof item.type === "string" && stack.push(item);
        else if (child && typeof child.type === "string") stack.push(child);
      }
    }
  }
  const encoder = new TextEncoder();
  const encoded = texts.map((t) => encoder.encode(t)).filter((b) => b.length > 0);
  const bytes = new Uint8Array(encoded.reduce((n, b) => n + b.length, 0));
  const offsets = new Uint32Array(encoded.length + 1);
  encoded.forEach((b, i) => {
    bytes.set(b, offsets[i]);
    offsets[i + 1] = offsets[i] + b.length;
  });
  return { bytes, offsets, count: encoded.length };
}

/**
 * acorn's program of a JS file, or of a JSON or JSONC file read as the JS expression it also is
 * (comments and trailing commas included): its keys and values are the string literals.
 */
function programOf(source, file) {
  if (!/\.jsonc?$/.test(file)) return parseFile(source, file).program;
  try {
    return parseScript(`(${source}\n)`).program;
  } catch (error) {
    throw new Error(`acorn rejects ${file} as a JSON or JSONC value: ${error.message}`);
  }
}

function main() {
  const { positionals: files } = parseCommandLine(USAGE, {}, { positionals: true });
  if (files.length === 0) usageError(USAGE, "give one or more corpus files");
  const corpus = corpusStrings(files);
  const result = tune(corpus, {
    utf8Slice: Buffer.prototype.utf8Slice,
    now: () => Number(process.hrtime.bigint()),
    progress: (line) => console.error(line),
  });
  console.log(report(result, `Node ${process.version}`, files.join(", "), corpus.count).join("\n"));
}

if (import.meta.url === `file://${process.argv[1]}`) main();
