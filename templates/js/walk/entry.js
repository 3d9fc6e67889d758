{#- The module's entry points: `walk`, which begins and ends a walk of a buffer with the format's
    hooks (`beginWalk`, `endWalk`), and `visit`, of a tree already built. With `walker.whole_tree`,
    the first visited node met has the whole tree read (`readResult`) and visited instead. -#}
/**
 * Visits the nodes of the tree in a buffer, in output order (the root's, then those of the values
 * returned beside it). `visitor` maps a node type to a
 * function called with each node of that type on the way down, and `"Type:exit"` to one called on
 * the way up; a function for the way down that returns `false` skips the node's children. A node
{%- if walker.whole_tree %}
 * handed to a visitor is what `deserialize` would have built, its subtree included; its `parent`
 * holds the whole tree, so the first node of a visited type met has the whole tree built and
 * visited, and until then what cannot lead to one is not read. Throws a `RawastBufferError`
{%- else %}
 * handed to a visitor is what `deserialize` would have built, its subtree included; what no visited
 * node holds is not built, and what cannot lead to one is not read. Throws a `RawastBufferError`
{%- endif %}
 * for a buffer `deserialize` would refuse where the walk reads it, and a `TypeError` for a
 * visitor key that names no node type (but for an instance of a class, whose other members are
 * its state and helpers, and whose methods visit, called on it).
 * @param {Uint8Array} buffer {{ walker.buffer_doc }}
 * @param {object} visitor
 */
export function walk({{ walker.params }}, visitor) {
  if (walkStack !== null) throw new Error("walk: called from a visitor of another walk");
  setVisitor(visitor);
  try {
    const begun = beginWalk({% if walker.takes_few_strings() %}wordSearch !== null, {% endif %}{{ walker.params }});
{%- for view in views %}
    {{ view }} = begun.{{ view }};
{%- endfor %}
    const root = begun.root;
{%- if walker.prunes() %}
    wordsAt = wordSearch === null ? null : findWords(wordSearch, root);
{%- endif %}
    walkStack = [];
    walkDepth = 0;
{%- if walker.whole_tree %}
    try {
      treelessWalk(root);
    } catch (error) {
      // A node of a visited type, the first: its `parent` is the tree's, which holds the whole
      // tree. Read it all (the budget afresh: the walk so far read part of it) and visit it; the
      // walk visited nothing before this node. Or a bad buffer where the walk read what the
      // deserializer may not (a converter's reads, as its JS is read to read them, not as it
      // decides at run time): the deserializer decides whether the buffer is.
      if (error !== FOUND && !(error instanceof RawastBufferError)) throw error;
      walkStack.length = 0;
{%- if walker.takes_few_strings() %}
      // (Every string of the tree is read now: the source's bytes copied once to slice them from.)
{%- endif %}
      walkStack.push(readResult(beginWalk({% if walker.takes_few_strings() %}false, {% endif %}{{ walker.params }}).root), VISIT);
      drain(0);
    }
{%- else %}
    treelessWalk(root);
{%- endif %}
  } finally {
    {% include "js/walk/reset.js" %}
{%- if walker.scans && !walker.whole_tree %}
    scanning = 0;
    scanFound = false;
    scanHits = null;
{%- endif %}
    endWalk();
{%- if !views.is_empty() %}
    {{ views|join(" = ") }} = undefined;
{%- endif %}
  }
}

/** Walks the buffer's root at `root`, then the values returned beside it. */
function treelessWalk(root) {
  if (needed[{{ walker.root }}] === 1) {{ walker.functions[walker.root].name }}(root);
{%- for channel in walker.channels %}
  if (needed[{{ channel.walker }}] === 1) {{ channel.function }}({{ channel.pos }});
{%- endfor %}
}
{%- if walker.whole_tree %}

// Thrown by the walkers where they meet the first node of a visited type (`walk` catches it).
const FOUND = Symbol("a node of a visited type");
{%- endif %}

/**
 * Visits the nodes of a tree already built (what `deserialize` returns, or any node or array of
 * it) as `walk` visits them in the buffer, with the same `visitor`.
 * @param {object} value
 * @param {object} visitor
 */
export function visit(value, visitor) {
  if (walkStack !== null) throw new Error("visit: called from a visitor of a walk");
  setVisitor(visitor);
  try {
    walkStack = [];
    if (value !== null && typeof value === "object") {
      walkStack.push(value, VISIT);
      drain(0);
    }
  } finally {
    {% include "js/walk/reset.js" %}
  }
}
