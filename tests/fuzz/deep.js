// Valid buffers nested deep along a cycle of the schema's type graph (`tests/cycles`): no corruption,
// so the case must end in a tree (`mustRead`), whatever the depth. The cycle is one of those that
// together take every edge lying on a cycle, nested 1 to 4 times deeper than this process's stack
// holds (in calls of a trivial function; the deserializers' frames are larger).

import { nestedBuffer, oxcBuffer } from "../cycles/build.js";
import { coveringCycles, typeGraph } from "../cycles/graph.js";

/** How deep a trivial function recurses in this process before its stack runs out. */
function stackDepth() {
  let levels = 0;
  const down = () => {
    levels++;
    down();
  };
  try {
    down();
  } catch {}
  return levels;
}

/**
 * A maker of deep cases for buffers of `layout` in `format` (`build.js`'s): `(rng) => case`, the
 * case as `mutations.js` describes them, with the arguments after the buffer that `format` needs.
 */
export function deepNesting(layout, format) {
  const graph = typeGraph(layout);
  const cycles = coveringCycles(graph);
  const stack = stackDepth();
  // oxc's format writes every case into one buffer of 2 GiB, made once: made here, with the maker,
  // it is among what a fuzz worker holds from the start (its baseline, worker.js), not a leak that
  // the first deep case would seem to add.
  if (format.kind === "oxc") oxcBuffer();
  return (rng) => {
    const cycle = rng.pick(cycles);
    const levels = Math.ceil(((1 + rng.int(4)) * stack) / cycle.length);
    const { buffer, args } = nestedBuffer(layout, graph, cycle, levels, format);
    const path = cycle.map((edge) => edge.from).join(" → ");
    return {
      kind: "deep",
      args: [buffer, ...args],
      description: `valid, ${path} nested ${levels} times`,
      mustRead: `a valid buffer nested ${levels} times along ${path}`,
    };
  };
}
