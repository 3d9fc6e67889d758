// A worker of the lint pool: it receives batches of file paths, reads and lints each (`parse` and
// walk through the package's addon, in this thread, with a buffer of its own), and answers each
// batch with its files' problems.

import { readFileSync } from "node:fs";
import { parentPort } from "node:worker_threads";

import { walkSource } from "../generated/npm/parser/index.js";
import { rules } from "./rules.js";

parentPort.on("message", ({ start, paths }) => {
  const results = paths.map((path) => {
    const problems = [];
    try {
      // The file's bytes as read: the parser takes UTF-8, with no JS string in between.
      walkSource(readFileSync(path), rules(problems));
    } catch (error) {
      problems.push({ rule: "parse", start: null, message: error.message });
    }
    return { path, problems };
  });
  parentPort.postMessage({ start, results });
});
