// Deep comparison of two deserialized ASTs, reporting the first difference in depth-first order.
//
// Stricter than a JSON round trip on purpose, since consumers of a deserializer see more than JSON:
// key order matters (as `JSON.stringify` shows it: `Object.keys` order), a key whose value is
// `undefined` differs from a missing key, numbers are compared with `Object.is` (NaN equals NaN,
// -0 differs from 0), BigInts by value, RegExps by `source` and `flags`, and objects must share a
// prototype (a plain object differs from a null-prototype one or a class instance).
//
// The walk is iterative: a tree that oxc's recursive deserializer could just build must not overflow
// the stack here. Values must be trees (no cycles), but for their `parent` links: an object's
// `parent` is not walked into, it must be the counterpart of the reference's (the object compared
// with it), or `null` where that is `null`.

/**
 * @param {unknown} a - the reference value
 * @param {unknown} b - the value under test
 * @param {{ samePrototype?: (x: object, y: object) => boolean, inherited?: string[], skipped?: string[] }} [options] -
 *   `samePrototype`: when two prototypes count as the same (default: the same object; Oxlint's
 *   trees, whose classes live in two modules, compare them by what they are); `inherited`: keys
 *   also compared where an object has them through its prototype (Oxlint's nodes' `loc` getter);
 *   `skipped`: keys whose values are not compared (their places in the key order are)
 * @returns {string | null} `null` if equal, else `PATH: DETAIL` (`program.body[3].name: "a" vs "b"`)
 *   or `LABEL at PATH: DETAIL` (`key order at program.body[0]: [type,start,end] vs [start,type,end]`;
 *   labels: key order, keys, array length, prototype)
 */
export function firstDifference(a, b, { samePrototype = (x, y) => x === y, inherited = [], skipped = [] } = {}) {
  if (inherited.length === 0 && skipped.length === 0 && sameTrees(a, b, samePrototype)) return null;
  // Pending pairs as flat quadruples [a, b, key, depth], popped in depth-first order. `path` holds the
  // keys from the root to the pair being compared; the pair's depth says how much of it stays valid.
  const stack = [a, b, undefined, 0];
  const path = [];
  // Each reference object compared so far, with the object compared with it (parents come first).
  const counterparts = new Map();
  while (stack.length > 0) {
    const depth = stack.pop(),
      key = stack.pop(),
      y = stack.pop(),
      x = stack.pop();
    if (depth > 0) {
      path.length = depth - 1;
      path.push(key);
    }
    const difference = compareShallow(x, y, samePrototype);
    if (difference !== null) {
      const at = formatPath(path);
      return difference.label ? `${difference.label} at ${at}: ${difference.detail}` : `${at}: ${difference.detail}`;
    }
    if (x === null || typeof x !== "object" || x instanceof RegExp) continue;
    counterparts.set(x, y);

    // Same shape: push children last-first so that the first one is compared first. Pairs that are
    // identical (equal primitives, or the same object) need no visit.
    let keys = Array.isArray(x) ? null : Object.keys(x);
    for (const key of inherited) {
      if (keys === null || keys.includes(key) || !(key in x)) continue;
      if (!(key in y)) return `${formatPath(path)}: no ${key}`;
      keys = [...keys, key];
    }
    const length = keys === null ? x.length : keys.length;
    for (let i = length - 1; i >= 0; i--) {
      const k = keys === null ? i : keys[i];
      if (skipped.includes(k)) continue;
      if (k === "parent") {
        const expected = x.parent === null ? null : counterparts.get(x.parent);
        if (expected === undefined || y.parent !== expected) {
          path.push(k);
          return `${formatPath(path)}: ${show(y.parent)}, not the counterpart of the reference's ${show(x.parent)}`;
        }
        continue;
      }
      if (!Object.is(x[k], y[k])) stack.push(x[k], y[k], k, depth + 1);
    }
  }
  return null;
}

/**
 * Whether `a` and `b` are equal as `firstDifference` defines it, where `false` may also mean that
 * it cannot tell (an object's `parent` not found among the objects with a `parent`): the path
 * that runs on every tree compared, without the bookkeeping a message needs, which
 * `firstDifference` does only where this does not say equal.
 */
function sameTrees(a, b, samePrototype) {
  const stack = [a, b];
  // Each reference object with a `parent`, with its counterpart (parents come first).
  const counterparts = new Map();
  while (stack.length > 0) {
    const y = stack.pop(),
      x = stack.pop();
    if (Object.is(x, y)) continue;
    if (typeof x !== "object" || typeof y !== "object" || x === null || y === null) return false;
    if (Array.isArray(x)) {
      if (!Array.isArray(y) || x.length !== y.length) return false;
      for (let i = x.length - 1; i >= 0; i--) if (!Object.is(x[i], y[i])) stack.push(x[i], y[i]);
      continue;
    }
    if (Array.isArray(y)) return false;
    if (x instanceof RegExp || y instanceof RegExp) {
      if (x instanceof RegExp && y instanceof RegExp && x.source === y.source && x.flags === y.flags) continue;
      return false;
    }
    const xProto = Object.getPrototypeOf(x),
      yProto = Object.getPrototypeOf(y);
    if (xProto !== yProto && !samePrototype(xProto, yProto)) return false;
    const xKeys = Object.keys(x),
      yKeys = Object.keys(y);
    if (xKeys.length !== yKeys.length) return false;
    for (let i = 0; i < xKeys.length; i++) {
      const k = xKeys[i];
      if (k !== yKeys[i]) return false;
      if (k === "parent") {
        counterparts.set(x, y);
        const expected = x.parent === null ? null : counterparts.get(x.parent);
        if (expected === undefined || y.parent !== expected) return false;
      } else if (!Object.is(x[k], y[k])) {
        stack.push(x[k], y[k]);
      }
    }
  }
  return true;
}

/**
 * Gives every node of `data` (oxc's `{ program, comments, module, errors }` without parent links)
 * its `parent`, as oxc's generator does in its `PARENT` variants: the nearest node (an object with a
 * string `type`) above it, `null` for the root's, added as its last key. Comments have none
 * (`#[estree(no_parent)]`). Returns `data`.
 */
export function addParents(data) {
  for (const key of Object.keys(data)) {
    if (key !== "comments") walkNodes(data[key], (node, above) => (node.parent = above));
  }
  return data;
}

/**
 * Calls `visit(node, above)` for each node (an object with a string `type`) in `value`, depth first,
 * with the nearest node above it (`null` above `value`), without recursion. `parent` and the keys
 * of `skipped` are not walked into.
 */
export function walkNodes(value, visit, skipped = []) {
  const stack = [value, null];
  while (stack.length > 0) {
    const above = stack.pop();
    const item = stack.pop();
    if (item === null || typeof item !== "object" || item instanceof RegExp) continue;
    let node = above;
    if (!Array.isArray(item) && typeof item.type === "string") {
      visit(item, above);
      node = item;
    }
    for (const key of Object.keys(item)) if (key !== "parent" && !skipped.includes(key)) stack.push(item[key], node);
  }
}

/**
 * Compares everything but the children: types, primitive values, array lengths, keys in order.
 * @returns {{ label?: string, detail: string } | null} `null` if the children decide
 */
function compareShallow(x, y, samePrototype) {
  if (Object.is(x, y)) return null;
  if (typeof x !== typeof y || typeof x !== "object" || x === null || y === null) {
    // Different primitives (BigInts are primitives: `Object.is(1n, 1n)` is true), or different kinds.
    return { detail: `${show(x)} vs ${show(y)}` };
  }
  const xArray = Array.isArray(x),
    yArray = Array.isArray(y);
  if (xArray || yArray) {
    if (xArray !== yArray) return { detail: `${show(x)} vs ${show(y)}` };
    return x.length === y.length ? null : { label: "array length", detail: `${x.length} vs ${y.length}` };
  }
  const xRegExp = x instanceof RegExp,
    yRegExp = y instanceof RegExp;
  if (xRegExp || yRegExp) {
    if (xRegExp && yRegExp && x.source === y.source && x.flags === y.flags) return null;
    return { detail: `${show(x)} vs ${show(y)}` };
  }
  const xProto = Object.getPrototypeOf(x),
    yProto = Object.getPrototypeOf(y);
  if (xProto !== yProto && !samePrototype(xProto, yProto)) return { label: "prototype", detail: `${protoName(xProto)} vs ${protoName(yProto)}` };

  const xKeys = Object.keys(x),
    yKeys = Object.keys(y);
  if (xKeys.length === yKeys.length && xKeys.every((k, i) => k === yKeys[i])) return null;
  const yKeySet = new Set(yKeys),
    xKeySet = new Set(xKeys);
  const missing = xKeys.filter((k) => !yKeySet.has(k)),
    extra = yKeys.filter((k) => !xKeySet.has(k));
  const lists = `${showKeys(xKeys)} vs ${showKeys(yKeys)}`;
  if (missing.length === 0 && extra.length === 0) return { label: "key order", detail: lists };
  const parts = [];
  if (missing.length > 0) parts.push(`missing ${showKeys(missing)}`);
  if (extra.length > 0) parts.push(`extra ${showKeys(extra)}`);
  return { label: "keys", detail: `${parts.join(", ")}; ${lists}` };
}

/**
 * `program.body[3]["a-b"]`; the root is `(root)`. Very deep paths keep their two ends:
 * `program.body[0].expression.left…(4980 keys)….left.name`.
 */
function formatPath(path) {
  if (path.length === 0) return "(root)";
  if (path.length <= 40) return joinPath(path, true);
  return `${joinPath(path.slice(0, 10), true)}…(${path.length - 30} keys)…${joinPath(path.slice(-20), false)}`;
}

function joinPath(keys, fromRoot) {
  let out = "";
  for (const key of keys) {
    if (typeof key === "number") out += `[${key}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(key)) out += fromRoot && out === "" ? key : `.${key}`;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out;
}

function shorten(text, max = 60) {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A short description of a value for messages; strings are quoted, so `"1"` and `1` read apart. */
function show(value) {
  switch (typeof value) {
    case "string":
      return shorten(JSON.stringify(value));
    case "bigint":
      return `${value}n`;
    case "number":
      return Object.is(value, -0) ? "-0" : String(value);
    case "function":
      return `function ${value.name}`;
    case "object":
      if (value === null) return "null";
      if (Array.isArray(value)) return `array(${value.length})`;
      if (value instanceof RegExp) return shorten(`RegExp ${value}`);
      return typeof value.type === "string"
        ? shorten(`{type: ${JSON.stringify(value.type)}, …}`)
        : shorten(`object [${Object.keys(value).join(",")}]`);
    default:
      return String(value);
  }
}

// Key lists get more room than values: the difference is often near their end.
function showKeys(keys) {
  return shorten(`[${keys.join(",")}]`, 200);
}

function protoName(proto) {
  if (proto === null) return "null";
  return typeof proto.constructor === "function" ? proto.constructor.name || "anonymous" : "unnamed";
}
