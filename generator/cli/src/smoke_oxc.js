// The smoke test of `rawast package` for an oxc target's package, run in a fresh project where the
// packed package and its peer, the producer of its buffers, are installed as a new user gets them:
// `node smoke_oxc.js PACKAGE`.
//
// Always: the module loads, and `deserialize` refuses bytes that are not a buffer with a
// `RawastBufferError`; `PACKAGE/walk`, the deserializer with its walker, loads with `walk` and
// `visit`. Then, on buffers its producer writes of a sample:
// - oxc-parser (`parseRawSync`, Node 22 or later, as its raw transfer needs): the result is
//   oxc-parser's own deserializer's for the same variant (the one without `parent` for a `parent`
//   target, whose links are then checked: each node's is the nearest node holding it), and the
//   buffer with its root offset moved out of bounds is refused;
// - Oxlint (it lints the sample with a plugin that reads its live buffer with the package): the
//   program is the one Oxlint's own deserializer gave the plugin, comments and tokens included.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";

const [name] = process.argv.slice(2);
const pkg = await import(name);
const { deserialize, RawastBufferError } = pkg;
const meta = JSON.parse(readFileSync(new URL(`node_modules/${name}/package.json`, import.meta.url), "utf8")).rawast;

function fail(message) {
  console.error(`${name} on Node ${process.version}: ${message}`);
  process.exit(1);
}

// TypeScript and JSX, comments, a regular expression, a BigInt, non-ASCII text, a template.
const SAMPLE_TS = `// Größe: ${"ü".repeat(3)}
/** A class. */
export class Box<T> implements Iterable<T> {
  #items: T[] = [];
  constructor(private readonly limit: number = 10n > 5n ? 3 : 4) {}
  *[Symbol.iterator]() { yield* this.#items; }
  add(item: T): this { if (/^x+$/giu.test(String(item))) this.#items.push(item); return this; }
}
const message = \`items: \${new Box<string>().add("x").limit}\`;
`;
const SAMPLE_JS = SAMPLE_TS.replace(/<T>|<string>|: T\[\]|: T\b|: this|: number|private readonly | implements Iterable<T>/g, "");

/** The tree as JSON, without `parent` links and with what JSON cannot write spelled out. */
function plain(value) {
  return JSON.stringify(value, (key, v) => (key === "parent" ? undefined : typeof v === "bigint" ? `${v}n` : v instanceof RegExp ? `${v}` : v));
}

if (typeof deserialize !== "function") fail("the package exports no `deserialize` function");
// The deserializer with its walker, `PACKAGE/walk`: it loads by that name, with `walk` and `visit`.
const walker = await import(`${name}/walk`).catch((error) => fail(`${name}/walk does not load: ${error.message}`));
if (typeof walker.walk !== "function" || typeof walker.visit !== "function" || typeof walker.deserialize !== "function") fail(`${name}/walk does not export walk, visit and deserialize`);
if (typeof RawastBufferError !== "function" || !(RawastBufferError.prototype instanceof Error)) fail("the package exports no `RawastBufferError` class");
try {
  if (meta.linter) deserialize(new Uint8Array(64));
  else deserialize(new Uint8Array(64), "", 0, 0);
  fail("deserialize accepted 64 zero bytes");
} catch (error) {
  if (!(error instanceof RawastBufferError)) fail(`deserialize refused 64 zero bytes with ${error?.name}, not RawastBufferError: ${error?.message}`);
}

const major = Number(process.versions.node.split(".")[0]);
if (major < 22) {
  console.log(`${name} on Node ${process.version}: loads and refuses bad bytes; ${meta.producer} writes no buffers before Node 22`);
  process.exit(0);
}

if (meta.linter) {
  // The plugin runs in Oxlint's process, beside its JS side, whose live buffers it reads: Oxlint's
  // array of them is its bundle's export `t` (1.91.0; not part of its public API).
  writeFileSync("sample.ts", SAMPLE_TS);
  writeFileSync(
    "smoke-plugin.js",
    `import { appendFileSync } from "node:fs";
import { deserialize } from ${JSON.stringify(name)};
const { t: buffers } = await import(new URL("./node_modules/oxlint/dist/lint.js", import.meta.url).href);
${plain.toString()}
export default {
  meta: { name: "smoke" },
  rules: {
    read: {
      create(context) {
        return {
          Program() {
            const live = (Array.isArray(buffers) ? buffers : []).filter((b) => b !== null);
            if (live.length !== 1) return appendFileSync("smoke-report.txt", "no live buffer: another Oxlint than the peer dependency?\\n");
            const ours = deserialize(live[0]);
            const theirs = context.sourceCode.ast;
            const same = plain(ours) === plain(theirs) && plain(ours.comments) === plain(theirs.comments) && plain(ours.tokens) === plain(theirs.tokens);
            const linked = ours.body.every((node) => node.parent === ours) && ours.parent === null;
            appendFileSync("smoke-report.txt", same && linked ? "ok\\n" : \`differs: same=\${same} parents=\${linked}\\n\`);
          },
        };
      },
    },
  },
};
`,
  );
  writeFileSync(".oxlintrc.json", JSON.stringify({ jsPlugins: ["./smoke-plugin.js"], categories: { correctness: "off" }, rules: { "smoke/read": "error" } }));
  writeFileSync("smoke-report.txt", "");
  try {
    execFileSync(process.execPath, ["node_modules/oxlint/bin/oxlint", "--threads=1", "-c", ".oxlintrc.json", "sample.ts"], { stdio: ["ignore", "ignore", "pipe"] });
  } catch (error) {
    // Oxlint exits 1 when it reports anything: the plugin's report decides.
    if (error.status !== 1) fail(`oxlint failed (${error.status ?? error.signal}): ${String(error.stderr).slice(0, 1000)}`);
  }
  const report = readFileSync("smoke-report.txt", "utf8").trim();
  if (report !== "ok") fail(`on the buffer Oxlint wrote of the sample: ${report || "the plugin did not run"}`);
} else {
  const { prepareRaw, returnBufferToCache } = await import("oxc-parser/src-js/raw-transfer/common.js");
  const { parseRawSync } = await import("oxc-parser/src-js/bindings.js");
  const variant = `${meta.typescript ? "ts" : "js"}${meta.range ? "_range" : ""}`;
  const { deserialize: reference } = await import(`oxc-parser/src-js/generated/deserialize/${variant}.js`);
  const lang = meta.typescript ? "ts" : "js";
  const sourceText = meta.typescript ? SAMPLE_TS : SAMPLE_JS;
  const { buffer, sourceStartPos, sourceByteLen } = prepareRaw(sourceText);
  try {
    parseRawSync(`sample.${lang}`, buffer.block, sourceStartPos, sourceByteLen, { lang, sourceType: "module" });
    const ours = deserialize(buffer, sourceText, sourceStartPos, sourceByteLen);
    const theirs = reference(buffer, sourceText, sourceStartPos, sourceByteLen);
    if (theirs.errors.length > 0) fail(`oxc-parser did not parse the sample: ${theirs.errors[0].message}`);
    if (plain(ours) !== plain(theirs)) fail(`differs from oxc-parser's own ${variant} deserializer on the sample`);
    if (meta.parent) {
      // Each node's `parent` is the nearest node holding it; the program's is `null`.
      const stack = [[ours.program, null]];
      let nodes = 0;
      while (stack.length > 0) {
        const [value, holder] = stack.pop();
        if (Array.isArray(value)) {
          for (const element of value) stack.push([element, holder]);
          continue;
        }
        if (value === null || typeof value !== "object" || value instanceof RegExp) continue;
        let next = holder;
        if (typeof value.type === "string") {
          if (value.parent !== holder) fail(`the parent of a ${value.type} is not the node holding it`);
          next = value;
          nodes++;
        }
        for (const [key, child] of Object.entries(value)) if (key !== "parent") stack.push([child, next]);
      }
      if (nodes < 20) fail(`only ${nodes} nodes in the sample's tree`);
    }
    // The metadata's first word is the root's offset: out of bounds, the buffer is refused.
    const metadataStart = buffer.length - 16;
    const view = new DataView(buffer.buffer, buffer.byteOffset + metadataStart, 4);
    view.setUint32(0, buffer.length, true);
    try {
      deserialize(buffer, sourceText, sourceStartPos, sourceByteLen);
      fail("deserialize accepted a buffer whose root lies past its end");
    } catch (error) {
      if (!(error instanceof RawastBufferError)) fail(`a root past the end gave ${error?.name}, not RawastBufferError`);
    }
  } finally {
    returnBufferToCache(buffer);
  }
}
console.log(`${name} on Node ${process.version}: ok (${meta.producer}'s buffers of the sample)`);
