// The methods of the visit benchmarks on oxc-parser's buffers (bench/oxc-visit.js, one call after a
// forced collection; bench/oxc-visit-session.js, as a tool runs one): the walker of an oxc target
// against oxc's own ways to visit the same buffer.

import { createRequire } from "node:module";

// oxc's lazy mode, on a buffer already parsed: what `parseSync(..., { experimentalLazy: true })`
// returns builds the same `ast` object and visits with these (oxc-parser's src-js/raw-transfer/lazy.js).
import { DATA_POINTER_POS_32, PROGRAM_OFFSET } from "oxc-parser/src-js/generated/constants.js";
import { walkProgram as lazyWalkProgram } from "oxc-parser/src-js/generated/lazy/walk.js";
import { TOKEN } from "oxc-parser/src-js/raw-transfer/lazy-common.js";
import { Visitor as LazyVisitor, getVisitorsArr } from "oxc-parser/src-js/raw-transfer/visitor.js";

import { prepareRaw, returnBufferToCache } from "oxc-parser/src-js/raw-transfer/common.js";
import { parseRawSync } from "oxc-parser/src-js/bindings.js";

import { usageError } from "../tests/command-line.js";
import { importWalker } from "../tests/targets.js";
import { fullVisitor, oxcParseOptions, sparseVisitor } from "./common.js";

const { Visitor } = createRequire(import.meta.url)("oxc-parser");

// oxc's lazy nodes are named after oxc's Rust types: ESTree's `Identifier` is four of them.
const LAZY_IDENTIFIERS = ["IdentifierName", "IdentifierReference", "BindingIdentifier", "LabelIdentifier"];

/**
 * What the methods of `target` run: its `walk.js` (the walker, with its deserializer's exports, for
 * every method: `rawast`), oxc's deserializer of its variant (`oxc`), and whether it reads
 * TypeScript. Bad usage where `target` is not of oxc-parser's buffers without parents, or has no
 * walker.
 */
export async function visitModules(usage, target) {
  if (target.format !== "oxc" || target.linter || target.parent) usageError(usage, `${target.name} is not a target of oxc-parser's buffers without parents`);
  const rawast = (await importWalker(target)) ?? usageError(usage, `${target.name} has no walker (walk.js)`);
  const oxc = await import(`oxc-parser/src-js/generated/deserialize/${target.referenceVariant}.js`);
  return { rawast, oxc, typescript: target.variant.startsWith("ts") };
}

/**
 * Parses each file of `paths` (its source in `sources`, by path) into oxc-parser's buffer and calls
 * `then(path, run, args)` on it (`run`: `methods` on that buffer; `modules`: what `visitModules`
 * gives), the buffer given back to oxc-parser's cache after.
 */
export function eachParsed(paths, sources, modules, then) {
  for (const path of paths) {
    const source = sources.get(path);
    const { buffer, sourceStartPos, sourceByteLen } = prepareRaw(source);
    try {
      parseRawSync(path, buffer.block, sourceStartPos, sourceByteLen, oxcParseOptions(path, modules.typescript));
      const args = [buffer, source, sourceStartPos, sourceByteLen];
      then(path, methods(args, modules.rawast, modules.oxc), args);
    } finally {
      returnBufferToCache(buffer);
    }
  }
}

export const METHODS = ["walk_full", "walk_sparse", "oxc_eager_visitor_full", "oxc_lazy_visitor_full", "oxc_lazy_visitor_sparse", "oxc_eager", "eager_visit_full", "eager"];

/**
 * The methods on one parsed buffer (`args`: oxc's arguments, the buffer, the source, its start and
 * length), each a call that runs it once and returns what its visitor saw (or the tree); `rawast`
 * is the target's `walk.js`, `oxc` oxc's deserializer of its variant.
 */
export function methods(args, rawast, oxc) {
  const [buffer, sourceText, sourceStartPos, sourceByteLen] = args;
  const lazy = (visitor) => {
    const ast = { buffer, sourceText, sourceStartPos, sourceByteLen, sourceIsAscii: sourceText.length === sourceByteLen, nodes: new Map(), token: TOKEN };
    lazyWalkProgram(buffer.int32[DATA_POINTER_POS_32] + PROGRAM_OFFSET, ast, getVisitorsArr(new LazyVisitor(visitor)));
  };
  const run = (visit, make) => () => {
    const { visitor, seen } = make();
    visit(visitor);
    return seen();
  };
  return {
    walk_full: run((visitor) => rawast.walk(...args, visitor), fullVisitor),
    walk_sparse: run((visitor) => rawast.walk(...args, visitor), sparseVisitor),
    oxc_eager_visitor_full: run((visitor) => new Visitor(visitor).visit(oxc.deserialize(...args).program), fullVisitor),
    oxc_lazy_visitor_full: run(lazy, () => fullVisitor(LAZY_IDENTIFIERS)),
    oxc_lazy_visitor_sparse: run(lazy, sparseVisitor),
    oxc_eager: () => oxc.deserialize(...args),
    eager_visit_full: run((visitor) => rawast.visit(rawast.deserialize(...args).program, visitor), fullVisitor),
    eager: () => rawast.deserialize(...args),
  };
}

/**
 * That the walks see what visits of the trees see, on one parsed buffer (oxc's lazy nodes are other
 * types: not compared); throws naming `path` and the method that differs.
 */
export function checkMethods(path, run, args, oxc) {
  const equal = (a, b, what) => {
    if (a !== b) throw new Error(`${path}: ${what}: ${a} against ${b}`);
  };
  equal(run.walk_full(), run.oxc_eager_visitor_full(), "walk_full against oxc_eager_visitor_full");
  equal(run.walk_full(), run.eager_visit_full(), "walk_full against eager_visit_full");
  const sparse = sparseVisitor();
  new Visitor(sparse.visitor).visit(oxc.deserialize(...args).program);
  equal(run.walk_sparse(), sparse.seen(), "walk_sparse against oxc's Visitor");
}
