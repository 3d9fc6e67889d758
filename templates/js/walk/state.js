{#- The module's state, kept in module variables rather than passed down the walkers: the walk in
    progress (its stack, plan, visitor's functions and buffer views) and the stack's frame codes.
    `reset.js` and `walk`'s `finally` clear what a walk leaves. -#}
{%- if walker.prunes() %}
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
