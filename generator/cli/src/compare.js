// What the smoke tests of `rawast package` compare results with: `toJson`, a result as the expected
// JSON files hold it, and `firstDifference` between two JSON values.

/**
 * A result as JSON values, as `JSON.stringify` writes it, with what it cannot write spelled out: a
 * BigInt as its decimal digits (`10n` is "10"), a RegExp as `{ pattern, flags }` (`JSON.stringify`
 * writes every one as `{}`, which would match any). NaN and ±Infinity stay `null`, as it writes
 * them. With `dropParents`, `parent` properties are left out (they would make cycles).
 */
export function toJson(result, dropParents = false) {
  const replacer = (key, value) => {
    if (dropParents && key === "parent") return undefined;
    if (typeof value === "bigint") return value.toString();
    if (value instanceof RegExp) return { pattern: value.source, flags: value.flags };
    return value;
  };
  return JSON.parse(JSON.stringify(result, replacer));
}

/** The first place where two JSON values differ, key order included, or `null`. */
export function firstDifference(actual, expected, path) {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path} is ${describe(actual)}, expected an array`;
    if (actual.length !== expected.length) return `${path} has ${actual.length} elements, expected ${expected.length}`;
    for (let i = 0; i < expected.length; i++) {
      const difference = firstDifference(actual[i], expected[i], `${path}[${i}]`);
      if (difference) return difference;
    }
    return null;
  }
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object" || Array.isArray(actual)) return `${path} is ${describe(actual)}, expected an object`;
    const [keys, expectedKeys] = [Object.keys(actual), Object.keys(expected)];
    if (keys.join() !== expectedKeys.join()) return `${path} has keys [${keys}], expected [${expectedKeys}]`;
    for (const key of expectedKeys) {
      const difference = firstDifference(actual[key], expected[key], `${path}.${key}`);
      if (difference) return difference;
    }
    return null;
  }
  return Object.is(actual, expected) ? null : `${path} is ${describe(actual)}, expected ${JSON.stringify(expected)}`;
}

function describe(value) {
  return Array.isArray(value) ? "an array" : value !== null && typeof value === "object" ? "an object" : JSON.stringify(value);
}
