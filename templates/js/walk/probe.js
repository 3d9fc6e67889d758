{#- In a walk of the whole tree (`BuiltWalk::Probed` is only there): a converter's value built apart
    from the tree is looked into for a visited node, which ends the walk (`FOUND`). -#}
/**
 * A value built whole because a converter reads it, apart from the tree (its nodes' `parent` is not
 * the tree's): `FOUND` if it holds a node of a visited type, else dropped.
 */
function probeValue(value) {
  settle(value);
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === null || typeof item !== "object") continue;
    if (Array.isArray(item)) {
      for (const element of item) stack.push(element);
      continue;
    }
    const type = item{{ walker.discriminator }};
    const t = typeof type === "string" ? NODE_INDEX.get(type) : undefined;
    if (t !== undefined && (enters[t] !== null || exits[t] !== null)) throw FOUND;
    const keys = t === undefined ? null : NODE_KEYS[t];
    if (keys === null) {
      for (const key of Object.keys(item)) if (key !== "parent") stack.push(item[key]);
    } else {
      for (const key of keys) stack.push(item[key]);
    }
  }
}
