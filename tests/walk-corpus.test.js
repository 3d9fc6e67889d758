// Walks of adversarial sources (tests/spans/corpus: decorators in every position, TypeScript's
// modifiers and declarations, overloads, parameter properties, JSX, `\u` escapes, comments that say
// the walk's words, error recovery), compared event for event with `visit` of the tree the same
// target's `deserialize` builds of the same buffer: every node type alone (on the way down; and
// down and up with its children skipped), and seeded random sets of types with exits and skips,
// most of them of types with words (`WALK_WORDS`), which is where a walk skips nodes by their
// spans. On every oxc target but Oxlint's (its buffers come from Oxlint: tests/oxlint), and on
// rawast's targets for the files acorn parses.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { extname, join } from "node:path";

import { parseFile } from "./acorn.js";
import { encodeFile } from "./producer.js";
import { random } from "./support.js";
import { skipOxcParser } from "./oxc/files.js";

const CORPUS = "tests/spans/corpus";
const FILES = readdirSync(CORPUS).sort();
// Random visitors per file and target.
const RANDOM_SETS = 40;

/** The events of a walk by `run(visitor)` with the visitor of `plan`: `[kind, type, start, end]`. */
function eventsOf(run, plan) {
  const log = [];
  const visitor = {};
  for (const type of plan.enter) {
    visitor[type] = (node) => {
      log.push(["enter", node.type, node.start, node.end]);
      if (plan.skip.includes(type)) return false;
    };
  }
  for (const type of plan.exit) visitor[`${type}:exit`] = (node) => log.push(["exit", node.type, node.start, node.end]);
  run(visitor);
  return log;
}

/** The visitor plans for a tree whose node types are `types` (those of the walker, `words` with words). */
function plans(types, words, rng) {
  const all = [];
  for (const type of types) {
    all.push({ enter: [type], exit: [], skip: [] });
    all.push({ enter: [type], exit: [type], skip: [type] });
  }
  for (let i = 0; i < RANDOM_SETS; i++) {
    // Three sets in four of types with words only: the walks that skip by spans.
    const pool = rng() < 0.75 && words.length > 0 ? words : types;
    const chosen = [...new Set(Array.from({ length: 1 + rng.int(4) }, () => rng.pick(pool)))];
    all.push({ enter: chosen, exit: chosen.filter(() => rng() < 0.5), skip: chosen.filter(() => rng() < 0.3) });
  }
  return all;
}

/** The first plan whose walk differs from the visit of `tree`, described, or null. */
function firstDifference(module, walkBuffer, tree, name, seed) {
  const types = Object.keys(module.VISITOR_KEYS).filter((type) => /^[A-Z]/.test(type));
  const words = Object.keys(module.WALK_WORDS);
  for (const plan of plans(types, words, random(seed))) {
    const walked = eventsOf(walkBuffer, plan);
    const visited = eventsOf((visitor) => module.visit(tree, visitor), plan);
    if (JSON.stringify(walked) !== JSON.stringify(visited)) {
      const at = visited.findIndex((event, i) => JSON.stringify(event) !== JSON.stringify(walked[i]));
      return `${name}, ${JSON.stringify(plan)}: ${visited.length} events visited, ${walked.length} walked; first difference at ${at}: visited ${JSON.stringify(visited[at])}, walked ${JSON.stringify(walked[at])}`;
    }
  }
  return null;
}

const OXC_TARGETS = ["oxc-js", "oxc-ts", "oxc-js-range", "oxc-ts-range", "oxc-js-parent", "oxc-ts-range-parent"];
const JS = new Set([".js", ".jsx", ".cjs", ".mjs"]);

test("oxc targets: walks of the adversarial sources visit what visit visits", { skip: skipOxcParser }, async () => {
  const { withOxcBuffer } = await import("./oxc/oxc-buffer.js");
  const { targetModule } = await import("./oxc/files.js");
  const problems = [];
  let walks = 0;
  for (const name of OXC_TARGETS) {
    const module = await import(targetModule(name, undefined, "walk.js"));
    for (const [index, file] of FILES.entries()) {
      if (name.startsWith("oxc-js") && !JS.has(extname(file))) continue;
      const source = readFileSync(join(CORPUS, file), "utf8");
      const problem = withOxcBuffer(source, file, (buffer, text, start, length) => {
        const tree = module.deserialize(buffer, text, start, length);
        walks++;
        return firstDifference(module, (visitor) => module.walk(buffer, text, start, length, visitor), tree, `${name} ${file}`, index + 1);
      });
      if (problem !== null) problems.push(problem);
    }
  }
  assert.ok(walks > 100, `${walks} files walked`);
  assert.deepEqual(problems, []);
});

test("rawast targets: walks of the adversarial sources acorn parses visit what visit visits", () => {
  const problems = [];
  let walks = 0;
  const targets = [["parser", "parser"], ["linter", "linter"], ["parser-lazy", "parser"]];
  const modules = Promise.all(targets.map(([name]) => import(`../generated/npm/${name}/walk.js`)));
  return modules.then((loaded) => {
    for (const [index, file] of FILES.entries()) {
      const path = join(CORPUS, file);
      try {
        parseFile(readFileSync(path, "utf8"), path);
      } catch {
        // (TypeScript, decorators and recovery: acorn's JavaScript does not parse them.)
        continue;
      }
      for (const [i, [name, layout]] of targets.entries()) {
        const module = loaded[i];
        const { buffer } = encodeFile(layout, path);
        const tree = module.deserialize(buffer);
        const built = module.materialize === undefined ? tree : module.materialize(tree);
        walks++;
        const problem = firstDifference(module, (visitor) => module.walk(buffer, visitor), module.materialize === undefined ? built : tree, `${name} ${file}`, index + 1);
        if (problem !== null) problems.push(problem);
      }
    }
    assert.ok(walks >= 12, `${walks} files walked`);
    assert.deepEqual(problems, []);
  });
});
