// The span checker's results (containment.js) summed over files, with the first examples of each
// failure quoted from their sources: as text for a reader, or as JSON.

const EXCERPT = 70;

/** A span's source, one line, cut to `EXCERPT` characters. */
function quote(excerpt, [start, end]) {
  const { text, line } = excerpt(start, end);
  const flat = text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text;
  return { span: [start, end], line, text: flat };
}

const shown = ({ span, line, text }) => `[${span[0]}, ${span[1]}) line ${line} ${JSON.stringify(text)}`;

export class Aggregate {
  /** `examples`: how many of each kind to keep; `name(file)`: how a file is shown. */
  constructor(examples, name) {
    this.examples = examples;
    this.name = name;
    this.files = 0;
    this.withErrors = 0;
    this.nodes = 0;
    this.unfollowed = 0;
    this.parseMs = 0;
    this.checkMs = 0;
    this.skipped = [];
    this.edges = new Map();
    this.vecs = new Map();
    this.bad = { count: 0, examples: [] };
    this.slowest = { file: null, ms: 0 };
    // The layout's node types (the checker's `nodeTypes`), set by the caller: those never met are listed.
    this.nodeTypes = [];
  }

  skip(file, why) {
    this.skipped.push(`${this.name(file)}: ${why}`);
  }

  /** One file's result; `excerpt(start, end)` gives `{ text, line }` of its source. */
  add(file, result, { errors, excerpt, parseMs, checkMs }) {
    const name = this.name(file);
    this.files++;
    if (errors > 0) this.withErrors++;
    this.nodes += result.nodes;
    this.unfollowed += result.unfollowed;
    this.parseMs += parseMs;
    this.checkMs += checkMs;
    if (checkMs > this.slowest.ms) this.slowest = { file: name, ms: checkMs, nodes: result.nodes };
    for (const [key, counts] of result.edges) {
      let edge = this.edges.get(key);
      if (edge === undefined) this.edges.set(key, (edge = { count: 0, files: 0, escapes: 0, escapeFiles: 0, left: 0, right: 0, insideGrandparent: 0, upTo: {}, examples: [] }));
      edge.count += counts.count;
      edge.files++;
      if (counts.escapes === 0) continue;
      edge.escapes += counts.escapes;
      edge.escapeFiles++;
      edge.left += counts.left;
      edge.right += counts.right;
      edge.insideGrandparent += counts.insideGrandparent;
      for (const [up, n] of counts.upTo) edge.upTo[up] = (edge.upTo[up] ?? 0) + n;
      for (const example of counts.examples) {
        if (edge.examples.length >= this.examples) break;
        edge.examples.push({
          file: name,
          errors,
          child: quote(excerpt, example.child),
          parent: { type: example.parentType, ...quote(excerpt, example.parent) },
          grandparent: example.grandparent && { type: example.grandparentType, ...quote(excerpt, example.grandparent) },
          up: example.up,
        });
      }
    }
    for (const [key, r] of result.vecs) {
      let vec = this.vecs.get(key);
      if (vec === undefined) this.vecs.set(key, (vec = { vecs: 0, elements: 0, pairs: 0, failures: {}, failureFiles: {}, examples: {} }));
      vec.vecs += r.vecs;
      vec.elements += r.elements;
      vec.pairs += r.pairs;
      for (const [kind, n] of Object.entries(r.failures)) {
        if (n === 0) continue;
        vec.failures[kind] = (vec.failures[kind] ?? 0) + n;
        vec.failureFiles[kind] = (vec.failureFiles[kind] ?? 0) + 1;
        const list = (vec.examples[kind] ??= []);
        for (const { a, b } of r.examples[kind]) {
          if (list.length >= this.examples) break;
          const element = (x) => x && { type: x.type, ...quote(excerpt, x.span), extent: x.extent };
          list.push({ file: name, errors, a: element(a), b: element(b) });
        }
      }
    }
    this.bad.count += result.badCount;
    for (const bad of result.bad) {
      if (this.bad.examples.length >= this.examples) break;
      this.bad.examples.push({ file: name, errors, ...bad });
    }
  }

  json() {
    const { examples, name, ...rest } = this;
    return { ...rest, edges: Object.fromEntries(this.edges), vecs: Object.fromEntries(this.vecs) };
  }

  /** The report: escaping edges, `Vec` failures, bad spans, counts and times. */
  text(format, seconds, failureNames) {
    const lines = [];
    const ms = (x) => `${(x / 1000).toFixed(2)} s`;
    lines.push(`${format}: ${this.files} files (${this.withErrors} with parse errors), ${this.nodes} nodes, ${this.edges.size} edges; skipped ${this.skipped.length}; ` + `parse ${ms(this.parseMs)}, check ${ms(this.checkMs)}, total ${seconds.toFixed(2)} s; slowest check ${this.slowest.file} (${this.slowest.nodes} nodes) ${this.slowest.ms.toFixed(0)} ms`);
    if (this.unfollowed > 0) lines.push(`pointers outside the region, not followed: ${this.unfollowed}`);
    const escaping = [...this.edges].filter(([, e]) => e.escapes > 0).sort(([a], [b]) => (a < b ? -1 : 1));
    lines.push("", `escaping edges: ${escaping.length}`);
    for (const [key, e] of escaping) {
      const up = Object.entries(e.upTo).map(([where, n]) => `${where} ×${n}`).join(", ");
      lines.push(`  ${key}: ${e.escapes} of ${e.count} (${e.escapeFiles} of ${e.files} files); starts before ${e.left}, ends after ${e.right}; inside grandparent ${e.insideGrandparent}; first holder: ${up}`);
      for (const x of e.examples) {
        lines.push(`    ${x.file}${x.errors > 0 ? ` (${x.errors} errors)` : ""}: child ${shown(x.child)}`);
        lines.push(`      parent ${x.parent.type} ${shown(x.parent)}`);
        if (x.grandparent) lines.push(`      grandparent ${x.grandparent.type} ${shown(x.grandparent)}`);
      }
    }
    const failing = [...this.vecs].filter(([, v]) => Object.keys(v.failures).length > 0).sort(([a], [b]) => (a < b ? -1 : 1));
    const pairs = [...this.vecs.values()].reduce((sum, v) => sum + v.pairs, 0);
    lines.push("", `Vecs of nodes: ${this.vecs.size} fields, ${pairs} neighbouring pairs; fields with failures: ${failing.length}`);
    for (const [kind, what] of Object.entries(failureNames)) {
      const total = failing.reduce((sum, [, v]) => sum + (v.failures[kind] ?? 0), 0);
      lines.push(`  ${kind} (${what}): ${total}`);
    }
    for (const [key, v] of failing) {
      lines.push(`  ${key} (${v.vecs} Vecs, ${v.pairs} pairs):`);
      for (const [kind, n] of Object.entries(v.failures)) {
        lines.push(`    ${kind}: ${n} (${v.failureFiles[kind]} files)`);
        for (const x of v.examples[kind]) {
          const element = (el) => `${el.type} ${shown(el)} extent [${el.extent[0]}, ${el.extent[1]})`;
          lines.push(`      ${x.file}${x.errors > 0 ? ` (${x.errors} errors)` : ""}: a ${element(x.a)}${x.b ? `\n        b ${element(x.b)}` : ""}`);
        }
      }
    }
    lines.push("", `bad spans (start > end, or past the source): ${this.bad.count}`);
    for (const x of this.bad.examples) lines.push(`  ${x.file}: ${x.edge} [${x.span[0]}, ${x.span[1]}) ${x.why}`);
    const met = new Set([...this.edges.keys()].map((key) => key.slice(key.lastIndexOf(" > ") + 3)));
    const unmet = this.nodeTypes.filter((type) => !met.has(type)).sort();
    lines.push("", `node types never met: ${unmet.length} of ${this.nodeTypes.length}${unmet.length > 0 ? `: ${unmet.join(", ")}` : ""}`);
    if (this.skipped.length > 0) lines.push("", `skipped: ${this.skipped.length}`, ...this.skipped.slice(0, 20).map((s) => `  ${s}`));
    return lines.join("\n");
  }
}
