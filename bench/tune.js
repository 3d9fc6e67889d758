// Measures the string decoders on this machine's Node and prints the `codegen.toml` string policy
// they recommend, with the figures behind it. Called by `cargo xtask tune`; codegen never measures.
//
// node bench/tune.js CORPUS_FILE...

import { readFileSync } from "node:fs";

import { parseFile } from "../tests/acorn.js";
import { parseCommandLine, usageError } from "../tests/command-line.js";
import { random } from "../tests/support.js";

const USAGE = "node bench/tune.js CORPUS_FILE... (run by `cargo xtask tune`)";

const LENGTHS = [1, 2, 3, 4, 6, 8, 12, 16, 20, 24, 28, 32, 40, 48, 64];
const STRINGS = 4096;
const textDecoder = new TextDecoder("utf-8", { ignoreBOM: true });
const utf8Slice = typeof Buffer === "function" ? Buffer.prototype.utf8Slice : null;

/** `count` random ASCII identifiers of `len` bytes, back to back. */
function identifiers(len, count) {
  const bytes = new Uint8Array(len * count);
  const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_$0123456789";
  const next = random(len * 7919);
  for (let i = 0; i < bytes.length; i++) {
    // The first character of each identifier is no digit (the first 54 letters).
    bytes[i] = letters.charCodeAt(Math.floor(next() * (i % len === 0 ? 54 : letters.length)));
  }
  return bytes;
}

const fromCharCode = String.fromCharCode;
const shortArrays = Array.from({ length: 65 }, (_, n) => new Array(n).fill(0));
const switchDecode = new Function(
  "fromCharCode",
  `return function (u, s, len) { switch (len) { ${Array.from({ length: 32 }, (_, i) => `case ${i + 1}: return fromCharCode(${Array.from({ length: i + 1 }, (_, j) => `u[s + ${j}]`).join(", ")});`).join(" ")} } }`,
)(fromCharCode);

// Each decoder decodes `len` bytes at `s` of `u`; the short ones assume ASCII (their callers check).
const DECODERS = {
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
const SHORT = ["loop", "apply", "switch"];
const LONG = Object.keys(DECODERS).filter((d) => !SHORT.includes(d));

/** Median ns per string of `decode` over the strings of `bytes`. */
function measure(decode, bytes, len) {
  const count = bytes.length / len;
  let sink = 0;
  const samples = [];
  for (let round = 0; round < 9; round++) {
    const start = process.hrtime.bigint();
    for (let repeat = 0; repeat < 4; repeat++) {
      for (let s = 0; s < bytes.length; s += len) sink += decode(bytes, s, len).length;
    }
    samples.push(Number(process.hrtime.bigint() - start) / (4 * count));
  }
  if (sink === 0) throw new Error("decoders returned nothing");
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1];
}

/** Identifier names and string literal texts of the files, as UTF-8 bytes with their offsets. */
function corpusStrings(files) {
  const texts = [];
  for (const file of files) {
    const source = readFileSync(file, "utf8");
    const stack = [parseFile(source, file).program];
    while (stack.length > 0) {
      const node = stack.pop();
      if (node.type === "Identifier" || node.type === "PrivateIdentifier") texts.push(node.name);
      else if (node.type === "Literal" && typeof node.value === "string" && node.value.isWellFormed()) texts.push(node.value);
      for (const key in node) {
        const child = node[key];
        if (Array.isArray(child)) for (const item of child) item && typeof item.type === "string" && stack.push(item);
        else if (child && typeof child.type === "string") stack.push(child);
      }
    }
  }
  const encoder = new TextEncoder();
  const encoded = texts.map((t) => encoder.encode(t)).filter((b) => b.length > 0);
  const bytes = new Uint8Array(encoded.reduce((n, b) => n + b.length, 0));
  const offsets = new Uint32Array(encoded.length + 1);
  encoded.forEach((b, i) => {
    bytes.set(b, offsets[i]);
    offsets[i + 1] = offsets[i] + b.length;
  });
  return { bytes, offsets, count: encoded.length };
}

/** Median ns per string of a whole policy (short decoder while ASCII up to `maxLen`, else `long`). */
function measurePolicy(corpus, short, maxLen, long) {
  const { bytes, offsets, count } = corpus;
  const shortDecode = DECODERS[short];
  const longDecode = DECODERS[long];
  const samples = [];
  let sink = 0;
  for (let round = 0; round < 7; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < count; i++) {
      const s = offsets[i];
      const len = offsets[i + 1] - s;
      let ascii = len <= maxLen;
      for (let j = s; ascii && j < s + len; j++) ascii = bytes[j] < 0x80;
      sink += (ascii ? shortDecode(bytes, s, len) : longDecode(bytes, s, len)).length;
    }
    samples.push(Number(process.hrtime.bigint() - start) / count);
  }
  if (sink === 0) throw new Error("decoders returned nothing");
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1];
}

function main() {
  const { positionals: files } = parseCommandLine(USAGE, {}, { positionals: true });
  if (files.length === 0) usageError(USAGE, "give one or more corpus files");
  // Warm every decoder up on every length, so that the first measured length pays no JIT cost.
  for (const len of LENGTHS) {
    const bytes = identifiers(len, 256);
    for (const [name, decode] of Object.entries(DECODERS)) {
      if (name === "switch" && len > 32) continue;
      for (let s = 0; s < bytes.length; s += len) decode(bytes, s, len);
    }
  }
  const table = {};
  for (const len of LENGTHS) {
    const bytes = identifiers(len, STRINGS);
    table[len] = {};
    for (const [name, decode] of Object.entries(DECODERS)) {
      if (name === "switch" && len > 32) continue;
      table[len][name] = measure(decode, bytes, len);
    }
    console.error(`length ${len}: ${Object.entries(table[len]).map(([n, t]) => `${n} ${t.toFixed(1)}`).join(", ")} ns`);
  }

  // Policies, judged on the corpus strings' real mix of lengths and characters.
  const corpus = corpusStrings(files);
  const results = [];
  for (const long of LONG) {
    for (const short of SHORT) {
      for (const maxLen of [0, 4, 8, 12, 16, 24, 32]) {
        if (short === "switch" && maxLen > 32) continue;
        results.push({ short, maxLen, long, ns: measurePolicy(corpus, short, maxLen, long) });
      }
    }
  }
  results.sort((a, b) => a.ns - b.ns);
  const best = results[0];

  console.log(`Node ${process.version}: ns per ASCII identifier of each length (median of 9 rounds over ${STRINGS} strings)\n`);
  const names = Object.keys(DECODERS);
  console.log(`| length | ${names.join(" | ")} |`);
  console.log(`|---:|${names.map(() => "---:").join("|")}|`);
  for (const len of LENGTHS) console.log(`| ${len} | ${names.map((n) => (table[len][n] === undefined ? "—" : table[len][n].toFixed(1))).join(" | ")} |`);
  console.log(`\nPolicies on the ${corpus.count} identifiers and string literals of ${files.join(", ")}, ns per string (best 5 of ${results.length}):\n`);
  console.log("| short_decoder | short_max_len | long_decoder | ns/string |");
  console.log("|---|---:|---|---:|");
  for (const r of results.slice(0, 5)) console.log(`| ${r.short} | ${r.maxLen} | ${r.long} | ${r.ns.toFixed(1)} |`);
  console.log(`\nSource slicing costs no decoding for strings in the source, so it stays on ("latin1").\n`);
  console.log("Recommended, for each target's [targets.<name>.strings] in codegen.toml:\n");
  console.log(`source_slicing = "latin1"\nshort_decoder = "${best.short}"\nshort_max_len = ${best.maxLen}\nlong_decoder = "${best.long}"`);
}

main();
