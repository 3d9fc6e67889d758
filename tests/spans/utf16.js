// Which spans oxc-parser leaves unconverted. Its raw transfer writes UTF-8 offsets, then converts
// the spans of the AST to UTF-16 (oxc_ast_visit's `Utf8ToUtf16`, which converts only what ESTree
// shows); a span it skips stays in bytes, and no longer nests with its neighbours in a source that
// is not all ASCII. Each file is parsed twice, with `/*é*/` and with `/*e*/` put first (after a
// hashbang): the same UTF-16 offsets, a byte apart. A span that differs between the two buffers is
// one the conversion skipped; it is reported by edge (containment.js's names), with counts.
//
// node tests/spans/utf16.js [--list FILE]... [PATH...]

import { readFileSync } from "node:fs";
import { relative } from "node:path";

import { parseCommandLine, usageError } from "../command-line.js";
import { collectFiles } from "../oxc/files.js";
import { readList } from "./lists.js";
import { oxcChecker } from "./oxc.js";

const USAGE = "node tests/spans/utf16.js [--list FILE]... [PATH...]";

/** `text` with `insert` put first, after a hashbang if it has one. */
function withFirst(text, insert) {
  if (!text.startsWith("#!")) return insert + text;
  const lineEnd = text.search(/[\n\r\u2028\u2029]/);
  return lineEnd === -1 ? text : text.slice(0, lineEnd + 1) + insert + text.slice(lineEnd + 1);
}

function main() {
  const { values, positionals } = parseCommandLine(USAGE, { list: { type: "string", multiple: true } }, { positionals: true });
  const paths = [...positionals, ...(values.list ?? []).flatMap((list) => readList(list))];
  if (paths.length === 0) usageError(USAGE, "no paths given");
  const files = collectFiles(paths, (message) => usageError(USAGE, message));
  const check = oxcChecker();
  const byEdge = new Map();
  let compared = 0,
    nodes = 0,
    shapes = 0;
  const started = performance.now();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    let bytes, ascii;
    try {
      bytes = check(file, withFirst(text, "/*\u00e9*/"), true);
      ascii = check(file, withFirst(text, "/*e*/"), true);
    } catch {
      continue;
    }
    compared++;
    nodes += ascii.nodes;
    if (bytes.nodes !== ascii.nodes) {
      shapes++;
      console.log(`${relative(process.cwd(), file)}: ${bytes.nodes} nodes with é, ${ascii.nodes} without: not compared`);
      continue;
    }
    const a = ascii.columns,
      b = bytes.columns;
    for (let i = 0; i < ascii.nodes; i++) {
      const startMoved = a.start[i] !== b.start[i],
        endMoved = a.end[i] !== b.end[i];
      if (!startMoved && !endMoved) continue;
      const edge = a.edge(i);
      let entry = byEdge.get(edge);
      if (entry === undefined) byEdge.set(edge, (entry = { count: 0, start: 0, end: 0, files: new Set(), example: null }));
      entry.count++;
      if (startMoved) entry.start++;
      if (endMoved) entry.end++;
      entry.files.add(file);
      entry.example ??= `${relative(process.cwd(), file)}: [${a.start[i]}, ${a.end[i]}) without é, [${b.start[i]}, ${b.end[i]}) with`;
    }
  }
  console.log(`utf16: ${compared} files, ${nodes} nodes, ${shapes} with different trees; ${((performance.now() - started) / 1000).toFixed(2)} s`);
  console.log(`spans left in UTF-8 bytes, by edge: ${byEdge.size}`);
  for (const [edge, e] of [...byEdge].sort(([x], [y]) => (x < y ? -1 : 1))) {
    console.log(`  ${edge}: ${e.count} (start ${e.start}, end ${e.end}; ${e.files.size} files), e.g. ${e.example}`);
  }
}

main();
