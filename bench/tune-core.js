// The string decoders `cargo xtask tune` measures, and how: shared by Node (bench/tune.js) and
// Chromium (`cargo xtask tune --browser`: bench/tune-page.js in a page tests/browser/run.js serves),
// so that both runtimes time the same code. Nothing here imports Node's modules.

import { random } from "../tests/support.js";

export const LENGTHS = [1, 2, 3, 4, 6, 8, 12, 16, 20, 24, 28, 32, 40, 48, 64];
export const STRINGS = 4096;
export const SHORT = ["loop", "apply", "switch"];
// (`switch` decodes 32 bytes at most; the others up to the 64 that `short_max_len` allows.)
const MAX_LENS = [0, 4, 8, 12, 16, 24, 32, 48, 64];

/** `count` random ASCII identifiers of `len` bytes, back to back. */
export function identifiers(len, count) {
  const bytes = new Uint8Array(len * count);
  const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$0123456789";
  const next = random(len * 7919);
  for (let i = 0; i < bytes.length; i++) {
    // The first character of each identifier is no digit (the first 54 letters).
    bytes[i] = letters.charCodeAt(Math.floor(next() * (i % len === 0 ? 54 : letters.length)));
  }
  return bytes;
}

/**
 * The decoders, each decoding `len` bytes at `s` of `u`; the short ones assume ASCII (their callers
 * check). `utf8Slice`: Node's `Buffer#utf8Slice`, or null where there is none (a browser).
 */
export function decoders(utf8Slice) {
  const textDecoder = new TextDecoder("utf-8", { ignoreBOM: true });
  const fromCharCode = String.fromCharCode;
  const shortArrays = Array.from({ length: 65 }, (_, n) => new Array(n).fill(0));
  const switchDecode = new Function(
    "fromCharCode",
    `return function (u, s, len) { switch (len) { ${Array.from({ length: 32 }, (_, i) => `case ${i + 1}: return fromCharCode(${Array.from({ length: i + 1 }, (_, j) => `u[s + ${j}]`).join(", ")});`).join(" ")} } }`,
  )(fromCharCode);
  return {
    loop: (u, s, len) => {
      let text = "";
      for (let i = s, end = s + len; i < end; i++) text += fromCharCode(u[i]);
      return text;
    },
    apply: (u, s, len) => {
      const chars = shortArrays[len];
      for (let i = 0; i < len; i++) chars[i] = u[s + i];
      return fromCharCode.apply(null, chars);
    },
    switch: (u, s, len) => switchDecode(u, s, len),
    text_decoder: (u, s, len) => textDecoder.decode(u.subarray(s, s + len)),
    ...(utf8Slice ? { utf8_slice: (u, s, len) => utf8Slice.call(u, s, s + len) } : {}),
  };
}

/**
 * Median ns per string of `decode` over the strings of `bytes`; `now()` reads a clock in ns, and
 * each of 9 rounds decodes every string `repeats` times (more where the clock is coarse).
 */
function measure(decode, bytes, len, now, repeats) {
  const count = bytes.length / len;
  let sink = 0;
  const samples = [];
  for (let round = 0; round < 9; round++) {
    const start = now();
    for (let repeat = 0; repeat < repeats; repeat++) {
      for (let s = 0; s < bytes.length; s += len) sink += decode(bytes, s, len).length;
    }
    samples.push((now() - start) / (repeats * count));
  }
  if (sink === 0) throw new Error("decoders returned nothing");
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1];
}

/** Median ns per string of a whole policy (decoder `short` while ASCII up to `maxLen`, else `long`). */
function measurePolicy(corpus, short, maxLen, long, now, repeats) {
  const { bytes, offsets, count } = corpus;
  const samples = [];
  let sink = 0;
  for (let round = 0; round < 7; round++) {
    const start = now();
    for (let repeat = 0; repeat < repeats; repeat++) {
      for (let i = 0; i < count; i++) {
        const s = offsets[i];
        const len = offsets[i + 1] - s;
        let ascii = len <= maxLen;
        for (let j = s; ascii && j < s + len; j++) ascii = bytes[j] < 0x80;
        sink += (ascii ? short(bytes, s, len) : long(bytes, s, len)).length;
      }
    }
    samples.push((now() - start) / (repeats * count));
  }
  if (sink === 0) throw new Error("decoders returned nothing");
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1];
}

/**
 * Times every decoder on identifiers of each length, then every policy on `corpus` (`{ bytes,
 * offsets, count }`: strings back to back). `progress(line)` hears of each length. Returns
 * `{ table, results }`: ns by length and decoder, and the policies fastest first.
 */
export function tune(corpus, { utf8Slice = null, now, repeats = 4, progress = () => {} }) {
  const all = decoders(utf8Slice);
  // Warm every decoder up on every length, so that the first measured length pays no JIT cost.
  for (const len of LENGTHS) {
    const bytes = identifiers(len, 256);
    for (const [name, decode] of Object.entries(all)) {
      if (name === "switch" && len > 32) continue;
      for (let s = 0; s < bytes.length; s += len) decode(bytes, s, len);
    }
  }
  const table = {};
  for (const len of LENGTHS) {
    const bytes = identifiers(len, STRINGS);
    table[len] = {};
    for (const [name, decode] of Object.entries(all)) {
      if (name === "switch" && len > 32) continue;
      table[len][name] = measure(decode, bytes, len, now, repeats);
    }
    progress(`length ${len}: ${Object.entries(table[len]).map(([n, t]) => `${n} ${t.toFixed(1)}`).join(", ")} ns`);
  }
  // Policies, judged on the corpus strings' real mix of lengths and characters.
  const results = [];
  for (const long of Object.keys(all).filter((d) => !SHORT.includes(d))) {
    for (const short of SHORT) {
      for (const maxLen of MAX_LENS) if (short !== "switch" || maxLen <= 32) results.push({ short, maxLen, long, ns: measurePolicy(corpus, all[short], maxLen, all[long], now, Math.max(1, repeats >> 2)) });
    }
  }
  results.sort((a, b) => a.ns - b.ns);
  return { table, results };
}

/** The report of `tune`'s result, as lines: the tables and the recommended policy. */
export function report({ table, results }, runtime, corpusName, count) {
  const names = Object.keys(table[LENGTHS[0]]);
  const best = results[0];
  return [
    `${runtime}: ns per ASCII identifier of each length (median of 9 rounds over ${STRINGS} strings)`,
    "",
    `| length | ${names.join(" | ")} |`,
    `|---:|${names.map(() => "---:").join("|")}|`,
    ...LENGTHS.map((len) => `| ${len} | ${names.map((n) => (table[len][n] === undefined ? "—" : table[len][n].toFixed(1))).join(" | ")} |`),
    "",
    `Policies on the ${count} identifiers and string literals of ${corpusName}, ns per string (best 5 of ${results.length}):`,
    "",
    "| short_decoder | short_max_len | long_decoder | ns/string |",
    "|---|---:|---|---:|",
    ...results.slice(0, 5).map((r) => `| ${r.short} | ${r.maxLen} | ${r.long} | ${r.ns.toFixed(1)} |`),
    "",
    `Source slicing costs no decoding for strings in the source, so it stays on ("latin1").`,
    "",
    "Recommended, for each target's [targets.<name>.strings] in codegen.toml:",
    "",
    recommended(best),
  ];
}

/**
 * The `[targets.<name>.strings]` keys of a policy. With `short_max_len = 0` every string takes the
 * long decoder, and codegen refuses a `short_decoder` that could do nothing: it is left out.
 */
export function recommended(policy) {
  const short = policy.maxLen === 0 ? [] : [`short_decoder = "${policy.short}"`];
  return ['source_slicing = "latin1"', ...short, `short_max_len = ${policy.maxLen}`, `long_decoder = "${policy.long}"`].join("\n");
}
