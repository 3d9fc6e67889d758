// Buffers of the small schemas of generator/tests/fixtures/mapping/, written by hand field by field
// from the layouts the generator computed (target/mapping/<fixture>/layout.json, which `cargo test`
// writes beside the fixtures' deserializers): what a producer would never write, on purpose.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { root } from "./producer.js";

const fixtures = join(root, "target/mapping");

export async function load(fixture) {
  const dir = join(fixtures, fixture);
  assert.ok(existsSync(dir), `${dir} is missing: run \`cargo test -p rawast-generator --test mapping\``);
  const layout = JSON.parse(readFileSync(join(dir, "layout.json"), "utf8"));
  const constants = await import(join(dir, "constants.js"));
  const module = (target) => import(join(dir, target, "deserialize.js"));
  // Its walker (`walk`, `visit`), which imports it.
  const walker = (target) => import(join(dir, target, "walk.js"));
  return { layout, constants, module, walker };
}

// Where the arena pretends to live: pointers are this plus an offset into the buffer.
const BASE = 0x10000;

/**
 * A parser-layout buffer with an empty source: the root struct at offset 0, then what `write` adds,
 * in at most `size` bytes.
 * `write(out)` gets `{ view, alloc(size, align) → offset, pointer(at, offset) }`.
 */
export function buffer({ layout, constants }, rootType, write, size = 4096) {
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  let end = layout[rootType].size;
  const out = {
    view,
    bytes,
    alloc(size, align) {
      const offset = Math.ceil(end / align) * align;
      end = offset + size;
      return offset;
    },
    pointer(at, offset) {
      view.setUint32(at, BASE + offset, true);
      view.setUint32(at + 4, 0, true);
    },
  };
  write(out);
  const meta = Math.ceil(end / 8) * 8;
  const put = (field, value) => view.setUint32(meta + field, value, true);
  put(constants.META_MAGIC, constants.MAGIC);
  put(constants.META_FORMAT_VERSION, constants.FORMAT_VERSION);
  put(constants.META_FINGERPRINT_LOW, constants.LAYOUT_FINGERPRINT_64.low);
  put(constants.META_FINGERPRINT_HIGH, constants.LAYOUT_FINGERPRINT_64.high);
  put(constants.META_ROOT, 0);
  put(constants.META_SOURCE_START, 0);
  put(constants.META_SOURCE_LEN, 0);
  put(constants.META_SOURCE_ASCII_LEN, 0);
  put(constants.META_BASE_LOW32, BASE);
  return bytes.subarray(0, meta + constants.METADATA_SIZE);
}
