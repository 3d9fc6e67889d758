// Every function the generator writes is called: a module's top-level function that nothing in it
// names (and that it does not export) is code a package ships, and V8 parses on every load, for
// nothing. The generated modules of every configuration, as their manifests list them.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

import * as acorn from "acorn";

const MANIFESTS = ["generated/rawast-manifest.txt", "tests/oxc/generated/rawast-manifest.txt", "examples/jsonc/generated/rawast-manifest.txt"];

/** The `.js` files a manifest lists, as paths from the repository's root. */
function modules(manifest) {
  return readFileSync(manifest, "utf8")
    .split("\n")
    .filter((line) => line.endsWith(".js") && !line.startsWith("#"))
    .map((line) => join(dirname(manifest), line));
}

/** The names of `program`'s top-level functions that are not exported, and how often each name is used. */
function functionUses(program) {
  const uses = new Map();
  for (const statement of program.body) {
    if (statement.type === "FunctionDeclaration") uses.set(statement.id.name, 0);
  }
  const stack = [program];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== "object") continue;
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    if (node.type === "FunctionDeclaration" && uses.has(node.id.name)) {
      // (Its own name is no use of it: the rest is.)
      stack.push(node.params, node.body);
      continue;
    }
    if (node.type === "Identifier" && uses.has(node.name)) uses.set(node.name, uses.get(node.name) + 1);
    for (const [key, value] of Object.entries(node)) if (key !== "loc" && typeof value === "object") stack.push(value);
  }
  return uses;
}

test("no generated module has a top-level function that nothing calls", () => {
  const files = MANIFESTS.flatMap(modules);
  assert.ok(files.length >= 30, `${files.length} modules`);
  const dead = [];
  for (const file of files) {
    const program = acorn.parse(readFileSync(file, "utf8"), { ecmaVersion: "latest", sourceType: "module" });
    for (const [name, count] of functionUses(program)) if (count === 0) dead.push(`${file}: ${name}`);
  }
  assert.deepEqual(dead, []);
});
