// Where a valid buffer's pointers, lengths and tags are: a walk of the buffer from its root with the
// schema's layout (target/fuzz/layout-<bits>.json, which `cargo xtask fuzz` writes from the
// generator's layout engine), so that mutations hit what the deserializers read.

/** The metadata fields, from the generated constants (the fuzzer never retypes them). */
export { METADATA_SIZE, META_ROOT, META_SOURCE_START, META_SOURCE_LEN, META_SOURCE_ASCII_LEN, META_BASE_LOW32 } from "../../generated/js/constants.js";
import { METADATA_SIZE, META_ROOT, META_SOURCE_START, META_SOURCE_LEN, META_BASE_LOW32 } from "../../generated/js/constants.js";

/**
 * Every site of `buffer` a mutation can aim at, as columns of numbers (a million objects would make
 * the worker's garbage collections slow enough to pass for hangs):
 * - `boxes`: a `Box` at `at[i]` pointing to `target[i]`, `key[i]` the index in `keys` of the type it
 *   points to, `parent[i]` the index of the `Box` whose target holds it (-1: the root);
 * - `vecs`: `at`, `key`, `offset`, `len`, `size` (an element's); `strs`: `at`, `offset`, `len`;
 * - `tags`: the tag byte at `at[i]` of an enum whose valid values are `valid[type[i]]`.
 */
export function walk(buffer, layout) {
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.length);
  const limit = buffer.length - METADATA_SIZE;
  const base = view.getUint32(limit + META_BASE_LOW32, true);
  const width = layout.pointerWidth;
  const columns = (...names) => Object.fromEntries(names.map((name) => [name, []]));
  const sites = {
    boxes: columns("at", "target", "parent", "key"),
    vecs: columns("at", "key", "offset", "len", "size"),
    strs: columns("at", "offset", "len"),
    tags: columns("at", "type"),
    keys: [],
    valid: [],
    limit,
    base,
    width,
  };
  const keyIds = new Map();
  const keyOf = (type) => {
    const key = JSON.stringify(type);
    if (!keyIds.has(key)) {
      keyIds.set(key, sites.keys.length);
      sites.keys.push(key);
    }
    return keyIds.get(key);
  };
  const enumIds = new Map();
  const tag = (at, name, valid) => {
    if (!enumIds.has(name)) {
      enumIds.set(name, sites.valid.length);
      sites.valid.push(valid);
    }
    sites.tags.at.push(at);
    sites.tags.type.push(enumIds.get(name));
  };
  const pointer = (at) => (view.getUint32(at, true) - base) >>> 0;
  // Values to visit: offset, type, index of the enclosing Box.
  const stack = [view.getUint32(limit + META_ROOT, true), { named: layout.root }, -1];
  while (stack.length > 0) {
    const parent = stack.pop();
    const type = stack.pop();
    const at = stack.pop();
    if (typeof type === "string") {
      if (type === "str") {
        const len = view.getUint32(at + width, true);
        if (len > 0) push(sites.strs, at, pointer(at), len);
      }
      continue;
    }
    if (type.named !== undefined) {
      const def = layout.types[type.named];
      if (def.kind === "struct") {
        for (const [offset, field] of def.fields) stack.push(at + offset, field, parent);
      } else if (def.kind === "enum") {
        tag(at, type.named, Object.keys(def.variants).map(Number));
        const payload = def.variants[view.getUint8(at)];
        if (payload) stack.push(at + def.payload, payload, parent);
      } else {
        tag(at, type.named, def.values);
      }
    } else if (type.box !== undefined) {
      const target = pointer(at);
      push(sites.boxes, at, target, parent, keyOf(type.box));
      stack.push(target, type.box, sites.boxes.at.length - 1);
    } else if (type.vec !== undefined) {
      const offset = pointer(at);
      const len = view.getUint32(at + width, true);
      if (len > 0) push(sites.vecs, at, keyOf(type.vec), offset, len, type.size);
      for (let i = len - 1; i >= 0; i--) stack.push(offset + i * type.size, type.vec, parent);
    } else if (type.option !== undefined) {
      if (!isNone(view, at, type)) stack.push(at + (type.tagged ? type.tagged[1] : 0), type.option, parent);
    }
  }
  return sites;
}

/** Appends one row to `columns`, its values in the columns' order. */
function push(columns, ...values) {
  const names = Object.keys(columns);
  for (let i = 0; i < names.length; i++) columns[names[i]].push(values[i]);
}

function isNone(view, at, type) {
  if (type.tagged) return view.getUint8(at) === 0;
  const [offset, size, value] = type.niche;
  switch (size) {
    case 1:
      return view.getUint8(at + offset) === value;
    case 2:
      return view.getUint16(at + offset, true) === value;
    case 4:
      return view.getUint32(at + offset, true) === value;
    default:
      return view.getBigUint64(at + offset, true) === BigInt(value);
  }
}

/** The source region of a buffer: `{ start, len }`. */
export function sourceRegion(buffer) {
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.length);
  const meta = buffer.length - METADATA_SIZE;
  return { start: view.getUint32(meta + META_SOURCE_START, true), len: view.getUint32(meta + META_SOURCE_LEN, true) };
}
