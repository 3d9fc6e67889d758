// An Oxlint JS plugin for tests/oxlint/conformance.js: for each file Oxlint lints (one thread: one
// live buffer), it deserializes Oxlint's buffer with the rawast target RAWAST_OXLINT_MODULE names
// and compares the tree with the one Oxlint's own deserializer made of the same buffer
// (`context.sourceCode.ast`), while the file is linted: keys, values, every node's `parent` and
// `loc`, the program's comments and tokens with theirs. Where RAWAST_OXLINT_WALK_MODULE names the
// target's `walk.js`, each rule of tests/walk-rules.js is run by its `walk` on the same buffer and
// compared with the rule run on Oxlint's tree by oxc-parser's visitor keys (TS-ESLint's), by type and span, each visited node's `parent`
// checked. It appends one JSON line per file to the file named by RAWAST_OXLINT_OUT.

import { appendFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

import { firstDifference } from "../oxc/compare.js";
import { rulesDifference } from "../walk-rules.js";
import { liveBuffer, oxlintBuffers, samePrototype } from "./lint.js";

const out = process.env.RAWAST_OXLINT_OUT;
const { deserialize } = await import(pathToFileURL(process.env.RAWAST_OXLINT_MODULE).href);
const walker = process.env.RAWAST_OXLINT_WALK_MODULE ? await import(pathToFileURL(process.env.RAWAST_OXLINT_WALK_MODULE).href) : null;
const { visitorKeys } = createRequire(import.meta.url)("oxc-parser");
const buffers = await oxlintBuffers();

function compare(program) {
  // Everything in the `try`: what throws here must be reported, not end the plugin's run on this
  // file (which would leave it without a report, like a file Oxlint could not parse).
  try {
    const buffer = liveBuffer(buffers);
    const ours = deserialize(buffer);
    const difference = firstDifference(program, ours, { samePrototype, inherited: ["loc"] });
    if (difference !== null || walker === null) return { difference };
    const walked = rulesDifference((visitor) => walker.walk(buffer, visitor), new Set(Object.keys(walker.VISITOR_KEYS)), program, visitorKeys, null);
    return { difference: walked === null ? null : `walk: ${walked}` };
  } catch (error) {
    return { error: `${error.name}: ${error.message}` };
  }
}

export default {
  meta: { name: "rawast-conformance" },
  rules: {
    compare: {
      create(context) {
        return {
          Program(program) {
            appendFileSync(out, `${JSON.stringify({ file: context.filename, ...compare(program) })}\n`);
          },
        };
      },
    },
  },
};
