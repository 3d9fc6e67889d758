// A/B of two deserializer modules of the same buffer layout, side by side in one process: the way
// every lever in bench/README.md was measured. Both run on the same buffers, alternating (A B B A …),
// with `gc()` before every sample; prints per file the median and minimum ms of each and B ÷ A.
//
// node --expose-gc bench/ab.js --encode PATH [--layout parser|linter] [--rounds N] A.js[:LAYOUT] B.js[:LAYOUT] FILE...
// node --expose-gc bench/ab.js --oxc js|ts [--rounds N] A.js B.js FILE...
//
// A module's `:parser` or `:linter` suffix gives it buffers of that layout (default: --layout), to
// compare the two layouts' deserializers (the cost of `parent` links); a `+source` suffix after that
// passes it the source text too (`deserialize(buffer, source)`, which deserializers generated before
// 2026-11-24 took).
//
// With `--oxc LANG`, A and B are deserializers of oxc-parser's buffers (targets with
// `format = "oxc"`): each file is parsed once by oxc-parser (as `LANG`, JSX for .jsx and .tsx files)
// and both read that buffer, with oxc's arguments.
//
// Typical use: copy a generated deserializer to /tmp/a.js, change the template or generator,
// regenerate, and compare /tmp/a.js with generated/npm/parser/deserialize.js.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { parseFile } from "../tests/acorn.js";
import { integerOption, parseCommandLine, usageError } from "../tests/command-line.js";
import { produceBuffer } from "./buffers.js";
import { median } from "./common.js";

const USAGE = `node --expose-gc bench/ab.js --encode PATH [--layout parser|linter] [--rounds N] A.js[:LAYOUT] B.js[:LAYOUT] FILE...
       node --expose-gc bench/ab.js --oxc js|ts [--rounds N] A.js B.js FILE...`;

function commandLine() {
  const { values, positionals } = parseCommandLine(
    USAGE,
    { encode: { type: "string" }, layout: { type: "string", default: "parser" }, oxc: { type: "string" }, rounds: { type: "string" } },
    { positionals: true },
  );
  if (!values.encode === !values.oxc) usageError(USAGE, "give either --encode (rawast's buffers) or --oxc (oxc-parser's)");
  if (!["parser", "linter"].includes(values.layout)) usageError(USAGE, "--layout is parser or linter");
  if (values.oxc !== undefined && !["js", "ts"].includes(values.oxc)) usageError(USAGE, "--oxc is js or ts");
  if (positionals.length < 3) usageError(USAGE, "give two modules, A and B, and at least one file");
  if (typeof globalThis.gc !== "function") usageError(USAGE, "run Node with --expose-gc");
  return {
    encode: values.encode,
    oxc: values.oxc ?? null,
    layout: values.layout,
    rounds: integerOption(USAGE, values, "rounds", 31, 1),
    modules: positionals.slice(0, 2),
    files: positionals.slice(2),
  };
}

async function main() {
  const options = commandLine();
  const specs = options.modules.map((spec) => {
    const match = /^(.*?)(?::(parser|linter))?(\+source)?$/.exec(spec);
    return { path: match[1], layout: match[2] ?? options.layout, withSource: match[3] !== undefined };
  });
  const [a, b] = await Promise.all(specs.map((m) => import(pathToFileURL(resolve(m.path)).href)));
  console.log(`Node ${process.version}; A = ${options.modules[0]}, B = ${options.modules[1]}; ${options.rounds} rounds\n`);
  console.log("| file | A ms | B ms | B ÷ A |");
  console.log("|---|---:|---:|---:|");
  const oxc = options.oxc && (await oxcParser());
  for (const file of options.files) {
    const source = readFileSync(file, "utf8");
    let args;
    let release = () => {};
    if (oxc) {
      const parsed = oxc.parse(file, source, options.oxc);
      args = { a: parsed.args, b: parsed.args };
      release = parsed.release;
    } else {
      const buffers = new Map(specs.map((m) => m.layout).map((layout) => [layout, null]));
      const { program } = parseFile(source, file);
      for (const layout of buffers.keys()) buffers.set(layout, produceBuffer(options.encode, layout, source, program));
      args = {
        a: [buffers.get(specs[0].layout), specs[0].withSource ? source : undefined],
        b: [buffers.get(specs[1].layout), specs[1].withSource ? source : undefined],
      };
    }
    const times = { a: [], b: [] };
    for (let round = 0; round < options.rounds + 2; round++) {
      for (const which of round % 2 === 0 ? ["a", "b"] : ["b", "a"]) {
        const deserialize = (which === "a" ? a : b).deserialize;
        globalThis.gc();
        const start = process.hrtime.bigint();
        deserialize(...args[which]);
        const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
        if (round >= 2) times[which].push(elapsed);
      }
    }
    release();
    const cell = (t) => `${median(t).toFixed(2)} (${Math.min(...t).toFixed(2)})`;
    console.log(`| ${file} | ${cell(times.a)} | ${cell(times.b)} | ${(median(times.b) / median(times.a)).toFixed(3)} |`);
  }
}

/** oxc-parser's raw transfer: `parse(path, source, lang)` gives a buffer's deserializer arguments. */
async function oxcParser() {
  const { prepareRaw, returnBufferToCache } = await import("oxc-parser/src-js/raw-transfer/common.js");
  const { parseRawSync } = await import("oxc-parser/src-js/bindings.js");
  return {
    parse(path, source, lang) {
      const { buffer, sourceStartPos, sourceByteLen } = prepareRaw(source);
      const jsx = /\.[jt]sx$/.test(path) ? "x" : "";
      parseRawSync(path, buffer.block, sourceStartPos, sourceByteLen, { lang: lang + jsx, sourceType: "module" });
      return { args: [buffer, source, sourceStartPos, sourceByteLen], release: () => returnBufferToCache(buffer) };
    },
  };
}

await main();
