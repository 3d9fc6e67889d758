{#- Where a walker builds a node or value of a visited type: it is visited now, its subtree on the
    objects built (a lazy target's nodes need no `settle`). A walk of the whole tree has none. -#}
{%- if walker.visits_nodes(false) %}

/**
 * A node of the visited type `t`, built whole: visited now (at `WALK_DEPTH`, the frames are being
 * drained already, and its own go next), its subtree on the objects built.
 */
function visitNode(node, t) {
{%- if !walker.lazy %}
  settle(node);
{%- endif %}
  const base = walkStack.length;
  pushNode(node, t);
  if (walkDepth < WALK_DEPTH) drain(base);
}
{%- endif %}
{%- if walker.visits_nodes(true) %}

/**
 * A node of the visited type `t` whose struct holds nothing that can lead to a node (an
 * identifier), built whole: its functions for the way down and up, one after the other (what
 * `visitNode` would push for it is what it holds that is an object: no node, and nothing to visit).
 */
function visitLeaf(node, t) {
  const onEnter = enters[t];
  const onExit = exits[t];
  if (onEnter !== null) onEnter(node);
  if (onExit !== null) onExit(node);
{%- if walker.lazy %}
  resumeWalk();
{%- endif %}
}
{%- endif %}

{%- if walker.visits_values() %}

/** A value built whole because a converter reads it: its objects visited now. */
function visitValue(value) {
{%- if !walker.lazy %}
  settle(value);
{%- endif %}
  if (value === null || typeof value !== "object") return;
  const base = walkStack.length;
  walkStack.push(value, VISIT);
  if (walkDepth < WALK_DEPTH) drain(base);
}
{%- endif %}
