// Where a valid buffer's pointers, lengths and tags are: a walk of the buffer from its root with the
// schema's layout (target/layouts/layout-<bits>.json for rawast's schema, layout-oxc.json for oxc's,
// which `cargo xtask fuzz` writes from the generator's layout engine), so that mutations hit what
// the deserializers read.

/** The metadata fields, from the generated constants (the fuzzer never retypes them). */
export { METADATA_SIZE, META_ROOT, META_SOURCE_START, META_SOURCE_LEN, META_SOURCE_ASCII_LEN, META_BASE_LOW32 } from "../../generated/js/constants.js";
import { METADATA_SIZE, META_ROOT, META_SOURCE_START, META_SOURCE_LEN, META_BASE_LOW32 } from "../../generated/js/constants.js";

/**
 * Where the AST of a rawast buffer is: `root` (its offset), `lo` and `limit` (the part of the
 * buffer its pointers may aim at: all of it but the metadata), `base` (the low 32 bits of the
 * address pointers count from), `source` (`{ start, len }`: the source text's bytes).
 */
export function rawastRegion(buffer) {
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.length);
  const limit = buffer.length - METADATA_SIZE;
  const field = (offset) => view.getUint32(limit + offset, true);
  return { root: field(META_ROOT), lo: 0, limit, base: field(META_BASE_LOW32), source: { start: field(META_SOURCE_START), len: field(META_SOURCE_LEN) } };
}

/**
 * Every site of `buffer` a mutation can aim at, as columns of numbers (a million objects would make
 * the worker's garbage collections slow enough to pass for hangs):
 * - `boxes`: a `Box` at `at[i]` pointing to `target[i]`, `key[i]` the index in `keys` of the type it
 *   points to, `parent[i]` the index of the `Box` whose target holds it (-1: the root);
 * - `vecs`: `at`, `key`, `offset`, `len`, `size` (an element's); `strs`: `at`, `offset`, `len`;
 * - `tags`: the tag byte at `at[i]` of an enum whose valid values are `valid[type[i]]` (an
 *   `Option`'s tag, where it has one: 0 and 1);
 * - `bools`: a `bool`'s byte at `at[i]` (0 or 1; oxc's `JSStr`'s lone-surrogates flag among them),
 *   `none[i]` the value that makes the `Option` around it `None` (-1: none);
 * - `selfCycles`: an enum at `at[i]`, a field of the struct at `holder[i]`, one of whose variants
 *   (tag `variant[i]`, its `Box` at `payload[i]`) can point back at that struct: a cycle of one node;
 * - `lo`, `limit`, `base`, `source`: the region's, given as the third argument (`rawastRegion`'s
 *   fields); `width`: the pointer width.
 * Pointers outside `[lo, limit)` are neither followed nor listed: oxc-parser writes a few strings as
 * addresses of static memory outside its buffer.
 */
export function walk(buffer, layout, { root, lo, limit, base, source }) {
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.length);
  const width = layout.pointerWidth;
  const columns = (...names) => Object.fromEntries(names.map((name) => [name, []]));
  const sites = {
    boxes: columns("at", "target", "parent", "key"),
    vecs: columns("at", "key", "offset", "len", "size"),
    strs: columns("at", "offset", "len"),
    tags: columns("at", "type"),
    bools: columns("at", "none"),
    selfCycles: columns("at", "variant", "payload", "holder"),
    keys: [],
    valid: [],
    lo,
    limit,
    base,
    width,
    source,
  };
  // Types are the layout's objects: each is given its key once.
  const keyIds = new Map();
  const idOfType = new Map();
  const keyOf = (type) => {
    let id = idOfType.get(type);
    if (id !== undefined) return id;
    const key = JSON.stringify(type);
    if (!keyIds.has(key)) {
      keyIds.set(key, sites.keys.length);
      sites.keys.push(key);
    }
    id = keyIds.get(key);
    idOfType.set(type, id);
    return id;
  };
  const enumIds = new Map();
  // `valid()`: the tags the type allows, asked for the first time the type is met.
  const tag = (at, name, valid) => {
    let id = enumIds.get(name);
    if (id === undefined) {
      id = sites.valid.length;
      enumIds.set(name, id);
      sites.valid.push(valid());
    }
    sites.tags.at.push(at);
    sites.tags.type.push(id);
  };
  // A tagged `Option`'s name among the enums', once per type.
  const optionNames = new Map();
  const optionName = (type) => {
    let name = optionNames.get(type);
    if (name === undefined) optionNames.set(type, (name = `Option<${JSON.stringify(type.option)}>`));
    return name;
  };
  // An enum's variants that hold a value, as `[tag, payload]` pairs, once per enum.
  const variantsOf = new Map();
  const variants = (def) => {
    let list = variantsOf.get(def);
    if (list === undefined) {
      list = Object.entries(def.variants).map(([variant, payload]) => [Number(variant), payload]);
      variantsOf.set(def, list);
    }
    return list;
  };
  // (A `bool` in an `Option` is listed with its `None` value, before the walk meets it again.)
  const boolsSeen = new Set();
  const bool = (at, none) => {
    if (boolsSeen.has(at)) return;
    boolsSeen.add(at);
    push(sites.bools, at, none);
  };
  const pointer = (at) => (view.getUint32(at, true) - base) >>> 0;
  const inRegion = (offset, bytes) => offset >= lo && offset + bytes <= limit;
  // Values to visit: offset, type, index of the enclosing Box, and the struct holding the value as
  // a field (its offset and type name; -1 and null for other values).
  const stack = [root, { named: layout.root }, -1, -1, null];
  while (stack.length > 0) {
    const holderType = stack.pop();
    const holder = stack.pop();
    const parent = stack.pop();
    const type = stack.pop();
    const at = stack.pop();
    // Strings: rawast's `Str`, and oxc's `&str`, `Ident` and `JSStr`, which all have their pointer
    // at +0 and the (low 32 bits of their) length at +8 on 64 bits.
    if (type === "str" || STRINGS.has(type.builtin)) {
      const len = view.getUint32(at + width, true);
      if (len > 0 && inRegion(pointer(at), len)) push(sites.strs, at, pointer(at), len);
      if (type.builtin === "JSStr") bool(at + JSSTR_FLAG, -1);
      continue;
    }
    if (type === "bool" || type.builtin === "AtomicBool") {
      bool(at, -1);
      continue;
    }
    if (typeof type === "string" || type.builtin !== undefined) continue;
    if (type.named !== undefined) {
      const def = layout.types[type.named];
      if (def.kind === "struct") {
        for (const [offset, field] of def.fields) stack.push(at + offset, field, parent, at, type.named);
      } else if (def.kind === "enum") {
        tag(at, type.named, () => Object.keys(def.variants).map(Number));
        if (holderType !== null) {
          for (const [variant, payload] of variants(def)) {
            if (payload?.box?.named === holderType) push(sites.selfCycles, at, variant, at + def.payload, holder);
          }
        }
        const payload = def.variants[view.getUint8(at)];
        if (payload) stack.push(at + def.payload, payload, parent, -1, null);
      } else {
        tag(at, type.named, () => def.values);
      }
    } else if (type.box !== undefined) {
      const target = pointer(at);
      if (!inRegion(target, type.size)) continue;
      push(sites.boxes, at, target, parent, keyOf(type.box));
      stack.push(target, type.box, sites.boxes.at.length - 1, -1, null);
    } else if (type.vec !== undefined) {
      const offset = pointer(at);
      const len = view.getUint32(at + width, true);
      if (len === 0 || !inRegion(offset, len * type.size)) continue;
      push(sites.vecs, at, keyOf(type.vec), offset, len, type.size);
      for (let i = len - 1; i >= 0; i--) stack.push(offset + i * type.size, type.vec, parent, -1, null);
    } else if (type.option !== undefined) {
      // A tag is 0 or 1, listed with the enums' tags (its low byte: little-endian).
      if (type.tagged) tag(at, optionName(type), () => [0, 1]);
      if (isNone(view, at, type)) continue;
      // (A `bool`'s niche is its own byte; a `JSStr`'s, its flag's.)
      if (type.niche && type.option === "bool") bool(at, type.niche[2]);
      if (type.niche && type.option.builtin === "JSStr") bool(at + JSSTR_FLAG, type.niche[2]);
      // (An `Option` of an enum is the struct's field still: `Class.superClass` can be the class.)
      stack.push(at + (type.tagged ? type.tagged[1] : 0), type.option, parent, holder, holderType);
    }
  }
  return sites;
}

/** oxc's string types (`builtin` in the layout), read like rawast's `Str`. */
const STRINGS = new Set(["&str", "Ident", "JSStr"]);
/** Where oxc's `JSStr` has its flag, a `bool`: whether it holds lone surrogates (WTF-8). */
const JSSTR_FLAG = 12;

/** Appends one row to `columns`, its values in the columns' order. */
function push(columns, ...values) {
  let i = 0;
  for (const name in columns) columns[name].push(values[i++]);
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
