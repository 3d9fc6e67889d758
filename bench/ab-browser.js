// A/B of two web-runtime deserializer modules of 32-bit parser-layout buffers (the `wasm32`
// target's), side by side in headless Chromium: bench/ab.js's method in the browser. Both read the
// same buffers of the wasm32 producer, alternating (A B B A …), with `gc()` before every sample
// (Chromium started with `--js-flags=--expose-gc`); prints per file the median and minimum ms of
// each and B ÷ A, and the geomean of B ÷ A.
//
// node bench/ab-browser.js --chromium PATH [--rounds N] A.js B.js FILE...
//
// Typical use: generate a variant of the wasm32 target (another string policy) into /tmp, and
// compare generated/npm/wasm32/deserialize.js with it. The modules must import nothing (generated
// deserializers do not): the page loads them from the server's memory.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";

import { parseFile } from "../tests/acorn.js";
import { launch, version } from "../tests/browser/chromium.js";
import { serve } from "../tests/browser/server.js";
import { integerOption, parseCommandLine, usageError } from "../tests/command-line.js";
import { toJson } from "../tests/conformance/estree-json.js";
import { loadWasmProducer } from "../tests/conformance/wasm-producer.js";
import { geometricMean, median } from "./common.js";

const USAGE = "node bench/ab-browser.js --chromium PATH [--rounds N] A.js B.js FILE...";
const root = new URL("..", import.meta.url).pathname;

async function main() {
  const { values, positionals } = parseCommandLine(USAGE, { chromium: { type: "string" }, rounds: { type: "string" } }, { positionals: true });
  if (!values.chromium) usageError(USAGE, "--chromium is required");
  if (positionals.length < 3) usageError(USAGE, "give two modules, A and B, and at least one file");
  const rounds = integerOption(USAGE, values, "rounds", 31, 1);
  const [a, b, ...files] = positionals;
  const producer = await loadWasmProducer();
  const javascript = "text/javascript; charset=utf-8";
  const routes = new Map([
    ["/ab/a.js", { type: javascript, body: readFileSync(resolve(a)) }],
    ["/ab/b.js", { type: javascript, body: readFileSync(resolve(b)) }],
    ["/ab/plan.json", { type: "application/json", body: JSON.stringify({ rounds, files }) }],
  ]);
  files.forEach((file, index) => {
    const source = readFileSync(file, "utf8");
    const { program, comments } = parseFile(source, file);
    routes.set(`/ab/${index}.bin`, { type: "application/octet-stream", body: Buffer.from(producer.encode(toJson({ source, program, comments }), "parser")) });
  });
  const server = await serve(root, routes);
  const browser = await launch(values.chromium, ["--js-flags=--expose-gc"]);
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await page.goto(`${server.origin}/bench/ab.html`);
    await page.waitForFunction("window.abResult !== undefined || window.abError !== undefined", { timeout: 1_800_000, polling: 500 });
    const { result, error } = await page.evaluate(() => ({ result: window.abResult, error: window.abError }));
    if (error !== undefined || errors.length > 0) throw new Error(`the A/B page failed: ${error ?? errors.join("; ")}`);
    console.log(`Chromium ${await version(browser)} (headless); A = ${a}, B = ${b}; ${rounds} rounds\n`);
    console.log("| file | A ms | B ms | B ÷ A |");
    console.log("|---|---:|---:|---:|");
    const ratios = [];
    for (const { file, a: timesA, b: timesB } of result) {
      const ratio = median(timesB) / median(timesA);
      ratios.push(ratio);
      console.log(`| ${file} | ${median(timesA).toFixed(2)} (${Math.min(...timesA).toFixed(2)}) | ${median(timesB).toFixed(2)} (${Math.min(...timesB).toFixed(2)}) | ${ratio.toFixed(3)} |`);
    }
    console.log(`\ngeomean B ÷ A: ${geometricMean(ratios, (r) => r).toFixed(3)}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
