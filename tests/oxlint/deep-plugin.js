// An Oxlint JS plugin for tests/oxlint/deep.test.js: for each file, it reads Oxlint's live buffer
// with the rawast target RAWAST_OXLINT_MODULE names (before Oxlint's own deserializer, which the
// rule never asks for: it returns no visitor) and reports the tree's spine, given by the file's
// name: `NAME.TYPE.KEY.ext` follows KEY (its first element, for an array) down from the first
// statement's expression (an assignment's right side; a namespace's name) while the node is a TYPE,
// counting the levels and the parents that are not the node above.

import { appendFileSync } from "node:fs";
import { basename } from "node:path";
import { pathToFileURL } from "node:url";

import { liveBuffer, oxlintBuffers } from "./lint.js";

const out = process.env.RAWAST_OXLINT_OUT;
const { deserialize } = await import(pathToFileURL(process.env.RAWAST_OXLINT_MODULE).href);
const buffers = await oxlintBuffers();

// The target is called with all but `HEADROOM` frames of the stack taken (frames the shape of
// `atDepth`'s), so that trees far shallower than the depths Oxlint's Rust side survives still run
// it out of stack, and its reads left for later come into play.
const HEADROOM = 1500;
let stackFrames = 0;
const probe = (depth) => {
  stackFrames = depth;
  return [probe(depth + 1)][0];
};
try {
  probe(0);
} catch {}

/** `read()` called `depth` frames further down the stack. */
function atDepth(depth, read) {
  return depth === 0 ? read() : [atDepth(depth - 1, read)][0];
}

function spine(filename) {
  const [, type, key] = basename(filename).split(".");
  let program;
  try {
    const buffer = liveBuffer(buffers);
    program = atDepth(Math.max(0, stackFrames - HEADROOM), () => deserialize(buffer));
  } catch (error) {
    return { error: `${error.name}: ${error.message}` };
  }
  const [first] = program.body;
  let node = first.type === "ExpressionStatement" ? first.expression : first;
  if (node.type === "AssignmentExpression") node = node.right;
  if (node.type === "TSModuleDeclaration") node = node.id;
  let levels = 0, wrongParents = 0, above = null;
  for (; node?.type === type; above = node, node = Array.isArray(node[key]) ? node[key][0] : node[key]) {
    levels++;
    if (above !== null && node.parent !== above) wrongParents++;
  }
  return { levels, wrongParents };
}

export default {
  meta: { name: "rawast-deep" },
  rules: {
    spine: {
      create(context) {
        appendFileSync(out, `${JSON.stringify({ file: context.filename, ...spine(context.filename) })}\n`);
        return {};
      },
    },
  },
};
