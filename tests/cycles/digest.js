// A digest of a deserialized tree that any depth fits (an explicit stack, no recursion): what two
// trees are compared by when they are too deep for `assert.deepEqual` or `JSON.stringify`, or live
// in different threads. Key order, `undefined` against a missing key, -0, BigInt and RegExp values
// count; `parent` counts as which object it points to; an object of any class other than `Object`,
// `Array` and `RegExp` (a leaked `Deferred`, a lazy node not materialized) is a difference of its own.

const VALUE = 0,
  TEXT = 1;

/** `{ hash, nodes }`: a 64-bit hash as a hex string, and how many objects with a string `type` the tree has. */
export function digest(value) {
  let low = 0x811c9dc5;
  let high = 0x01000193;
  const mix = (text) => {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      low = Math.imul(low ^ c, 16777619);
      high = Math.imul(high ^ c, 0x5bd1e995) ^ (high >>> 15);
    }
  };
  const ids = new Map();
  let nodes = 0;
  // Each key's text as mixed in, made once.
  const keyTexts = new Map();
  const keyText = (key) => {
    let text = keyTexts.get(key);
    if (text === undefined) keyTexts.set(key, (text = `${JSON.stringify(key)}:`));
    return text;
  };
  // Pairs, flat: VALUE and a value to visit, or TEXT and a string to mix in as it comes off the stack.
  const stack = [value, VALUE];
  while (stack.length > 0) {
    const kind = stack.pop();
    const v = stack.pop();
    if (kind === TEXT) {
      mix(v);
      continue;
    }
    if (v === undefined) mix("u");
    else if (v === null) mix("n");
    else if (typeof v === "string") mix(JSON.stringify(v));
    else if (typeof v === "number") mix(Object.is(v, -0) ? "-0" : String(v));
    else if (typeof v === "bigint") mix(`${v}n`);
    else if (typeof v === "boolean") mix(v ? "t" : "f");
    else if (v instanceof RegExp) mix(`/${v.source}/${v.flags}`);
    else if (Array.isArray(v)) {
      mix(`[${v.length}`);
      stack.push("]", TEXT);
      for (let i = v.length - 1; i >= 0; i--) stack.push(v[i], VALUE, ",", TEXT);
    } else if (typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype) {
      ids.set(v, ids.size);
      if (typeof v.type === "string") nodes++;
      mix("{");
      stack.push("}", TEXT);
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i];
        if (key === "parent") stack.push(`parent:${v.parent === null ? "null" : (ids.get(v.parent) ?? "elsewhere")},`, TEXT);
        else stack.push(v[key], VALUE, keyText(key), TEXT);
      }
    } else {
      mix(`<${typeof v === "object" ? (v.constructor?.name ?? "null-prototype") : typeof v}>`);
    }
  }
  const hex = (n) => (n >>> 0).toString(16).padStart(8, "0");
  return { hash: hex(high) + hex(low), nodes };
}

/**
 * The digest of what a deserializer module makes of `buffer` (passed through `then` if given; a
 * lazy module's result materialized), or `{ error }`.
 */
export function readDigest(module, buffer, args, then = (result) => result) {
  try {
    const result = then(module.deserialize(buffer, ...args));
    return digest(module.materialize ? module.materialize(result) : result);
  } catch (error) {
    return { error: `${error.name}: ${error.message}` };
  }
}
