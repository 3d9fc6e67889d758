// The source files the oxc and Oxlint conformance harnesses read (tests/oxc/conformance.js,
// tests/oxlint/conformance.js): which files are sources, and of what kind; where a target's module
// is, and whether oxc-parser runs on this Node.

import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, extname, join, resolve } from "node:path";

/**
 * Why a test that runs oxc-parser (its raw transfer, or its deserializers) is skipped, or `false`:
 * oxc-parser needs Node 22 or later (its module throws on import before that), and rawast's own
 * targets still support Node 20.
 */
export const skipOxcParser = Number(process.versions.node.split(".")[0]) < 22 && `oxc-parser's raw transfer needs Node 22 or later, not ${process.version}`;

/** `lang` by extension, as oxc-parser 0.157 infers it from a file name (.js without JSX). */
export const LANGS = { ".js": "js", ".mjs": "js", ".cjs": "js", ".jsx": "jsx", ".ts": "ts", ".mts": "ts", ".cts": "ts", ".tsx": "tsx" };

/** `.d.ts` for declaration files, else the extension; `null` if not a source file. */
export function kindOf(file) {
  const ext = extname(file);
  if (!(ext in LANGS)) return null;
  return [".ts", ".mts", ".cts"].includes(ext) && basename(file, ext).endsWith(".d") ? `.d${ext}` : ext;
}

/**
 * Source files under each path, in a stable order, each once. A file given by name must be a source
 * file. Symbolic links met in a walk are not followed. `fail(message)` is called (and must throw or
 * exit) for a path that cannot be read or is no source file.
 */
export function collectFiles(paths, fail) {
  const files = new Map(); // absolute path -> path as given
  const add = (path) => files.has(resolve(path)) || files.set(resolve(path), path);
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && kindOf(path) !== null) add(path);
    }
  };
  for (const path of paths) {
    let stat;
    try {
      stat = statSync(path);
    } catch (error) {
      fail(`cannot read ${path}: ${error.message}`);
    }
    if (stat.isDirectory()) walk(path);
    else if (kindOf(path) !== null) add(path);
    else fail(`${path}: not a .js .mjs .cjs .jsx .ts .mts .cts or .tsx file`);
  }
  return [...files.values()];
}

/**
 * The module of an oxc target, as a file URL: in `<generated>/npm/<name>` when the target has a
 * package (its module is there only), else in `<generated>/js/<name>`. `generated` (a directory's
 * URL, with its final `/`) is by default tests/oxc/codegen.toml's output directory. `file` is
 * `deserialize.js`, or `walk.js` for its walker (which exports all `deserialize.js` does).
 */
export function targetModule(name, generated = new URL("./generated/", import.meta.url), file = "deserialize.js") {
  for (const kind of ["npm", "js"]) {
    const module = new URL(`${kind}/${name}/${file}`, generated);
    if (existsSync(module)) return module;
  }
  throw new Error(`${generated.pathname} has no target ${name}: generate it first (cargo xtask codegen, or cargo test for fixtures)`);
}
