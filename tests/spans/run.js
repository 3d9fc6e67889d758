// Runs the span checker (containment.js) over source files, in oxc-parser 0.157's raw transfer
// buffers (the default) or in rawast's own (acorn → the test producer `encode` → a buffer of
// target/layouts/layout-64.json), and prints what it finds aggregated over the files: the escaping
// edges, the `Vec`s whose elements break source order or overlap, the spans that end before they
// start or past the source.
//
// node tests/spans/run.js [--rawast [--encode PATH]] [--list FILE]... [--examples N] [--json OUT] [--errors]
//   [--transparent TYPE,...] [PATH...]
//
// PATHs are files or directories (walked fully for .js .mjs .cjs .jsx .ts .mts .cts .tsx, as
// tests/oxc/files.js does); `--list` reads more from a corpus list (tests/oxc/corpus-js.txt: one
// path a line, relative to the repository root, `#` comments). With `--rawast`, only JS files are
// read, and those acorn rejects are skipped. `--errors` prints each file's oxc-parser errors (by
// `parseSync`, a second parse). `--json` writes the whole aggregate. `--transparent` names struct
// types whose spans are not read (containment.js): `FormalParameters`, whose span oxc-parser leaves
// in UTF-8 bytes where it converts every other span to UTF-16 (utf16.js finds such spans).

import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, relative, resolve } from "node:path";

import { integerOption, parseCommandLine, usageError } from "../command-line.js";
import { collectFiles } from "../oxc/files.js";
import { createChecker, VEC_FAILURES } from "./containment.js";
import { readList } from "./lists.js";
import { Aggregate } from "./report.js";

const ROOT = new URL("../../", import.meta.url).pathname;
const USAGE = "node tests/spans/run.js [--rawast [--encode PATH]] [--list FILE]... [--examples N] [--json OUT] [--errors] [--transparent TYPE,...] [PATH...]";

function commandLine() {
  const { values, positionals } = parseCommandLine(
    USAGE,
    {
      rawast: { type: "boolean" },
      encode: { type: "string" },
      list: { type: "string", multiple: true },
      examples: { type: "string" },
      json: { type: "string" },
      errors: { type: "boolean" },
      transparent: { type: "string" },
    },
    { positionals: true },
  );
  const paths = [...positionals];
  for (const list of values.list ?? []) {
    try {
      paths.push(...readList(list));
    } catch (error) {
      usageError(USAGE, `cannot read ${list}: ${error.message}`);
    }
  }
  if (paths.length === 0) usageError(USAGE, "no paths given");
  return {
    rawast: values.rawast ?? false,
    encode: values.encode ?? join(ROOT, "target/debug/encode"),
    paths,
    examples: integerOption(USAGE, values, "examples", 3),
    json: values.json,
    errors: values.errors ?? false,
    transparent: values.transparent ? values.transparent.split(",") : [],
  };
}

/** Checks every file in oxc-parser's buffers. */
async function runOxc(files, aggregate, { errors: printErrors, transparent }) {
  const { oxcChecker, oxcOptions } = await import("./oxc.js");
  const { parseSync } = printErrors ? await import("oxc-parser") : {};
  const check = oxcChecker({ transparent });
  aggregate.nodeTypes = check.nodeTypes;
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    let result;
    try {
      result = check(file, text);
    } catch (error) {
      aggregate.skip(file, error.message);
      continue;
    }
    aggregate.add(file, result, { errors: result.errors, excerpt: excerptOf(text), parseMs: result.parseMs, checkMs: result.checkMs });
    if (printErrors) {
      const { errors } = parseSync(file, text, oxcOptions(file));
      console.log(`${relative(process.cwd(), file)}: ${errors.length} errors${errors.map((e) => `\n  ${e.severity}: ${e.message}`).join("")}`);
    }
  }
}

/** The excerpt of a source by a span of UTF-16 offsets (oxc's and rawast's here), and its line. */
function excerptOf(text) {
  return (start, end) => ({ text: text.slice(start, end), line: lineOf(text.slice(0, start)) });
}

function lineOf(before) {
  let line = 1;
  for (let i = before.indexOf("\n"); i !== -1; i = before.indexOf("\n", i + 1)) line++;
  return line;
}

// rawast's buffers are made in batches of files (their producer's JSON is many times the source).
const RAWAST_BATCH_BYTES = 32 << 20;

/** Checks every JS file acorn reads in rawast's buffers, made by the test producer `encode`. */
async function runRawast(files, aggregate, { encode, transparent }) {
  if (!existsSync(encode)) usageError(USAGE, `${encode} is missing: build it (cargo build --package rawast-schema --bin encode)`);
  const { parseFile } = await import("../acorn.js");
  const { toJson } = await import("../conformance/estree-json.js");
  const { rawastRegion } = await import("../fuzz/layout.js");
  const layout = JSON.parse(readFileSync(join(ROOT, "target/layouts/layout-64.json"), "utf8"));
  const check = createChecker(layout, { transparent });
  aggregate.nodeTypes = check.nodeTypes;
  const js = files.filter((file) => [".js", ".mjs", ".cjs", ".jsx"].includes(extname(file)));
  const work = mkdtempSync(join(tmpdir(), "rawast-spans-"));
  try {
    for (let i = 0; i < js.length; ) {
      const made = performance.now();
      const batch = [];
      for (let bytes = 0; i < js.length && (batch.length === 0 || bytes < RAWAST_BATCH_BYTES); i++) {
        const text = readFileSync(js[i], "utf8");
        let parsed;
        try {
          parsed = parseFile(text, js[i]);
        } catch (error) {
          aggregate.skip(js[i], error.message.split("\n")[0]);
          continue;
        }
        const stem = join(work, String(batch.length).padStart(6, "0"));
        writeFileSync(`${stem}.json`, toJson({ source: text, program: parsed.program, comments: parsed.comments }));
        batch.push({ file: js[i], text, stem });
        bytes += text.length;
      }
      execFileSync(encode, ["--layout", "parser", "--dir", work], { stdio: "inherit" });
      // (acorn, the producer's JSON and the producer, for the batch: the "parse" time.)
      aggregate.parseMs += performance.now() - made;
      for (const { file, text, stem } of batch) {
        if (existsSync(`${stem}.error`)) {
          aggregate.skip(file, readFileSync(`${stem}.error`, "utf8").trim());
          continue;
        }
        const bytes = new Uint8Array(readFileSync(`${stem}.bin`));
        const t1 = performance.now();
        const region = rawastRegion(bytes);
        const result = check(bytes, { ...region, sourceLength: text.length });
        aggregate.add(file, result, { errors: 0, excerpt: excerptOf(text), parseMs: 0, checkMs: performance.now() - t1 });
      }
      for (const name of readdirSync(work)) rmSync(join(work, name));
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  const options = commandLine();
  const files = collectFiles(options.paths, (message) => usageError(USAGE, message));
  const aggregate = new Aggregate(options.examples, (file) => relative(process.cwd(), resolve(file)) || file);
  const started = performance.now();
  if (options.rawast) await runRawast(files, aggregate, options);
  else await runOxc(files, aggregate, options);
  const seconds = (performance.now() - started) / 1000;
  console.log(aggregate.text(options.rawast ? "rawast (layout-64.json)" : "oxc-parser 0.157", seconds, VEC_FAILURES));
  if (options.json) writeFileSync(options.json, JSON.stringify(aggregate.json(), null, 1));
}

await main();
