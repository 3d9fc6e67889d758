{#- The end of a deserializer with a walker (`emit/js/walk_module.rs`, `WalkInternals`): the hooks
    every format's walker calls alike, and `internalsForWalk()`, what its `walk.js` takes, each
    defined here or by the deserializer's template. -#}
{%- if internals.has("settle") %}

/** Builds what a node or value a walk built whole left for later, where the stack ran out. */
function settle(value) {
  if (deferred > 0) {
    resolveDeferred(value);
    deferred = 0;
  }
}
{%- endif %}
{%- if internals.has("pay") %}

/** Pays for a walker's read of `len` bytes at `start` (by the pointer at `pos`) from the budget. */
function pay(start, len, pos) {
  if ((budget -= len) < 0) overBudget(start, len, pos);
}
{%- endif %}

/**
 * What `walk.js` reads buffers and builds nodes with: functions of this module. Not an API: its
 * names change with the schema and the generator. (A function: the object is made only where
 * `walk.js` is loaded, not by every load of this module.)
 */
export function internalsForWalk() {
  return {
{%- for name in internals.names %}
    {{ name }},
{%- endfor %}
  };
}
