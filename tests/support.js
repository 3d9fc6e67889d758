// Helpers the Node tests and benches share: a replayable PRNG, a generic tree walker, and where the
// metadata fields of a buffer are (from the generated constants, never retyped).
import {
  LAYOUT_FINGERPRINT_32,
  LAYOUT_FINGERPRINT_64,
  MAX_BUFFER_SIZE,
  METADATA_SIZE,
  META_BASE_LOW32,
  META_FINGERPRINT_LOW,
  META_FORMAT_VERSION,
  META_MAGIC,
  META_ROOT,
  META_SOURCE_ASCII_LEN,
  META_SOURCE_LEN,
  META_SOURCE_START,
} from "../generated/js/constants.js";

export { LAYOUT_FINGERPRINT_32, LAYOUT_FINGERPRINT_64, MAX_BUFFER_SIZE, METADATA_SIZE };

/**
 * The harness's seeded PRNG (mulberry32): numbers in [0, 1), the same for the same seed, so that a
 * failure, a fuzz case or a benchmark's order can be replayed; `int(n)` gives a whole number below
 * `n`, `pick(array)` one of its elements.
 */
export function random(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.int = (n) => Math.floor(next() * n);
  next.pick = (array) => array[Math.floor(next() * array.length)];
  return next;
}

/** The offset in `buffer` of a metadata field (`META_*` of the constants). */
export function metadataField(buffer, field) {
  return buffer.length - METADATA_SIZE + field;
}

/** Offsets of the metadata fields tests tamper with. */
export const META = {
  MAGIC: META_MAGIC,
  FORMAT_VERSION: META_FORMAT_VERSION,
  FINGERPRINT_LOW: META_FINGERPRINT_LOW,
  ROOT: META_ROOT,
  SOURCE_START: META_SOURCE_START,
  SOURCE_LEN: META_SOURCE_LEN,
  SOURCE_ASCII_LEN: META_SOURCE_ASCII_LEN,
  BASE_LOW32: META_BASE_LOW32,
};

/**
 * A copy of `buffer` (a valid buffer of `layout`: "parser" or "linter") that reads as the same tree,
 * in a zero-filled buffer (whose untouched pages the OS never allocates): its arena moved up by
 * `shift` bytes, its source text grown by `pad` spaces at its end, `size` bytes long (zeros before
 * the metadata) or just long enough. Pointers are addresses, so moving the base recorded in the
 * metadata down by `shift` moves every pointer up with the bytes. The parser layout keeps its
 * source at the start: the strings that pointed into it now point into the moved copy.
 */
export function moved(buffer, layout, { shift, pad = 0, size }) {
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.length);
  const u32 = (field) => view.getUint32(metadataField(buffer, field), true);
  const [sourceStart, sourceLen, asciiLen] = [u32(META.SOURCE_START), u32(META.SOURCE_LEN), u32(META.SOURCE_ASCII_LEN)];
  const sourceEnd = sourceStart + sourceLen;
  const end = layout === "parser" ? buffer.length - METADATA_SIZE : sourceEnd;
  const metadata = size === undefined ? Math.ceil((shift + end + (layout === "parser" ? 0 : pad)) / 8) * 8 : size - METADATA_SIZE;
  const big = new Uint8Array(metadata + METADATA_SIZE);
  big.set(buffer.subarray(0, end), shift);
  big.set(buffer.subarray(buffer.length - METADATA_SIZE), metadata);
  const bigView = new DataView(big.buffer, metadata);
  const set = (field, value) => bigView.setUint32(field, value >>> 0, true);
  set(META.ROOT, u32(META.ROOT) + shift);
  set(META.BASE_LOW32, u32(META.BASE_LOW32) - shift);
  if (layout === "parser") {
    big.set(buffer.subarray(0, sourceEnd), 0);
    big.fill(0x20, sourceEnd, sourceEnd + pad);
  } else {
    set(META.SOURCE_START, sourceStart + shift);
    big.fill(0x20, shift + sourceEnd, shift + sourceEnd + pad);
  }
  set(META.SOURCE_LEN, sourceLen + pad);
  set(META.SOURCE_ASCII_LEN, asciiLen === sourceLen ? sourceLen + pad : asciiLen);
  return big;
}

/**
 * `buffer` (a valid buffer of `layout`) made exactly `size` bytes long by zeros where no one reads
 * them: between the parser layout's arena and its metadata; below the linter layout's arena, which
 * moves up (by a multiple of 8, keeping every alignment) so that its source still ends right
 * before the metadata.
 */
export function ofSize(buffer, layout, size) {
  if (layout === "parser") return moved(buffer, layout, { shift: 0, size });
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.length);
  const sourceEnd = view.getUint32(metadataField(buffer, META.SOURCE_START), true) + view.getUint32(metadataField(buffer, META.SOURCE_LEN), true);
  return moved(buffer, layout, { shift: Math.floor((size - METADATA_SIZE - sourceEnd) / 8) * 8, size });
}

/**
 * Calls `visit` on every node under `value`, in document order, following `visitorKeys` (a lazy
 * target's VISITOR_KEYS) by its walking rule (docs/lazy.md): an object whose
 * discriminator value (`type` unless given) names an entry is a node of that type; any other object
 * is a plain object, whose entry is named after where it lies: the name of the entry of the object
 * holding it, a dot and its key, or (`name`) its key in `deserialize`'s result. An entry lists the
 * keys that can lead to nodes; arrays hold values of the name they have. An explicit stack: trees
 * of any depth.
 */
export function walk(value, visitorKeys, visit, { name = "", discriminator = "type" } = {}) {
  // Triples: a value, the entry of the object holding it (null in the result) and its key there.
  const stack = [value, null, name];
  while (stack.length > 0) {
    const key = stack.pop();
    const owner = stack.pop();
    const value = stack.pop();
    if (value === null || typeof value !== "object") continue;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push(value[i], owner, key);
      continue;
    }
    let entry = value[discriminator];
    if (typeof entry === "string" && visitorKeys[entry] !== undefined) visit(value);
    else entry = owner === null ? key : `${owner}.${key}`;
    const keys = visitorKeys[entry];
    if (keys === undefined) continue;
    for (let i = keys.length - 1; i >= 0; i--) stack.push(value[keys[i]], entry, keys[i]);
  }
}
