// `cargo xtask fuzz` on the oxc- targets: corruptions of oxc-parser 0.157's own raw transfer buffers.
//
// Each worker parses its corpus (OXC_CORPUS in corpus.js) once with oxc-parser into one buffer —
// oxc's 2 GiB view of a 6 GiB ArrayBuffer, of which only the pages written are memory — and keeps
// a pristine copy of each file's AST region: from the root (`data_offset`, which oxc allocates
// last, below everything else) to the buffer's end, source text and metadata included. A case
// restores its file's region and corrupts the buffer in place: copying the buffer per case, as the
// rawast targets do, is out of the question at 2 GiB.
//
// The sites come from the same walk as rawast's (`layout.js`), with oxc's schema
// (target/layouts/layout-oxc.json): pointers are 64-bit addresses whose low 32 bits are offsets into
// the buffer (the block is 4 GiB-aligned), so a pointer is redirected by writing its low half and
// keeping the high half, as another pointer of the same block would be. A Vec's and a string's
// length are 64-bit at +8, of which the writers set the low half.

import { readFileSync } from "node:fs";
import { parseRawSync } from "oxc-parser/src-js/bindings.js";
import { DATA_POINTER_POS_32, HAS_BOM_FLAG_POS, IS_JSX_FLAG_POS, IS_TS_FLAG_POS, TOKENS_LEN_POS_32, TOKENS_OFFSET_POS_32 } from "oxc-parser/src-js/generated/constants.js";
import { prepareRaw, returnBufferToCache } from "oxc-parser/src-js/raw-transfer/common.js";

import { captureBuffers } from "../oxlint/lint.js";
import { walk } from "./layout.js";
import { count } from "../plural.js";
import { group, STRUCTURAL, VIEWS_IN_PLACE } from "./mutations.js";

const DATA_OFFSET_POS = DATA_POINTER_POS_32 * 4;
// Where `forged` copies the root: the buffer's first 4 KiB, or the 4 KiB below a file's region,
// room that each case's restore clears.
const FORGED_ROOM = 4096;

/**
 * The corpus files of one worker (`corpus`: `{ name, path, weight }`s; each name's extension tells
 * oxc-parser the language), parsed into one buffer, each as `{ name, weight, size, valid(),
 * mutate(rng) }`: `size` is its region's length (the RSS bounds scale with it, not with the 2 GiB),
 * `valid()` restores the region and returns `deserialize`'s arguments, `mutate(rng)` restores it,
 * corrupts it and returns the case (as `mutations.js` describes it).
 */
export function oxcFiles(corpus, layout) {
  let buffer = null;
  const parsed = corpus.map(({ name, path, weight }) => {
    const text = readFileSync(path, "utf8");
    const prepared = prepareRaw(text);
    // The cache hands the same buffer back each time: one buffer for all files.
    if (buffer !== null && prepared.buffer !== buffer) throw new Error("oxc-parser's buffer cache gave a second buffer");
    buffer = prepared.buffer;
    parseRawSync(name, buffer.block, prepared.sourceStartPos, prepared.sourceByteLen, {});
    const lo = buffer.int32[DATA_POINTER_POS_32];
    const source = { start: prepared.sourceStartPos, len: prepared.sourceByteLen };
    const sites = group(walk(buffer, layout, { root: lo, lo, limit: DATA_OFFSET_POS, base: 0, source }));
    returnBufferToCache(buffer);
    const context = { text, start: source.start, len: source.len };
    return { name, weight, lo, pristine: buffer.slice(lo), sites, context, args: [text, source.start, source.len] };
  });
  const others = parsed.map((file) => file.context.text);
  const rootSize = layout.types[layout.root].size;
  for (const file of parsed) file.context = { ...file.context, rootSize, others };
  return restoredFiles(buffer, parsed);
}

/**
 * The files of `parsed` (`{ name, weight, lo, pristine, sites, context, args }`: each file's region
 * `pristine` lies at `lo` of `buffer`, `args` are `deserialize`'s after the buffer), each as
 * `{ name, weight, size, valid(), mutate(rng) }`, which first restore the file's region.
 */
function restoredFiles(buffer, parsed) {
  // Below a file's region the buffer must read the same in every case, whatever ran before it
  // (a string pointer outside the region reads bytes there): zeros, as below the lowest region,
  // which no parse writes.
  const floor = Math.min(...parsed.map((file) => file.lo)) - FORGED_ROOM;
  return parsed.map(({ name, weight, lo, pristine, sites, context, args }) => {
    const restore = () => {
      buffer.fill(0, 0, FORGED_ROOM);
      buffer.fill(0, floor, lo);
      buffer.set(pristine, lo);
    };
    return {
      name,
      weight,
      size: pristine.length,
      valid() {
        restore();
        return [buffer, ...args];
      },
      mutate(rng) {
        restore();
        return mutate(rng, buffer, sites, context);
      },
    };
  });
}

/**
 * The corpus files of a target of Oxlint's buffers (`linter = true`), as `oxcFiles` gives oxc-
 * parser's: Oxlint lints them once (tests/oxlint/capture-plugin.js saves each file's buffer from
 * its lowest allocation, the program or its comments, to the end), and each is put back at its
 * offsets in one buffer of Oxlint's size.
 */
export function oxlintFiles(corpus, layout) {
  const { captured, unlinted } = captureBuffers(corpus.map(({ path }) => path));
  if (unlinted.length > 0) throw new Error(`Oxlint linted none of ${unlinted.join(", ")}`);
  const buffer = new Uint8Array(captured[0].length);
  // The walk starts from the program: Oxlint's data pointer points at it.
  const programLayout = { ...layout, root: "Program" };
  const int32 = new Int32Array(buffer.buffer);
  const parsed = captured.map(({ file, region, start, program }) => {
    buffer.set(region, start);
    const source = { start: int32[(program + 16) >> 2], len: int32[(program + 24) >> 2] };
    const sites = group(walk(buffer, programLayout, { root: program, lo: start, limit: DATA_OFFSET_POS, base: 0, source }));
    buffer.fill(0, start, start + region.length);
    const { weight } = corpus.find(({ path }) => path === file);
    // (Oxlint's deserializer takes the buffer alone.)
    return { name: file, weight, lo: start, pristine: region, sites, context: { rootSize: layout.types.Program.size, linter: true }, args: [] };
  });
  return restoredFiles(buffer, parsed);
}

/**
 * The mutations of oxc's buffers besides the structural ones: each gets the buffer, the file's
 * sites, `call` (`deserialize`'s arguments, which it may change: `input`, `text`, `start`, `len`)
 * and `context` (`rootSize`: the root's; `others`: the corpus's texts; `text`, `start`, `len`: the
 * file's sound arguments), and returns what it did.
 */
const OXC = {
  /** `data_offset`, the root's offset, swept: off the region, misaligned, too near the end, another node's. */
  root(rng, bytes, sites, call, { rootSize }) {
    const { lo, limit } = sites;
    const [what, value] = rng.pick([
      ["0", 0],
      ["8 below the region", lo - 8],
      ["8 into the region", lo + 8],
      ["misaligned", lo + 1 + rng.int(7)],
      ["another node", rng.pick(sites.boxes.target)],
      ["the last offset the root fits at", (limit - rootSize) & ~7],
      ["8 past the last offset the root fits at", ((limit - rootSize) & ~7) + 8],
      ["the metadata", limit],
      ["2^31", 0x80000000],
      ["2^32 - 1", 0xffffffff],
      ["random in the region", lo + (rng.int(limit - lo) & ~7)],
    ]);
    const old = dataView(bytes).getUint32(DATA_OFFSET_POS, true);
    dataView(bytes).setUint32(DATA_OFFSET_POS, value >>> 0, true);
    return `data_offset ${old} → ${value >>> 0} (${what})`;
  },

  /**
   * The root copied below the region and `data_offset` moved to it, its pointers still leading to
   * the real AST: the "region" from the root to the metadata is then far larger than what the
   * buffer holds (the whole 2 GiB, from offset 8). Half the time with a cycle on top.
   */
  forged(rng, bytes, sites, call, { rootSize }) {
    const view = dataView(bytes);
    const root = view.getUint32(DATA_OFFSET_POS, true);
    const [what, to] = rng.pick([
      ["offset 8", 8],
      ["4 KiB below the region", (sites.lo - FORGED_ROOM) & ~7],
    ]);
    const below = Math.min(to, root - rootSize) & ~7;
    bytes.copyWithin(below, root, root + rootSize);
    view.setUint32(DATA_OFFSET_POS, below, true);
    const cycle = rng() < 0.5 ? `, then ${STRUCTURAL[rng.pick(["cycle", "selfCycle"])](rng, bytes, sites)}` : "";
    return `the root copied to ${below} (${what}), data_offset moved there${cycle}`;
  },

  /** 1 to 8 random bits of the AST's region flipped. */
  bits(rng, bytes, sites) {
    const n = 1 + rng.int(8);
    for (let i = 0; i < n; i++) bytes[sites.lo + rng.int(sites.limit - sites.lo)] ^= 1 << rng.int(8);
    return count(n, "random bit");
  },

  /** Another metadata field: the tokens' offset or length, or a flag. The deserializers read none of them. */
  metadata(rng, bytes) {
    const [field, pos, size] = rng.pick([
      ["tokens_offset", TOKENS_OFFSET_POS_32 * 4, 4],
      ["tokens_len", TOKENS_LEN_POS_32 * 4, 4],
      ["is_ts", IS_TS_FLAG_POS, 1],
      ["is_jsx", IS_JSX_FLAG_POS, 1],
      ["has_bom", HAS_BOM_FLAG_POS, 1],
    ]);
    const value = size === 4 ? rng.pick([0, 0xffffffff, rng.int(0x100000000)]) : rng.int(256);
    if (size === 4) dataView(bytes).setUint32(pos, value, true);
    else bytes[pos] = value;
    return `${field} → ${value}`;
  },

  /** A Box, Vec or string pointer aimed at an address that is never right. */
  address(rng, bytes, sites) {
    const columns = rng.pick([sites.boxes, sites.vecs, sites.strs]);
    const row = rng.int(columns.at.length);
    const at = columns.at[row];
    const target = columns === sites.boxes ? columns.target[row] : columns.offset[row];
    const view = dataView(bytes);
    const [what, low, high] = rng.pick([
      ["0", 0],
      ["just below the AST's region", sites.lo - 8],
      ["misaligned", target + 1 + rng.int(7)],
      ["the metadata", sites.limit],
      ["the buffer's end", bytes.length],
      ["8 bytes before the metadata", sites.limit - 8],
      ["2^32 - 8", 0xfffffff8],
      ["another 4 GiB block (high half + 1)", target, view.getUint32(at + 4, true) + 1],
      ["a null high half", target, 0],
    ]);
    view.setUint32(at, low >>> 0, true);
    if (high !== undefined) view.setUint32(at + 4, high >>> 0, true);
    return `pointer at ${at} → ${low >>> 0}${high === undefined ? "" : ` with high half ${high >>> 0}`} (${what})`;
  },

  /** A Vec's 64-bit length: negative, or huge with its low half unchanged. */
  length64(rng, bytes, sites) {
    const { vecs } = sites;
    const row = rng.int(vecs.at.length);
    const at = vecs.at[row] + 8;
    const view = dataView(bytes);
    const [what, low, high] = rng.pick([
      ["-1", 0xffffffff, 0xffffffff],
      ["-2^31 (negative as i32)", 0x80000000, 0],
      ["-(2^63)", 0, 0x80000000],
      ["2^32 plus the length", vecs.len[row], 1],
    ]);
    view.setUint32(at, low, true);
    view.setUint32(at + 4, high, true);
    return `Vec length at ${at}: ${vecs.len[row]} → ${what}`;
  },

  /**
   * `sourceStartPos` or `sourceByteLen` wrong: off by a little, the text's UTF-16 length, running
   * one byte into the metadata, out of range, or no integer.
   */
  arguments(rng, bytes, sites, call, context) {
    const key = rng.pick(["start", "len"]);
    const value = context[key];
    const pastEnd = sites.limit - context[key === "start" ? "len" : "start"] + 1;
    call[key] = rng.pick([value - 1, value + 1, value + 3, context.text.length, 0, -1, pastEnd, 2 ** 32 + value, NaN, value + 0.5, `${value}`, undefined, BigInt(value)]);
    const shown = typeof call[key] === "string" ? JSON.stringify(call[key]) : typeof call[key] === "bigint" ? `${call[key]}n` : String(call[key]);
    return `${key === "start" ? "sourceStartPos" : "sourceByteLen"} ${value} → ${shown}`;
  },

  /** The source text that does not match the buffer's: another file's, edited, or no string at all. */
  source(rng, bytes, sites, call, { others, text }) {
    const [what, value, expect] = rng.pick([
      ["another corpus file's text", rng.pick(others)],
      ["its first character removed", text.slice(1)],
      ["cut in half", text.slice(0, text.length >> 1)],
      ["empty", ""],
      ["doubled", text + text],
      ["its first character made non-ASCII", `é${text.slice(1)}`],
      ["its first character made astral", `😀${text.slice(1)}`],
      ["a lone surrogate first", `\ud800${text.slice(1)}`],
      ["null", null, "TypeError"],
      ["a String object", new String(text), "TypeError"],
      ["the buffer", bytes, "TypeError"],
    ]);
    call.text = value;
    call.expect = expect;
    return `sourceText: ${what}`;
  },
};

/** Odd inputs for oxc's buffer: views that copy nothing (`mutations.js`), and windows of it. */
const VIEWS = {
  ...VIEWS_IN_PLACE,
  /** A view of all but the first 1 to 7 bytes: misaligned, every offset off by a little. */
  unaligned(rng, bytes) {
    const shift = 1 + rng.int(7);
    return { input: bytes.subarray(shift), description: `without its first ${count(shift, "byte")}` };
  },
  /** A view of all but the first 8 to 64 bytes: aligned, but every offset off by as much. */
  shifted(rng, bytes) {
    const shift = 8 * (1 + rng.int(8));
    return { input: bytes.subarray(shift), description: `without its first ${count(shift, "byte")}` };
  },
};

const MUTATIONS = { ...STRUCTURAL, ...OXC };
const KINDS = [...Object.keys(MUTATIONS), "compound", "view"];
// Oxlint's deserializer takes the buffer alone: no arguments to get wrong.
const LINTER_MUTATIONS = Object.fromEntries(Object.entries(MUTATIONS).filter(([name]) => name !== "arguments" && name !== "source"));
const LINTER_KINDS = [...Object.keys(LINTER_MUTATIONS), "compound", "view"];

/**
 * A case's corruption of `bytes`, which holds the pristine region of the file of `sites` and
 * `context` (`context.linter`: Oxlint's buffer, read with the buffer alone).
 */
function mutate(rng, bytes, sites, context) {
  const mutations = context.linter ? LINTER_MUTATIONS : MUTATIONS;
  const kind = rng.pick(context.linter ? LINTER_KINDS : KINDS);
  const call = { input: bytes, text: context.text, start: context.start, len: context.len, expect: undefined };
  const args = () => (context.linter ? [call.input] : [call.input, call.text, call.start, call.len]);
  const apply = (name) => mutations[name](rng, bytes, sites, call, context);
  if (kind === "view") {
    const name = rng.pick(Object.keys(VIEWS));
    // Views of a corrupted buffer half the time.
    const prefix = rng() < 0.5 ? `${apply("flip")}, ` : "";
    const { input, description, expect } = VIEWS[name](rng, bytes);
    call.input = input;
    return { kind: `view:${name}`, args: args(), expect, description: prefix + description };
  }
  if (kind === "compound") {
    // Two to four mutations on top of each other: a cycle through a shared subtree, a wrong source
    // beside a corrupt string, and so on.
    const names = Array.from({ length: 2 + rng.int(3) }, () => rng.pick(Object.keys(mutations)));
    const description = names.map((name) => `${name}: ${apply(name)}`).join("; ");
    return { kind, args: args(), expect: call.expect, description };
  }
  sites.boolCase = undefined;
  const description = apply(kind);
  return { kind, args: args(), expect: call.expect, description, boolCase: sites.boolCase };
}

/** A DataView of `bytes`, for unsigned little-endian fields. */
function dataView(bytes) {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
}
