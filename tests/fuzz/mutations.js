// The corruptions of rawast buffers: each takes a valid buffer, its sites (`layout.js`) and a seeded
// random source, and returns `{ args, description, expect }`: the arguments of `deserialize`, what
// was done (for the report), and `expect`, which says what the case may end in besides an AST or a
// RawastBufferError ("TypeError" for inputs that are no Uint8Array). Some say more (worker.js):
// `after` changes the buffer between `deserialize` and reading the tree, which concerns lazy trees:
// detaching it (the tree must then end in a RawastBufferError: `mustFail`) or resizing it;
// `mustFail` says why the case must end in a RawastBufferError (a buffer of 4 GiB or more); `same`
// holds arguments whose tree (or RawastBufferError) the case must give (the bytes before they were
// padded, resized or viewed oddly). The mutations that read only the sites, and the odd inputs that
// copy nothing, serve oxc-parser's buffers too (`oxc.js`).

import { constants } from "node:buffer";

import { MAX_BUFFER_SIZE, ofSize } from "../support.js";
import { count } from "../plural.js";
import { METADATA_SIZE, META_ROOT, META_SOURCE_START, META_SOURCE_LEN, META_SOURCE_ASCII_LEN, META_BASE_LOW32 } from "./layout.js";

/** The seed of case `index` of a campaign: a hash of both, so that nearby cases differ. */
export function caseSeed(seed, index) {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ index;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

function writer(bytes, sites) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  return {
    view,
    pointer(at, offset) {
      view.setUint32(at, (sites.base + offset) >>> 0, true);
    },
    len(at, len) {
      view.setUint32(at + sites.width, len >>> 0, true);
    },
  };
}

/** `n` row indices of `rows` (all of them when `n` is at least their number), at random. */
function some(rng, rows, n) {
  if (n >= rows.length) return rows;
  return Array.from({ length: n }, () => rng.pick(rows));
}

/** How many sites a sharing mutation redirects: a few, many, or all. */
function howMany(rng) {
  return rng.pick([2, 10, 100, 1000, 10000, Infinity]);
}

function rows(columns) {
  return Array.from(columns.at.keys());
}

/** Rows of `columns` grouped by their `key` column, once per buffer: `keys` index → row indices. */
function byKey(columns) {
  const groups = new Map();
  for (let i = 0; i < columns.at.length; i++) {
    const key = columns.key[i];
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(i);
  }
  return [...groups.values()];
}

/** Adds what the mutations look up to a buffer's sites: rows by type, all rows. */
export function group(sites) {
  sites.boxGroups = byKey(sites.boxes);
  sites.boxesOf = new Map(sites.boxGroups.map((group) => [sites.boxes.key[group[0]], group]));
  sites.vecGroups = byKey(sites.vecs);
  sites.strRows = rows(sites.strs);
  return sites;
}

/** The mutations of a buffer's structure, found by the walk: any format's. */
export const STRUCTURAL = {
  /** A `Box` pointed back at an ancestor of its type: a cycle (without one, at another node of its type). */
  cycle(rng, bytes, sites) {
    const { boxes } = sites;
    const box = rng.int(boxes.at.length);
    const candidates = [];
    for (let at = boxes.parent[box], depth = 0; at >= 0 && depth < 1000; at = boxes.parent[at], depth++) {
      if (boxes.key[at] === boxes.key[box]) candidates.push(at);
    }
    const cycle = candidates.length > 0;
    const target = boxes.target[cycle ? rng.pick(candidates) : rng.pick(sites.boxesOf.get(boxes.key[box]))];
    writer(bytes, sites).pointer(boxes.at[box], target);
    return `Box at ${boxes.at[box]} → ${cycle ? "its ancestor" : "another node"} at ${target}`;
  },

  /**
   * An enum field pointed at the struct that holds it (its tag changed to the variant that can
   * point there): a cycle of one node, which reads at every depth (a cycle elsewhere when the
   * buffer has no such field).
   */
  selfCycle(rng, bytes, sites) {
    const { selfCycles } = sites;
    if (selfCycles.at.length === 0) return STRUCTURAL.cycle(rng, bytes, sites);
    const row = rng.int(selfCycles.at.length);
    bytes[selfCycles.at[row]] = selfCycles.variant[row];
    writer(bytes, sites).pointer(selfCycles.payload[row], selfCycles.holder[row]);
    return `enum at ${selfCycles.at[row]} → variant ${selfCycles.variant[row]} pointing at the struct holding it, at ${selfCycles.holder[row]}`;
  },

  /** Many `Box`es of one type pointed at one node. */
  shareBox(rng, bytes, sites) {
    const { boxes } = sites;
    const group = rng.pick(sites.boxGroups);
    const target = boxes.target[rng.pick(group)];
    const chosen = some(rng, group, howMany(rng));
    const write = writer(bytes, sites);
    for (const box of chosen) write.pointer(boxes.at[box], target);
    return `${chosen.length} of ${count(group.length, "Box")} → ${target}`;
  },

  /** Many `Vec`s of one element type given the longest one's elements. */
  shareVec(rng, bytes, sites) {
    const { vecs } = sites;
    const group = rng.pick(sites.vecGroups);
    const longest = group.reduce((a, b) => (vecs.len[b] > vecs.len[a] ? b : a));
    const chosen = some(rng, group, howMany(rng));
    const write = writer(bytes, sites);
    for (const vec of chosen) {
      write.pointer(vecs.at[vec], vecs.offset[longest]);
      write.len(vecs.at[vec], vecs.len[longest]);
    }
    return `${chosen.length} of ${count(group.length, "Vec")} → ${count(vecs.len[longest], "element")} at ${vecs.offset[longest]}`;
  },

  /** Many `Str`s given one long run: the longest string, the whole source, or the whole arena. */
  shareStr(rng, bytes, sites) {
    const { strs } = sites;
    const { source } = sites;
    const longest = sites.strRows.reduce((a, b) => (strs.len[b] > strs.len[a] ? b : a));
    const [what, offset, len] = rng.pick([
      ["the longest string", strs.offset[longest], strs.len[longest]],
      ["the whole source", source.start, source.len],
      ["the arena, source and all", sites.lo, sites.limit - sites.lo],
    ]);
    const chosen = some(rng, sites.strRows, howMany(rng));
    const write = writer(bytes, sites);
    for (const str of chosen) {
      write.pointer(strs.at[str], offset);
      write.len(strs.at[str], len);
    }
    return `${chosen.length} of ${count(sites.strRows.length, "Str")} → ${what} (${count(len, "byte")} at ${offset})`;
  },

  /** One `Vec` or `Str` length: huge, running exactly to the arena's end, one past it, or random. */
  length(rng, bytes, sites) {
    const isVec = rng() < 0.5 && sites.vecs.at.length > 0;
    const columns = isVec ? sites.vecs : sites.strs;
    const row = rng.int(columns.at.length);
    const size = isVec ? columns.size[row] : 1;
    const toEnd = Math.floor((sites.limit - columns.offset[row]) / size);
    const [what, len] = rng.pick([
      ["2^32 - 1", 0xffffffff],
      ["to the arena's end", toEnd],
      ["one past the arena's end", toEnd + 1],
      ["random", rng.int(0x100000000)],
      ["one more", columns.len[row] + 1],
    ]);
    writer(bytes, sites).len(columns.at[row], len);
    return `${isVec ? "Vec" : "Str"} length at ${columns.at[row]}: ${columns.len[row]} → ${len} (${what})`;
  },

  /** One enum tag: an invalid value, or another valid one (the wrong payload type). */
  tag(rng, bytes, sites) {
    const row = rng.int(sites.tags.at.length);
    const valid = sites.valid[sites.tags.type[row]];
    const invalid = [];
    for (let value = 0; value < 256; value++) if (!valid.includes(value)) invalid.push(value);
    const value = rng() < 0.5 || invalid.length === 0 ? rng.pick(valid) : rng.pick(invalid);
    bytes[sites.tags.at[row]] = value;
    return `tag at ${sites.tags.at[row]} → ${value}`;
  },

  /**
   * One `bool`'s byte made a value no producer writes: 2 to 255 (but the `None` of an `Option`
   * around it), as a random byte or a flipped bit would make it. Read, it must be refused: the case
   * records where it is (`sites.boolCase`), and a tree it ends in must be one that does not read
   * the byte (`worker.js`).
   */
  bool(rng, bytes, sites) {
    const { bools } = sites;
    if (bools.at.length === 0) return STRUCTURAL.tag(rng, bytes, sites);
    const row = rng.int(bools.at.length);
    let value;
    do value = rng.pick([2, 3, 0x80, 0xff, 2 + rng.int(254)]);
    while (value === bools.none[row]);
    const at = bools.at[row];
    sites.boolCase = { at, byte: bytes[at] };
    bytes[at] = value;
    return `bool at ${at}: ${sites.boolCase.byte} → ${value}`;
  },

  /** Random bytes overwritten, anywhere in the AST's region (before the metadata). */
  flip(rng, bytes, sites) {
    const n = 1 + rng.int(8);
    for (let i = 0; i < n; i++) bytes[sites.lo + rng.int(sites.limit - sites.lo)] = rng.int(256);
    return count(n, "random byte");
  },

  /** A pointer aimed anywhere in the AST's region, aligned or not. */
  pointer(rng, bytes, sites) {
    const columns = rng.pick([sites.boxes, sites.vecs, sites.strs]);
    const at = rng.pick(columns.at);
    const span = sites.limit - sites.lo;
    const offset = sites.lo + (rng() < 0.5 ? rng.int(span) & ~7 : rng.int(span));
    writer(bytes, sites).pointer(at, offset);
    return `pointer at ${at} → ${offset}`;
  },
};

/** A rawast buffer's mutations: the structural ones and those of its metadata. */
const MUTATIONS = {
  ...STRUCTURAL,

  /** The root offset swept: anywhere, 8-aligned or not, or another node's. */
  root(rng, bytes, sites) {
    const meta = bytes.length - METADATA_SIZE;
    const root = rng() < 0.5 ? rng.pick(sites.boxes.target) : rng() < 0.5 ? rng.int(sites.limit) & ~7 : rng.int(sites.limit + 64);
    new DataView(bytes.buffer, bytes.byteOffset).setUint32(meta + META_ROOT, root, true);
    return `root → ${root}`;
  },

  /** One metadata field: random, 0, all ones, or off by one. */
  metadata(rng, bytes) {
    const meta = bytes.length - METADATA_SIZE;
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    const field = rng.pick([META_SOURCE_START, META_SOURCE_LEN, META_SOURCE_ASCII_LEN, META_BASE_LOW32, META_ROOT]);
    const old = view.getUint32(meta + field, true);
    const value = rng.pick([0, 0xffffffff, old + 1, old - 1, rng.int(0x100000000), rng.int(bytes.length)]) >>> 0;
    view.setUint32(meta + field, value, true);
    return `metadata field ${field}: ${old} → ${value}`;
  },
};

/** Inputs that are not the buffer itself but copy none of it: truncated, or not a Uint8Array. */
export const VIEWS_IN_PLACE = {
  truncated(rng, bytes) {
    const length = rng() < 0.5 ? rng.int(bytes.length) : bytes.length - 1 - rng.int(Math.min(64, bytes.length));
    return { input: bytes.subarray(0, length), description: `truncated to ${length} of ${count(bytes.length, "byte")}` };
  },
  proxy(rng, bytes) {
    return { input: new Proxy(bytes, {}), expect: "TypeError", description: "a Proxy of the Uint8Array" };
  },
  fake() {
    return { input: Object.create(Uint8Array.prototype), expect: "TypeError", description: "an object made from Uint8Array.prototype" };
  },
};

/** Inputs that are not the buffer itself: truncated, or odd views of it. */
const VIEWS = {
  ...VIEWS_IN_PLACE,
  unaligned(rng, bytes) {
    const shift = 1 + rng.int(7);
    const view = new Uint8Array(new ArrayBuffer(bytes.length + 8), shift, bytes.length);
    view.set(bytes);
    return { input: view, description: `at byteOffset ${shift}` };
  },
  pooled(rng, bytes) {
    // Small Buffers come from Node's shared pool, at some offset into it.
    return { input: Buffer.from(bytes), description: "a Buffer (pooled when small)" };
  },
  shared(rng, bytes) {
    const view = new Uint8Array(new SharedArrayBuffer(bytes.length));
    view.set(bytes);
    return { input: view, description: "in a SharedArrayBuffer" };
  },
  detached(rng, bytes) {
    const copy = Uint8Array.from(bytes);
    structuredClone(copy.buffer, { transfer: [copy.buffer] });
    return { input: copy, description: "detached before the call" };
  },
  detachedAfter(rng, bytes) {
    const copy = Uint8Array.from(bytes);
    // `ArrayBuffer#transfer` (Node 22 and later) detaches the buffer it moves the bytes out of.
    const transfer = typeof ArrayBuffer.prototype.transfer === "function" && rng() < 0.5;
    const after = transfer ? () => copy.buffer.transfer() : () => structuredClone(copy.buffer, { transfer: [copy.buffer] });
    const how = transfer ? "ArrayBuffer#transfer" : "structuredClone";
    return { input: copy, after, mustFail: "a lazy tree was read whole after its buffer was detached", description: `detached by ${how} after deserialize (lazy trees read it later)` };
  },
  resizedAfter(rng, bytes) {
    // A resizable ArrayBuffer, seen whole (a length-tracking view) or through a fixed-length view,
    // shrunk, shrunk and grown back (zero-filled: views come back in bounds), or grown; or a growable
    // SharedArrayBuffer grown. Whatever happens to it, a tree must be that of the bytes it was given.
    const shared = rng() < 0.25;
    const memory = shared ? new SharedArrayBuffer(bytes.length, { maxByteLength: 2 * bytes.length }) : new ArrayBuffer(bytes.length, { maxByteLength: 2 * bytes.length });
    const tracking = rng() < 0.5;
    const input = tracking ? new Uint8Array(memory) : new Uint8Array(memory, 0, bytes.length);
    input.set(bytes);
    const view = `${tracking ? "a length-tracking" : "a fixed-length"} view of a ${shared ? "growable SharedArrayBuffer" : "resizable ArrayBuffer"}`;
    const shrunk = rng() < 0.5 ? rng.int(bytes.length) : bytes.length - 1 - rng.int(Math.min(64, bytes.length));
    const [how, after] = shared
      ? ["grown to twice its length", () => memory.grow(2 * bytes.length)]
      : rng.pick([
          [`shrunk to ${count(shrunk, "byte")}`, () => memory.resize(shrunk)],
          [`shrunk to ${count(shrunk, "byte")} and grown back`, () => (memory.resize(shrunk), memory.resize(bytes.length))],
          [`shrunk to ${count(shrunk, "byte")} and grown to twice its length`, () => (memory.resize(shrunk), memory.resize(2 * bytes.length))],
          ["grown to twice its length", () => memory.resize(2 * bytes.length)],
        ]);
    return { input, after, same: sameAs(bytes), description: `${view}, ${how} after deserialize, of ${bytes.length} bytes` };
  },
  redefined(rng, bytes) {
    // A Uint8Array whose `length`, `byteOffset` or `buffer` says something else than its internal
    // slots (an own property, or a subclass's getter): it is what it is.
    const copy = Uint8Array.from(bytes);
    const [what, value] = rng.pick([
      ["length", copy.length + 8 * (1 + rng.int(8))],
      ["length", rng.int(copy.length)],
      ["byteOffset", 1 + rng.int(64)],
      ["buffer", new ArrayBuffer(copy.length)],
    ]);
    const input = rng() < 0.5 ? Object.defineProperty(copy, what, { value }) : new (class extends Uint8Array {
      get [what]() {
        return value;
      }
    })(copy);
    return { input, same: sameAs(bytes), description: `a Uint8Array whose ${what} says ${value instanceof ArrayBuffer ? "another ArrayBuffer" : value}` };
  },
  padded(rng, bytes) {
    // Just under 4 GiB, padded where no one reads (the same tree); 4 GiB or more, padded in the middle
    // or followed by zeros (the buffer error: a view length taken modulo 4 GiB would find the
    // buffer in the first bytes). Sparse: the OS allocates only the pages written.
    const layout = new DataView(bytes.buffer, bytes.byteOffset).getUint32(bytes.length - METADATA_SIZE + META_SOURCE_START, true) === 0 ? "parser" : "linter";
    const sizes = [MAX_BUFFER_SIZE + 1 - 8, MAX_BUFFER_SIZE + 1 - 4, MAX_BUFFER_SIZE + 1, MAX_BUFFER_SIZE + 1 + 8, MAX_BUFFER_SIZE + 1 + bytes.length];
    const size = rng.pick(sizes.filter((size) => size <= constants.MAX_LENGTH));
    if (size <= MAX_BUFFER_SIZE) return { input: ofSize(bytes, layout, size), same: sameAs(bytes), description: `padded to ${size} bytes` };
    const atEnd = rng() < 0.5;
    let input;
    if (atEnd) {
      input = new Uint8Array(size);
      input.set(bytes);
    } else input = ofSize(bytes, layout, size);
    return { input, mustFail: `a buffer of ${size} bytes (4 GiB or more) was read`, description: `${atEnd ? "followed by zeros" : "padded"} to ${size} bytes` };
  },
};

// Comparing two whole trees (as JSON) costs twice reading one and more: typescript.js's would pass
// the hang bound. Larger buffers are only checked for what every case is: no foreign error.
const SAME_MAX_BYTES = 16 * 2 ** 20;

/** The arguments whose tree a case made of `bytes` must give, for buffers small enough to compare. */
function sameAs(bytes) {
  return bytes.length <= SAME_MAX_BYTES ? [bytes] : undefined;
}

// The views that must see the valid bytes, which a corruption would make them read otherwise:
// padding a buffer moves its arena's end, so a pointer past the end could then land in it.
const UNCORRUPTED_VIEWS = new Set(["padded"]);

const KINDS = [...Object.keys(MUTATIONS), "compound", "view"];

/** Case `index`'s corruption of `buffer` (whose sites are `sites`). */
export function mutate(rng, buffer, sites) {
  const kind = rng.pick(KINDS);
  const bytes = Uint8Array.from(buffer);
  sites.boolCase = undefined;
  if (kind === "view") {
    const name = rng.pick(Object.keys(VIEWS));
    // Views of a corrupted buffer half the time.
    const prefix = !UNCORRUPTED_VIEWS.has(name) && rng() < 0.5 ? `${MUTATIONS.flip(rng, bytes, sites)}, ` : "";
    const { input, ...view } = VIEWS[name](rng, bytes);
    return { kind: `view:${name}`, args: [input], ...view, description: prefix + view.description };
  }
  if (kind === "compound") {
    // Two to four mutations on top of each other: a cycle through a shared subtree, and so on.
    const names = Array.from({ length: 2 + rng.int(3) }, () => rng.pick(Object.keys(MUTATIONS)));
    return { kind, args: [bytes], description: names.map((name) => `${name}: ${MUTATIONS[name](rng, bytes, sites)}`).join("; ") };
  }
  const description = MUTATIONS[kind](rng, bytes, sites);
  return { kind, args: [bytes], description, boolCase: sites.boolCase };
}
