// oxc conformance: a deserializer of oxc-parser's raw-transfer buffers (one that rawast generates)
// against oxc-parser's own deserializer, both reading the very same buffer.
//
// node tests/oxc/conformance.js --target-json JSON FILE_OR_DIR...
//
// The target (tests/targets.js, format `oxc`) names its module, which exports `deserialize(buffer,
// sourceText, sourceStartPos, sourceByteLen)` with the signature of
// `oxc-parser/src-js/generated/deserialize/*.js`, and its variant: which of those is the reference.
// Directories are walked fully for .js .mjs .cjs .jsx .ts .mts .cts .tsx (and so .d.ts, .d.mts, .d.cts).
// Each file is parsed once by oxc-parser's native `parseRawSync`, then deserialized by the reference
// and by the module, and the two results ({ program, comments, module, errors }) must be equal as
// tests/oxc/compare.js defines it. Prints a line per mismatching (MISMATCH) or throwing (ERROR) file,
// a line of counts, and last `conformance: F files, M mismatches`; exits 1 if M > 0.
//
// Where the target has a walker (its `walk.js`), each rule of tests/walk-rules.js is run by
// `walk` on the same buffer and compared with the same rule run on oxc's tree by oxc-parser's own
// `visitorKeys` (TS-ESLint's, with the keys of shared structs ours adds: `referenceKeys`): the events in order, the nodes of the rules whose nodes do not nest
// compared whole (in the `parent` variants, by type and span, and each visited node's `parent`
// checked to hold it); in one file of 8 (variants without parents), every node type visited
// alone, its nodes compared whole (`eachTypeCheck`).
//
// On the targets that read the buffers as oxc-parser's `js` or `ts` deserializer does (one of each
// corpus), each buffer whose parse reported no error has its spans checked for what a walk led by
// words trusts of them (tests/spans/walk-facts.js).
//
// Only the bare deserializers are compared: oxc's `parseSync` additionally unshifts the hashbang into
// `comments` for JS (raw-transfer/eager.js), which is not the deserializer's work.
//
// Buffer mutation: oxc's eager deserializers (all four variants of 0.157) only read the buffer. They
// contain no store into `uint8`, `int32` or `float64`, and snapshots of the buffer's used region
// taken before and after running all four on every file of corpus-js.txt were identical.
// COMMENT_DESERIALIZED_FLAG_OFFSET in its constants.js is used by no file of oxc-parser (it is for
// lazy comment deserialization elsewhere). So each file is parsed once and the reference runs first:
// whatever the module under test may write afterwards cannot change what the reference saw. The
// buffer then goes back to oxc's cache, and the next parse rewrites all that will be read of it.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { prepareRaw, returnBufferToCache } from "oxc-parser/src-js/raw-transfer/common.js";
import { parseRawSync } from "oxc-parser/src-js/bindings.js";
import { createRequire } from "node:module";
import { usageError } from "../command-line.js";
import { count } from "../plural.js";
import { eachTypeCheck, rulesDifference } from "../walk-rules.js";
import { importWalker, targetAndPaths } from "../targets.js";
import { addParents, firstDifference } from "./compare.js";
import { createWalkFactsChecker } from "../spans/walk-facts.js";
import { DATA_POINTER_POS_32 } from "oxc-parser/src-js/generated/constants.js";
import { LANGS, collectFiles, kindOf } from "./files.js";

const USAGE = "node tests/oxc/conformance.js --target-json JSON FILE_OR_DIR... (run by `cargo xtask conformance --target oxc-…`)";
const PROGRESS_EVERY = 500;

// Parser options by extension, spelled out as oxc-parser 0.157 infers them from a file name when it
// is given none: `lang` from the extension (.js is "js", without JSX; a declaration file is "dts"),
// and `sourceType` "unambiguous" (a script unless it has import/export) except for .mjs/.mts
// ("module") and .cjs/.cts ("commonjs"). Explicit, because `lang: "dts"` alone would make the
// source type "module", and unknown values are silently ignored by the binding.
const SOURCE_TYPES = { ".mjs": "module", ".mts": "module", ".cjs": "commonjs", ".cts": "commonjs" };

function parserOptions(kind, variant) {
  const ext = kind.startsWith(".d.") ? kind.slice(2) : kind;
  return {
    lang: kind.startsWith(".d.") ? "dts" : LANGS[ext],
    sourceType: SOURCE_TYPES[ext] ?? "unambiguous",
    // Only sets the buffer's is_ts flag, by which `parseSync` picks a deserializer (the rest of the
    // buffer is the same either way): a TS variant on a JS file reads the buffer `parseSync` would.
    astType: variant.startsWith("ts") ? "ts" : "js",
  };
}

function commandLine() {
  const { target, paths: positionals } = targetAndPaths(USAGE);
  if (target.format !== "oxc" || target.linter) usageError(USAGE, `${target.name} does not read oxc-parser's buffers (tests/conformance/run.js and tests/oxlint/conformance.js compare those)`);
  return { variant: target.variant, referenceVariant: target.referenceVariant, parent: target.parent, module: target.module, walkModule: target.walkModule, name: target.name, layoutFile: target.layoutFile, paths: positionals };
}

function oneLine(message) {
  const line = String(message).split("\n")[0];
  return line.length <= 300 ? line : `${line.slice(0, 299)}…`;
}

// oxc-parser's visitor keys (TS-ESLint's), the reference walk's.
const { visitorKeys: OXC_VISITOR_KEYS } = createRequire(import.meta.url)("oxc-parser");

/**
 * The reference walk's keys: oxc-parser's, with those ours (the target's `VISITOR_KEYS`) has and
 * theirs has not put in after the key before them in ours, and ours for the node types theirs has
 * not. Those are keys of a struct shared by two
 * node types, always empty in one of them where the source parses without errors, and with errors
 * holding what the tree holds there (`@d abstract m(): void`, a decorator on an abstract method),
 * which a walk visits (tests/oxc/visitor-keys.test.js lists each such key).
 */
function referenceKeys(ours) {
  const keys = { ...OXC_VISITOR_KEYS };
  for (const [type, theirs] of Object.entries(OXC_VISITOR_KEYS)) {
    const merged = [...theirs];
    let at = 0;
    for (const key of ours[type] ?? []) {
      const i = merged.indexOf(key);
      if (i >= 0) at = i + 1;
      else merged.splice(at++, 0, key);
    }
    keys[type] = merged;
  }
  // (And oxc's own node types, which TS-ESLint does not have: `Hashbang`, which `hashbang` leads to.)
  for (const [type, mine] of Object.entries(ours)) if (!Object.hasOwn(keys, type)) keys[type] = mine;
  return keys;
}

const keysOfWalkers = new Map();

/** The node types `walker` knows and the reference walk's keys (`referenceKeys`), made once. */
function walkerKeys(walker) {
  let made = keysOfWalkers.get(walker);
  if (made === undefined) {
    made = { types: new Set(Object.keys(walker.VISITOR_KEYS)), keys: referenceKeys(walker.VISITOR_KEYS) };
    keysOfWalkers.set(walker, made);
  }
  return made;
}

/**
 * The first difference between what `walker.walk` visits in the buffer (`args`: `deserialize`'s
 * arguments) with each rule of tests/walk-rules.js and what a walk of oxc's `program` by
 * oxc-parser's visitor keys visits, or null. `parent`: nodes have parent links (each holds the
 * whole tree: compared by type and span; and no type of `WALK_WORDS` is walked alone, for a walk
 * that meets one node reads the whole tree: the `sparse` rule covers them). `index`: the file's,
 * by which some files have every node type visited alone too (`eachTypeCheck`).
 */
function checkWalks(walker, parent, program, args, index) {
  const { types, keys } = walkerKeys(walker);
  const compareWhole = parent ? null : (expected, actual) => firstDifference(expected, actual);
  const walk = (visitor) => walker.walk(...args, visitor);
  return rulesDifference(walk, types, program, keys, compareWhole, parent ? {} : walker.WALK_WORDS) ?? (parent ? null : eachTypeCheck(index, walk, types, program, keys, compareWhole));
}

async function main() {
  const options = commandLine();
  const files = collectFiles(options.paths, (message) => usageError(USAGE, message));
  // oxc-parser 0.157 does not ship its `_parent` deserializers: for those, the reference is the
  // variant without parents, with each node's `parent` added as oxc's generator sets it (`addParents`).
  const { deserialize: withoutParents } = await import(`oxc-parser/src-js/generated/deserialize/${options.referenceVariant}.js`);
  const reference = options.parent ? (...args) => addParents(withoutParents(...args)) : withoutParents;
  let candidate, walker;
  try {
    candidate = (await import(pathToFileURL(resolve(options.module)).href)).deserialize;
    // The walker is in `walk.js`, which imports the deserializer (tests/targets.js).
    walker = await importWalker(options);
  } catch (error) {
    usageError(USAGE, `cannot load ${options.module}: ${error.message}`);
  }
  if (typeof candidate !== "function") usageError(USAGE, `${options.module} exports no deserialize function`);
  // (oxc's module record and errors are no AST.)
  const spansFacts =
    walker !== null && (options.variant === "js" || options.variant === "ts")
      ? createWalkFactsChecker(JSON.parse(readFileSync(options.layoutFile, "utf8")), { skip: ["RawTransferData.module", "RawTransferData.errors"] })
      : null;

  const byKind = new Map();
  const skipped = [];
  let compared = 0,
    mismatches = 0,
    withErrors = 0;
  const time = { parse: 0, reference: 0, candidate: 0, compare: 0, walk: 0, spans: 0 };
  const started = performance.now();

  for (const [index, file] of files.entries()) {
    if (index > 0 && index % PROGRESS_EVERY === 0) {
      console.error(`conformance: ${index}/${count(files.length, "file")}, ${count(mismatches, "mismatch")}, ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const kind = kindOf(file);
    const sourceText = readFileSync(file, "utf8");

    let raw;
    try {
      raw = prepareRaw(sourceText);
    } catch (error) {
      skipped.push(`${file}: ${oneLine(error.message)}`);
      continue;
    }
    const { buffer, sourceStartPos, sourceByteLen } = raw;
    try {
      const t0 = performance.now();
      let t1, theirs;
      try {
        parseRawSync(file, buffer.block, sourceStartPos, sourceByteLen, parserOptions(kind, options.variant));
        t1 = performance.now();
        theirs = reference(buffer, sourceText, sourceStartPos, sourceByteLen);
      } catch (error) {
        // oxc cannot produce the reference (e.g. its recursive deserializer overflows the stack on
        // very deep trees): nothing to compare against.
        skipped.push(`${file}: ${oneLine(error.message)}`);
        continue;
      }
      const t2 = performance.now();
      time.parse += t1 - t0;
      time.reference += t2 - t1;

      compared++;
      byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
      // Compared all the same (the errors are part of the output), but counted apart: a file oxc
      // cannot parse (JSX in a `.js` file, say) checks little more than its error messages.
      if (theirs.errors.some((error) => error.severity === "Error")) withErrors++;
      let ours;
      try {
        ours = candidate(buffer, sourceText, sourceStartPos, sourceByteLen);
      } catch (error) {
        mismatches++;
        console.log(`ERROR ${file}: ${options.name} threw: ${oneLine(error.message)}`);
        continue;
      }
      const t3 = performance.now();
      time.candidate += t3 - t2;
      const difference = firstDifference(theirs, ours);
      time.compare += performance.now() - t3;
      if (difference !== null) {
        mismatches++;
        console.log(`MISMATCH ${file}: ${difference}`);
        continue;
      }
      if (spansFacts !== null && theirs.errors.length === 0) {
        const t4 = performance.now();
        const root = buffer.int32[DATA_POINTER_POS_32];
        const problems = spansFacts(buffer, { root, lo: root, limit: DATA_POINTER_POS_32 * 4, base: 0, sourceLength: sourceText.length });
        time.spans += performance.now() - t4;
        if (problems.length > 0) {
          mismatches++;
          console.log(`MISMATCH ${file}: spans: ${problems.join("; ")}`);
        }
      }
      if (walker !== null) {
        const t4 = performance.now();
        const walkDifference = checkWalks(walker, options.parent, theirs.program, [buffer, sourceText, sourceStartPos, sourceByteLen], index);
        time.walk += performance.now() - t4;
        if (walkDifference !== null) {
          mismatches++;
          console.log(`MISMATCH ${file}: walk: ${walkDifference}`);
        }
      }
    } finally {
      returnBufferToCache(buffer);
    }
  }

  for (const line of skipped) console.error(`skipped (oxc threw) ${line}`);
  const kinds = [...byKind].sort(([a], [b]) => (a < b ? -1 : 1)).map(([kind, count]) => `${kind} ${count}`);
  const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    `variant ${options.variant}, ${options.name}: ${kinds.join(", ") || "no files"}; with parse errors ${withErrors}; skipped (oxc threw) ${skipped.length}; ` +
      `parse ${seconds(time.parse)}, oxc ${seconds(time.reference)}, ${options.name} ${seconds(time.candidate)}, compare ${seconds(time.compare)}${walker !== null ? `, walks ${seconds(time.walk)}` : ""}${spansFacts !== null ? `, spans ${seconds(time.spans)}` : ""}`,
  );
  // A command contract (DESIGN.md) that `cargo xtask conformance` parses: "files" and "mismatches" whatever the counts.
  console.log(`conformance: ${compared} files, ${mismatches} mismatches`);
  process.exitCode = mismatches > 0 ? 1 : 0;
}

await main();
