// What the benchmark scripts share: interleaved sampling under controlled GC, medians, the machine.

import { readFileSync } from "node:fs";
import { cpus } from "node:os";
import { extname } from "node:path";

import { integerOption, parseCommandLine, usageError } from "../tests/command-line.js";
import { random } from "../tests/support.js";
import { parseTarget } from "../tests/targets.js";

/**
 * The command line the benchmark scripts share: `--samples N` (default 15) and the files to time
 * (at least one), and as `wants` says `--encode PATH` (the test producer, required), `--json FILE`
 * and `--target-json JSON` (one target: tests/targets.js; required, or with `target: "optional"`
 * `null` when not given). Checks that Node runs with `--expose-gc`, which every sample needs.
 */
export function benchCommandLine(usage, wants) {
  const options = { samples: { type: "string" } };
  if (wants.encode) options.encode = { type: "string" };
  if (wants.json) options.json = { type: "string" };
  if (wants.target) options["target-json"] = { type: "string" };
  if (wants.eagerTarget) options["eager-target-json"] = { type: "string" };
  const { values, positionals } = parseCommandLine(usage, options, { positionals: true });
  if (wants.encode && !values.encode) usageError(usage, "--encode PATH is required");
  const target = wants.target && (wants.target !== "optional" || values["target-json"] !== undefined) ? targetOption(usage, values["target-json"]) : null;
  if (positionals.length === 0) usageError(usage, "no files given");
  if (typeof globalThis.gc !== "function") usageError(usage, "run Node with --expose-gc");
  const eagerTarget = values["eager-target-json"] === undefined ? null : targetOption(usage, values["eager-target-json"]);
  return { encode: values.encode ?? null, json: values.json ?? null, target, eagerTarget, samples: integerOption(usage, values, "samples", 15, 1), paths: positionals };
}

/**
 * The command line of a session bench (one method per child process, each file read once per pass):
 * `--target-json JSON`, `--json FILE`, `--samples N` (passes per process, default 11, at least 2:
 * the first warms up), the files, and `--child NAME`, one of `children`, in a child.
 */
export function sessionCommandLine(usage, children) {
  const { values, positionals } = parseCommandLine(
    usage,
    { "target-json": { type: "string" }, json: { type: "string" }, samples: { type: "string" }, child: { type: "string" } },
    { positionals: true },
  );
  const target = targetOption(usage, values["target-json"]);
  if (positionals.length === 0) usageError(usage, "no files given");
  if (values.child !== undefined && !children.includes(values.child)) usageError(usage, `--child is one of ${children.join(", ")}`);
  return { target, json: values.json ?? null, passes: integerOption(usage, values, "samples", 11, 2), child: values.child ?? null, paths: positionals };
}

/**
 * A session bench's median pass in ms: `times` holds each file's µs per call (`times[file][i]`, pass
 * `i` of every file), and a pass's total is every file's call of it, with every collection
 * wherever it fell.
 */
export function medianPassMs(times, files) {
  return median(times[files[0]].map((_, i) => files.reduce((sum, file) => sum + times[file][i], 0))) / 1e3;
}

/** The target `--target-json` hands over (`json`, its value), or a usage error. */
export function targetOption(usage, json) {
  if (!json) usageError(usage, "--target-json JSON is required");
  try {
    return parseTarget(json);
  } catch (error) {
    usageError(usage, error.message);
  }
}

/** oxc-parser's options for a file, as its `parseSync` picks them from the name. */
export function oxcParseOptions(path, typescript) {
  const ext = extname(path);
  const lang = path.endsWith(".d.ts") ? "dts" : { ".ts": "ts", ".mts": "ts", ".cts": "ts", ".tsx": "tsx", ".jsx": "jsx" }[ext] ?? "js";
  const sourceType = { ".mjs": "module", ".mts": "module", ".cjs": "commonjs", ".cts": "commonjs" }[ext] ?? "unambiguous";
  return { lang, sourceType, astType: typescript ? "ts" : "js" };
}

/** The CPU and Node version, for every table's header: figures carry over only with them. */
export function machine() {
  const list = cpus();
  return `${list[0]?.model.trim() ?? "unknown CPU"} (${list.length} cores), Node ${process.version}`;
}

/**
 * Where and when a run was made, the keys every `--json` starts with: `node` and `machine` (the
 * line above), and apart, the CPU's model, its cores, the day (UTC) and the samples per method.
 * `cargo xtask bench --report` prints them over each results table.
 */
export function runInfo(samples) {
  const list = cpus();
  return { node: process.version, machine: machine(), cpu: list[0]?.model.trim() ?? "unknown CPU", cores: list.length, date: new Date().toISOString().slice(0, 10), samples };
}

/** The middle value of `values` (the upper one of an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

// The warm-up of `sample`: at least 3 rounds, and at least this many ms of them. Three rounds of a
// small file are over in ~0.1 s, before V8 has optimized the code of its nodes (its optimizing
// compilers run beside the main thread): the samples after them mixed tiers, and moved with their
// count. On Oxlint's buffers of the five files under 5 KB alone, rawast ÷ Oxlint was 1.017,
// 1.009, 1.017 and 0.940 in four runs with 15 samples, 0.978, 0.966, 0.980 with 75, 0.905 and
// 0.932 after 60 warm-up rounds, and 0.933, 0.899, 0.899 with this warm-up (rawast ÷ `JSON.parse`
// 0.72 with 15 samples, 0.60 with 75: not one side alone). A larger file's three rounds take longer
// than this already. What a process's first calls cost, before its code is optimized, is measured
// apart: `bench/instructions.js`, and `--session`'s first pass.
const WARM_UP_ROUNDS = 3;
const WARM_UP_MS = 500;
/** How the samples were warmed up, for the benches' headers. */
export const WARM_UP = `${WARM_UP_ROUNDS} warm-up rounds and at least ${WARM_UP_MS / 1000} s`;

/**
 * Times each of `run`'s methods `samples` times after the warm-up (`WARM_UP`), interleaved, with a
 * full GC before each call (run Node with `--expose-gc`). Returns each method's times in ns.
 *
 * Each round runs the methods in a fresh random order (seeded: the same order every run). What runs
 * just before a call matters: rotating one fixed order keeps every method's predecessor the same,
 * and a method that reads the buffer its predecessor has just read (the same-buffer benchmark) or
 * runs the same code (an A/B of one module against itself) is then 10–25% faster every time.
 */
export function sample(run, methods, samples, { keepLast = false } = {}) {
  const times = Object.fromEntries(methods.map((m) => [m, []]));
  // With `keepLast`, each method's last result stays alive across the collections, as a linter
  // keeps the tree of the file it is on: the hidden classes its nodes have then survive them, and
  // the code V8 optimized for them is not thrown away (a collection with no tree alive clears
  // them, and the next call runs unoptimized: 2-6 times slower).
  const kept = {};
  const next = random(0x5eed);
  const order = [...methods];
  const warmUpEnd = performance.now() + WARM_UP_MS;
  let warmUp = true;
  for (let round = 0, sampled = 0; sampled < samples; round++) {
    if (warmUp && round >= WARM_UP_ROUNDS && performance.now() >= warmUpEnd) warmUp = false;
    for (let i = order.length - 1; i > 0; i--) {
      const j = next.int(i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const method of order) {
      globalThis.gc();
      const start = process.hrtime.bigint();
      const result = run[method]();
      const elapsed = Number(process.hrtime.bigint() - start);
      if (result === undefined) throw new Error(`${method} returned nothing`);
      if (keepLast) kept[method] = result;
      if (!warmUp) times[method].push(elapsed);
    }
    if (!warmUp) sampled++;
  }
  return times;
}

/**
 * The cost of one call in µs, for inputs so small that one call is too short to time alone: each
 * sample is a batch of calls (as many as take about 2 ms of the slowest method), after a warm-up,
 * batches interleaved and collected before like `sample`'s. Returns each method's median µs per call.
 */
export function perCall(run, methods, samples, options = {}) {
  // Warm-up first, 200 ms of each: a tool that deserializes small files calls the deserializer
  // thousands of times, so its functions are optimized; a few hundred calls leave them half-warm.
  let slowest = 0;
  for (const method of methods) {
    let calls = 0;
    const start = process.hrtime.bigint();
    while (Number(process.hrtime.bigint() - start) < 2e8) {
      run[method]();
      calls++;
    }
    slowest = Math.max(slowest, Number(process.hrtime.bigint() - start) / calls);
  }
  const calls = Math.max(1, Math.round(2e6 / slowest));
  const batch = Object.fromEntries(methods.map((m) => [m, () => {
    let result;
    for (let i = 0; i < calls; i++) result = run[m]();
    return result;
  }]));
  const times = sample(batch, methods, samples, options);
  return Object.fromEntries(methods.map((m) => [m, median(times[m]) / calls / 1e3]));
}

/**
 * The per-call report: a markdown table of µs per call of each of `methods` on the empty program
 * (`fixedCost`, the fixed cost) and on each result with `per_call_us` (the files under `SMALL`), with
 * rawast ÷ its peer (`methods[1]`); and a summary line of that ratio's geomean over the files (null
 * without any).
 */
export function perCallReport(fixedCost, results, methods) {
  // (The peer rawast is set against: the second method, `oxc` or `oxlint`.)
  const peer = methods[1];
  const small = results.filter((r) => r.per_call_us);
  const table = [
    `The cost of one call, median µs: on the empty program (the fixed cost), then on each file under ${SMALL / 1024} KB; batches of calls, interleaved.`,
    "",
    `| file | KB | ${methods.join(" | ")} | rawast ÷ ${peer} |`,
    `|---|---:|${methods.map(() => "---:").join("|")}|---:|`,
  ];
  for (const [name, bytes, us] of [["(empty program)", 0, fixedCost], ...small.map((r) => [r.path, r.bytes, r.per_call_us])]) {
    table.push(`| ${name} | ${(bytes / 1024).toFixed(1)} | ${methods.map((m) => us[m].toFixed(2)).join(" | ")} | ${(us.rawast / us[peer]).toFixed(2)} |`);
  }
  const slower = small.filter((r) => r.per_call_us.rawast > r.per_call_us[peer]).length;
  const summary = small.length === 0 ? null : `per call on files under ${SMALL / 1024} KB: geomean rawast ÷ ${peer} ${geometricMean(small, (r) => r.per_call_us.rawast / r.per_call_us[peer]).toFixed(3)}, slower on ${slower} of ${small.length} files`;
  return { table, summary };
}

/** The geometric mean of `ratio(item)` over `items`. */
export function geometricMean(items, ratio) {
  return Math.exp(items.reduce((sum, item) => sum + Math.log(ratio(item)), 0) / items.length);
}

/** Files under this many bytes are "small": a linter's typical file, where one call's fixed cost shows. */
export const SMALL = 5 * 1024;

/**
 * The classes a file belongs to, by what changes a deserializer's work: its size (under 5 KB, to
 * 100 KB, larger), its language (JS, JSX or TSX, TypeScript with declaration files), and whether its
 * text is non-ASCII-heavy (1% of its bytes or more: strings then take the decoders, not slices; a few
 * non-ASCII characters in comments change nothing). `path` is read from disk.
 */
export function fileClasses(path) {
  const bytes = readFileSync(path);
  let nonAscii = 0;
  for (const byte of bytes) if (byte > 0x7f) nonAscii++;
  const size = bytes.length < SMALL ? "under 5 KB" : bytes.length < 100 * 1024 ? "5–100 KB" : "100 KB and over";
  const language = /\.[jt]sx$/.test(path) ? "JSX and TSX" : /\.[cm]?ts$/.test(path) ? "TypeScript" : "JavaScript";
  return nonAscii * 100 >= bytes.length ? [size, language, "non-ASCII-heavy"] : [size, language];
}

/**
 * One line per file class (`fileClasses`, each result's `classes`): its files' geomean of `ratio`
 * and on how many rawast is slower. Returns the lines and the geomeans by class.
 */
export function classLines(results, ratio, other) {
  const byClass = new Map();
  for (const r of results) for (const name of r.classes) byClass.set(name, [...(byClass.get(name) ?? []), r]);
  const geomeans = {};
  const order = ["under 5 KB", "5–100 KB", "100 KB and over", "JavaScript", "JSX and TSX", "TypeScript", "non-ASCII-heavy"];
  const lines = [...byClass].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)).map(([name, members]) => {
    const geomean = geometricMean(members, ratio);
    geomeans[name] = geomean;
    const slower = members.filter((r) => ratio(r) > 1).length;
    return `class ${name}: geomean rawast ÷ ${other} ${geomean.toFixed(3)}, slower on ${slower} of ${members.length} files`;
  });
  return { lines, geomeans };
}

/**
 * The summary lines under a table: the worst file against each other method, on how many files
 * rawast is slower than the first of them (in all, then per file class where each result has its
 * `classes`), and the geometric means of rawast's time over each's.
 */
export function summaryLines(results, others) {
  const ratio = (r, other) => r.ns_per_node.rawast / r.ns_per_node[other];
  const geomean = Object.fromEntries(others.map((m) => [`rawast_vs_${m}`, geometricMean(results, (r) => ratio(r, m))]));
  const worst = others.map((m) => {
    const file = results.reduce((a, b) => (ratio(b, m) > ratio(a, m) ? b : a));
    return `${m} ${file.path} (${ratio(file, m).toFixed(2)})`;
  });
  const slower = results.filter((r) => ratio(r, others[0]) > 1).length;
  // Against the first other method, per file class where the results have them (`fileClasses`).
  const classes = results.every((r) => r.classes !== undefined) ? classLines(results, (r) => ratio(r, others[0]), others[0]) : { lines: [], geomeans: null };
  // The geometric means last: scripts read the last line.
  const lines = [
    `worst file against ${worst.join("; ")}`,
    `slower than ${others[0]} on ${slower} of ${results.length} files`,
    ...classes.lines,
    `geomean: ${others.map((m) => `rawast ÷ ${m} ${geomean[`rawast_vs_${m}`].toFixed(3)}`).join(", ")}`,
  ];
  return { geomean, classGeomeans: classes.geomeans, lines };
}

/** Calls `visit` on every object (not array) under `root`, without recursion; skips `parent` links. */
export function forEachObject(root, visit) {
  const stack = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (const item of value) if (item !== null && typeof item === "object") stack.push(item);
      continue;
    }
    visit(value);
    for (const key in value) {
      if (key === "parent") continue;
      const child = value[key];
      if (child !== null && typeof child === "object" && !(child instanceof RegExp)) stack.push(child);
    }
  }
}

/** Objects with a `type` string: ESTree nodes. */
export function countNodes(root) {
  let count = 0;
  forEachObject(root, (value) => {
    if (typeof value.type === "string") count++;
  });
  return count;
}

/**
 * The floor: a deep clone of an AST (acorn's, oxc's) that allocates the same objects and decodes nothing. Each
 * node type gets a function returning object literals of its key sets (seen in a pass over the AST
 * before timing), so the clone is type-shaped like a generated deserializer, not a generic copy.
 */
export function makeCloner(root) {
  const shapes = new Map(); // type ("" for plain objects) → Set of key lists joined by ","
  forEachObject(root, (value) => {
    const type = typeof value.type === "string" ? value.type : "";
    if (!shapes.has(type)) shapes.set(type, new Set());
    shapes.get(type).add(Object.keys(value).join(","));
  });
  const cloners = Object.create(null);
  for (const [type, keySets] of shapes) {
    const lists = [...keySets].map((k) => k.split(",")).sort((a, b) => b.length - a.length);
    const common = lists.reduce((acc, keys) => acc.filter((k) => keys.includes(k)));
    const literal = (keys) => `{ ${keys.map((k) => `${JSON.stringify(k)}: c(v[${JSON.stringify(k)}])`).join(", ")} }`;
    const branches = lists.map((keys, index) => {
      const distinct = keys.filter((k) => !common.includes(k));
      if (index === lists.length - 1 || distinct.length === 0) return `return ${literal(keys)};`;
      return `if (${distinct.map((k) => `${JSON.stringify(k)} in v`).join(" && ")}) return ${literal(keys)};`;
    });
    cloners[type] = new Function("c", `return function (v) { ${branches.join(" ")} }`)(clone);
  }
  function clone(value) {
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) {
      const out = new Array(value.length);
      for (let i = 0; i < value.length; i++) out[i] = clone(value[i]);
      return out;
    }
    if (value instanceof RegExp) return value;
    return cloners[typeof value.type === "string" ? value.type : ""](value);
  }
  return clone;
}

/**
 * The construct-only floor: the tree's objects built again with the same keys in the same order,
 * from values already decoded and laid out in the order a deserializer meets them (a tape), so that
 * what is measured is object and array construction, with no buffer reads, no decoding and no
 * property loads from a source object. Each object shape gets a builder compiled once; a tape entry
 * says what comes next: a primitive, an array of N values, or an object of shape K.
 */
export function makeConstructor(root) {
  const shapes = new Map(); // key list joined by "," → index
  const builders = [];
  const tape = [];
  const PRIMITIVE = -1, ARRAY = -2;
  const stack = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== "object" || value instanceof RegExp) {
      tape.push(PRIMITIVE, value);
    } else if (Array.isArray(value)) {
      tape.push(ARRAY, value.length);
      for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
    } else {
      const keys = Object.keys(value);
      const id = keys.join(",");
      if (!shapes.has(id)) shapes.set(id, shapes.size);
      tape.push(shapes.get(id));
      for (let i = keys.length - 1; i >= 0; i--) stack.push(value[keys[i]]);
    }
  }
  let at = 0;
  function next() {
    const kind = tape[at++];
    if (kind === PRIMITIVE) return tape[at++];
    if (kind === ARRAY) {
      const out = new Array(tape[at++]);
      for (let i = 0; i < out.length; i++) out[i] = next();
      return out;
    }
    return builders[kind]();
  }
  for (const [id] of shapes) {
    const literal = id === "" ? "{}" : `{ ${id.split(",").map((k) => `${JSON.stringify(k)}: next()`).join(", ")} }`;
    builders.push(new Function("next", `return () => (${literal});`)(next));
  }
  return () => {
    at = 0;
    return next();
  };
}

// The visitors of the walk benchmarks (bench/visit.js, bench/oxc-visit.js): every identifier, its
// name read (a full visit, as a real rule makes: `types`, the node types of identifiers); two types
// that are rare or only at the top (a sparse one). Each returns what it saw, to compare.
export function fullVisitor(types = ["Identifier"]) {
  let length = 0;
  const visit = (node) => void (length += node.name.length);
  return { visitor: Object.fromEntries(types.map((type) => [type, visit])), seen: () => length };
}
export function sparseVisitor() {
  let count = 0;
  // (`specifiers` is null in an `import "x"` of oxc's lazy nodes.)
  return { visitor: { DebuggerStatement: () => void count++, ImportDeclaration: (node) => void (count += (node.specifiers?.length ?? 0) + 1) }, seen: () => count };
}

/**
 * The walk benchmarks' report: a markdown table of each file's median (min) ms per method and its
 * `ratios` (name → function of a result), the files where `walk_full` is slower than
 * `eager_visit_full`, and the geomeans of the ratios, which it returns.
 */
export function printVisitReport(results, methods, ratios) {
  console.log(`| file | KB | ${methods.join(" | ")} | ${Object.keys(ratios).join(" | ")} |`);
  console.log(`|---|---:|${methods.map(() => "---:").join("|")}|${Object.keys(ratios).map(() => "---:").join("|")}|`);
  for (const r of results) {
    const cell = (m) => `${r.ms[m].median.toFixed(2)} (${r.ms[m].min.toFixed(2)})`;
    console.log(`| ${r.path} | ${(r.bytes / 1024).toFixed(0)} | ${methods.map(cell).join(" | ")} | ${Object.values(ratios).map((f) => f(r).toFixed(2)).join(" | ")} |`);
  }
  const slower = results.filter((r) => r.ms.walk_full.median > r.ms.eager_visit_full.median).map((r) => r.path);
  console.log(`\nwalk_full slower than eager_visit_full on ${slower.length} of ${results.length} files${slower.length > 0 ? `: ${slower.join(", ")}` : ""}`);
  const geomeans = Object.fromEntries(Object.entries(ratios).map(([name, f]) => [name, geometricMean(results, f)]));
  console.log(`geomean: ${Object.entries(geomeans).map(([name, g]) => `${name} ${g.toFixed(3)}`).join(", ")}`);
  return geomeans;
}
