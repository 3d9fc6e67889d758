// The smoke test of a package with a native addon, run by `rawast package` in the fresh project
// where only the packed package is installed: `node smoke_addon.js PACKAGE SOURCE EXPECTED.json`.
//
// The package's addon loads on this Node; `parse(source)` gives exactly the expected JSON (keys in
// order), as does `deserialize(parseBuffer(source))`, twice in a row (`parse` reuses its buffer);
// `parse` of what is not a string is a `TypeError`; and two worker threads, each with the
// package's own module instance and buffer, parse the source at once to the same JSON. A package
// whose parser is a wasm module (it exports `init`) is given the module's bytes first.
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";

import { firstDifference, toJson } from "./compare.js";

/** The package's parser, ready: its wasm module loaded from the installed package, if it has one. */
async function ready(name) {
  const parser = await import(name);
  if (typeof parser.init === "function") {
    const dir = dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
    const [module] = readdirSync(dir).filter((file) => file.endsWith(".wasm"));
    if (module === undefined) throw new Error(`${name} exports init but holds no .wasm module`);
    await parser.init(readFileSync(join(dir, module)));
  }
  return parser;
}

if (!isMainThread) {
  const { parse } = await ready(workerData.name);
  parentPort.postMessage(toJson(parse(workerData.source)));
} else {
  const [name, sourcePath, expectedPath] = process.argv.slice(2);
  const fail = (message) => {
    console.error(`${name} on Node ${process.version}: ${message}`);
    process.exit(1);
  };
  const parser = await ready(name);
  for (const exported of ["parse", "parseBuffer", "deserialize"]) {
    if (typeof parser[exported] !== "function") fail(`the package exports no \`${exported}\` function`);
  }
  const source = readFileSync(sourcePath, "utf8");
  const expected = JSON.parse(readFileSync(expectedPath, "utf8"));
  const check = (json, what) => {
    const difference = firstDifference(json, expected, "result");
    if (difference) fail(`${what} of ${sourcePath} differs from ${expectedPath}: ${difference}`);
  };
  const first = toJson(parser.parse(source));
  check(toJson(parser.parse(source)), "a second parse");
  check(first, "parse");
  check(toJson(parser.deserialize(parser.parseBuffer(source))), "deserialize(parseBuffer())");
  try {
    parser.parse(42);
    fail("parse(42) returned instead of throwing a TypeError");
  } catch (error) {
    if (!(error instanceof TypeError)) fail(`parse(42) threw ${error?.name}, not a TypeError: ${error?.message}`);
  }
  const inWorker = () =>
    new Promise((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url), { workerData: { name, source } });
      worker.once("message", resolve);
      worker.once("error", reject);
    });
  const results = await Promise.all([inWorker(), inWorker()]).catch((error) => fail(`parse in a worker thread failed: ${error?.stack ?? error}`));
  results.forEach((json, i) => check(json, `parse in worker ${i + 1}`));
  console.log(`ok ${name}'s parse on Node ${process.version}, in worker threads too`);
}
