// The nodes of a buffer, read by its layout (target/layouts/layout-*.json, as tests/fuzz/layout.js
// reads one: structs, enums, `Box`, `Vec`, `Option`) with an explicit stack into columns of
// numbers (a 9 MB file has a million nodes). Every struct with a `span` field (`start` u32 at +0,
// `end` u32 at +4) is a node; each node's parent is its nearest enclosing node, and the edge between
// them is named by the path from one to the other: `Parent.field.subfield[] > Child` (field names
// through inline structs, `Option`s, `Box`es and enums; `[]` for a `Vec`'s element). The `Vec`s
// whose elements are nodes (themselves, or through a `Box`, an enum or an `Option`) are listed with
// each element's node. containment.js checks what these columns say.

const KIND_SKIP = 0,
  KIND_STRUCT = 1,
  KIND_ENUM = 2,
  KIND_BOX = 3,
  KIND_VEC = 4,
  KIND_OPTION = 5;

/**
 * The layout as descriptors by index, each `{ kind, ... }`: fields and values that lead to no node
 * are left out (`KIND_SKIP`), so the walk reads only what can hold a span. `skip`: fields not
 * followed (`"Type.field"`); `transparent`: struct types read as if they had no span. Returns
 * `{ descs, root, byKey, pointerWidth, nodeTypes }` (`nodeTypes`: the struct types read as nodes).
 */
export function compileLayout(layout, skip, transparent) {
  const descs = [];
  const byKey = new Map();
  const pointerWidth = layout.pointerWidth;
  const descOf = (type) => {
    const key = JSON.stringify(type);
    if (byKey.has(key)) return byKey.get(key);
    const index = descs.length;
    byKey.set(key, index);
    descs.push({ kind: KIND_SKIP });
    descs[index] = build(type);
    return index;
  };
  const build = (type) => {
    if (typeof type === "string" || type.builtin !== undefined) return { kind: KIND_SKIP };
    if (type.box !== undefined) return { kind: KIND_BOX, target: descOf(type.box), size: type.size };
    if (type.vec !== undefined) return { kind: KIND_VEC, element: descOf(type.vec), size: type.size };
    if (type.option !== undefined) {
      const none = type.tagged ? { tagged: true, payload: type.tagged[1] } : { tagged: false, offset: type.niche[0], size: type.niche[1], value: type.niche[2] };
      return { kind: KIND_OPTION, inner: descOf(type.option), ...none };
    }
    const def = layout.types[type.named];
    if (def.kind === "struct") {
      const span = transparent.has(type.named) ? undefined : def.fields.find(([, fieldType, name]) => name === "span" && isSpan(layout, fieldType));
      const fields = def.fields.filter(([, , name]) => !skip.has(`${type.named}.${name}`)).map(([offset, fieldType, name]) => ({ offset, desc: descOf(fieldType), name }));
      return { kind: KIND_STRUCT, name: type.named, span: span ? span[0] : -1, fields };
    }
    if (def.kind === "enum") {
      const variants = new Int32Array(256).fill(-1);
      for (const [tag, payload] of Object.entries(def.variants)) if (payload) variants[Number(tag)] = descOf(payload);
      return { kind: KIND_ENUM, payload: def.payload, variants };
    }
    return { kind: KIND_SKIP };
  };
  const root = descOf({ named: layout.root });
  // Which descriptors can reach a node: a fixed point, since the type graph has cycles.
  const reaches = descs.map((desc) => desc.kind === KIND_STRUCT && desc.span >= 0);
  const children = (desc) => {
    switch (desc.kind) {
      case KIND_STRUCT:
        return desc.fields.map((field) => field.desc);
      case KIND_ENUM:
        return [...desc.variants].filter((variant) => variant >= 0);
      case KIND_BOX:
        return [desc.target];
      case KIND_VEC:
        return [desc.element];
      case KIND_OPTION:
        return [desc.inner];
      default:
        return [];
    }
  };
  for (let changed = true; changed; ) {
    changed = false;
    descs.forEach((desc, index) => {
      if (!reaches[index] && children(desc).some((child) => reaches[child])) changed = reaches[index] = true;
    });
  }
  for (const [index, desc] of descs.entries()) {
    if (!reaches[index]) descs[index] = { kind: KIND_SKIP, name: desc.name };
    else if (desc.kind === KIND_STRUCT) desc.fields = desc.fields.filter((field) => reaches[field.desc]);
    else if (desc.kind === KIND_ENUM) desc.variants = desc.variants.map((variant) => (variant >= 0 && reaches[variant] ? variant : -1));
  }
  const nodeTypes = descs.filter((desc) => desc.kind === KIND_STRUCT && desc.span >= 0).map((desc) => desc.name);
  return { descs, root, byKey, pointerWidth, nodeTypes };
}

/** Whether a field of `fieldType` is a span: rawast's `span`, or oxc's `Span` (`start` +0, `end` +4). */
function isSpan(layout, fieldType) {
  if (fieldType === "span") return true;
  if (fieldType?.named !== "Span") return false;
  const fields = layout.types.Span.fields;
  const at = (name) => fields.find((field) => field[2] === name)?.[0];
  if (at("start") !== 0 || at("end") !== 4) throw new Error("layout: Span is not `start` u32 at +0, `end` u32 at +4");
  return true;
}

/** Strings to small numbers and back. */
class Interner {
  constructor() {
    this.ids = new Map();
    this.values = [];
  }
  id(value) {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.ids.set(value, id);
      this.values.push(value);
    }
    return id;
  }
}

/**
 * The paths from a node down to the nodes under it, interned: a path is a number; `start(type)` the
 * path of a node of `type` alone, `step(path, name)` the path one field (or `[]`) further, `edge(path,
 * child)` the edge the path ends in at a node of type `child`; `text[path]` names a path,
 * `edgeText[edge]` and `edgeChild[edge]` an edge and its child's type. Steps and edges are cached
 * by numbers, so that the walk builds no string per value.
 */
export class Paths {
  constructor() {
    this.names = new Interner();
    this.text = [];
    this.steps = new Map();
    this.starts = new Map();
    this.edges = new Map();
    this.edgeText = [];
    this.edgeChild = [];
  }
  add(text) {
    this.text.push(text);
    return this.text.length - 1;
  }
  start(type) {
    let path = this.starts.get(type);
    if (path === undefined) this.starts.set(type, (path = this.add(type)));
    return path;
  }
  step(path, name) {
    const key = path * 65536 + this.names.id(name);
    let next = this.steps.get(key);
    if (next === undefined) this.steps.set(key, (next = this.add(name === "[]" ? `${this.text[path]}[]` : `${this.text[path]}.${name}`)));
    return next;
  }
  edge(path, child) {
    const key = path * 65536 + this.names.id(child);
    let edge = this.edges.get(key);
    if (edge === undefined) {
      edge = this.edgeText.length;
      this.edges.set(key, edge);
      this.edgeText.push(`${this.text[path]} > ${child}`);
      this.edgeChild.push(child);
    }
    return edge;
  }
}

/** A growable column of numbers of one typed array type. */
class Column {
  constructor(Type, capacity = 1024) {
    this.Type = Type;
    this.array = new Type(capacity);
    this.length = 0;
  }
  push(value) {
    if (this.length === this.array.length) this.grow();
    this.array[this.length++] = value;
  }
  grow() {
    const array = new this.Type(this.array.length * 2);
    array.set(this.array);
    this.array = array;
  }
}

// Paths that start above every node (the root's fields, when the root has no span).
const NO_PATH = -1;

/**
 * The nodes of `buffer` (a Uint8Array whose byteOffset is a multiple of 4) by `compiled`
 * (`compileLayout`'s), from `region.root` (a value of `region.rootType`, by default the layout's
 * root): `{ n, start, end, parent, edge }` (typed arrays by node, a node after its parent; `parent`
 * -1 for none; `edge` the index of its edge in `paths`), `vecs` (`{ path, first, len }`: the path of
 * each `Vec`'s elements, and where its elements' nodes are in `slotNode`, -1 for an element that is
 * none), and `unfollowed` (pointers outside `[lo, limit)`).
 */
export function readNodes(buffer, region, compiled, paths) {
  if (buffer.byteOffset % 4 !== 0) throw new Error("readNodes: the buffer's byteOffset must be a multiple of 4");
  const { descs, byKey, pointerWidth } = compiled;
  const u8 = buffer;
  const u32 = new Uint32Array(buffer.buffer, buffer.byteOffset, buffer.length >>> 2);
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.length);
  const { lo, limit, base } = region;
  const rootDesc = region.rootType ? byKey.get(JSON.stringify({ named: region.rootType })) : compiled.root;
  if (rootDesc === undefined) throw new Error(`readNodes: no type ${region.rootType} in the layout`);
  const pointer = (at) => (u32[at >>> 2] - base) >>> 0;
  const inRegion = (offset, bytes) => offset >= lo && offset + bytes <= limit;

  // Nodes, in the order met (a node after its parent): span, parent node (-1: none), edge.
  const starts = new Column(Uint32Array),
    ends = new Column(Uint32Array),
    parents = new Column(Int32Array),
    edges = new Column(Int32Array);
  // `Vec`s of nodes: the path of the `Vec`'s elements, and their slots (`slotNode`: each element's
  // node, -1 where an element is none).
  const vecPath = new Column(Int32Array),
    vecFirst = new Column(Int32Array),
    vecLen = new Column(Int32Array);
  const slotNode = new Column(Int32Array);
  let unfollowed = 0;

  // The stack: five numbers a value: its offset, descriptor, enclosing node, path from that node
  // (or the root), and its slot if it is a `Vec`'s element (else -1), up to the node it leads to.
  let stack = new Float64Array(5 * 1024);
  let top = 0;
  const push = (at, desc, parent, path, slot) => {
    if (top + 5 > stack.length) {
      const grown = new Float64Array(stack.length * 2);
      grown.set(stack);
      stack = grown;
    }
    stack[top] = at;
    stack[top + 1] = desc;
    stack[top + 2] = parent;
    stack[top + 3] = path;
    stack[top + 4] = slot;
    top += 5;
  };
  push(region.root, rootDesc, -1, NO_PATH, -1);
  while (top > 0) {
    top -= 5;
    const at = stack[top],
      descIndex = stack[top + 1],
      parent = stack[top + 2],
      path = stack[top + 3],
      slot = stack[top + 4];
    const desc = descs[descIndex];
    switch (desc.kind) {
      case KIND_STRUCT: {
        let fieldParent = parent,
          fieldPath = path;
        if (desc.span >= 0) {
          const node = starts.length;
          starts.push(u32[(at + desc.span) >>> 2]);
          ends.push(u32[(at + desc.span + 4) >>> 2]);
          parents.push(parent);
          edges.push(path === NO_PATH ? paths.edge(paths.start("(root)"), desc.name) : paths.edge(path, desc.name));
          if (slot >= 0) slotNode.array[slot] = node;
          fieldParent = node;
          fieldPath = paths.start(desc.name);
        }
        const fields = desc.fields;
        for (let i = fields.length - 1; i >= 0; i--) {
          const field = fields[i];
          const stepFrom = fieldPath === NO_PATH ? paths.start(desc.name) : fieldPath;
          push(at + field.offset, field.desc, fieldParent, paths.step(stepFrom, field.name), -1);
        }
        break;
      }
      case KIND_ENUM: {
        const variant = desc.variants[u8[at]];
        if (variant >= 0) push(at + desc.payload, variant, parent, path, slot);
        break;
      }
      case KIND_BOX: {
        const target = pointer(at);
        if (!inRegion(target, desc.size)) unfollowed++;
        else push(target, desc.target, parent, path, slot);
        break;
      }
      case KIND_VEC: {
        const offset = pointer(at);
        const len = u32[(at + pointerWidth) >>> 2];
        if (len === 0) break;
        if (!inRegion(offset, len * desc.size)) {
          unfollowed++;
          break;
        }
        const elementPath = paths.step(path === NO_PATH ? paths.start("(root)") : path, "[]");
        const first = slotNode.length;
        vecPath.push(elementPath);
        vecFirst.push(first);
        vecLen.push(len);
        for (let i = 0; i < len; i++) slotNode.push(-1);
        for (let i = len - 1; i >= 0; i--) push(offset + i * desc.size, desc.element, parent, elementPath, first + i);
        break;
      }
      case KIND_OPTION:
        if (!isNone(u8, view, at, desc)) push(at + (desc.tagged ? desc.payload : 0), desc.inner, parent, path, slot);
        break;
      default:
        break;
    }
  }
  return {
    n: starts.length,
    start: starts.array,
    end: ends.array,
    parent: parents.array,
    edge: edges.array,
    vecs: { path: vecPath.array, first: vecFirst.array, len: vecLen.array, count: vecPath.length },
    slotNode: slotNode.array,
    unfollowed,
  };
}

/** Whether the `Option` at `at` is `None`: its tag byte 0, or its niche holding the niche's value. */
function isNone(u8, view, at, desc) {
  if (desc.tagged) return u8[at] === 0;
  const where = at + desc.offset;
  switch (desc.size) {
    case 1:
      return u8[where] === desc.value;
    case 2:
      return view.getUint16(where, true) === desc.value;
    case 4:
      return view.getUint32(where, true) === desc.value;
    default:
      return view.getBigUint64(where, true) === BigInt(desc.value);
  }
}
