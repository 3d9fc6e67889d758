// A tree's fingerprint, computed the same way in Node and in a browser, for trees too deep for
// `JSON.stringify` (which recurses): a walk with an explicit stack over the plain values, in key
// order, hashed. Two trees with the same digest have the same keys, in the same order, and the same
// values, as far as two 32-bit hashes and a count tell. `parent` links are left out (cycles).

/** `{ nodes, hash }` of a plain tree (what `deserialize` returns, or a lazy tree materialized). */
export function digest(root) {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  let values = 0;
  const mix = (text) => {
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i);
      a = Math.imul(a ^ unit, 0x01000193);
      b = Math.imul(b ^ unit, 0x5bd1e995) ^ (b >>> 15);
    }
    // (A separator no value's text ends with, so that "ab" + "c" and "a" + "bc" differ.)
    a = Math.imul(a ^ 0xffff, 0x01000193);
  };
  const stack = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    values++;
    if (value === null || value === undefined) mix(String(value));
    else if (typeof value === "string") mix(`s${value}`);
    else if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") mix(`${typeof value}:${value}`);
    else if (value instanceof RegExp) mix(`r/${value.source}/${value.flags}`);
    else if (Array.isArray(value)) {
      mix(`[${value.length}`);
      for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
    } else {
      const keys = Object.keys(value).filter((key) => key !== "parent");
      mix(`{${keys.join(",")}`);
      for (let i = keys.length - 1; i >= 0; i--) stack.push(value[keys[i]]);
    }
  }
  return `${values}:${(a >>> 0).toString(16)}:${(b >>> 0).toString(16)}`;
}
