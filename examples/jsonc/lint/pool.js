// A pool of lint workers (`worker.js`): `lint(paths)` hands out batches of paths to whichever
// worker is free, so that each core parses and walks files of its own, and gathers the results in
// the order of `paths`.

import { Worker } from "node:worker_threads";

/** Files per message at most: enough that a message's cost is small beside the batch's parsing. */
const BATCH = 32;

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
      const feed = (worker) => {
        if (next >= paths.length) {
          if (pending === 0) resolve(results);
          return;
        }
        const start = next;
        next = Math.min(paths.length, next + batch);
        pending++;
        worker.once("message", (batch) => {
          pending--;
          batch.forEach((result, i) => (results[start + i] = result));
          feed(worker);
        });
        worker.postMessage(paths.slice(start, next));
      };
      for (const worker of this.workers) {
        worker.once("error", reject);
        feed(worker);
      }
    });
  }

  close() {
    return Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}
