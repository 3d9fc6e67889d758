{#- The walker of a target (`emit/js/walker/`, `WalkJs`): `walk.js`, a module of its own that reads
    buffers with its deserializer's functions (`walkInternals()` of `deserialize.js`); with
    `walker.lazy`, the nodes it builds are a lazy target's objects, which read the rest on first
    access. -#}
{{ header }}
// The walker of target `{{ target }}`: `walk({{ walker.params }}, visitor)` and `visit(value, visitor)`.
// It reads buffers and builds nodes with the functions of `deserialize.js`, whose exports it
// exports too: nodes, classes and errors are the same whichever of the two modules made them. A
// process that only deserializes loads `deserialize.js` alone, without this code to parse.
import { {% if walker.catches_buffer_errors() %}RawastBufferError, {% endif %}walkInternals } from "./deserialize.js";
export * from "./deserialize.js";

const {
{%- for name in imports %}
  {{ name }},
{%- endfor %}
} = walkInternals();

// Walking: `walk(buffer, visitor)` visits the tree's nodes in the buffer, in output order, without
// building the tree. A node of a type the visitor names is built whole by the deserializer's
// function and handed to the visitor, its subtree visited on the objects built; everything else is
// read only as far as it may lead to a visited node (which walkers may, `WALK_CHILDREN`, is worked
// out once per set of visited types). The walkers call each other down to `WALK_DEPTH` structs;
// below that, and in the built subtrees, the work is kept on an explicit stack (`walkStack`): trees
// of any depth, and a visitor that throws leaves nothing half-done.
{%- if walker.lazy %}
// The nodes built are lazy: a visited node's subtree is visited through its getters, which read the
// buffer in the walk's own context (`beginWalk` makes it), kept by the nodes, so they stay usable
// after it.
{%- endif %}
{%- if walker.whole_tree %}
// Here nodes have `parent`, which holds the whole tree: the first node of a visited type the
// walkers meet (`FOUND`) has the whole tree read (`readResult`) and visited in place of the rest of
// the walk, before which nothing was visited. A buffer with no such node builds nothing.
{%- endif %}

/** Each node type, by index. */
const NODE_TYPES = [{% for (name, _) in walker.node_types %}{{ name }}{% if !loop.last %}, {% endif %}{% endfor %}];
/** Each node type's index. */
const NODE_INDEX = new Map(NODE_TYPES.map((type, index) => [type, index]));
{%- if walker.keyless_types > 0 %}
/**
 * Each node type's visitor keys, by index: what a walk of built objects follows. `null` for a type
 * that only a converter's JS makes, which has no entry in `VISITOR_KEYS`: its values, in order.
 */
{%- else %}
/** Each node type's visitor keys, by index: what a walk of built objects follows. */
{%- endif %}
const NODE_KEYS = [
{%- for (_, keys) in walker.node_types %}
  {{ keys }},
{%- endfor %}
];
{%- if walker.has_lists() %}
/**
 * Each walker's node type, by walker index: -1 for other values, -2 for one always needed, the
 * types its `type` field can give.
 */
const WALK_NODE = [{% for f in walker.functions %}{{ f.node_js() }}{% if !loop.last %}, {% endif %}{% endfor %}];
/** The node types the converter a walker builds with makes itself (`null`: none). */
const WALK_MADE = [{% for f in walker.functions %}{{ f.made_js() }}{% if !loop.last %}, {% endif %}{% endfor %}];
{%- else %}
/** Each walker's node type, by walker index: -1 for other values, -2 for one always needed. */
const WALK_NODE = [{% for f in walker.functions %}{{ f.node_js() }}{% if !loop.last %}, {% endif %}{% endfor %}];
{%- endif %}
/** The walkers each walker may call or push. */
const WALK_CHILDREN = [{% for f in walker.functions %}{{ f.edges_js() }}{% if !loop.last %}, {% endif %}{% endfor %}];
{%- if walker.prunes() %}
/**
 * Each node type's words, by index (`[walk] keywords` of codegen.toml): the source text of every
 * node of the type holds one of them, or a `\u` escape (a keyword may be written with one); `null`
 * for the types of which nothing is known.
 */
const NODE_WORDS = [{% for words in walker.node_words %}{{ words }}{% if !loop.last %}, {% endif %}{% endfor %}];
// A walk whose visitor visits only types with words: the search for them (the plan's, `searchOf`),
// and where they and `\u` escapes start in the source, in order. A node's span holds every node it
// holds (a struct with a field of `[walk] outside_span` is never skipped by its span), so a node
// whose span holds none of them holds no visited node: it is skipped without being read.
var wordSearch = null, wordsAt = null;
{%- endif %}

// Frames of the walk's stack: a value and a code. A code of 0 or more is a walker, given a position
// in the buffer; `VISIT` an object or array built; `-2 - t` the exit of a node of type `t`.
const VISIT = -1;
// How many structs deep the walkers call each other (a few JS frames each) before the rest of the
// subtree goes through `walkStack`: walkers at that depth push what they hold.
const WALK_DEPTH = 400;
// The walk in progress: its stack, which walkers it needs (by index), which node types it needs to
// look into (a visited type, or one that can hold one) and which below a node of theirs (one that
// can hold one), the visitor's functions by node type, and how many structs deep the walkers'
// calls are.
var walkStack = null, needed = null, typeNeeded = null, childrenNeeded = null, enters = null, exits = null, walkDepth = 0;
// The views of the buffer being walked (`beginWalk` gives them). What the walkers read is paid for
// from the deserializer's budget (`pay`), as what they build is.
{%- if !views.is_empty() %}
var {{ views|join(", ") }};
{%- endif %}
{%- if walker.makes %}
// Which walkers build a converter's value that makes a node of a visited type itself (by index).
var makes = null;
{%- endif %}
{%- if walker.scans && !walker.whole_tree %}
// A scan in progress (`meets`: how many, nested), and whether it met a node of a visited type.
var scanning = 0, scanFound = false;
// Of each walker's converter, how many more of its scans met one than did not, for this set of
// visited types (the plan's): from `SCAN_HITS` on, its value is built without a scan first.
var scanHits = null;
const SCAN_HITS = 8;
// What `needed` is once a scan has met one: nothing more to read.
const NOTHING_NEEDED = new Uint8Array(WALK_NODE.length);
{%- endif %}
// The visitor's functions by node type, for the way down and the way up: made once (a walk's fixed
// cost, which small files show, was mostly making them), `null` but for the types `setVisitor` put
// in (`visitedTypes`) until the walk ends (`clearVisitor`).
const ENTERS = new Array(NODE_TYPES.length).fill(null);
const EXITS = new Array(NODE_TYPES.length).fill(null);
var visitedTypes = null;
// `needed` and `typeNeeded` of each set of visited types: visitors are often made anew per file.
const plans = new Map();

/**
 * Visits the nodes of the tree in a buffer, in output order (the root's, then those of the values
 * returned beside it). `visitor` maps a node type to a
 * function called with each node of that type on the way down, and `"Type:exit"` to one called on
 * the way up; a function for the way down that returns `false` skips the node's children. A node
{%- if walker.whole_tree %}
 * handed to a visitor is what `deserialize` would have built, its subtree included; its `parent`
 * holds the whole tree, so the first node of a visited type met has the whole tree built and
 * visited, and until then what cannot lead to one is not read. Throws a `RawastBufferError`
{%- else %}
 * handed to a visitor is what `deserialize` would have built, its subtree included; what no visited
 * node holds is not built, and what cannot lead to one is not read. Throws a `RawastBufferError`
{%- endif %}
 * for a buffer `deserialize` would refuse where the walk reads it, and a `TypeError` for a
 * visitor key that names no node type (but for an instance of a class, whose other members are
 * its state and helpers, and whose methods visit, called on it).
 * @param {Uint8Array} buffer {{ walker.buffer_doc }}
 * @param {object} visitor
 */
export function walk({{ walker.params }}, visitor) {
  if (walkStack !== null) throw new Error("walk: called from a visitor of another walk");
  setVisitor(visitor);
  try {
    const begun = beginWalk({% if walker.takes_few_strings() %}wordSearch !== null, {% endif %}{{ walker.params }});
{%- for view in views %}
    {{ view }} = begun.{{ view }};
{%- endfor %}
    const root = begun.root;
{%- if walker.prunes() %}
    wordsAt = wordSearch === null ? null : findWords(wordSearch, root);
{%- endif %}
    walkStack = [];
    walkDepth = 0;
{%- if walker.whole_tree %}
    try {
      walkWithoutTree(root);
    } catch (error) {
      // A node of a visited type, the first: its `parent` is the tree's, which holds the whole
      // tree. Read it all (the budget afresh: the walk so far read part of it) and visit it; the
      // walk visited nothing before this node. Or a bad buffer where the walk read what the
      // deserializer may not (a converter's reads, as its JS is read to read them, not as it
      // decides at run time): the deserializer decides whether the buffer is.
      if (error !== FOUND && !(error instanceof RawastBufferError)) throw error;
      walkStack.length = 0;
{%- if walker.takes_few_strings() %}
      // (Every string of the tree is read now: the source's bytes copied once to slice them from.)
{%- endif %}
      walkStack.push(readResult(beginWalk({% if walker.takes_few_strings() %}false, {% endif %}{{ walker.params }}).root), VISIT);
      drain(0);
    }
{%- else %}
    walkWithoutTree(root);
{%- endif %}
  } finally {
    clearVisitor(visitedTypes);
    walkStack = needed = typeNeeded = childrenNeeded = enters = exits = visitedTypes = null;
{%- if walker.prunes() %}
    wordSearch = wordsAt = null;
{%- endif %}
{%- if walker.makes %}
    makes = null;
{%- endif %}
{%- if walker.scans && !walker.whole_tree %}
    scanning = 0;
    scanFound = false;
    scanHits = null;
{%- endif %}
    endWalk();
{%- if !views.is_empty() %}
    {{ views|join(" = ") }} = undefined;
{%- endif %}
  }
}

/** Walks the buffer's root at `root`, then the values returned beside it. */
function walkWithoutTree(root) {
  if (needed[{{ walker.root }}] === 1) {{ walker.functions[walker.root].name }}(root);
{%- for channel in walker.channels %}
  if (needed[{{ channel.walker }}] === 1) {{ channel.function }}({{ channel.pos }});
{%- endfor %}
}
{%- if walker.whole_tree %}

// Thrown by the walkers where they meet the first node of a visited type (`walk` catches it).
const FOUND = Symbol("a node of a visited type");
{%- endif %}

/**
 * Visits the nodes of a tree already built (what `deserialize` returns, or any node or array of
 * it) as `walk` visits them in the buffer, with the same `visitor`.
 * @param {object} value
 * @param {object} visitor
 */
export function visit(value, visitor) {
  if (walkStack !== null) throw new Error("visit: called from a visitor of a walk");
  setVisitor(visitor);
  try {
    walkStack = [];
    if (value !== null && typeof value === "object") {
      walkStack.push(value, VISIT);
      drain(0);
    }
  } finally {
    clearVisitor(visitedTypes);
    walkStack = needed = typeNeeded = childrenNeeded = enters = exits = visitedTypes = null;
{%- if walker.prunes() %}
    wordSearch = wordsAt = null;
{%- endif %}
{%- if walker.makes %}
    makes = null;
{%- endif %}
  }
}

// The last few plain visitors (object literals, whose prototype is `Object.prototype`), the most
// recent first: each one's keys in `for…in`'s order, the slot of each (its node type's index in
// `ENTERS`, its complement `~index` in `EXITS` for a `"Type:exit"` key, `UNDEFINED_SLOT` where its
// value was `undefined`), its node types (`visited`) and plan. Visitors are often made anew per file
// by one literal, and a tool may walk each file with a few of them in turn (a linter's rules, then a
// pass that collects imports): the next visitor with one's keys is set from these
// (`setVisitorAgain`): looking its keys up again is a measurable part of a small file's sparse walk
// after a collection. At most one per first key, so a visitor's first key names the only one it
// can match.
const recentVisitors = [];
const RECENT_VISITORS = 4;
const UNDEFINED_SLOT = 0x40000000;

/**
 * Reads the visitor's functions into `ENTERS` and `EXITS` (`enters` and `exits` during the walk),
 * and sets the walkers it needs.
 */
function setVisitor(visitor) {
  if (visitor === null || typeof visitor !== "object") throw new TypeError("walk: `visitor` must be an object of functions keyed by node type");
  const visited = [];
  // An instance of a class (not an object literal, nor one made by `Object.create` of one): its own
  // members that name no node type are its state and helpers, not typos, and its methods, which
  // `for…in` does not see (they are not enumerable), visit too.
  const proto = Object.getPrototypeOf(visitor);
  const plain = proto === Object.prototype;
  if (plain && recentVisitors.length !== 0 && setVisitorAgain(visitor)) return;
  const ofClass = proto !== null && !plain && proto.constructor !== Object;
  // A plain visitor's keys, and their slots, kept for the next (`setVisitorAgain`).
  const keys = [], slots = [];
  try {
    for (const key in visitor) {
      const visit = visitor[key];
      if (visit === undefined) {
        keys.push(key);
        slots.push(UNDEFINED_SLOT);
        continue;
      }
      const exit = key.endsWith(":exit");
      const index = NODE_INDEX.get(exit ? key.slice(0, -5) : key);
      if (index === undefined) {
        if (ofClass) continue;
        throw new TypeError(`walk: the visitor's \`${key}\` names no node type of this tree`);
      }
      if (typeof visit !== "function") throw new TypeError(`walk: the visitor's \`${key}\` is not a function`);
      (exit ? EXITS : ENTERS)[index] = visit;
      keys.push(key);
      slots.push(exit ? ~index : index);
      visited.push(index);
    }
    // The class's methods, from its prototypes, nearest first (what `visitor[key]` gives), unless a
    // key above set the type already; bound to the visitor, as methods use `this`.
    for (let p = ofClass ? proto : null; p !== null && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
      for (const key of Object.getOwnPropertyNames(p)) {
        const exit = key.endsWith(":exit");
        const index = NODE_INDEX.get(exit ? key.slice(0, -5) : key);
        if (index === undefined || (exit ? EXITS : ENTERS)[index] !== null) continue;
        const visit = visitor[key];
        if (visit === undefined) continue;
        if (typeof visit !== "function") throw new TypeError(`walk: the visitor's \`${key}\` is not a function`);
        (exit ? EXITS : ENTERS)[index] = visit.bind(visitor);
        visited.push(index);
      }
    }
  } catch (error) {
    clearVisitor(visited);
    throw error;
  }
  enters = ENTERS;
  exits = EXITS;
  visitedTypes = visited;
  // Sorted in place, by insertion (visitors name few types), for the plan's key.
  for (let i = 1; i < visited.length; i++) {
    const index = visited[i];
    let j = i - 1;
    for (; j >= 0 && visited[j] > index; j--) visited[j + 1] = visited[j];
    visited[j + 1] = index;
  }
  // (One character per index: cheaper than `join`, which writes each number out.)
  const key = String.fromCharCode.apply(null, visited);
  let plan = plans.get(key);
  if (plan === undefined) {
    plan = planOf(visited);
    plans.set(key, plan);
  }
  if (plain && keys.length !== 0) keepRecentVisitor({ keys, slots, visited, plan });
  usePlan(plan);
}

/**
 * Sets a plain visitor whose keys are those of a recent plain visitor (the one with its first key),
 * in the same order, with a function where that had one and `undefined` where that had `undefined`:
 * the same types, the same plan, and no key looked up. Returns false, with nothing set, for any
 * other visitor.
 */
function setVisitorAgain(visitor) {
  let recent = null, keys = null, slots = null, same = true, i = 0;
  try {
    for (const key in visitor) {
      if (recent === null) {
        const at = recentIndexOf(key);
        if (at === recentVisitors.length) return false;
        recent = recentVisitors[at];
        keys = recent.keys;
        slots = recent.slots;
      }
      if (i === keys.length || keys[i] !== key) {
        same = false;
        break;
      }
      const visit = visitor[key], slot = slots[i++];
      if (slot === UNDEFINED_SLOT ? visit !== undefined : typeof visit !== "function") {
        same = false;
        break;
      }
      if (slot === UNDEFINED_SLOT) continue;
      if (slot >= 0) ENTERS[slot] = visit;
      else EXITS[~slot] = visit;
    }
  } catch (error) {
    if (recent !== null) clearVisitor(recent.visited);
    throw error;
  }
  if (recent === null) return false;
  if (!same || i !== keys.length) {
    clearVisitor(recent.visited);
    return false;
  }
  keepRecentVisitor(recent);
  enters = ENTERS;
  exits = EXITS;
  visitedTypes = recent.visited;
  usePlan(recent.plan);
  return true;
}

/** Where among the recent visitors the one whose first key is `key` is (their number if none). */
function recentIndexOf(key) {
  let i = 0;
  while (i < recentVisitors.length && recentVisitors[i].keys[0] !== key) i++;
  return i;
}

/** Puts `recent` first among the recent visitors, in place of any with its first key. */
function keepRecentVisitor(recent) {
  let i = recentIndexOf(recent.keys[0]);
  // (None with its first key: the least recent goes, once there are `RECENT_VISITORS`.)
  if (i === RECENT_VISITORS) i--;
  for (; i > 0; i--) recentVisitors[i] = recentVisitors[i - 1];
  recentVisitors[0] = recent;
}

/** Sets the walkers and node types that `plan` says a walk needs. */
function usePlan(plan) {
  needed = plan.needed;
  typeNeeded = plan.typeNeeded;
  childrenNeeded = plan.childrenNeeded;
{%- if walker.prunes() %}
  wordSearch = plan.search;
{%- endif %}
{%- if walker.makes %}
  makes = plan.makes;
{%- endif %}
{%- if walker.scans && !walker.whole_tree %}
  scanHits = plan.scanHits;
{%- endif %}
}

/** Takes the functions of the node types `visited` (indices) out of `ENTERS` and `EXITS`. */
function clearVisitor(visited) {
  for (let i = 0; i < visited.length; i++) ENTERS[visited[i]] = EXITS[visited[i]] = null;
}

/** Which walkers and node types a visitor of the node types `visited` (indices) needs. */
function planOf(visited) {
  const needed = new Uint8Array(WALK_NODE.length);
  const typeNeeded = new Uint8Array(NODE_TYPES.length);
{%- if walker.makes %}
  const makes = new Uint8Array(WALK_NODE.length);
{%- endif %}
  for (let w = 0; w < WALK_NODE.length; w++) {
{%- if walker.has_lists() %}
    const node = WALK_NODE[w], made = WALK_MADE[w];
    if (node === -2 || (typeof node === "number" ? visited.includes(node) : node.some((t) => visited.includes(t)))) needed[w] = 1;
    if (made !== null && made.some((t) => visited.includes(t))) needed[w] = {% if walker.makes %}makes[w] = {% endif %}1;
{%- else %}
    if (WALK_NODE[w] === -2 || (WALK_NODE[w] >= 0 && visited.includes(WALK_NODE[w]))) needed[w] = 1;
{%- endif %}
  }
  // A walker is needed when one it calls or pushes is: until nothing changes (the graph has cycles).
  for (let changed = true; changed; ) {
    changed = false;
    for (let w = 0; w < WALK_NODE.length; w++) {
      if (needed[w] === 1) continue;
      for (const child of WALK_CHILDREN[w]) {
        if (needed[child] === 1) {
          needed[w] = 1;
          changed = true;
          break;
        }
      }
    }
  }
  // A node type is looked into when one of its walkers is needed, or it has none (a converter's).
  // What a node of it holds is, by the same rule less its own type being visited (an import
  // declaration, visited, holds no other visited node): where one of its walkers' children is
  // needed{% if walker.has_lists() %} (or one of its walkers' converters makes a visited type){% endif %}, or it has no walker.
  const walked = new Uint8Array(NODE_TYPES.length);
  const childrenNeeded = new Uint8Array(NODE_TYPES.length);
  for (let w = 0; w < WALK_NODE.length; w++) {
{%- if walker.has_lists() %}
    const made = WALK_MADE[w];
    const leads = WALK_CHILDREN[w].some((c) => needed[c] === 1) || (made !== null && made.some((t) => visited.includes(t)));
    for (const t of typeof WALK_NODE[w] === "number" ? [WALK_NODE[w]] : WALK_NODE[w]) {
      if (t < 0) continue;
      walked[t] = 1;
      if (needed[w] === 1) typeNeeded[t] = 1;
      if (leads) childrenNeeded[t] = 1;
    }
{%- else %}
    const t = WALK_NODE[w];
    if (t < 0) continue;
    walked[t] = 1;
    if (needed[w] === 1) typeNeeded[t] = 1;
    if (WALK_CHILDREN[w].some((c) => needed[c] === 1)) childrenNeeded[t] = 1;
{%- endif %}
  }
  for (let t = 0; t < NODE_TYPES.length; t++) {
    if (walked[t] === 0 || visited.includes(t)) typeNeeded[t] = 1;
    if (walked[t] === 0) childrenNeeded[t] = 1;
  }
{%- if walker.prunes() %}
  // Words only where every visited type has some: one without could be anywhere.
  const search = visited.every((t) => NODE_WORDS[t] !== null) ? searchOf([...new Set(visited.flatMap((t) => NODE_WORDS[t]))]) : null;
{%- endif %}
  return { needed, typeNeeded, childrenNeeded{% if walker.makes %}, makes{% endif %}{% if walker.scans && !walker.whole_tree %}, scanHits: new Uint8Array(WALK_NODE.length){% endif %}{% if walker.prunes() %}, search{% endif %} };
}
{%- if walker.prunes() %}

/**
 * What `findWords` looks for, worked out once per plan (a walk's fixed cost, which a small file's
 * sparse walk is mostly made of after a collection, is builtins run cold): each word, where its
 * rarest character is in it (its search looks for the tail from there on, then checks the
 * characters before it: `indexOf` goes fast from one occurrence of its first character to the
 * next, and much slower where that character is common, `d`, `i`), that tail, and whether it is a name; and the letters of the names.
 */
function searchOf(words) {
  const froms = [], tails = [], names = [];
  let letters = "";
  for (const word of words) {
    const from = rarestFrom(word), name = isName(word);
    froms.push(from);
    tails.push(word.slice(from));
    names.push(name);
    if (name) letters += word;
  }
  return { words, froms, tails, names, letters };
}

/**
 * Where `search`'s words start in `text`, in order, and `\u` escapes that a word could be written
 * with. A word of name characters counts only where no name character is next to it: a keyword is
 * a token of its own (`debuggers` holds no `debugger`). An escape counts unless it stands for a
 * character that is in no word (most are in strings and regular expressions: `\u00e9`). `root`:
 * the root's position, by which the comments are found.
 */
function findWords(search, root) {
{%- if !walker.errors.is_empty() %}
  // A parser's recovery may make nodes that no fact of the grammar describes (oxc's `this` of span
  // 0..0 for an interface that extends an expression): a buffer with errors is walked without words.
  if ({% for offset in walker.errors %}uint32[(root + {{ offset }}) >>> 2] !== 0{% if !loop.last %} || {% endif %}{% endfor %}) return null;
{%- endif %}
  const text = sourceForWords();
  // (Without the source, the walk reads what it would read without words.)
  if (text === null) return null;
  const { words, froms, tails, names, letters } = search;
  // Each word's positions come in order: merged with those before them, not sorted (`Array#sort`
  // after a collection costs a small file's walk more than the merge), in an array, not a typed
  // one (right after a collection, making one costs a small file's walk more).
  let at = [];
  for (let w = 0; w < words.length; w++) {
    const word = words[w], from = froms[w], tail = tails[w], name = names[w], run = at.length;
    for (let j = text.indexOf(tail, from); j !== -1; j = text.indexOf(tail, j + 1)) {
      const i = j - from;
      if (from !== 0 && !text.startsWith(word, i)) continue;
      if (name && (isNameChar(text.charCodeAt(i - 1)) || isNameChar(text.charCodeAt(i + word.length)))) continue;
      at.push(i);
    }
    if (run !== 0 && at.length > run) at = mergeRuns(at, run);
  }
  // (Escapes make names only: a word that is no name, such as `=>`, cannot be written with one.)
  if (letters !== "") {
    const run = at.length;
    for (let i = text.indexOf("\\u"); i !== -1; i = text.indexOf("\\u", i + 1)) {
      const code = escapedCode(text, i + 2);
      if (code === -1 || (code < 0x80 && letters.includes(String.fromCharCode(code)))) at.push(i);
    }
    if (run !== 0 && at.length > run) at = mergeRuns(at, run);
  }
{%- if !walker.comments.is_empty() %}
  if (at.length !== 0 && text.length >= DROP_COMMENTED_FROM) dropCommented(at, root);
{%- endif %}
  return at;
}

/** `at`'s positions, whose first `run` and the rest are each in order, in one array in order. */
function mergeRuns(at, run) {
  const merged = [];
  let i = 0, j = run;
  while (i < run && j < at.length) merged.push(at[i] <= at[j] ? at[i++] : at[j++]);
  while (i < run) merged.push(at[i++]);
  while (j < at.length) merged.push(at[j++]);
  return merged;
}
{%- if !walker.comments.is_empty() %}

// Sources shorter than this (in the spans' units) keep the words in their comments: in them, a
// walk led into a comment costs less than the drop, whose code runs cold, in V8's interpreter,
// after a collection; on large sources the drop saves more than it costs.
const DROP_COMMENTED_FROM = 131072;

/**
 * Takes out of `at` (in order) the positions inside the source's comments (`[walk] comments`): a
 * word there is no node's, and a walk would look for one down to the innermost node around it (a
 * doc comment that says `import`). A comment's span is trusted as a node's is (that its source
 * holds its words): what checks it is conformance, not the walk.
 */
function dropCommented(at, root) {
{%- for c in walker.comments %}
  dropInside(at, root + {{ c.offset }}, {{ c.len_offset }}, {{ c.size }}, {{ c.align_mask }}, {{ c.span }});
{%- endfor %}
}

/**
 * Takes out of `at` the positions inside the spans of the comments of the `Vec` at `vec` (their
 * spans' `start` at `span` in each `size` bytes): for each position, the last comment that starts
 * at or before it, by a search from the last one's (positions are in order, and so are a sound
 * buffer's comments; in a corrupt one, the work is still a search per position).
 */
function dropInside(at, vec, lenOffset, size, alignMask, span) {
  const len = uint32[(vec + lenOffset) >>> 2];
  if (len === 0) return;
  let first;
  try {
    first = {% if walker.comments_outside_ast %}readPointerBelow{% else %}readPointer{% endif %}(vec, len * size, alignMask) + span;
  } catch (error) {
    // Comments that cannot be read drop no word: the walk reads what it reads without them, and
    // refuses no buffer that `deserialize` (which may not read them) takes.
    if (error instanceof RawastBufferError) return;
    throw error;
  }
  let kept = 0;
  for (let i = 0, before = 0; i < at.length; i++) {
    const word = at[i];
    // Galloping from the last position's comments: words close together (a file's imports) read
    // comments close together, few lines of memory, where a search of all of them would read up to
    // one line per step, cold after a collection.
    let hi = before;
    for (let step = 1; hi < len && uint32[(first + hi * size) >>> 2] <= word; step *= 2) {
      before = hi + 1;
      hi += step;
    }
    if (hi > len) hi = len;
    while (before < hi) {
      const mid = (before + hi) >>> 1;
      if (uint32[(first + mid * size) >>> 2] <= word) before = mid + 1;
      else hi = mid;
    }
    if (before > 0 && word < uint32[(first + (before - 1) * size + 4) >>> 2]) continue;
    at[kept++] = word;
  }
  at.length = kept;
}

{% endif -%}
/**
 * The source as a string whose indices are the spans' offsets, or null where its bytes are no
 * UTF-8 (a corrupt buffer, whose source `deserialize` decodes only where a string lies).
 */
function sourceForWords() {
  try {
    return walkSource();
  } catch (error) {
    if (error instanceof RawastBufferError) return null;
    throw error;
  }
}

// Characters of JavaScript source, the most frequent first (measured on lodash, three, TypeScript,
// Vue and antd); any other is rarer than all of them.
const CHARS_BY_FREQUENCY = " etnroaislc\ndpum=f()_g,.yh;/*xbv{}:k\"w'j[]|-!`>?z$\\q+@#<%^~";

/** Where in `word` its rarest character is, short of its last (a search of one character is slow). */
function rarestFrom(word) {
  let from = 0, rank = -1;
  for (let i = 0; i < Math.max(1, word.length - 1); i++) {
    const found = CHARS_BY_FREQUENCY.indexOf(word[i]), r = found === -1 ? CHARS_BY_FREQUENCY.length : found;
    if (r > rank) {
      rank = r;
      from = i;
    }
  }
  return from;
}

/** Whether `word` is made of ASCII characters of names only. */
function isName(word) {
  for (let i = 0; i < word.length; i++) if (!isNameChar(word.charCodeAt(i))) return false;
  return true;
}

/** Whether UTF-16 unit `c` (`NaN` past either end) is an ASCII character of names. */
function isNameChar(c) {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f || c === 0x24;
}

/** The code point of the escape whose hex digits start at `i` (`XXXX` or `{X...}`), or -1. */
function escapedCode(text, i) {
  let digits = text.slice(i, i + 4);
  if (text.charCodeAt(i) === 0x7b) {
    // (Any number of digits: a long run of zeros counts as not known.)
    const tail = text.slice(i + 1, i + 10), end = tail.indexOf("}");
    if (end === -1) return -1;
    digits = tail.slice(0, end);
  }
  for (let i = 0; i < digits.length; i++) {
    const c = digits.charCodeAt(i) | 0x20;
    if (!((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66))) return -1;
  }
  return digits === "" ? -1 : parseInt(digits, 16);
}

/** Whether one of the visited types' words (or a `\u` escape) starts in `start..end`. */
function holdsWord(start, end) {
  const i = firstWordFrom(start);
  return i < wordsAt.length && wordsAt[i] < end;
}

/** The index in `wordsAt` of the first word at or after `start` (its length if none). */
function firstWordFrom(start) {
  const at = wordsAt;
  let lo = 0, hi = at.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (at[mid] < start) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// `Vec`s shorter than this are walked element by element in a walk led by words too: each element's
// walker reads its span and returns, about what a probe of `walkByWords` costs.
const BY_WORDS_FROM = 8;

/**
 * Walks the elements of a `Vec` (`len` of `size` bytes from `first`) that may hold one of the walk's
 * words, with `walkElement`; `spanOf(element)` is where an element's span is (`start`, then `end`).
 * Siblings' spans are in source order and apart, and what an element holds lies between where the
 * element before it ends and where the one after it starts (what a parser writes: a node's span
 * holds what it holds, but for `[walk] outside_span`'s fields, such as decorators written before
 * `export`, which lie before their class but after the statement before it; trusted as a node's
 * span is, that it holds its words: conformance checks it, not the walk). So of the elements from
 * `i` on, the first word at or after where element `i - 1` ends can only be in `i`, or in the last
 * that starts at or before it, and those between hold none. That element is found by galloping
 * from `i`, then halving: probes in the log of the elements passed over, where a walk element by
 * element reads each (a `.d.ts` namespace of thousands of members, a few words in it). Whatever
 * the spans say, each pass walks one element and moves past it, its probes at most twice the log
 * of how far: at most ~4 probes an element.
 */
function walkByWords(first, len, size, walkElement, spanOf) {
  const at = wordsAt;
  // Where the words element `i` may hold start: where the element before it ends (the first
  // element's may lie before its span).
  for (let i = 0, from = 0; ; ) {
    const next = firstWordFrom(from);
    if (next === at.length) return;
    const word = at[next];
    // The last element that starts at or before it, or `i`: `j` is one, `hi` (if not `len`) is not.
    let j = i, step = 1;
    for (; j + step < len; step *= 2) {
      if (uint32[spanOf(first + (j + step) * size) >>> 2] > word) break;
      j += step;
    }
    let lo = j + 1, hi = Math.min(j + step, len);
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (uint32[spanOf(first + mid * size) >>> 2] <= word) lo = mid + 1;
      else hi = mid;
    }
    const element = first + (lo - 1) * size;
    walkElement(element);
    if (lo === len) return;
    i = lo;
    from = uint32[(spanOf(element) + 4) >>> 2];
  }
}
{%- for spans in walker.spans %}
{%- match spans.body %}
{%- when SpansBody::Struct with { span } %}

/** Where the span of a {{ spans.comment }} is. */
function {{ spans.name }}(pos) {
  return pos + {{ span }};
}
{%- when SpansBody::Boxed with { what, payload_offset, table, values } %}

/** Where the span of each variant's struct of {{ spans.comment }} is in it, by tag. */
const {{ table }} = {{ values }};

/** Where the span of a {{ spans.comment }} is: in the struct its variant boxes. */
function {{ spans.name }}(pos) {
  const span = {{ table }}[uint8[pos]];
  if (span === undefined) throw invalid("{{ what }} tag", uint8[pos], pos);
  return readPointer(pos + {{ payload_offset }}, span + 8, 3) + span;
}
{%- endmatch %}
{%- endfor %}
{%- endif %}

/** Runs the frames of `walkStack` above `base`: walkers at `WALK_DEPTH` push rather than call. */
function drain(base) {
  while (walkStack.length > base) {
    const code = walkStack.pop();
    const value = walkStack.pop();
    if (code >= 0) WALKERS[code](value);
    else if (code === VISIT) visitBuilt(value);
    else {
      const exit = exits[-2 - code];
      exit(value);
{%- if walker.lazy %}
      resumeWalk();
{%- endif %}
    }
  }
}

{%- if walker.probes() %}

/**
 * A value built whole because a converter reads it, apart from the tree (its nodes' `parent` is not
 * the tree's): `FOUND` if it holds a node of a visited type, else dropped.
 */
function probeValue(value) {
  settle(value);
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === null || typeof item !== "object") continue;
    if (Array.isArray(item)) {
      for (const element of item) stack.push(element);
      continue;
    }
    const type = item{{ walker.discriminator }};
    const t = typeof type === "string" ? NODE_INDEX.get(type) : undefined;
    if (t !== undefined && (enters[t] !== null || exits[t] !== null)) throw FOUND;
    const keys = t === undefined ? null : NODE_KEYS[t];
    if (keys === null) {
      for (const key of Object.keys(item)) if (key !== "parent") stack.push(item[key]);
    } else {
      for (const key of keys) stack.push(item[key]);
    }
  }
}
{%- endif %}
{%- if walker.scans && !walker.whole_tree %}

/**
 * Whether what walker `w`'s converter reads, walked by `scan` from `pos`, holds a node of a visited
 * type. A scan visits nothing: the first such node it meets (`found`) ends it; nested scans, and
 * what the walkers at `WALK_DEPTH` push, end within it. Where it meets none, neither does the
 * converter's value, which holds what it reads and the nodes it makes (`makes`, tested first).
 * Where scans mostly meet one (identifiers in parameters), a scan only delays the build:
 * `scanHits` counts them, and the walker stops scanning.
 */
function meets(scan, pos, w) {
  const base = walkStack.length, depth = walkDepth, wereNeeded = needed;
  scanning++;
  try {
    scan(pos);
    drain(base);
  } catch (error) {
    // A scan reads what the converter is read to read (its `DESER`s of fields), not what its JS
    // decides at run time (oxc's `FormalParameter` reads its default only where both halves of
    // its pointer are not zero): where those bytes are corrupt, the converter's own function,
    // which builds the value next, decides whether the buffer is.
    if (!(error instanceof RawastBufferError)) throw error;
    walkStack.length = base;
    walkDepth = depth;
    scanFound = true;
  } finally {
    scanning--;
    needed = wereNeeded;
  }
  const met = scanFound;
  scanFound = false;
  if (met) scanHits[w]++;
  else if (scanHits[w] > 0) scanHits[w]--;
  return met;
}

/** In a scan, a node of a visited type met: nothing more needs reading until the scan ends. */
function found() {
  scanFound = true;
  needed = NOTHING_NEEDED;
}
{%- endif %}
{%- if !walker.whole_tree %}
{%- if walker.visits_nodes(false) %}

/**
 * A node of the visited type `t`, built whole: visited now (at `WALK_DEPTH`, the frames are being
 * drained already, and its own go next), its subtree on the objects built.
 */
function visitNode(node, t) {
{%- if !walker.lazy %}
  settle(node);
{%- endif %}
  const base = walkStack.length;
  pushNode(node, t);
  if (walkDepth < WALK_DEPTH) drain(base);
}
{%- endif %}
{%- if walker.visits_nodes(true) %}

/**
 * A node of the visited type `t` whose struct holds nothing that can lead to a node (an
 * identifier), built whole: its functions for the way down and up, one after the other (what
 * `visitNode` would push for it is what it holds that is an object: no node, and nothing to visit).
 */
function visitLeaf(node, t) {
  const onEnter = enters[t];
  const onExit = exits[t];
  if (onEnter !== null) onEnter(node);
  if (onExit !== null) onExit(node);
{%- if walker.lazy %}
  resumeWalk();
{%- endif %}
}
{%- endif %}

{%- if walker.visits_values() %}

/** A value built whole because a converter reads it: its objects visited now. */
function visitValue(value) {
{%- if !walker.lazy %}
  settle(value);
{%- endif %}
  if (value === null || typeof value !== "object") return;
  const base = walkStack.length;
  walkStack.push(value, VISIT);
  if (walkDepth < WALK_DEPTH) drain(base);
}
{%- endif %}
{%- endif %}

/**
 * A node of type `t`: its function for the way down, then (unless that returned `false`, when its
 * exit runs at once) its exit and its children pushed, in order.
 */
function pushNode(node, t) {
  const onEnter = enters[t];
  const onExit = exits[t];
  if (onEnter !== null && onEnter(node) === false) {
    if (onExit !== null) onExit(node);
{%- if walker.lazy %}
    resumeWalk();
{%- endif %}
    return;
  }
{%- if walker.lazy %}
  resumeWalk();
{%- endif %}
  if (onExit !== null) walkStack.push(node, -2 - t);
  if (childrenNeeded[t] === 0) return;
  const keys = NODE_KEYS[t];
{%- if walker.keyless_types > 0 %}
  if (keys === null) {
    const values = Object.values(node);
    for (let i = values.length - 1; i >= 0; i--) {
      const item = values[i];
      if (item !== null && typeof item === "object" && item !== node.parent) walkStack.push(item, VISIT);
    }
    return;
  }
{%- endif %}
  for (let i = keys.length - 1; i >= 0; i--) {
    const item = node[keys[i]];
    if (item === null || typeof item !== "object") continue;
    // An array's elements pushed now, as `visitBuilt` would push them (no frame for the array, and
    // none at all for an empty one: `decorators` of every TypeScript identifier).
    if (Array.isArray(item)) pushElements(item);
    else walkStack.push(item, VISIT);
  }
}

/** Pushes the objects of an array built, the last first, to be visited in order. */
function pushElements(array) {
  for (let i = array.length - 1; i >= 0; i--) {
    const item = array[i];
    if (item !== null && typeof item === "object") walkStack.push(item, VISIT);
  }
}

{%- if walker.calls_children() %}

/** The last struct the walkers reach by calls drains what it pushed above `base`; those below push theirs. */
function drainAtDepth(base) {
  if (walkDepth === WALK_DEPTH - 1) {
    walkDepth++;
    drain(base);
    walkDepth--;
  }
}
{%- endif %}

/** Visits an object or array built, pushing what it holds that may hold visited nodes. */
function visitBuilt(value) {
  if (Array.isArray(value)) {
    pushElements(value);
    return;
  }
  const type = value{{ walker.discriminator }};
  const t = typeof type === "string" ? NODE_INDEX.get(type) : undefined;
  if (t === undefined) {
    // A plain object: whatever it holds.
{%- if walker.lazy %}
    if (value instanceof LazyObject) {
      // (Its values are getters, named by its class.)
      const names = value.constructor[PROPERTIES];
      for (let i = names.length - 1; i >= 0; i--) {
        const item = value[names[i]];
        if (item !== null && typeof item === "object") walkStack.push(item, VISIT);
      }
      return;
    }
{%- endif %}
    const values = Object.values(value);
    for (let i = values.length - 1; i >= 0; i--) {
      const item = values[i];
      if (item !== null && typeof item === "object") walkStack.push(item, VISIT);
    }
    return;
  }
  if (typeNeeded[t] === 1) pushNode(value, t);
}
{%- for function in walker.functions %}

{%- if let Some((table, values)) = function.type_table() %}

/** The node types of {{ function.comment }}, by the tag of its `type` field. */
const {{ table }} = {{ values }};
{%- endif %}

/** {{ function.comment }} */
{%- match function.body %}
{%- when WalkBody::Object with { node, children, span } %}
function {{ function.name }}(pos) {
{%- if let Some(span) = span %}
{%- if walker.prunes() %}
  if (wordsAt !== null && !holdsWord(uint32[(pos + {{ span }}) >>> 2], uint32[(pos + {{ span + 4 }}) >>> 2])) return;
{%- endif %}
{%- endif %}
{%- if let Some((index, build)) = node %}
{%- if let NodeIndex::ByTag { offset, table, values, what } = index %}
  // The node's type, by its `type` field's tag.
  const t = {{ table }}[uint8[pos + {{ offset }}]];
  if (t === undefined) throw invalid("{{ what }}", uint8[pos + {{ offset }}], pos + {{ offset }});
{%- endif %}
{%- if function.builds_made() && walker.whole_tree %}
  if (makes[{{ loop.index0 }}] === 1) throw FOUND;
{%- else if function.builds_made() %}
  // Its converter makes a node of a visited type: found in the value built.
  if (makes[{{ loop.index0 }}] === 1) {
{%- if walker.scans %}
    if (scanning !== 0) return found();
{%- endif %}
    return visitValue({{ build }});
  }
{%- endif %}
{%- if walker.whole_tree %}
  if (enters[{{ index.js() }}] !== null || exits[{{ index.js() }}] !== null) throw FOUND;
{%- else if walker.scans %}
  if (enters[{{ index.js() }}] !== null || exits[{{ index.js() }}] !== null) {
    if (scanning !== 0) return found();
    return {% if children.is_empty() %}visitLeaf{% else %}visitNode{% endif %}({{ build }}, {{ index.js() }});
  }
{%- else %}
  if (enters[{{ index.js() }}] !== null || exits[{{ index.js() }}] !== null) return {% if children.is_empty() %}visitLeaf{% else %}visitNode{% endif %}({{ build }}, {{ index.js() }});
{%- endif %}
{%- endif %}
{%- if !children.is_empty() %}
  if (walkDepth >= WALK_DEPTH - 1) {
    const base = walkStack.length;
{%- for child in children.iter().rev() %}
    if (needed[{{ child.walker }}] === 1) walkStack.push({{ child.pos }}, {{ child.walker }});
{%- endfor %}
    drainAtDepth(base);
    return;
  }
  walkDepth++;
{%- for child in children %}
  if (needed[{{ child.walker }}] === 1) {{ child.function }}({{ child.pos }});
{%- endfor %}
  walkDepth--;
{%- endif %}
}
{%- when WalkBody::Built with { walk, value_read } %}
function {{ function.name }}(pos) {
{%- if let Some((node, step)) = value_read %}
{%- if !walker.whole_tree %}
  // Its value is what it reads here, a node whose properties it alters: walked as that, unless
  // that node is visited.
  if (enters[{{ node }}] === null && exits[{{ node }}] === null) return {{ step.function }}({{ step.pos }});
{%- endif %}
{%- endif %}
{%- match walk %}
{%- when BuiltWalk::ReadsInTree with { reads } %}
  // The converter's value holds what it reads and what it makes: its reads are walked for the
  // first node of a visited type.
{%- if function.makes_nodes() %}
  if (makes[{{ loop.index0 }}] === 1) throw FOUND;
{%- endif %}
  {{ reads.function }}({{ reads.pos }});
{%- when BuiltWalk::Scanned with { build, reads } %}
  // Built where what the converter reads holds a node of a visited type, or it makes one (past
  // `WALK_DEPTH`, where a scan would call `drain` from within `drain`, without looking).
  if ({% if function.makes_nodes() %}makes[{{ loop.index0 }}] === 0 && {% endif %}walkDepth < WALK_DEPTH && scanHits[{{ loop.index0 }}] < SCAN_HITS && !meets({{ reads.function }}, {{ reads.pos }}, {{ loop.index0 }})) return;
  if (scanning !== 0) return found();
  visitValue({{ build }});
{%- when BuiltWalk::Probed with { build } %}
  probeValue({{ build }});
{%- when BuiltWalk::Found %}
  throw FOUND;
{%- when BuiltWalk::Visited with { build } %}
{%- if walker.scans %}
  if (scanning !== 0) return found();
{%- endif %}
  visitValue({{ build }});
{%- endmatch %}
}
{%- when WalkBody::Switch with { what, cases } %}
function {{ function.name }}(pos) {
  switch (uint8[pos]) {
{%- for (discriminant, step) in cases %}
    case {{ discriminant }}:
{%- if let Some(step) = step %}
      if (needed[{{ step.walker }}] === 1) {{ step.function }}({{ step.pos }});
{%- endif %}
      return;
{%- endfor %}
    default:
      throw invalid("{{ what }} tag", uint8[pos], pos);
  }
}
{%- when WalkBody::Option with { none_check, some, tagged: _ } %}
function {{ function.name }}(pos) {
  if ({{ none_check }}) return;
  {{ some.function }}({{ some.pos }});
}
{%- when WalkBody::Vec with { len_offset, element_size, cost, align_mask, element, spans } %}
function {{ function.name }}(pos) {
  const len = uint32[(pos + {{ len_offset }}) >>> 2];
  if (len === 0) return;
  const first = readPointer(pos, len * {{ element_size }}, {{ align_mask }});
  pay(first, len * {{ cost }}, pos);
  if (walkDepth >= WALK_DEPTH) {
    for (let element = first + (len - 1) * {{ element_size }}; element >= first; element -= {{ element_size }}) {
      walkStack.push(element, {{ element.walker }});
    }
    return;
  }
{%- if let Some(spans) = spans %}
  if (wordsAt !== null && len >= BY_WORDS_FROM) return walkByWords(first, len, {{ element_size }}, {{ element.function }}, {{ spans }});
{%- endif %}
  for (let i = 0, element = first; i < len; i++, element += {{ element_size }}) {
    {{ element.function }}(element);
  }
}
{%- when WalkBody::Boxed with { size, align_mask, paid, target } %}
function {{ function.name }}(pos) {
  const target = readPointer(pos, {{ size }}, {{ align_mask }});
{%- if *paid %}
  pay(target, {{ size }}, pos);
{%- endif %}
  {{ target.function }}({{ target.pos }});
}
{%- endmatch %}
{%- endfor %}

/** Each walker, by index. */
const WALKERS = [{% for f in walker.functions %}{{ f.name }}{% if !loop.last %}, {% endif %}{% endfor %}];

/**
 * The node types by whose words a walk skips what cannot hold a visited node: for each, words one of
 * which the source text of every node of the type holds. A walk whose visitor visits only these
 * types reads only the nodes whose span holds one of their words (or a `\u` escape){% if !walker.prunes() %}; empty here:
 * this target's walks cannot skip by words{% endif %}.
 */
{%- if walker.prunes() %}
export const WALK_WORDS = Object.freeze(Object.fromEntries(NODE_TYPES.flatMap((type, t) => (NODE_WORDS[t] === null ? [] : [[type, Object.freeze(NODE_WORDS[t].slice())]]))));
{%- else %}
export const WALK_WORDS = Object.freeze({});
{%- endif %}
