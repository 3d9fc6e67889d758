// An Oxlint JS plugin for tests/oxlint/conformance.js: for each file Oxlint lints (one thread: one
// live buffer), it deserializes Oxlint's buffer with the rawast target RAWAST_OXLINT_MODULE names
// and compares the tree with the one Oxlint's own deserializer made of the same buffer
// (`context.sourceCode.ast`), while the file is linted: keys, values, every node's `parent` and
// `loc`, the program's comments and tokens with theirs. It appends one JSON line per file to the
// file named by RAWAST_OXLINT_OUT.

import { appendFileSync } from "node:fs";
import { pathToFileURL } from "node:url";


import { firstDifference } from "../oxc/compare.js";
import { liveBuffer, oxlintBuffers, samePrototype } from "./lint.js";

const out = process.env.RAWAST_OXLINT_OUT;
const { deserialize } = await import(pathToFileURL(process.env.RAWAST_OXLINT_MODULE).href);
const buffers = await oxlintBuffers();

function compare(program) {
  // Everything in the `try`: what throws here must be reported, not end the plugin's run on this
  // file (which would leave it without a report, like a file Oxlint could not parse).
  try {
    const ours = deserialize(liveBuffer(buffers));
    return { difference: firstDifference(program, ours, { samePrototype, inherited: ["loc"] }) };
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
