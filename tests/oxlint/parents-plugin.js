// An Oxlint JS plugin for tests/oxlint/parents.test.js: for each file Oxlint lints, it walks the tree
// Oxlint's own deserializer made (oxc's generated code with PARENT, LINTER, LOC and RANGE) and
// checks that every node's `parent` is the nearest node above it (an object with a string `type`;
// the program's is `null`), the rule tests/oxc/compare.js's `addParents` gives the reference of the
// `-parent` targets. It appends one JSON line per file to the file named by RAWAST_PARENTS_OUT.

import { appendFileSync } from "node:fs";

const out = process.env.RAWAST_PARENTS_OUT;

function check(program) {
  let nodes = 0;
  const wrong = [];
  const stack = [program, null];
  while (stack.length > 0) {
    const enclosing = stack.pop();
    const value = stack.pop();
    if (value === null || typeof value !== "object" || value instanceof RegExp) continue;
    let node = enclosing;
    if (!Array.isArray(value) && typeof value.type === "string") {
      nodes++;
      if (value.parent !== enclosing && wrong.length < 5) wrong.push(`${value.type} at ${value.start}: parent ${value.parent?.type ?? value.parent}, not ${enclosing?.type ?? null}`);
      node = value;
    }
    // (`comments` and `tokens` are the program's getters, of Oxlint's own objects.)
    for (const key of Object.keys(value)) if (key !== "parent" && key !== "comments" && key !== "tokens") stack.push(value[key], node);
  }
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
