// A/B of two deserializer modules of the same buffer layout, side by side in one process: the way
// to measure a change of the generator. Both run on the same buffers, alternating (A B B A …),
// with `gc()` before every sample; prints per file the median and minimum ms of each and B ÷ A.
//
// node --expose-gc bench/ab.js --encode PATH [--layout parser|linter] [--rounds N] [--walk full|sparse] A.js[:LAYOUT] B.js[:LAYOUT] FILE...
// node --expose-gc bench/ab.js --oxc js|ts [--rounds N] [--walk full|sparse] A.js B.js FILE...
// node --expose-gc bench/ab.js --oxlint [--rounds N] [--calls N] A.js|oxlint B.js|oxlint FILE...
//
// A module's `:parser` or `:linter` suffix gives it buffers of that layout (default: --layout), to
// compare the two layouts' deserializers (the cost of `parent` links); a `+source` suffix after that
// passes it the source text too (`deserialize(buffer, source)`, as deserializers that take the
// caller's source do).
//
// With `--oxc LANG`, A and B are deserializers of oxc-parser's buffers (targets with
// `format = "oxc"`): each file is parsed once by oxc-parser (as `LANG`, JSX for .jsx and .tsx files)
// and both read that buffer, with oxc's arguments.
//
// With `--oxlint`, A and B read Oxlint's buffers (targets with `linter = true`), captured as
// bench/oxlint.js does; `oxlint` for A or B is Oxlint 1.91.0's own deserializer. Each keeps its last
// tree alive across the collections, as Oxlint does (bench/common.js, `keepLast`).
//
// `--calls N` times N calls back to back per sample (one collection before them), for the steady
// state of small files; the table is then in µs per call.
//
// `--walk full|sparse` times the modules' `walk` instead of `deserialize`, with the visit bench's
// visitors (every `Identifier`, its name read; `DebuggerStatement` and `ImportDeclaration`): A and B
// are then walkers (`walk.js`), their visitors' findings checked equal before they are timed.
//
// Typical use: copy a generated deserializer to /tmp/a.js, change the template or generator,
// regenerate, and compare /tmp/a.js with generated/npm/parser/deserialize.js.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { parseFile } from "../tests/acorn.js";
import { captureBuffers, oxlintBuffer, oxlintReader } from "../tests/oxlint/lint.js";
import { integerOption, parseCommandLine, usageError } from "../tests/command-line.js";
import { produceBuffer } from "./buffers.js";
import { fullVisitor, median, sparseVisitor } from "./common.js";

const USAGE = `node --expose-gc bench/ab.js --encode PATH [--layout parser|linter] [--rounds N] [--walk full|sparse] A.js[:LAYOUT] B.js[:LAYOUT] FILE...
       node --expose-gc bench/ab.js --oxc js|ts [--rounds N] [--walk full|sparse] A.js B.js FILE...
       node --expose-gc bench/ab.js --oxlint [--rounds N] [--calls N] A.js|oxlint B.js|oxlint FILE...`;

function commandLine() {
  const { values, positionals } = parseCommandLine(
    USAGE,
    {
      encode: { type: "string" },
      layout: { type: "string", default: "parser" },
      oxc: { type: "string" },
      oxlint: { type: "boolean" },
      rounds: { type: "string" },
      calls: { type: "string" },
      walk: { type: "string" },
    },
    { positionals: true },
  );
  if ([values.encode, values.oxc, values.oxlint].filter((v) => v !== undefined).length !== 1) {
    usageError(USAGE, "give one of --encode (rawast's buffers), --oxc (oxc-parser's) or --oxlint (Oxlint's)");
  }
  if (!["parser", "linter"].includes(values.layout)) usageError(USAGE, "--layout is parser or linter");
  if (values.oxc !== undefined && !["js", "ts"].includes(values.oxc)) usageError(USAGE, "--oxc is js or ts");
  if (values.walk !== undefined && !["full", "sparse"].includes(values.walk)) usageError(USAGE, "--walk is full or sparse");
  if (values.walk !== undefined && values.oxlint) usageError(USAGE, "--walk times walkers of rawast's or oxc-parser's buffers, not --oxlint");
  if (positionals.length < 3) usageError(USAGE, "give two modules, A and B, and at least one file");
  if (typeof globalThis.gc !== "function") usageError(USAGE, "run Node with --expose-gc");
  return {
    encode: values.encode,
    oxc: values.oxc ?? null,
    oxlint: values.oxlint === true,
    layout: values.layout,
    rounds: integerOption(USAGE, values, "rounds", 31, 1),
    calls: integerOption(USAGE, values, "calls", 1, 1),
    walk: values.walk === undefined ? null : values.walk === "full" ? fullVisitor : sparseVisitor,
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
  const oxlintRead = options.oxlint && specs.some((m) => m.path === "oxlint") ? await oxlintReader() : null;
  const [a, b] = await Promise.all(specs.map((m) => (oxlintRead !== null && m.path === "oxlint" ? null : import(pathToFileURL(resolve(m.path)).href))));
  const unit = options.calls === 1 ? "ms" : "µs per call";
  console.log(`Node ${process.version}; A = ${options.modules[0]}, B = ${options.modules[1]}; ${options.rounds} rounds${options.calls === 1 ? "" : ` of ${options.calls} calls`}\n`);
  console.log(`| file | A ${unit} | B ${unit} | B ÷ A |`);
  console.log("|---|---:|---:|---:|");
  if (options.oxlint) {
    const { captured, unlinted } = captureBuffers(options.files);
    for (const file of unlinted) console.error(`${file}: not timed, Oxlint runs no plugin on it (it cannot parse it)`);
    const buffer = oxlintBuffer(captured[0]?.length ?? 0);
    const reader = (module) => (module === null ? (program) => oxlintRead(buffer, program) : () => module.deserialize(buffer));
    const read = { a: reader(a), b: reader(b) };
    for (const { file, region, start, program } of captured) {
      buffer.set(region, start);
      time(options, file, { a: () => read.a(program), b: () => read.b(program) });
      buffer.fill(0, start, start + region.length);
    }
    return;
  }
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
    if (options.walk === null) {
      time(options, file, { a: () => a.deserialize(...args.a), b: () => b.deserialize(...args.b) });
    } else {
      // (Each walk's buffer alone: the source argument is `deserialize`'s of old modules.)
      const walks = Object.fromEntries(
        [["a", a], ["b", b]].map(([which, module]) => [
          which,
          () => {
            const { visitor, seen } = options.walk();
            module.walk(...(oxc ? args[which] : [args[which][0]]), visitor);
            return seen();
          },
        ]),
      );
      assert.deepEqual(walks.a(), walks.b(), `${file}: A and B see different nodes`);
      time(options, file, walks);
    }
    release();
  }
}

/**
 * Times `run.a` and `run.b` alternating (A B B A …), a collection before each sample, and prints the
 * file's row. With `--oxlint` each keeps its last result alive across the collections.
 */
function time(options, file, run) {
  const times = { a: [], b: [] };
  const kept = {};
  for (let round = 0; round < options.rounds + 2; round++) {
    for (const which of round % 2 === 0 ? ["a", "b"] : ["b", "a"]) {
      const call = run[which];
      globalThis.gc();
      const start = process.hrtime.bigint();
      let result;
      for (let i = 0; i < options.calls; i++) result = call();
      const elapsed = Number(process.hrtime.bigint() - start) / (options.calls === 1 ? 1e6 : 1e3 * options.calls);
      if (options.oxlint) kept[which] = result;
      if (round >= 2) times[which].push(elapsed);
    }
  }
  const cell = (t) => `${median(t).toFixed(2)} (${Math.min(...t).toFixed(2)})`;
  console.log(`| ${file} | ${cell(times.a)} | ${cell(times.b)} | ${(median(times.b) / median(times.a)).toFixed(3)} |`);
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
