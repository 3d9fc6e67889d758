{#- Visiting objects built, on the walk's stack: a node's functions and its children (`pushNode`),
    arrays, and plain objects (a lazy target's through the getters its class names). -#}
/**
 * A node of type `t`: its function for the way down, then (unless that returned `false`, when its
 * exit runs at once) its exit and its children pushed, in order.
 */
function pushNode(node, t) {
  const onEnter = enters[t];
  const onExit = exits[t];
  if (onEnter !== null && onEnter(node) === false) {
    if (onExit !== null) onExit(node);
{%- if walker.lazy %}
    resumeWalk();
{%- endif %}
    return;
  }
{%- if walker.lazy %}
  resumeWalk();
{%- endif %}
  if (onExit !== null) walkStack.push(node, -2 - t);
  if (childrenNeeded[t] === 0) return;
  const keys = NODE_KEYS[t];
{%- if walker.keyless_types > 0 %}
  if (keys === null) {
    const values = Object.values(node);
    for (let i = values.length - 1; i >= 0; i--) {
      const item = values[i];
      if (item !== null && typeof item === "object" && item !== node.parent) walkStack.push(item, VISIT);
    }
    return;
  }
{%- endif %}
  for (let i = keys.length - 1; i >= 0; i--) {
    const item = node[keys[i]];
    if (item === null || typeof item !== "object") continue;
    // An array's elements pushed now, as `visitBuilt` would push them (no frame for the array, and
    // none at all for an empty one: `decorators` of every TypeScript identifier).
    if (Array.isArray(item)) pushElements(item);
    else walkStack.push(item, VISIT);
  }
}

/** Pushes the objects of an array built, the last first, to be visited in order. */
function pushElements(array) {
  for (let i = array.length - 1; i >= 0; i--) {
    const item = array[i];
    if (item !== null && typeof item === "object") walkStack.push(item, VISIT);
  }
}

{%- if walker.calls_children() %}

/** The last struct the walkers reach by calls drains what it pushed above `base`; those below push theirs. */
function drainAtDepth(base) {
  if (walkDepth === WALK_DEPTH - 1) {
    walkDepth++;
    drain(base);
    walkDepth--;
  }
}
{%- endif %}

/** Visits an object or array built, pushing what it holds that may hold visited nodes. */
function visitBuilt(value) {
  if (Array.isArray(value)) {
    pushElements(value);
    return;
  }
  const type = value{{ walker.discriminator }};
  const t = typeof type === "string" ? NODE_INDEX.get(type) : undefined;
  if (t === undefined) {
    // A plain object: whatever it holds.
{%- if walker.lazy %}
    if (value instanceof BaseLazyObject) {
      // (Its values are getters, named by its class.)
      const names = value.constructor[PROPERTIES];
      for (let i = names.length - 1; i >= 0; i--) {
        const item = value[names[i]];
        if (item !== null && typeof item === "object") walkStack.push(item, VISIT);
      }
      return;
    }
{%- endif %}
    const values = Object.values(value);
    for (let i = values.length - 1; i >= 0; i--) {
      const item = values[i];
      if (item !== null && typeof item === "object") walkStack.push(item, VISIT);
    }
    return;
  }
  if (typeNeeded[t] === 1) pushNode(value, t);
}
