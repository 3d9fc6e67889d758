{#- `planOf`: which walkers and node types a set of visited types needs, worked out once per set.
    With `has_lists()` (oxc's format: a type read from a tag, converters that make nodes) a walker's
    node types are a list, and `WALK_MADE` counts too. -#}
/** Which walkers and node types a visitor of the node types `visited` (indices) needs. */
function planOf(visited) {
  const needed = new Uint8Array(WALK_NODE.length);
  const typeNeeded = new Uint8Array(NODE_TYPES.length);
{%- if walker.makes %}
  const makes = new Uint8Array(WALK_NODE.length);
{%- endif %}
  for (let w = 0; w < WALK_NODE.length; w++) {
{%- if walker.has_lists() %}
    const node = WALK_NODE[w], made = WALK_MADE[w];
    if (node === -2 || (typeof node === "number" ? visited.includes(node) : node.some((t) => visited.includes(t)))) needed[w] = 1;
    if (made !== null && made.some((t) => visited.includes(t))) needed[w] = {% if walker.makes %}makes[w] = {% endif %}1;
{%- else %}
    if (WALK_NODE[w] === -2 || (WALK_NODE[w] >= 0 && visited.includes(WALK_NODE[w]))) needed[w] = 1;
{%- endif %}
  }
  // A walker is needed when one it calls or pushes is: until nothing changes (the graph has cycles).
  for (let changed = true; changed; ) {
    changed = false;
    for (let w = 0; w < WALK_NODE.length; w++) {
      if (needed[w] === 1) continue;
      for (const child of WALK_CHILDREN[w]) {
        if (needed[child] === 1) {
          needed[w] = 1;
          changed = true;
          break;
        }
      }
    }
  }
  // A node type is looked into when one of its walkers is needed, or it has none (a converter's).
  // What a node of it holds is, by the same rule less its own type being visited (an import
  // declaration, visited, holds no other visited node): where one of its walkers' children is
  // needed{% if walker.has_lists() %} (or one of its walkers' converters makes a visited type){% endif %}, or it has no walker.
  const walked = new Uint8Array(NODE_TYPES.length);
  const childrenNeeded = new Uint8Array(NODE_TYPES.length);
  for (let w = 0; w < WALK_NODE.length; w++) {
{%- if walker.has_lists() %}
    const made = WALK_MADE[w];
    const leads = WALK_CHILDREN[w].some((c) => needed[c] === 1) || (made !== null && made.some((t) => visited.includes(t)));
    for (const t of typeof WALK_NODE[w] === "number" ? [WALK_NODE[w]] : WALK_NODE[w]) {
      if (t < 0) continue;
      walked[t] = 1;
      if (needed[w] === 1) typeNeeded[t] = 1;
      if (leads) childrenNeeded[t] = 1;
    }
{%- else %}
    const t = WALK_NODE[w];
    if (t < 0) continue;
    walked[t] = 1;
    if (needed[w] === 1) typeNeeded[t] = 1;
    if (WALK_CHILDREN[w].some((c) => needed[c] === 1)) childrenNeeded[t] = 1;
{%- endif %}
  }
  for (let t = 0; t < NODE_TYPES.length; t++) {
    if (walked[t] === 0 || visited.includes(t)) typeNeeded[t] = 1;
    if (walked[t] === 0) childrenNeeded[t] = 1;
  }
{%- if walker.prunes() %}
  // Words only where every visited type has some: one without could be anywhere.
  const search = visited.every((t) => NODE_WORDS[t] !== null) ? searchOf([...new Set(visited.flatMap((t) => NODE_WORDS[t]))]) : null;
{%- endif %}
  return { needed, typeNeeded, childrenNeeded{% if walker.makes %}, makes{% endif %}{% if walker.scans && !walker.whole_tree %}, scanHits: new Uint8Array(WALK_NODE.length){% endif %}{% if walker.prunes() %}, search{% endif %} };
}
