// What the benchmark scripts share: interleaved sampling under controlled GC, and medians.

/** The middle value of `values` (the upper one of an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1];
}

/**
 * Times each of `run`'s methods `samples` times after 3 warm-up rounds, interleaved (the order
 * rotates each round, so that no method always follows the same one), with a full GC before each
 * call (run Node with `--expose-gc`). Returns each method's times in ns.
 */
export function sample(run, methods, samples) {
  const times = Object.fromEntries(methods.map((m) => [m, []]));
  const warmup = 3;
  for (let round = 0; round < warmup + samples; round++) {
    for (let i = 0; i < methods.length; i++) {
      const method = methods[(round + i) % methods.length];
      globalThis.gc();
      const start = process.hrtime.bigint();
      const result = run[method]();
      const elapsed = Number(process.hrtime.bigint() - start);
      if (result === undefined) throw new Error(`${method} returned nothing`);
      if (round >= warmup) times[method].push(elapsed);
    }
  }
  return times;
}
