// What loading a deserializer costs a process: `import()` of each module in a fresh Node process,
// timed inside it (the process's own start-up left out), the modules in a fresh seeded random order
// each round. V8 parses all of a module's code when a process loads it (and compiles each function
// when first called), so a module's size is a cost every process pays once, before its first file:
// for a linter's or a bundler's worker that reads a few small files, more than reading them.
//
// node bench/load.js --target-json JSON... [--module PATH]... [--samples N] [--json FILE]   (run by `cargo xtask bench --load`)
//
// For each target: its `deserialize.js` and, where it has a walker, its `walk.js` (which imports
// `deserialize.js`: loading it loads both); for the targets of oxc-parser's buffers, oxc-parser's own
// deserializer of the same variant (without `parent`: oxc-parser 0.157 ships none with), and for
// Oxlint's, Oxlint 1.91.0's (its bundle's deserializer region, as bench/oxlint.js cuts it out).
// Prints a markdown table of median (min) ms per module, then per target its `deserialize.js` ÷
// `walk.js` and ÷ its reference, and last the geometric means. `--module` adds a module of any
// path to the rounds (another build of a target's, for an A/B of what loading it costs).

import { execFileSync } from "node:child_process";
import { statSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

import { integerOption, parseCommandLine } from "../tests/command-line.js";
import { oxlintReader } from "../tests/oxlint/lint.js";
import { root } from "../tests/producer.js";
import { TARGET_OPTION, targetsOption } from "../tests/targets.js";
import { random as seeded } from "../tests/support.js";
import { geometricMean, machine, runInfo, median } from "./common.js";

const USAGE = "node bench/load.js --target-json JSON... [--module PATH]... [--samples N] [--json FILE] (run by `cargo xtask bench --load`)";

// The child: the time of one `import()`, in ms, on stdout.
const CHILD = `const start = process.hrtime.bigint();
await import(process.argv[1]);
console.log(Number(process.hrtime.bigint() - start) / 1e6);`;

function commandLine() {
  const { values } = parseCommandLine(USAGE, { ...TARGET_OPTION, module: { type: "string", multiple: true }, samples: { type: "string" }, json: { type: "string" } });
  return { targets: targetsOption(USAGE, values), extra: values.module ?? [], samples: integerOption(USAGE, values, "samples", 15, 1), json: values.json ?? null };
}

/** The modules to load: each target's, the references they are set against, and `extra` (each once). */
async function modulesOf(targets, extra) {
  const modules = new Map();
  const add = (name, path) => {
    if (!modules.has(path)) modules.set(path, { name, path, kb: statSync(path).size / 1024, ms: [] });
    return path;
  };
  const require = createRequire(import.meta.url);
  const rows = [];
  for (const target of targets) {
    const deserialize = add(`${target.name} deserialize.js`, target.module);
    const walk = target.walkModule === null ? null : add(`${target.name} walk.js`, target.walkModule);
    let reference = null;
    if (target.format === "oxc" && target.linter) {
      await oxlintReader(); // writes Oxlint's deserializer region to target/oxlint-deserialize.mjs
      reference = add("Oxlint 1.91.0's deserializer", `${root}target/oxlint-deserialize.mjs`);
    } else if (target.format === "oxc") {
      reference = add(`oxc-parser's ${target.referenceVariant}.js`, require.resolve(`oxc-parser/src-js/generated/deserialize/${target.referenceVariant}.js`));
    }
    rows.push({ target: target.name, deserialize, walk, reference });
  }
  for (const path of extra) add(path, resolve(path));
  return { modules, rows };
}

async function main() {
  const options = commandLine();
  const { modules, rows } = await modulesOf(options.targets, options.extra);
  const node = process.execPath;
  const random = seeded(1);
  const order = [...modules.values()];
  // One round of warm-up (the files into the page cache), then the samples.
  for (let round = -1; round < options.samples; round++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = random.int(i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const module of order) {
      const ms = Number(execFileSync(node, ["--input-type=module", "-e", CHILD, pathToFileURL(module.path).href], { encoding: "utf8" }).trim());
      if (round >= 0) module.ms.push(ms);
    }
    console.error(`round ${round + 1} of ${options.samples}${round < 0 ? " (warm-up)" : ""}`);
  }
  const ms = (path) => median(modules.get(path).ms);

  console.log(`${machine()}; import() of each module in a fresh process, median (min) ms of ${options.samples} processes each.\n`);
  console.log("| module | KB | ms |\n|---|---:|---:|");
  for (const module of modules.values()) console.log(`| ${module.name} | ${module.kb.toFixed(0)} | ${median(module.ms).toFixed(2)} (${Math.min(...module.ms).toFixed(2)}) |`);
  console.log("\n| target | deserialize.js ÷ walk.js | deserialize.js ÷ reference | walk.js ÷ reference |\n|---|---:|---:|---:|");
  const ratio = (a, b) => (a === null || b === null ? null : ms(a) / ms(b));
  const results = rows.map((row) => ({ ...row, lean: ratio(row.deserialize, row.walk), againstReference: ratio(row.deserialize, row.reference), walkAgainstReference: ratio(row.walk, row.reference) }));
  const shown = (value) => (value === null ? "" : value.toFixed(3));
  for (const r of results) console.log(`| ${r.target} | ${shown(r.lean)} | ${shown(r.againstReference)} | ${shown(r.walkAgainstReference)} |`);
  const mean = (key) => {
    const some = results.filter((r) => r[key] !== null);
    return some.length === 0 ? null : geometricMean(some, (r) => r[key]);
  };
  const geomeans = { lean: mean("lean"), againstReference: mean("againstReference"), walkAgainstReference: mean("walkAgainstReference") };
  if (options.json !== null) {
    const json = { ...runInfo(options.samples), modules: [...modules.values()].map(({ name, path, kb, ms: times }) => ({ name, path, kb, ms: { median: median(times), min: Math.min(...times) } })), targets: results, geomeans };
    writeFileSync(options.json, `${JSON.stringify(json, null, 2)}\n`);
  }
  console.log(`\ngeomean: deserialize.js ÷ walk.js ${shown(geomeans.lean)}, deserialize.js ÷ reference ${shown(geomeans.againstReference)}, walk.js ÷ reference ${shown(geomeans.walkAgainstReference)}`);
}

await main();
