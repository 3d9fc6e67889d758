{#- Reading a visitor into `ENTERS` and `EXITS` and setting its plan: visitors are often made anew
    per file, so a recent plain visitor's keys are matched again (`setVisitorAgain`) rather than
    looked up. -#}
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
