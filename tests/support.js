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

/** A deterministic PRNG (a 32-bit LCG) giving numbers in [0, 1), so that a failure can be replayed. */
export function random(seed) {
  return () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed / 4294967296;
  };
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

/** Calls `visit` on every node under `root`, in document order, following `visitorKeys` (node type →
 * the properties that can hold nodes), with an explicit stack: trees of any depth. */
export function walk(root, visitorKeys, visit) {
  const stack = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null) continue;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
      continue;
    }
    visit(value);
    const keys = visitorKeys[value.type];
    for (let i = keys.length - 1; i >= 0; i--) stack.push(value[keys[i]]);
  }
}
