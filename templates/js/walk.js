{#- The walker of a target (`functions/walker/`, `WalkJs`): `walk.js`, a module of its own that reads
    buffers with its deserializer's functions (`internalsForWalk()` of `deserialize.js`); with
    `walker.lazy`, the nodes it builds are a lazy target's objects, which read the rest on first
    access. Each concern is a partial of `js/walk/`, included in the order the module holds them;
    the conditions here say which walkers have which. -#}
{{ header }}
// The walker of target `{{ target }}`: `walk({{ walker.params }}, visitor)` and `visit(value, visitor)`.
// It reads buffers and builds nodes with the functions of `deserialize.js`, whose exports it
// exports too: nodes, classes and errors are the same whichever of the two modules made them. A
// process that only deserializes loads `deserialize.js` alone, without this code to parse.
{% include "js/walk/imports.js" %}

// Walking: `walk(buffer, visitor)` visits the tree's nodes in the buffer, in output order, without
// building the tree. A node of a type the visitor names is built whole by the deserializer's
// function and handed to the visitor, its subtree visited on the objects built; everything else is
// read only as far as it may lead to a visited node (which walkers may, `WALK_CHILDREN`, is worked
// out once per set of visited types). The walkers call each other down to `WALK_DEPTH` structs;
// below that, and in the built subtrees, the work is kept on an explicit stack (`walkStack`): trees
// of any depth, and a visitor that throws leaves nothing half-done.
{%- if walker.lazy %}
// The nodes built are lazy: a visited node's subtree is visited through its getters, which read the
// buffer in the walk's own context (`beginWalk` makes it), kept by the nodes, so they stay usable
// after it.
{%- endif %}
{%- if walker.whole_tree %}
// Here nodes have `parent`, which holds the whole tree: the first node of a visited type the
// walkers meet (`FOUND`) has the whole tree read (`readResult`) and visited in place of the rest of
// the walk, before which nothing was visited. A buffer with no such node builds nothing.
{%- endif %}

{% include "js/walk/tables.js" %}
{%- include "js/walk/state.js" %}

{% include "js/walk/entry.js" %}

{% include "js/walk/visitor.js" %}

{% include "js/walk/plan.js" %}
{%- if walker.prunes() %}

{% include "js/walk/word_search.js" %}

{% include "js/walk/word_skips.js" %}
{%- endif %}

{% include "js/walk/drain.js" %}
{%- if walker.probes() %}

{% include "js/walk/probe.js" %}
{%- endif %}
{%- if walker.scans && !walker.whole_tree %}

{% include "js/walk/scans.js" %}
{%- endif %}
{%- if !walker.whole_tree %}
{%- include "js/walk/visits.js" %}
{%- endif %}

{% include "js/walk/visit_built.js" %}
{%- include "js/walk/walkers.js" %}

/**
 * The node types by whose words a walk skips what cannot hold a visited node: for each, words one of
 * which the source text of every node of the type holds. A walk whose visitor visits only these
 * types reads only the nodes whose span holds one of their words (or a `\u` escape){% if !walker.prunes() %}; empty here:
 * this target's walks cannot skip by words{% endif %}.
 */
{%- if walker.prunes() %}
export const WALK_WORDS = Object.freeze(Object.fromEntries(NODE_TYPES.flatMap((type, t) => (NODE_WORDS[t] === null ? [] : [[type, Object.freeze(NODE_WORDS[t].slice())]]))));
{%- else %}
export const WALK_WORDS = Object.freeze({});
{%- endif %}
