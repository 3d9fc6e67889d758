// Which way of writing a JS string's UTF-8 into a preallocated buffer is fastest on this Node: the
// candidates for the generated `encodeSource` (parser layout), side by side in one process,
// interleaved, `gc()` before every sample, medians. Each candidate's bytes are first compared with
// `TextEncoder#encode`; a candidate that differs is timed but marked wrong (it is only a reference).
//
// node --expose-gc bench/encode.js [--samples N] [PATH...]   (default: the files of PERF.md's encoding table)

import { readFileSync } from "node:fs";

import { encodeSource } from "../generated/npm/parser/deserialize.js";
import { integerOption, parseCommandLine, usageError } from "../tests/command-line.js";
import { median } from "./common.js";

const USAGE = "node --expose-gc bench/encode.js [--samples N] [PATH...]";

const DEFAULT_FILES = [
  "node_modules/typescript/lib/typescript.js",
  "node_modules/antd/dist/antd.js",
  "node_modules/pdfjs-dist/build/pdf.mjs",
  "node_modules/lodash/lodash.js",
  // Dense non-ASCII: thousands of short non-ASCII runs (every locale).
  "node_modules/moment/min/moment-with-locales.js",
];

const textEncoder = new TextEncoder();
const hasBuffer = typeof Buffer === "function";
const utf8Write = hasBuffer ? Buffer.prototype.utf8Write : undefined;
const latin1Write = hasBuffer ? Buffer.prototype.latin1Write : undefined;
const NON_ASCII_RUNS = /[^\x00-\x7f]+/g;

/** UTF-8 by hand, one UTF-16 unit at a time: what a runtime without native help could do. */
function jsLoop(text, out) {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      out[n++] = c;
      continue;
    }
    if (c < 0x800) {
      out[n++] = 0xc0 | (c >> 6);
      out[n++] = 0x80 | (c & 0x3f);
      continue;
    }
    if (c >= 0xd800 && c < 0xe000) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (c < 0xdc00 && next >= 0xdc00 && next < 0xe000) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
        out[n++] = 0xf0 | (c >> 18);
        out[n++] = 0x80 | ((c >> 12) & 0x3f);
        out[n++] = 0x80 | ((c >> 6) & 0x3f);
        out[n++] = 0x80 | (c & 0x3f);
        continue;
      }
      c = 0xfffd;
    }
    out[n++] = 0xe0 | (c >> 12);
    out[n++] = 0x80 | ((c >> 6) & 0x3f);
    out[n++] = 0x80 | (c & 0x3f);
  }
  return n;
}

// Each candidate writes `text` at `out[0..]` and returns the byte count, including whatever check
// it needs to be sure the whole text fitted (the buffers here are large enough, so that check
// always passes; its cost is what is measured).
const CANDIDATES = {
  // Standard: `read` tells whether everything fitted.
  encodeInto(text, out) {
    const { read, written } = textEncoder.encodeInto(text, out);
    if (read !== text.length) throw new Error("did not fit");
    return written;
  },
  // The copy PERF.md warns against: the baseline `cargo xtask bench` compares with.
  "encode + set"(text, out) {
    const bytes = textEncoder.encode(text);
    out.set(bytes);
    return bytes.length;
  },
  "JS loop": jsLoop,
};
if (hasBuffer) {
  Object.assign(CANDIDATES, {
    // Node's native writer; it stops silently at the end, so a write that reaches the last 3 bytes
    // is confirmed with the exact length.
    utf8Write(text, out) {
      const written = utf8Write.call(out, text, 0, out.length);
      if (written > out.length - 4 && Buffer.byteLength(text, "utf8") !== written) throw new Error("did not fit");
      return written;
    },
    // The exact length first (ASCII iff it equals `text.length`), then the one-byte writer when it can.
    "byteLength + latin1Write|utf8Write"(text, out) {
      const bytes = Buffer.byteLength(text, "utf8");
      if (bytes > out.length) throw new Error("did not fit");
      return bytes === text.length ? latin1Write.call(out, text, 0, bytes) : utf8Write.call(out, text, 0, bytes);
    },
    // The runs of non-ASCII characters found by a regex; ASCII between them written one byte per
    // character: the regex scans the whole text, ASCII or not (PERF.md: never scan first).
    "regex runs: latin1Write + utf8Write"(text, out) {
      let n = 0;
      let done = 0;
      NON_ASCII_RUNS.lastIndex = 0;
      for (let match; (match = NON_ASCII_RUNS.exec(text)) !== null; done = NON_ASCII_RUNS.lastIndex) {
        if (match.index > done) n += latin1Write.call(out, text.slice(done, match.index), n, out.length - n);
        n += utf8Write.call(out, match[0], n, out.length - n);
      }
      if (done < text.length) n += latin1Write.call(out, done === 0 ? text : text.slice(done), n, out.length - n);
      if (n > out.length - 4 && Buffer.byteLength(text, "utf8") !== n) throw new Error("did not fit");
      return n;
    },
    // What codegen emits for `runtime = "node"` (the utf8Write candidate, as generated).
    "encodeSource (generated)": encodeSource,
    // Wrong on anything but Latin-1 text: the speed of a plain one-byte copy, for reference.
    "latin1Write (reference)"(text, out) {
      return latin1Write.call(out, text, 0, out.length);
    },
  });
}

function main() {
  const { values, positionals: paths } = parseCommandLine(USAGE, { samples: { type: "string" } }, { positionals: true });
  const samples = integerOption(USAGE, values, "samples", 41, 1);
  if (typeof globalThis.gc !== "function") usageError(USAGE, "run Node with --expose-gc");
  if (paths.length === 0) paths.push(...DEFAULT_FILES);
  const names = Object.keys(CANDIDATES);
  const rows = [];
  for (const path of paths) {
    const text = readFileSync(path, "utf8");
    const expected = textEncoder.encode(text);
    const out = new Uint8Array(text.length * 3);
    const correct = {};
    for (const name of names) {
      out.fill(0);
      const n = CANDIDATES[name](text, out);
      correct[name] = n === expected.length && out.subarray(0, n).every((byte, i) => byte === expected[i]);
    }
    const times = Object.fromEntries(names.map((name) => [name, []]));
    const warmup = 5;
    for (let round = 0; round < warmup + samples; round++) {
      for (let i = 0; i < names.length; i++) {
        const name = names[(round + i) % names.length];
        globalThis.gc();
        const start = process.hrtime.bigint();
        CANDIDATES[name](text, out);
        const elapsed = Number(process.hrtime.bigint() - start);
        if (round >= warmup) times[name].push(elapsed);
      }
    }
    rows.push({ path, mb: expected.length / 1e6, ascii: expected.length === text.length, ms: Object.fromEntries(names.map((n) => [n, median(times[n]) / 1e6])), correct });
  }
  console.log(`Node ${process.version}; median ms of ${samples} samples after 5 warm-up rounds; ✗ = bytes differ from TextEncoder#encode.\n`);
  console.log(`| file | MB | ASCII | ${names.join(" | ")} |`);
  console.log(`|---|---:|:-:|${names.map(() => "---:").join("|")}|`);
  for (const r of rows) {
    const cells = names.map((n) => `${r.ms[n].toFixed(2)}${r.correct[n] ? "" : " ✗"}`);
    console.log(`| ${r.path.replace(/^.*\//, "")} | ${r.mb.toFixed(1)} | ${r.ascii ? "yes" : "no"} | ${cells.join(" | ")} |`);
  }
}

main();
