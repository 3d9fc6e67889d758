// What a walk led by words trusts of a buffer's spans, checked on a buffer (docs/walking.md). The walker skips a node whose span holds none of the walk's words, and gallops over a
// long `Vec` by its elements' spans; it reads the spans of the structs the generator lists in the
// layout's `walk` (`nodes`, `cargo xtask layouts`: `Model::walk_span_structs`), and never skips
// those of `outside` (structs with a field of `[walk] outside_span`) by their own. So:
// - every node lies inside the span of its nearest ancestor the walk skips by its span;
// - the elements of a `Vec` of nodes lie in source order and apart, and what each holds (its
//   extent: its span joined with those of the nodes under it) lies between where the element
//   before it ends and where the one after it starts;
// - no span ends before it starts, or past the source.
// Conformance runs this on every buffer it reads whose parser reported no error (a walk of a
// buffer with errors does not skip by words).

import { compileLayout, Paths, readNodes } from "./nodes.js";

/** How many problems of a buffer are described (the rest are counted). */
const DESCRIBED = 5;

/**
 * The check of buffers of `layout` (a layout JSON's object, with its `walk`): `check(buffer,
 * region)` returns the problems found, as sentences (empty: none), `region` as containment.js's
 * checker takes it (`root`, `lo`, `limit`, `base`, `sourceLength`). `skip`: fields not followed
 * (`"Type.field"`: oxc's module record and errors, which are no AST). `null` where the layout's
 * schema has no `[walk] keywords`: its walks never skip by spans.
 */
export function createWalkFactsChecker(layout, { skip = [] } = {}) {
  if (!layout.walk.keywords) return null;
  const nodes = new Set(layout.walk.nodes);
  const outside = new Set(layout.walk.outside);
  // (Other structs' spans are not read by a walk: `FormalParameters`', which oxc-parser leaves in
  // UTF-8 bytes, among them.)
  const transparent = new Set(Object.keys(layout.types).filter((name) => layout.types[name].kind === "struct" && !nodes.has(name)));
  const compiled = compileLayout(layout, new Set(skip), transparent);
  const paths = new Paths();
  return (buffer, region) => problems(readNodes(buffer, region, compiled, paths), paths, outside, region.sourceLength);
}

function problems(read, paths, outside, sourceLength) {
  const { n, start, end, parent, edge, vecs, slotNode } = read;
  const found = [];
  let count = 0;
  const problem = (text) => {
    if (count++ < DESCRIBED) found.push(text);
  };
  const typeOf = (node) => paths.edgeChild[edge[node]];
  const describe = (node) => `${typeOf(node)} ${start[node]}..${end[node]}`;
  // The nearest ancestor a walk skips by its span, of each node (a node comes after its parent).
  const skipper = new Int32Array(n);
  // Extents, joined from the last node up.
  const extentStart = start.slice(0, n),
    extentEnd = end.slice(0, n);
  for (let node = 0; node < n; node++) {
    if (start[node] > end[node] || end[node] > sourceLength) problem(`${describe(node)} (${paths.edgeText[edge[node]]}): a span that ends before it starts, or past the source's ${sourceLength}`);
    const p = parent[node];
    skipper[node] = p < 0 ? -1 : outside.has(typeOf(p)) ? skipper[p] : p;
    const s = skipper[node];
    if (s >= 0 && !(start[s] <= start[node] && end[node] <= end[s])) {
      // The fields from that node down to this one: the first, or one below it, is what
      // `[walk] outside_span` needs (`Struct.field`).
      const path = [];
      for (let x = node; x !== s; x = parent[x]) path.unshift(paths.edgeText[edge[x]].split(" > ")[0]);
      const fields = path.map((text) => text.replace(/\[\]/g, "").split(".").slice(0, 2).join("."));
      problem(`${describe(node)} lies outside ${describe(s)}, the nearest node holding it that a walk skips by its span (through ${path.join(" > ")}): list ${fields.map((f) => `\`${f}\``).join(" and ")} in [walk] outside_span`);
    }
  }
  for (let node = n - 1; node >= 0; node--) {
    const p = parent[node];
    if (p < 0) continue;
    if (extentStart[node] < extentStart[p]) extentStart[p] = extentStart[node];
    if (extentEnd[node] > extentEnd[p]) extentEnd[p] = extentEnd[node];
  }
  for (let v = 0; v < vecs.count; v++) {
    let a = -1;
    for (let i = vecs.first[v], last = i + vecs.len[v]; i < last; i++) {
      const b = slotNode[i];
      if (b < 0) continue;
      if (a >= 0) {
        const where = `in ${paths.text[vecs.path[v]]}`;
        if (start[b] < end[a]) problem(`${describe(a)} and ${describe(b)}, ${where}: siblings out of source order, or overlapping`);
        else if (extentStart[b] < end[a]) problem(`${describe(b)}, ${where}: what it holds starts at ${extentStart[b]}, before the element before it ends`);
        else if (extentEnd[a] > start[b]) problem(`${describe(a)}, ${where}: what it holds ends at ${extentEnd[a]}, after the element after it starts`);
      }
      a = b;
    }
  }
  if (count > DESCRIBED) found.push(`and ${count - DESCRIBED} more`);
  return found;
}
