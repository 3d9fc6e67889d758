// The producer's input format: acorn's output as JSON, with what JSON cannot hold spelled out.

/**
 * JSON for the producer: BigInt values as their decimal digits, RegExp values as `{ pattern, flags }`,
 * non-finite numbers as `{ $number: "Infinity" }`, strings with lone surrogates as `{ $utf16: [units] }`
 * (JSON has neither). A property named `skipKey` (such as `parent`, which makes cycles) is left out.
 */
export function toJson(value, skipKey) {
  return JSON.stringify(value, function (key, v) {
    if (key === skipKey) return undefined;
    if (typeof v === "bigint") return v.toString();
    if (v instanceof RegExp) return { pattern: v.source, flags: v.flags };
    if (typeof v === "number" && !Number.isFinite(v)) return { $number: String(v) };
    if (typeof v === "string" && !v.isWellFormed()) return { $utf16: Array.from({ length: v.length }, (_, i) => v.charCodeAt(i)) };
    return v;
  });
}
