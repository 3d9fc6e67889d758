// Visitors for checking `walk` (the generated walker): small lint-like rules, each a set of node
// types with functions for the way down and up, some of which skip a node's children. A rule's
// events (`events`) are what a walk calls, in order; `referenceEvents` computes the same from a tree
// already built (acorn's, or a deserializer's), recursively by `VISITOR_KEYS`, so that the
// conformance run (tests/conformance/run.js) and tests/walk.test.js compare the generated walker
// with an independent walk of the expected tree.

/**
 * The rules: name → `{ enter: [types], exit: [types], skip: [types] }`. A type in `skip` returns
 * `false` on the way down, which skips its children (its exit, if any, still runs).
 */
export const RULES = {
  // Every identifier and its name (what a full visit of a real rule looks like).
  identifiers: { enter: ["Identifier"], exit: [], skip: [] },
  // Two rare types: what a walk need not build anything for.
  sparse: { enter: ["DebuggerStatement", "ImportDeclaration"], exit: [], skip: [] },
  // Types that nest in each other, down and up: the nodes handed over are the objects built for
  // the outermost one.
  calls: { enter: ["CallExpression", "MemberExpression"], exit: ["CallExpression"], skip: [] },
  // Nodes that hold no node (identifiers, literals, template elements), down and up: a walk calls
  // both functions at once, the exit even where the way down skips (`visitLeaf`).
  leaves: { enter: ["Identifier", "Literal", "TemplateElement"], exit: ["Identifier", "Literal", "TemplateElement"], skip: ["Literal"] },
  // Identifiers outside functions: the functions' children skipped.
  outsideFunctions: {
    enter: ["Identifier"],
    exit: ["FunctionDeclaration"],
    skip: ["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"],
  },
  // Nodes in what oxc's converters read (parameters, declarators' patterns and annotations, JSX
  // opening elements, import attributes, heritage names) and nodes they make themselves
  // (`RestElement`, `TSParameterProperty`): a walk looks into a converter's reads first, and builds
  // its value only where they hold a visited node.
  converted: {
    enter: ["AssignmentPattern", "RestElement", "ObjectPattern", "ArrayPattern", "TSParameterProperty", "TSTypeAnnotation", "JSXAttribute", "JSXOpeningElement", "ImportAttribute", "TSQualifiedName", "ArrowFunctionExpression"],
    exit: ["AssignmentPattern"],
    skip: ["ArrowFunctionExpression"],
  },
  // The whole tree, built at once.
  program: { enter: ["Program"], exit: ["Program"], skip: [] },
};

/**
 * A visitor object for `rule` and the log it appends `[kind, node]` to (`kind`: "enter" or "exit");
 * `types` is the set of node types the target has (rules name types some targets lack).
 */
export function events(rule, types) {
  const log = [];
  const visitor = {};
  for (const type of new Set([...rule.enter, ...rule.skip])) {
    if (!types.has(type)) continue;
    const skips = rule.skip.includes(type);
    visitor[type] = (node) => {
      log.push(["enter", node]);
      if (skips) return false;
    };
  }
  for (const type of rule.exit) {
    if (types.has(type)) visitor[`${type}:exit`] = (node) => log.push(["exit", node]);
  }
  return { visitor, log };
}

const VISIT = 0,
  END = 1;

/**
 * The events a walk with `rule` gives on the tree under `root` (a node), computed on the tree
 * itself: a node is an object whose `type` names an entry of `visitorKeys`, its children what those
 * keys hold, in order. The tree's nodes are listed once (`nodesInOrder`); each rule scans the list.
 */
export function referenceEvents(root, visitorKeys, rule, types) {
  const log = [];
  const enters = new Set([...rule.enter, ...rule.skip].filter((t) => types.has(t)));
  const exits = new Set(rule.exit.filter((t) => types.has(t)));
  const skips = new Set(rule.skip);
  const { nodes, ends } = nodesInOrder(root, visitorKeys);
  // The nodes whose exit is due, innermost last, and where their subtrees end.
  const open = [];
  const openEnds = [];
  for (let i = 0; i < nodes.length; ) {
    while (openEnds.length > 0 && openEnds[openEnds.length - 1] <= i) {
      openEnds.pop();
      log.push(["exit", open.pop()]);
    }
    const node = nodes[i];
    const type = node.type;
    if (enters.has(type)) log.push(["enter", node]);
    if (skips.has(type)) {
      if (exits.has(type)) log.push(["exit", node]);
      i = ends[i];
      continue;
    }
    if (exits.has(type)) {
      open.push(node);
      openEnds.push(ends[i]);
    }
    i++;
  }
  while (open.length > 0) log.push(["exit", open.pop()]);
  return log;
}

const listedTrees = new WeakMap();

/**
 * The nodes under `root` in the order a walk meets them, and for each the index after its subtree
 * (`ends`), listed once per tree and keys: recursion with an explicit stack, so any depth. Values
 * that are no node (plain objects, nodes of types `visitorKeys` lacks) are looked into whole.
 */
function nodesInOrder(root, visitorKeys) {
  const listed = listedTrees.get(root);
  if (listed !== undefined && listed.visitorKeys === visitorKeys) return listed;
  const nodes = [];
  const ends = [];
  // Frames, flat: a value to visit and VISIT, or a node's index and END.
  const stack = [root, VISIT];
  while (stack.length > 0) {
    const kind = stack.pop(),
      value = stack.pop();
    if (kind === END) {
      ends[value] = nodes.length;
      continue;
    }
    if (value === null || typeof value !== "object") continue;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push(value[i], VISIT);
      continue;
    }
    const type = value.type;
    const keys = typeof type === "string" ? visitorKeys[type] : undefined;
    if (keys === undefined) {
      const values = Object.values(value);
      for (let i = values.length - 1; i >= 0; i--) stack.push(values[i], VISIT);
      continue;
    }
    stack.push(nodes.length, END);
    nodes.push(value);
    for (let i = keys.length - 1; i >= 0; i--) stack.push(value[keys[i]], VISIT);
  }
  const made = { visitorKeys, nodes, ends };
  if (root !== null && typeof root === "object") listedTrees.set(root, made);
  return made;
}

/**
 * The first difference between a walk's events and the reference's, or null: kinds, node types and
 * spans in order, then `sameNode(expected, actual)` of each pair of nodes (a description of their
 * first difference, or null; a caller that compares only types and spans passes one that returns
 * null).
 */
export function eventsDifference(expected, actual, sameNode) {
  if (expected.length !== actual.length) {
    const at = expected.findIndex((e, i) => actual[i] === undefined || e[0] !== actual[i][0] || e[1].type !== actual[i][1].type || e[1].start !== actual[i][1].start);
    const shown = at < 0 ? "" : `; first difference at event ${at}: expected ${describe(expected[at])}, got ${actual[at] ? describe(actual[at]) : "none"}`;
    return `${expected.length} events expected, ${actual.length} visited${shown}`;
  }
  for (let i = 0; i < expected.length; i++) {
    const [kind, node] = expected[i];
    const [actualKind, actualNode] = actual[i];
    if (kind !== actualKind || node.type !== actualNode.type || node.start !== actualNode.start || node.end !== actualNode.end) {
      return `event ${i}: expected ${describe(expected[i])}, got ${describe(actual[i])}`;
    }
    const difference = sameNode(node, actualNode);
    if (difference !== null) return `event ${i} (${describe(expected[i])}): ${difference}`;
  }
  return null;
}

function describe([kind, node]) {
  return `${kind} ${node.type} ${node.start}..${node.end}`;
}

/**
 * The first difference between what `walk(visitor)` visits with each rule and what the same rule
 * gives on `program` (a tree built) walked by `referenceKeys` (`referenceEvents`), or null. `types`:
 * the node types the walker knows. `compareWhole(expected, actual)`: a description of the first
 * difference between two nodes, or null, for the rules whose nodes do not nest (`identifiers`,
 * `sparse`, `program`); `null` to compare every rule's nodes by type and span only (trees with
 * parent links, where a node holds the whole tree). A visited node with a `parent` must be held
 * by it. `walkWords`: the walker's `WALK_WORDS`, whose types are then walked one at a time
 * (`wordsDifference`).
 */
export function rulesDifference(walk, types, program, referenceKeys, compareWhole, walkWords = {}) {
  for (const [name, rule] of Object.entries(RULES)) {
    const { visitor, log } = events(rule, types);
    try {
      walk(visitor);
    } catch (error) {
      return `rule ${name}: walk threw: ${error.message}`;
    }
    const whole = compareWhole !== null && (name === "identifiers" || name === "sparse" || name === "program");
    const difference = eventsDifference(referenceEvents(program, referenceKeys, rule, types), log, whole ? compareWhole : () => null);
    if (difference !== null) return `rule ${name}: ${difference}`;
    const orphan = log.find(([, node]) => Object.hasOwn(node, "parent") && !heldByParent(node));
    if (orphan !== undefined) return `rule ${name}: ${orphan[1].type} at ${orphan[1].start}: its parent does not hold it`;
  }
  return wordsDifference(walk, types, program, referenceKeys, walkWords);
}

// Conformance runs look at one file in EACH_TYPE_EVERY with `eachTypeDifference` too, and at
// another with its `skipping` form (`eachTypeCheck`): every type alone costs a walk per type the
// file holds (all files: 8 minutes for oxc's JS corpus, against 75 s for the rules).
const EACH_TYPE_EVERY = 16;

/**
 * `eachTypeDifference` as conformance runs call it for their file `index`: where the index says so
 * (`EACH_TYPE_EVERY`), else null.
 */
export function eachTypeCheck(index, walk, types, program, referenceKeys, compareWhole) {
  const phase = index % EACH_TYPE_EVERY;
  if (phase !== 0 && phase !== EACH_TYPE_EVERY / 2) return null;
  return eachTypeDifference(walk, types, program, referenceKeys, compareWhole, phase !== 0);
}

/**
 * The first difference, or null, between the nodes a walk visiting one node type alone hands over
 * and those of the reference tree (`program`, walked by `referenceKeys`), compared whole by
 * `compareWhole`, for each type of `types` the tree holds. The rules visit a few types together;
 * this is every type a visitor can name, each built where the walk meets it with nothing else
 * visited (its walkers, the converters that make it, the skips around it). `skipping`: the visitor
 * has the type's exit too and skips its children (its nodes met on the way down, then up at once),
 * else it has the way down only.
 */
export function eachTypeDifference(walk, types, program, referenceKeys, compareWhole, skipping = false) {
  const present = new Set();
  for (const [, node] of referenceEvents(program, referenceKeys, { enter: [...types], exit: [], skip: [] }, types)) present.add(node.type);
  return aloneDifference(walk, types, [...present], program, referenceKeys, compareWhole, skipping, (type) => `${type} alone${skipping ? ", skipped, down and up" : ""}`);
}

/**
 * The first difference between the nodes of each type of `walkWords` (a walker's `WALK_WORDS`)
 * that a walk visiting that type alone hands over and those of the reference tree, by type and
 * span, or null. Such a walk skips every node whose span holds none of the type's words: what it
 * relies on (every node of the type holds one of them; every node's span holds those of the nodes
 * it holds) is checked here, one type at a time, where the fewest words let it skip the most.
 */
function wordsDifference(walk, types, program, referenceKeys, walkWords) {
  const wordTypes = Object.keys(walkWords).filter((type) => types.has(type));
  return aloneDifference(walk, types, wordTypes, program, referenceKeys, () => null, false, (type) => `words of ${type} (${walkWords[type].join(", ")})`);
}

/**
 * The first difference, or null, between what a walk visiting one type of `alone` at a time visits
 * (its way down; with `skipping`, its way up too, its children skipped) and what the same visitor
 * gives on the reference tree, the nodes compared by `sameNode`; `label(type)` starts a message.
 */
function aloneDifference(walk, types, alone, program, referenceKeys, sameNode, skipping, label) {
  const ruleOf = (type) => (skipping ? { enter: [], exit: [type], skip: [type] } : { enter: [type], exit: [], skip: [] });
  // The ways down alone: every type's events from one walk of the reference tree.
  const downs = skipping ? null : new Map(alone.map((type) => [type, []]));
  if (downs !== null && alone.length > 0) {
    for (const event of referenceEvents(program, referenceKeys, { enter: alone, exit: [], skip: [] }, types)) downs.get(event[1].type).push(event);
  }
  for (const type of alone) {
    const { visitor, log } = events(ruleOf(type), types);
    try {
      walk(visitor);
    } catch (error) {
      return `${label(type)}: walk threw: ${error.message}`;
    }
    const expected = downs?.get(type) ?? referenceEvents(program, referenceKeys, ruleOf(type), types);
    const difference = eventsDifference(expected, log, sameNode);
    if (difference !== null) return `${label(type)}: ${difference}`;
  }
  return null;
}

/**
 * Whether `node.parent` holds `node` (a target with parent links): as one of its properties or in
 * one of its arrays. The root's parent is null.
 */
export function heldByParent(node) {
  if (node.parent === null) return node.type === "Program";
  return Object.entries(node.parent).some(([key, value]) => key !== "parent" && (value === node || (Array.isArray(value) && value.includes(node))));
}

