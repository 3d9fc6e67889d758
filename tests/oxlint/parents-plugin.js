// An Oxlint JS plugin for tests/oxlint/parents.test.js: for each file Oxlint lints, it walks the tree
// Oxlint's own deserializer made (oxc's generated code with PARENT, LINTER, LOC and RANGE) and
// checks that every node's `parent` is the nearest node above it (an object with a string `type`;
// the program's is `null`), the rule tests/oxc/compare.js's `addParents` gives the reference of the
// `-parent` targets (with the same walk, `walkNodes`). It appends one JSON line per file to the
// file named by RAWAST_OXLINT_OUT.

import { appendFileSync } from "node:fs";

import { walkNodes } from "../oxc/compare.js";

const out = process.env.RAWAST_OXLINT_OUT;

function check(program) {
  let nodes = 0;
  const wrong = [];
  // (`comments` and `tokens` are the program's getters, of Oxlint's own objects.)
  walkNodes(
    program,
    (node, above) => {
      nodes++;
      if (node.parent !== above && wrong.length < 5) wrong.push(`${node.type} at ${node.start}: parent ${node.parent?.type ?? node.parent}, not ${above?.type ?? null}`);
    },
    ["comments", "tokens"],
  );
  return { nodes, wrong };
}

export default {
  meta: { name: "rawast-parents" },
  rules: {
    check: {
      create(context) {
        return {
          Program(program) {
            appendFileSync(out, `${JSON.stringify({ file: context.filename, ...check(program) })}\n`);
          },
        };
      },
    },
  },
};
