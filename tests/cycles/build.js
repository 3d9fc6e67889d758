// Buffers built from a schema's layout (`graph.js`), not by a parser: a value that nests along one
// cycle of the type graph as many times as asked, reached from the root by the shortest path, every
// other value the smallest of its type (`None`, empty `Vec`s and strings, zero numbers, each enum's
// shallowest variant). Sound for the layout: every pointer in the buffer, aligned, every tag valid.
//
// Two buffer formats: rawast's (`[source][arena][metadata]` or `[arena][source][metadata]`, pointers
// counted from a base address the metadata gives) and oxc-parser's (the AST, then the source, then
// `RawTransferMetadata`; pointers are 64-bit addresses whose low 32 bits are offsets).

import { minimalDepths, shortestPath } from "./graph.js";

/** The bytes `RAST`, the format version and the metadata offsets of rawast's format. */
import * as RAWAST from "../../generated/js/constants.js";

/** Where rawast buffers' pointers count from: not 0, so that a reader that ignores it fails. */
const RAWAST_BASE = 0x4000_0000;
/** The high half of oxc buffers' 64-bit addresses (its blocks are 4 GiB-aligned). */
const OXC_HIGH = 0x7f12;

/**
 * A buffer whose root leads to `cycle` (a list of edges of `typeGraph`) nested `levels` times.
 * `format`: `{ kind: "rawast", placement: "start" | "end", fingerprint: { low, high } }` or
 * `{ kind: "oxc" }`. Returns `{ buffer, args }`: the deserializer's arguments after the buffer.
 */
export function nestedBuffer(layout, graph, cycle, levels, format) {
  const writer = new Writer(layout, format);
  const path = [...shortestPath(graph, layout.root, cycle[0].from)];
  for (let level = 0; level < levels; level++) path.push(...cycle);
  return writer.finish(path);
}

/** oxc-parser's buffer size (`BUFFER_SIZE`: 2 GiB, of which only what a case writes is touched). */
const OXC_BUFFER_SIZE = 2147483576;
let oxcBufferCache = null;

/**
 * The buffer oxc-format cases are written into, as long as oxc-parser's, shared so that a worker
 * can read it too (`withOxcViews` gives it the views oxc's deserializer reads through there).
 */
export function oxcBuffer() {
  if (oxcBufferCache === null) oxcBufferCache = withOxcViews(new Uint8Array(new SharedArrayBuffer(OXC_BUFFER_SIZE)));
  return oxcBufferCache;
}

/** `buffer` with the `int32` and `float64` views of it that oxc-parser's buffers carry. */
export function withOxcViews(buffer) {
  buffer.int32 = new Int32Array(buffer.buffer, buffer.byteOffset, buffer.length >> 2);
  buffer.float64 = new Float64Array(buffer.buffer, buffer.byteOffset, buffer.length >> 3);
  return buffer;
}

class Writer {
  constructor(layout, format) {
    this.layout = layout;
    this.format = format;
    this.width = layout.pointerWidth;
    this.depths = minimalDepths(layout);
    this.bytes = new Uint8Array(1 << 16);
    this.view = new DataView(this.bytes.buffer);
    // The arena starts at 8: offset 0 is where rawast's parser layout has its (empty) source, and
    // empty strings and `Vec`s point at 8.
    this.end = 8;
    this.pointers = [];
  }

  /** Reserves `size` bytes, 8-aligned (every type's alignment divides 8), zeroed. */
  alloc(size) {
    const at = this.end;
    this.end += Math.ceil(Math.max(size, 1) / 8) * 8;
    if (this.end > this.bytes.length) {
      const bigger = new Uint8Array(Math.max(this.bytes.length * 2, this.end * 2));
      bigger.set(this.bytes);
      this.bytes = bigger;
      this.view = new DataView(bigger.buffer);
    }
    return at;
  }

  pointer(at, offset) {
    if (this.format.kind === "oxc") {
      // Offsets within this writer's bytes, until `finishOxc` places them in oxc's buffer.
      this.view.setUint32(at, offset, true);
      this.view.setUint32(at + 4, OXC_HIGH, true);
      this.pointers.push(at);
    } else {
      this.view.setUint32(at, (RAWAST_BASE + offset) >>> 0, true);
    }
  }

  /** Writes the root, then each edge of `path` one level deeper, the last level at its smallest. */
  finish(path) {
    const rootType = { named: this.layout.root };
    const rootAt = this.alloc(this.sizeOf(rootType));
    // The value being written: where it is and its type (a named type's value).
    let at = rootAt;
    let name = this.layout.root;
    for (const edge of path) {
      if (edge.from !== name) throw new Error(`the path leaves ${edge.from}, not ${name}`);
      at = this.writeAround(at, name, edge);
      name = edge.to;
    }
    this.writeSmallest({ named: name }, at);
    return this.format.kind === "oxc" ? this.finishOxc(rootAt) : this.finishRawast(rootAt);
  }

  /**
   * Writes the value of type `name` at `at` with `edge`'s site leading to a value of `edge.to`
   * (through its `Option`, `Box` and `Vec` layers), every other part at its smallest; returns where
   * the value of `edge.to` goes.
   */
  writeAround(at, name, edge) {
    const def = this.layout.types[name];
    let siteAt;
    let siteType;
    if (def.kind === "struct") {
      def.fields.forEach(([offset, type], index) => {
        if (index === edge.site.field) {
          siteAt = at + offset;
          siteType = type;
        } else {
          this.writeSmallest(type, at + offset);
        }
      });
    } else {
      this.view.setUint8(at, edge.site.variant);
      siteAt = at + def.payload;
      siteType = def.variants[edge.site.variant];
    }
    // Down the layers to the named type.
    for (const layer of edge.wrappers) {
      if (layer === "option") {
        if (siteType.tagged) {
          this.view.setUint8(siteAt, 1);
          siteAt += siteType.tagged[1];
        }
        siteType = siteType.option;
      } else if (layer === "box") {
        const target = this.alloc(this.sizeOf(siteType.box));
        this.pointer(siteAt, target);
        siteAt = target;
        siteType = siteType.box;
      } else {
        const element = this.alloc(siteType.size);
        this.pointer(siteAt, element);
        this.view.setUint32(siteAt + this.width, 1, true);
        siteAt = element;
        siteType = siteType.vec;
      }
    }
    return siteAt;
  }

  /** Writes the smallest value of `type` at `at` (the bytes are zero to start with). */
  writeSmallest(type, at) {
    if (typeof type === "string") {
      // Numbers and spans are zeros; a string is empty, its pointer somewhere in the buffer.
      if (type === "str") this.pointer(at, 8);
      return;
    }
    if (type.builtin !== undefined) {
      if (type.builtin === "&str" || type.builtin === "Ident" || type.builtin === "JSStr") this.pointer(at, 8);
      else if (type.builtin === "NonZeroU32") this.view.setUint32(at, 1, true);
      return;
    }
    if (type.option !== undefined) {
      if (type.niche) this.writeNone(at, type.niche);
      return;
    }
    if (type.vec !== undefined) {
      // Empty: a dangling, aligned, non-null pointer (null is an `Option<Vec>`'s `None`).
      this.pointer(at, 8);
      return;
    }
    if (type.box !== undefined) {
      const target = this.alloc(this.sizeOf(type.box));
      this.pointer(at, target);
      this.writeSmallest(type.box, target);
      return;
    }
    const def = this.layout.types[type.named];
    if (def.kind === "struct") {
      for (const [offset, field] of def.fields) this.writeSmallest(field, at + offset);
    } else if (def.kind === "fieldless") {
      this.view.setUint8(at, def.values[0]);
    } else {
      // The shallowest variant.
      let best = null;
      for (const [discriminant, payload] of Object.entries(def.variants)) {
        const depth = payload === null ? 0 : this.depthOf(payload);
        if (best === null || depth < best.depth) best = { discriminant: Number(discriminant), payload, depth };
      }
      this.view.setUint8(at, best.discriminant);
      if (best.payload !== null) this.writeSmallest(best.payload, at + def.payload);
    }
  }

  depthOf(type) {
    if (typeof type !== "object" || type.builtin !== undefined) return 0;
    if (type.named !== undefined) return this.depths.get(type.named);
    if (type.option !== undefined || type.vec !== undefined) return 0;
    return this.depthOf(type.box);
  }

  writeNone(at, [offset, size, value]) {
    switch (size) {
      case 1:
        this.view.setUint8(at + offset, value);
        break;
      case 2:
        this.view.setUint16(at + offset, value, true);
        break;
      case 4:
        this.view.setUint32(at + offset, value, true);
        break;
      default:
        this.view.setBigUint64(at + offset, BigInt(value), true);
    }
  }

  sizeOf(type) {
    if (type.named !== undefined) return this.layout.types[type.named].size;
    throw new Error(`a Box of ${JSON.stringify(type)}: only named types are boxed`);
  }

  /**
   * oxc-parser's layout in a buffer as long as oxc-parser's (oxc's own deserializer reads its
   * metadata at fixed offsets): the AST just below an empty source, `RawTransferMetadata` after the
   * active region, `data_offset` the root. The buffer is `oxcBuffer()`'s, reused.
   */
  finishOxc(rootAt) {
    const buffer = oxcBuffer();
    const meta = this.layout.types.RawTransferMetadata;
    const active = buffer.length - meta.size;
    const start = active - 1024 - this.end;
    const placed = start - (start % 8);
    for (const at of this.pointers) this.view.setUint32(at, this.view.getUint32(at, true) + placed, true);
    buffer.fill(0, placed - 1024, active + meta.size);
    buffer.set(this.bytes.subarray(0, this.end), placed);
    const field = (name) => meta.fields.find((f) => f[2] === name)[0];
    new DataView(buffer.buffer, buffer.byteOffset).setUint32(active + field("data_offset"), placed + rootAt, true);
    return { buffer, args: ["", placed + this.end, 0] };
  }

  /** rawast's layout: the empty source at the start or the end, then the metadata block. */
  finishRawast(rootAt) {
    // The linter layout's source ends where the metadata starts.
    const source = this.format.placement === "start" ? 0 : this.end;
    const metaAt = this.alloc(RAWAST.METADATA_SIZE);
    // The block ends the buffer exactly.
    this.end = metaAt + RAWAST.METADATA_SIZE;
    const set = (offset, value) => this.view.setUint32(metaAt + offset, value, true);
    set(RAWAST.META_MAGIC, RAWAST.MAGIC);
    set(RAWAST.META_FORMAT_VERSION, RAWAST.FORMAT_VERSION);
    set(RAWAST.META_FINGERPRINT_LOW, this.format.fingerprint.low);
    set(RAWAST.META_FINGERPRINT_HIGH, this.format.fingerprint.high);
    set(RAWAST.META_ROOT, rootAt);
    set(RAWAST.META_SOURCE_START, source);
    set(RAWAST.META_SOURCE_LEN, 0);
    set(RAWAST.META_SOURCE_ASCII_LEN, 0);
    set(RAWAST.META_BASE_LOW32, RAWAST_BASE);
    return { buffer: this.bytes.slice(0, this.end), args: [] };
  }
}
