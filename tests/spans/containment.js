// Whether the spans of a buffer's AST nest as a walk led by words assumes (docs/walking.md): that a node's span holds the spans of every node it holds, and that the elements of a
// `Vec` lie in source order and apart. A struct walker with a span returns at once when its span
// holds none of the walk's words, and `stepByWords` gallops over a `Vec` by its elements' starts:
// where either fact fails, a walk led by words misses nodes.
//
// The check reads a sound buffer's nodes by its layout (nodes.js: every struct with a `span`, its
// nearest enclosing node, the edge between them named `Parent.field.subfield[] > Child`). It reports:
// - `edges`: for each edge, how often it occurs and how often the child's span is not inside the
//   parent's ("escapes"), with the first examples, whether each escaping child is inside its
//   grandparent, and which ancestor (how many levels up, of which type) finally holds it;
// - `vecs`: for each `Vec` whose elements are nodes (themselves, or through a `Box`, an enum or an
//   `Option`), how many neighbouring pairs break source order or overlap, by their spans and by their
//   extents (an element's span joined with the spans of all the nodes under it);
// - `bad`: nodes whose span ends before it starts, or past the source.
// Containment by edges is enough: were every edge's child inside its parent, every node would be
// inside all of its ancestors, so a node outside some ancestor shows up as an escaping edge below it.

import { compileLayout, Paths, readNodes } from "./nodes.js";

/** How many examples of each escaping edge and each kind of `Vec` failure a check keeps. */
const EXAMPLES = 3;

/** The `Vec` failures counted for each neighbouring pair `a`, `b` of nodes (the last, for each element). */
export const VEC_FAILURES = {
  order: "start(b) < start(a): spans out of source order",
  overlap: "end(a) > start(b): spans overlap",
  extentOrder: "extentStart(b) < extentStart(a): extents out of source order",
  extentOverlap: "extentEnd(a) > extentStart(b): extents overlap",
  extentBeforePrevEnd: "extentStart(b) < end(a): b's extent starts before a's span ends",
  extentPastNextStart: "extentEnd(a) > start(b): a's extent ends after b's span starts (what stepByWords needs not to happen)",
  extentBeforeOwnStart: "extentStart(a) < start(a): something under the element starts before it",
};

/**
 * A checker of buffers of `layout` (a layout JSON's object). `skip`: fields not followed, as
 * `"Type.field"` strings (oxc's module record and errors, which are no AST). `transparent`: struct
 * types whose spans are not read, as if they had none (their fields' nodes are their parent's
 * children): oxc's `FormalParameters`, whose span oxc-parser leaves in UTF-8 bytes. Returns
 * `check(buffer, region)`: `buffer` a Uint8Array whose byteOffset is a multiple of 4, `region`
 * `{ root, rootType, lo, limit, base, sourceLength, keepNodes }` as tests/fuzz/layout.js's `walk`
 * takes it (`rootType` defaults to the layout's root; `sourceLength` is the source's length in the
 * units of the spans: UTF-16 code units in oxc-parser's buffers, which it converts before it
 * returns, and in rawast's test producer's, which writes acorn's; `keepNodes`:
 * the result's `columns` hold every node's span, parent and extent, and `edge(node)`, `type(node)`).
 * The checker's `nodeTypes` are the struct types it reads as nodes (those with a span that a value
 * of the root can reach).
 */
export function createChecker(layout, { skip = [], transparent = [] } = {}) {
  const compiled = compileLayout(layout, new Set(skip), new Set(transparent));
  const paths = new Paths();
  const checker = (buffer, region) => check(readNodes(buffer, region, compiled, paths), region, paths);
  // (For what a corpus never met.)
  checker.nodeTypes = compiled.nodeTypes;
  return checker;
}

/** What the nodes say (`readNodes`' result): the report `createChecker`'s doc describes. */
function check(nodes, region, paths) {
  const { sourceLength } = region;
  const { n, start, end, parent: parentOf, edge: edgeOf, vecs, slotNode: slots, unfollowed } = nodes;
  // Extents: each node's span joined with those of the nodes under it (children come after parents).
  const extStart = start.slice(0, n),
    extEnd = end.slice(0, n);
  for (let node = n - 1; node >= 0; node--) {
    const p = parentOf[node];
    if (p < 0) continue;
    if (extStart[node] < extStart[p]) extStart[p] = extStart[node];
    if (extEnd[node] > extEnd[p]) extEnd[p] = extEnd[node];
  }
  const typeOf = (node) => paths.edgeChild[edgeOf[node]];
  const spanOf = (node) => [start[node], end[node]];

  // (a) and (b): edges, and the escaping ones.
  const edgeCounts = new Map();
  const entry = (edge) => {
    let e = edgeCounts.get(edge);
    if (e === undefined) edgeCounts.set(edge, (e = { count: 0, escapes: 0, left: 0, right: 0, insideGrandparent: 0, upTo: new Map(), examples: [] }));
    return e;
  };
  const bad = [];
  let badCount = 0;
  for (let node = 0; node < n; node++) {
    const s = start[node],
      e = end[node];
    if (s > e || e > sourceLength) {
      badCount++;
      if (bad.length < EXAMPLES) bad.push({ type: typeOf(node), edge: paths.edgeText[edgeOf[node]], span: spanOf(node), why: s > e ? "start > end" : "past the source" });
    }
    const p = parentOf[node];
    const counts = entry(edgeOf[node]);
    counts.count++;
    if (p < 0 || (start[p] <= s && e <= end[p])) continue;
    counts.escapes++;
    if (s < start[p]) counts.left++;
    if (e > end[p]) counts.right++;
    const g = parentOf[p];
    if (g >= 0 && start[g] <= s && e <= end[g]) counts.insideGrandparent++;
    // The nearest ancestor that holds the child.
    let levels = 1,
      holder = p;
    while (holder >= 0 && !(start[holder] <= s && e <= end[holder])) {
      holder = parentOf[holder];
      levels++;
    }
    const up = holder < 0 ? "none" : `${levels} up: ${typeOf(holder)}`;
    counts.upTo.set(up, (counts.upTo.get(up) ?? 0) + 1);
    if (counts.examples.length < EXAMPLES) {
      counts.examples.push({ child: spanOf(node), parent: spanOf(p), parentType: typeOf(p), grandparent: g >= 0 ? spanOf(g) : null, grandparentType: g >= 0 ? typeOf(g) : null, holder: holder >= 0 ? spanOf(holder) : null, up });
    }
  }
  const edgeResults = new Map();
  for (const [edge, counts] of edgeCounts) edgeResults.set(paths.edgeText[edge], counts);

  // (c): `Vec`s of nodes.
  const vecResults = new Map();
  for (let v = 0; v < vecs.count; v++) {
    const key = paths.text[vecs.path[v]];
    let r = vecResults.get(key);
    if (r === undefined) {
      r = { vecs: 0, elements: 0, pairs: 0, failures: Object.fromEntries(Object.keys(VEC_FAILURES).map((k) => [k, 0])), examples: {} };
      vecResults.set(key, r);
    }
    const fail = (kind, a, b) => {
      r.failures[kind]++;
      const list = (r.examples[kind] ??= []);
      if (list.length < EXAMPLES) list.push({ a: { type: typeOf(a), span: spanOf(a), extent: [extStart[a], extEnd[a]] }, b: b < 0 ? null : { type: typeOf(b), span: spanOf(b), extent: [extStart[b], extEnd[b]] } });
    };
    r.vecs++;
    let a = -1;
    for (let i = vecs.first[v], last = i + vecs.len[v]; i < last; i++) {
      const b = slots[i];
      if (b < 0) continue;
      r.elements++;
      if (extStart[b] < start[b]) fail("extentBeforeOwnStart", b, -1);
      if (a >= 0) {
        r.pairs++;
        if (start[b] < start[a]) fail("order", a, b);
        if (end[a] > start[b]) fail("overlap", a, b);
        if (extStart[b] < extStart[a]) fail("extentOrder", a, b);
        if (extEnd[a] > extStart[b]) fail("extentOverlap", a, b);
        if (extStart[b] < end[a]) fail("extentBeforePrevEnd", a, b);
        if (extEnd[a] > start[b]) fail("extentPastNextStart", a, b);
      }
      a = b;
    }
  }
  const result = { nodes: n, edges: edgeResults, vecs: vecResults, bad, badCount, unfollowed };
  // The nodes themselves, when asked: columns by node index, and each node's edge's text.
  if (region.keepNodes) result.columns = { start: start.slice(0, n), end: end.slice(0, n), parent: parentOf.slice(0, n), extStart, extEnd, edge: (node) => paths.edgeText[edgeOf[node]], type: typeOf };
  return result;
}
