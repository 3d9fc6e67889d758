// What the benchmark scripts share: interleaved sampling under controlled GC, and medians.

/** The middle value of `values` (the upper one of an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

/**
 * Times each of `run`'s methods `samples` times after 3 warm-up rounds, interleaved (the order
 * rotates each round, so that no method always follows the same one), with a full GC before each
 * call (run Node with `--expose-gc`). Returns each method's times in ns.
 */
export function sample(run, methods, samples) {
  const times = Object.fromEntries(methods.map((m) => [m, []]));
  const warmup = 3;
  for (let round = 0; round < warmup + samples; round++) {
    for (let i = 0; i < methods.length; i++) {
      const method = methods[(round + i) % methods.length];
      globalThis.gc();
      const start = process.hrtime.bigint();
      const result = run[method]();
      const elapsed = Number(process.hrtime.bigint() - start);
      if (result === undefined) throw new Error(`${method} returned nothing`);
      if (round >= warmup) times[method].push(elapsed);
    }
  }
  return times;
}

/** Calls `visit` on every object (not array) under `root`, without recursion; skips `parent` links. */
export function forEachObject(root, visit) {
  const stack = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) {
      for (const item of value) if (item !== null && typeof item === "object") stack.push(item);
      continue;
    }
    visit(value);
    for (const key in value) {
      if (key === "parent") continue;
      const child = value[key];
      if (child !== null && typeof child === "object" && !(child instanceof RegExp)) stack.push(child);
    }
  }
}

/** Objects with a `type` string: ESTree nodes. */
export function countNodes(root) {
  let count = 0;
  forEachObject(root, (value) => {
    if (typeof value.type === "string") count++;
  });
  return count;
}

/**
 * The floor: a deep clone of an AST (acorn's, oxc's) that allocates the same objects and decodes nothing. Each
 * node type gets a function returning object literals of its key sets (seen in a pass over the AST
 * before timing), so the clone is type-shaped like a generated deserializer, not a generic copy.
 */
export function makeCloner(root) {
  const shapes = new Map(); // type ("" for plain objects) → Set of key lists joined by ","
  forEachObject(root, (value) => {
    const type = typeof value.type === "string" ? value.type : "";
    if (!shapes.has(type)) shapes.set(type, new Set());
    shapes.get(type).add(Object.keys(value).join(","));
  });
  const cloners = Object.create(null);
  for (const [type, keySets] of shapes) {
    const lists = [...keySets].map((k) => k.split(",")).sort((a, b) => b.length - a.length);
    const common = lists.reduce((acc, keys) => acc.filter((k) => keys.includes(k)));
    const literal = (keys) => `{ ${keys.map((k) => `${JSON.stringify(k)}: c(v[${JSON.stringify(k)}])`).join(", ")} }`;
    const branches = lists.map((keys, index) => {
      const distinct = keys.filter((k) => !common.includes(k));
      if (index === lists.length - 1 || distinct.length === 0) return `return ${literal(keys)};`;
      return `if (${distinct.map((k) => `${JSON.stringify(k)} in v`).join(" && ")}) return ${literal(keys)};`;
    });
    cloners[type] = new Function("c", `return function (v) { ${branches.join(" ")} }`)(clone);
  }
  function clone(value) {
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) {
      const out = new Array(value.length);
      for (let i = 0; i < value.length; i++) out[i] = clone(value[i]);
      return out;
    }
    if (value instanceof RegExp) return value;
    return cloners[typeof value.type === "string" ? value.type : ""](value);
  }
  return clone;
}
