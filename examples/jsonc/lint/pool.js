// A pool of lint workers (`worker.js`): `lint(paths)` hands out batches of paths to whichever
// worker is free, two at a time so that a worker never waits for the next, and gathers the
// results in the order of `paths`; each core parses and walks files of its own.

import { Worker } from "node:worker_threads";

/** Files per message at most: enough that a message's cost is small beside the batch's parsing. */
const BATCH = 32;
/** Batches a worker holds at once: with 2, a worker still waited for the main thread now and then. */
const IN_FLIGHT = 3;

export class LintPool {
  /** Starts `size` workers; each loads the package and its addon once. */
  constructor(size) {
    this.workers = Array.from({ length: size }, () => new Worker(new URL("./worker.js", import.meta.url)));
  }

  /** The problems of each file of `paths`: `[{ path, problems }]`, in the order given. */
  lint(paths) {
    const results = new Array(paths.length);
    // Four batches a worker at least, so that none waits while another has a long queue.
    const batch = Math.max(1, Math.min(BATCH, Math.ceil(paths.length / (this.workers.length * 4))));
    let next = 0;
    let pending = 0;
    return new Promise((resolve, reject) => {
      const send = (worker) => {
        if (next >= paths.length) return;
        const start = next;
        next = Math.min(paths.length, next + batch);
        pending++;
        worker.postMessage({ start, paths: paths.slice(start, next) });
      };
      const listeners = new Map();
      const finish = (settle) => {
        for (const [worker, { message, error }] of listeners) worker.off("message", message).off("error", error);
        settle();
      };
      for (const worker of this.workers) {
        const message = ({ start, results: batchResults }) => {
          pending--;
          batchResults.forEach((result, i) => (results[start + i] = result));
          send(worker);
          if (pending === 0) finish(() => resolve(results));
        };
        const error = (cause) => finish(() => reject(cause));
        listeners.set(worker, { message, error });
        worker.on("message", message).on("error", error);
        // Batches in flight: the worker starts the next while this thread, which may wait for a
        // core the workers hold, answers the last.
        for (let i = 0; i < IN_FLIGHT; i++) send(worker);
      }
      if (pending === 0) resolve(results);
    });
  }

  close() {
    return Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
