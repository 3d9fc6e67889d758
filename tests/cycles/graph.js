// The type graph of a schema, from its layout (`target/layouts/layout-*.json`, which xtask writes
// from the generator's layout engine), worked out here independently of the generator: which named
// types contain which, the cycles among them (each one a way for a value to nest without bound),
// and how small a value of each type can be.
//
// An edge is one place in a type where another named type appears: a struct's field or an enum's
// variant, through the `Option`, `Box` and `Vec` layers (`wrappers`) that lead to it.

/**
 * The graph of `layout`: `edges` (`{ id, from, to, site, wrappers }`, `site` being
 * `{ field: index }` or `{ variant: discriminant }`), `out` (type name → its edges), `component`
 * (type name → its strongly connected component's index) and `cyclic` (the edges that lie on a
 * cycle: both ends in one component).
 */
export function typeGraph(layout) {
  const edges = [];
  const out = new Map(Object.keys(layout.types).map((name) => [name, []]));
  for (const [from, def] of Object.entries(layout.types)) {
    const sites =
      def.kind === "struct"
        ? def.fields.map(([, type], index) => [{ field: index }, type])
        : def.kind === "enum"
          ? Object.entries(def.variants).flatMap(([discriminant, type]) => (type === null ? [] : [[{ variant: Number(discriminant) }, type]]))
          : [];
    for (const [site, type] of sites) {
      for (const { to, wrappers } of namedIn(type)) {
        const edge = { id: edges.length, from, to, site, wrappers };
        edges.push(edge);
        out.get(from).push(edge);
      }
    }
  }
  const component = components(out);
  const cyclic = edges.filter((edge) => component.get(edge.from) === component.get(edge.to));
  return { edges, out, component, cyclic };
}

/** The named types a field's type holds, each with the layers around it (`option`, `box`, `vec`). */
function namedIn(type, wrappers = []) {
  if (typeof type !== "object" || type.builtin !== undefined) return [];
  if (type.named !== undefined) return [{ to: type.named, wrappers }];
  const [layer, inner] = type.option !== undefined ? ["option", type.option] : type.box !== undefined ? ["box", type.box] : ["vec", type.vec];
  return namedIn(inner, [...wrappers, layer]);
}

/** Tarjan's strongly connected components, iteratively: type name → component index. */
function components(out) {
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const component = new Map();
  let next = 0;
  for (const start of out.keys()) {
    if (index.has(start)) continue;
    // Frames of the depth-first search: a type and how many of its edges were followed.
    const frames = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1];
      const [type, followed] = frame;
      const edges = out.get(type);
      if (followed < edges.length) {
        frame[1]++;
        const to = edges[followed].to;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          frames.push([to, 0]);
        } else if (onStack.has(to)) {
          low.set(type, Math.min(low.get(type), index.get(to)));
        }
        continue;
      }
      frames.pop();
      if (frames.length > 0) {
        const parent = frames[frames.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(type)));
      }
      if (low.get(type) === index.get(type)) {
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.set(member, index.get(type));
        } while (member !== type);
      }
    }
  }
  return component;
}

/**
 * Cycles that together take every edge that lies on a cycle: for each such edge, the edge and the
 * shortest way back from its end to its start. (Every cycle of the graph is made of such edges; a
 * deserializer that reads each of these cycles to any depth has no recursion left that it does not
 * defer somewhere.) Each cycle is a list of edges, the first one's `from` being the last one's `to`;
 * duplicates are left out.
 */
export function coveringCycles(graph) {
  const cycles = [];
  const seen = new Set();
  for (const edge of graph.cyclic) {
    const back = shortestPath(graph, edge.to, edge.from);
    const cycle = [edge, ...back];
    const key = cycle
      .map((e) => e.id)
      .sort((a, b) => a - b)
      .join(",");
    if (seen.has(key)) continue;
    seen.add(key);
    cycles.push(cycle);
  }
  return cycles;
}

/** The shortest list of edges from `from` to `to` (empty when they are the same type). */
export function shortestPath(graph, from, to) {
  if (from === to) return [];
  const via = new Map([[from, null]]);
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const type = queue[i];
    for (const edge of graph.out.get(type)) {
      if (via.has(edge.to)) continue;
      via.set(edge.to, edge);
      if (edge.to === to) {
        const path = [];
        for (let step = edge; step !== null; step = via.get(step.from)) path.unshift(step);
        return path;
      }
      queue.push(edge.to);
    }
  }
  throw new Error(`no path from ${from} to ${to}`);
}

/**
 * How deep the smallest value of each type is (`Option`s `None`, `Vec`s empty, enums their
 * shallowest variant): the types a finite value can be built of. A type with no finite value (an
 * `Infinity`) would be a schema no producer can write.
 */
export function minimalDepths(layout) {
  const depth = new Map(Object.keys(layout.types).map((name) => [name, Infinity]));
  const of = (type) => {
    if (typeof type !== "object" || type.builtin !== undefined) return 0;
    if (type.named !== undefined) return depth.get(type.named);
    if (type.option !== undefined || type.vec !== undefined) return 0;
    return of(type.box);
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, def] of Object.entries(layout.types)) {
      let value;
      if (def.kind === "struct") value = 1 + Math.max(0, ...def.fields.map(([, type]) => of(type)));
      else if (def.kind === "enum") value = 1 + Math.min(...Object.values(def.variants).map((type) => (type === null ? 0 : of(type))));
      else value = 0;
      if (value < depth.get(name)) {
        depth.set(name, value);
        changed = true;
      }
    }
  }
  return depth;
}
