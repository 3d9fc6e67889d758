// The targets `cargo xtask` hands to the harness scripts, one `--target-json '{…}'` option each: the
// JSON of `HarnessTarget` in xtask/src/targets.rs, the one description of a target both sides share.
//
//   { "name": "parser", "format": "rawast", "sourcePlacement": "start" | "end", "web": false,
//     "pointerWidth": 64 | 32, "lazy": false, "module": "/…/deserialize.js", "layoutFile": "/…/layout-64.json" }
//   { "name": "oxc-ts", "format": "oxc", "typescript": true, "range": false, "parent": false, "linter": false,
//     "sourceText": "argument" | "buffer",
//     "pointerWidth": 64, "lazy": false, "module": "/…/deserialize.js", "layoutFile": "/…/layout-oxc.json" }
//
// `module` and `layoutFile` are absolute; `cargo xtask layouts` writes the layout files. A target
// with a walker has `walk.js` beside `module`: `walk` and `visit`, and all `module` exports
// (`walkModule`, derived here; `null` for a target without one).

import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

import { parseCommandLine, usageError } from "./command-line.js";

/** The option that carries the targets, for `parseCommandLine`. */
export const TARGET_OPTION = { "target-json": { type: "string", multiple: true } };

/** The targets of a parsed command line (`values` with `TARGET_OPTION`); bad usage if there is none or one is malformed. */
export function targetsOption(usage, values) {
  const given = values["target-json"] ?? [];
  if (given.length === 0) usageError(usage, "no --target-json given");
  try {
    return given.map(parseTarget);
  } catch (error) {
    return usageError(usage, error.message);
  }
}

/**
 * A command line of one `--target-json` and files or directories: the target (`parseTarget`) and
 * the paths; bad usage if either is missing or the target is malformed.
 */
export function targetAndPaths(usage) {
  const { values, positionals } = parseCommandLine(usage, { "target-json": { type: "string" } }, { positionals: true });
  if (values["target-json"] === undefined) usageError(usage, "--target-json is required");
  if (positionals.length === 0) usageError(usage, "no files or directories given");
  try {
    return { target: parseTarget(values["target-json"]), paths: positionals };
  } catch (error) {
    return usageError(usage, error.message);
  }
}

/**
 * The target one `--target-json` gives, checked, with what the scripts derive from it:
 * `walkModule` (its `walk.js`, or `null`), `bufferLayout` (`parser` or `linter`, as the test producer names its layouts) for rawast's
 * buffers, `variant` (`js`, `ts`, `js_range`, `ts_range`, each also `_parent`: which of oxc's
 * deserializers it reproduces) and `referenceVariant` (the same without `_parent`, which
 * oxc-parser 0.157 ships) for oxc-parser's. Throws on JSON of another shape.
 */
export function parseTarget(json) {
  const parsed = JSON.parse(json);
  const problem = shapeProblem(parsed);
  if (problem !== null) throw new Error(`--target-json ${json}: ${problem}`);
  const walkModule = join(dirname(parsed.module), "walk.js");
  const target = { ...parsed, walkModule: existsSync(walkModule) ? walkModule : null };
  if (target.format === "rawast") return { ...target, bufferLayout: target.sourcePlacement === "start" ? "parser" : "linter" };
  // (oxc-parser 0.157 does not ship its `_parent` variants: `referenceVariant` is the one without.)
  const referenceVariant = `${target.typescript ? "ts" : "js"}${target.range ? "_range" : ""}`;
  // (Oxlint's one deserializer: `oxlint`.)
  if (target.linter) return { ...target, referenceVariant: null, variant: "oxlint" };
  return { ...target, referenceVariant, variant: `${referenceVariant}${target.parent ? "_parent" : ""}` };
}

function shapeProblem(target) {
  if (target === null || typeof target !== "object") return "not an object";
  for (const key of ["name", "module", "layoutFile"]) if (typeof target[key] !== "string" || target[key] === "") return `no ${key}`;
  if (![32, 64].includes(target.pointerWidth)) return "pointerWidth is neither 32 nor 64";
  if (typeof target.lazy !== "boolean") return "no lazy";
  if (target.format === "rawast") {
    if (typeof target.web !== "boolean") return "no web";
    return ["start", "end"].includes(target.sourcePlacement) ? null : "sourcePlacement is neither start nor end";
  }
  if (target.format !== "oxc") return "format is neither rawast nor oxc";
  if (typeof target.typescript !== "boolean" || typeof target.range !== "boolean" || typeof target.parent !== "boolean") return "no typescript, range or parent";
  if (typeof target.linter !== "boolean") return "no linter";
  return ["argument", "buffer"].includes(target.sourceText) ? null : "sourceText is neither argument nor buffer";
}

/** The target's `walk.js` (`walk`, `visit`, and its deserializer's exports), loaded, or null where it has none. */
export async function importWalker(target) {
  return target.walkModule === null ? null : await import(pathToFileURL(target.walkModule).href);
}
