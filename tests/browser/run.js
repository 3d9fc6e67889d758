// `cargo xtask browser`: the web-runtime targets in headless Chromium (Debian's, driven by
// puppeteer-core; nothing is downloaded). Node computes what the browser must find: each target's
// buffers of a conformance subset (real files, non-ASCII and lone surrogates, 64 KiB chunk
// boundaries, a tree nested deeper than the stack holds) and the trees acorn makes of them. A local
// server (tests/browser/server.js) serves those and the packages' own files; tests/browser/harness.js
// checks them in the page. Then the example page (examples/browser/) is used as a person would: code
// typed in, the tree shown, and a screenshot of it checked for the tree.
//
// Then the JSONC example's web package (--jsonc-web: examples/jsonc's parser compiled to wasm32,
// its tree read from the module's memory): every fixture parsed in the page as in Node.
//
// node tests/browser/run.js --chromium PATH --screenshot PATH [--jsonc-web] --target-json JSON...
// node tests/browser/run.js --serve          (the example page, for a person, until interrupted)
// node tests/browser/run.js --tune --chromium PATH CORPUS_FILE...   (`cargo xtask tune --browser`)
// The last line: `browser: Chromium VERSION: T targets, F files, M mismatches`; exit 1 on any.

import { mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

import { fixtureTexts, outcome } from "../../examples/jsonc/test/fixture-texts.js";
import { parseFile } from "../acorn.js";
import { parseCommandLine, usageError } from "../command-line.js";
import { count } from "../plural.js";
import { toJson } from "../conformance/estree-json.js";
import { loadWasmProducer, WASM_PRODUCER } from "../conformance/wasm-producer.js";
import { encodeJson } from "../producer.js";
import { nestedBuffer } from "../cycles/build.js";
import { coveringCycles, typeGraph } from "../cycles/graph.js";
import { LAYOUT_FINGERPRINT_32, LAYOUT_FINGERPRINT_64 } from "../support.js";
import { TARGET_OPTION, targetsOption } from "../targets.js";
import { corpusStrings } from "../../bench/tune.js";
import { report } from "../../bench/tune-core.js";
import { digest } from "../cycles/digest.js";
import { launch, version as chromiumVersion } from "./chromium.js";
import { pngPixels } from "./png.js";
import { serve } from "./server.js";

const USAGE = "node tests/browser/run.js --chromium PATH --screenshot PATH [--jsonc-web] --target-json JSON... | --serve | --tune --chromium PATH FILE... (run by `cargo xtask browser` and `cargo xtask tune --browser`)";
const root = new URL("../..", import.meta.url).pathname;

/**
 * The conformance subset, from the repository root. `endToEnd`: also parsed by acorn in the page
 * and written by the wasm32 producer there (acorn-jsx cannot load in a page: no JSX).
 */
const FILES = [
  { name: "tests/conformance/corpus/starter.js", endToEnd: true },
  { name: "tests/conformance/corpus/strings.js", endToEnd: true },
  { name: "tests/conformance/corpus/modern.mjs", endToEnd: true },
  { name: "tests/conformance/corpus/components.jsx", endToEnd: false },
  { name: "node_modules/jquery/dist/jquery.js", endToEnd: true },
  { name: "node_modules/moment/min/moment-with-locales.js", endToEnd: true },
  { name: "node_modules/zod/v4/locales/zh-CN.js", endToEnd: true },
];

/**
 * A script of about 200 KB whose strings, identifiers, templates and comments lie across each 64 KiB
 * boundary of the source at every alignment, where the deserializers' chunks of the decoded source
 * end: ASCII past the first boundary (the ASCII prefix that strings are sliced from), then
 * characters of two, three and four UTF-8 bytes, and lone surrogates in escapes.
 */
function chunkBoundaries() {
  const pieces = ["é", "☃", "😀", "ß"];
  // (Identifiers' characters: two, two, four and three UTF-8 bytes.)
  const letters = ["é", "ж", "𝑥", "ℓ"];
  const lines = [];
  for (let i = 0; i < 2600; i++) lines.push(`a${i} = "${"x".repeat(i % 41)}"; // ${"c".repeat(i % 7)}`);
  for (let i = 0; i < 3400; i++) {
    const piece = pieces[i % 4];
    const name = `${letters[i % 4]}${i}`;
    lines.push(`${name} = "${"x".repeat(i % 37)}${piece}${"y".repeat(i % 5)}${i % 9 === 0 ? "\\uD800" : ""}" + \`${piece}\${${name}}${"z".repeat(i % 3)}\`; // ${pieces[(i + 1) % 4]}`);
  }
  return `${lines.join("\n")}\n`;
}

/** Strings for `encodeSource` against `TextEncoder`: every UTF-8 length, lone surrogates, none. */
const ENCODE_STRINGS = ["", "ascii only", "naïve café", "☃ snow", "😀 emoji", "\uD800 lone high", "low \uDC00", "\uDC00\uD800 reversed", "a\uD83D", "x".repeat(70000) + "é"];

async function main() {
  const { values, positionals } = parseCommandLine(USAGE, { chromium: { type: "string" }, screenshot: { type: "string" }, serve: { type: "boolean" }, tune: { type: "boolean" }, "jsonc-web": { type: "boolean" }, ...TARGET_OPTION }, { positionals: true });
  if (values.serve) {
    const server = await serve(root, new Map());
    console.log(`serving the example page at ${server.origin}/examples/browser/index.html (Ctrl-C stops)`);
    return;
  }
  if (values.tune) {
    if (!values.chromium) usageError(USAGE, "--chromium is required");
    if (positionals.length === 0) usageError(USAGE, "give one or more corpus files");
    return tuneInBrowser(values.chromium, positionals);
  }
  for (const option of ["chromium", "screenshot"]) if (!values[option]) usageError(USAGE, `--${option} is required`);
  const targets = targetsOption(USAGE, values).filter((t) => t.format === "rawast");
  if (targets.length === 0) usageError(USAGE, "no rawast target given");

  // What Node computes: the expected trees, each target's buffers, the deep buffers' digests.
  const routes = new Map();
  const sources = [...FILES.map((file) => ({ ...file, source: readFileSync(join(root, file.name), "utf8") })), { name: "64 KiB chunk boundaries (generated)", endToEnd: true, source: chunkBoundaries() }];
  const parsed = sources.map((file) => {
    const { program, comments } = parseFile(file.source, file.name);
    return { ...file, program, comments, text: toJson({ source: file.source, program, comments }) };
  });
  parsed.forEach((file, index) => {
    routes.set(`/expected/${index}.json`, { type: "application/json", body: toJson({ program: file.program, comments: file.comments }) });
    routes.set(`/source/${index}.txt`, { type: "text/plain; charset=utf-8", body: file.source });
  });
  const producer = targets.some((t) => t.pointerWidth === 32) ? await loadWasmProducer() : null;
  const deep = [];
  for (const target of targets) {
    parsed.forEach((file, index) => routes.set(`/buffer/${target.name}/${index}.bin`, { type: "application/octet-stream", body: encode(target, file.text, producer) }));
    const module = await import(pathToFileURL(target.module).href);
    const made = deepBuffer(target);
    const tree = module.deserialize(made.buffer);
    const url = `/deep/${target.name}.bin`;
    routes.set(url, { type: "application/octet-stream", body: made.buffer });
    deep.push({ target: target.name, name: made.name, buffer: url, digest: JSON.stringify(digest(plain(module, target, tree))) });
  }
  const plan = {
    targets: targets.map((t) => ({ name: t.name, module: `/${relativeToRoot(t.module)}`, walkModule: t.walkModule === null ? null : `/${relativeToRoot(t.walkModule)}`, lazy: t.lazy, pointerWidth: t.pointerWidth, parserLayout: t.bufferLayout === "parser" })),
    files: parsed.map(({ name, endToEnd }) => ({ name, endToEnd })),
    deep,
    encodeStrings: ENCODE_STRINGS,
    wasmProducer: producer === null ? null : `/${relativeToRoot(WASM_PRODUCER)}`,
  };
  routes.set("/plan.json", { type: "application/json", body: JSON.stringify(plan) });

  const server = await serve(root, routes);
  const browser = await launch(values.chromium);
  let mismatches = 0;
  let files = 0;
  const version = await chromiumVersion(browser);
  try {
    const page = await browser.newPage();
    const pageErrors = [];
    page.on("pageerror", (error) => pageErrors.push(String(error)));
    page.on("console", (message) => {
      if (message.type() === "error") pageErrors.push(message.text());
    });
    page.on("response", (response) => {
      if (response.status() >= 400) pageErrors.push(`${response.url()}: ${response.status()}`);
    });
    await page.goto(`${server.origin}/tests/browser/harness.html`);
    await page.waitForFunction("window.harnessResult !== undefined || document.querySelector('#status').textContent.startsWith('error')", { timeout: 300_000, polling: 200 });
    const result = await page.evaluate(() => window.harnessResult);
    if (result === undefined || pageErrors.length > 0) throw new Error(`the harness page failed: ${pageErrors.join("; ")}`);
    for (const error of result.errors) {
      mismatches++;
      console.log(`error ${error}`);
    }
    for (const report of result.reports) {
      files += report.files;
      mismatches += report.mismatches.length;
      for (const problem of report.mismatches) console.log(`mismatch ${report.name}: ${problem}`);
      const checks = Object.entries(report.checks).map(([key, value]) => `${key} ${value}`).join(", ");
      console.log(`${report.name}: ${count(report.files, "file")}, ${count(report.mismatches.length, "mismatch")}${checks ? `; ${checks}` : ""}`);
    }
    if (values["jsonc-web"]) {
      const jsonc = await checkJsoncWeb(page, server.origin);
      files += jsonc.files;
      mismatches += jsonc.mismatches.length;
      for (const problem of jsonc.mismatches) console.log(`mismatch jsonc-web: ${problem}`);
      console.log(`jsonc-web: ${count(jsonc.files, "file")}, ${count(jsonc.mismatches.length, "mismatch")}`);
    }
    const example = await checkExamplePage(browser, server.origin, values.screenshot);
    if (example !== null) {
      mismatches++;
      console.log(`mismatch example page: ${example}`);
    } else {
      console.log(`example page: the tree shown, screenshot in ${values.screenshot}`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
  // A command contract (DESIGN.md) that scripts parse: plural nouns whatever the counts.
  console.log(`browser: Chromium ${version}: ${targets.length} targets, ${files} files, ${mismatches} mismatches`);
  process.exitCode = mismatches === 0 ? 0 : 1;
}

/**
 * `cargo xtask tune --browser`: bench/tune-core.js's measurements in a page, on the strings of
 * `files`, printed as `cargo xtask tune` prints Node's.
 */
async function tuneInBrowser(chromium, files) {
  const corpus = corpusStrings(files);
  const routes = new Map([
    ["/tune/bytes.bin", { type: "application/octet-stream", body: Buffer.from(corpus.bytes.buffer, corpus.bytes.byteOffset, corpus.bytes.byteLength) }],
    ["/tune/offsets.bin", { type: "application/octet-stream", body: Buffer.from(corpus.offsets.buffer, corpus.offsets.byteOffset, corpus.offsets.byteLength) }],
  ]);
  const server = await serve(root, routes);
  const browser = await launch(chromium);
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (error) => errors.push(String(error)));
    await page.goto(`${server.origin}/bench/tune.html`);
    await page.waitForFunction("window.tuneResult !== undefined", { timeout: 600_000, polling: 500 });
    const result = await page.evaluate(() => window.tuneResult);
    if (errors.length > 0) throw new Error(`the tune page failed: ${errors.join("; ")}`);
    for (const line of result.progress) console.error(line);
    if (!result.isolated) throw new Error("the tune page is not cross-origin isolated: its clock ticks every 100 µs");
    console.log(report(result, `Chromium ${await chromiumVersion(browser)} (headless)`, files.join(", "), corpus.count).join("\n"));
  } finally {
    await browser.close();
    await server.close();
  }
}

/** The target's buffer of a producer's JSON `text`: the wasm32 producer's, or the native one's. */
function encode(target, text, producer) {
  return target.pointerWidth === 32 ? Buffer.from(producer.encode(text, target.bufferLayout)) : encodeJson(target.bufferLayout, text);
}

/** A valid buffer of `target`'s layout nested 100,000 times along a cycle of its type graph (tests/cycles). */
function deepBuffer(target) {
  const layout = JSON.parse(readFileSync(target.layoutFile, "utf8"));
  const graph = typeGraph(layout);
  // A cycle through `BinaryExpression` (the `a + b + …` chains of real code), else the first.
  const cycles = coveringCycles(graph);
  const cycle = cycles.find((c) => c.some((edge) => edge.from === "BinaryExpression")) ?? cycles[0];
  const levels = Math.ceil(100_000 / cycle.length);
  const fingerprint = target.pointerWidth === 32 ? LAYOUT_FINGERPRINT_32 : LAYOUT_FINGERPRINT_64;
  const { buffer } = nestedBuffer(layout, graph, cycle, levels, { kind: "rawast", placement: target.bufferLayout === "parser" ? "start" : "end", fingerprint });
  return { buffer, name: `${cycle.map((edge) => edge.from).join(" → ")} nested ${levels} times` };
}

function plain(module, target, result) {
  const tree = target.lazy ? module.materialize(result) : result;
  return { program: tree.program, comments: tree.comments };
}

function relativeToRoot(path) {
  if (!path.startsWith(root)) throw new Error(`${path} is outside the repository`);
  return path.slice(root.length);
}

/** The JSONC example's web package, its module fetched by `init()` as a page's would be. */
const JSONC_WEB = "examples/jsonc/generated/npm/web";

/**
 * Every fixture of the JSONC example parsed by its web package in the page (the wasm module
 * fetched beside `index.js`) and in Node (the same module's bytes): the same trees, the same errors.
 */
async function checkJsoncWeb(page, origin) {
  const texts = fixtureTexts().map(([name, text]) => ({ name, text }));
  const web = await import(pathToFileURL(join(root, JSONC_WEB, "index.js")).href);
  await web.init(readFileSync(join(root, JSONC_WEB, "jsonc_web.wasm")));
  const inPage = await page.evaluate(
    async (module, list) => {
      const web = await import(module);
      await web.init();
      return list.map(({ text }) => {
        try {
          return { tree: JSON.stringify(web.parse(text)) };
        } catch (error) {
          return { error: error.message, name: error.constructor.name };
        }
      });
    },
    `${origin}/${JSONC_WEB}/index.js`,
    texts,
  );
  const mismatches = [];
  texts.forEach(({ name, text }, i) => {
    const expected = outcome(web.parse, text);
    if (JSON.stringify(inPage[i]) !== JSON.stringify(expected)) mismatches.push(`${name}: the page's ${JSON.stringify(inPage[i]).slice(0, 200)}, Node's ${JSON.stringify(expected).slice(0, 200)}`);
  });
  if (!inPage.some((result) => result.tree !== undefined) || !inPage.some((result) => result.error !== undefined)) {
    mismatches.push("the fixtures gave no tree, or no error: the check compared nothing of one kind");
  }
  return { files: texts.length, mismatches };
}

/**
 * The example page as a person uses it: code typed in, "Show the tree" clicked, the tree shown. A
 * screenshot of the tree's panel (written to `screenshot`) must show it: dark text on the panel's
 * background, in many rows. Returns what is wrong, or null.
 */
async function checkExamplePage(browser, origin, screenshot) {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.setViewport({ width: 1000, height: 800 });
  await page.goto(`${origin}/examples/browser/index.html`);
  await page.waitForFunction("document.querySelector('#status').dataset.ready === 'true'", { timeout: 60_000 });
  await page.$eval("#source", (area) => (area.value = ""));
  await page.type("#source", "const greeting = `héllo ${name}`;\nfunction add(a, b) { return a + b; }\n");
  await page.click("#show");
  await page.waitForFunction("document.querySelector('#tree').textContent.includes('héllo')", { timeout: 60_000 });
  const text = await page.$eval("#tree", (tree) => tree.textContent);
  if (errors.length > 0) return `page errors: ${errors.join("; ")}`;
  for (const expected of ["Program", "VariableDeclaration", "TemplateLiteral", "héllo ", "BinaryExpression"]) {
    if (!text.includes(expected)) return `the tree shown lacks ${JSON.stringify(expected)}`;
  }
  mkdirSync(dirname(screenshot), { recursive: true });
  const panel = await page.$("#tree");
  const png = await panel.screenshot({ path: screenshot });
  // The panel's pixels: its background is light; the tree's text, dark, is on many rows.
  const { width, height, pixels } = pngPixels(Buffer.from(png));
  let inkRows = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (pixels[i] + pixels[i + 1] + pixels[i + 2] < 300) {
        inkRows++;
        break;
      }
    }
  }
  return inkRows >= 20 ? null : `the screenshot (${width}×${height}) shows text on ${inkRows} rows`;
}

await main();
