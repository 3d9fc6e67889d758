// What the JSONC example's benchmarks share: the files they time (JSON and JSONC files under a
// path, one copy of each text, those the parser accepts, a few per size class spread over its
// sizes), timing of interleaved methods, and the addon the package loaded.

import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The example's directory. */
export const root = fileURLToPath(new URL("..", import.meta.url));

/** The size classes of the figures: under 5 KB, 5 to 100 KB, 100 KB and more. */
export const CLASSES = [
  { name: "< 5 KB", below: 5_000 },
  { name: "5-100 KB", below: 100_000 },
  { name: ">= 100 KB", below: Infinity },
];

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** `path` if it is a file, else every *.json and *.jsonc file under it, sorted, but hidden ones (npm's `.package-lock.json`). */
export function collect(path) {
  if (!statSync(path).isDirectory()) return [path];
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".")) continue;
      const child = join(dir, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (/\.jsonc?$/.test(entry.name) && statSync(child).isFile()) found.push(child);
    }
  };
  walk(path);
  return found.sort();
}

/**
 * The files `accepts(text)` takes (UTF-8, the first of identical texts), at most `perClass` per
 * size class and kind (`kindOf(text)`), spread evenly over the class's sizes: `{ path, text, bytes,
 * sizeClass, kind }`.
 */
export function pick(paths, { perClass, accepts, kindOf = () => "" }) {
  const seen = new Set();
  const accepted = [];
  for (const path of paths) {
    let text;
    try {
      text = utf8.decode(readFileSync(path));
    } catch {
      continue;
    }
    // Identical copies (a package's file under two directories) count once.
    if (seen.has(text) || !accepts(text)) continue;
    seen.add(text);
    accepted.push({ path, text, bytes: Buffer.byteLength(text), kind: kindOf(text) });
  }
  accepted.sort((a, b) => a.bytes - b.bytes);
  const kinds = [...new Set(accepted.map(({ kind }) => kind))].sort();
  return CLASSES.flatMap((sizeClass, i) =>
    kinds.flatMap((kind) => {
      const members = accepted.filter(({ bytes, kind: k }) => k === kind && bytes < sizeClass.below && (i === 0 || bytes >= CLASSES[i - 1].below));
      const k = Math.min(perClass, members.length);
      return Array.from({ length: k }, (_, j) => ({ ...members[Math.round((j * (members.length - 1)) / Math.max(1, k - 1))], sizeClass: sizeClass.name }));
    }),
  );
}

/** Whether the parser of `addon` (with `measure.rs`'s `parseOnly`) accepts `text`. */
export function parses(addon, text) {
  try {
    addon.parseOnly(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * `buffer`, or a larger one (doubling, at least to what the addon asks, 8-aligned) that the addon's
 * `parseInto` of `text` fits: the memory a method builds into, grown before timing as `parse`'s
 * is, so that samples time reuse and never growth.
 */
export function grownFor(addon, text, buffer) {
  for (let grow; (grow = addon.parseInto(text, buffer).grow) !== undefined; ) {
    buffer = new Uint8Array(new ArrayBuffer(Math.ceil(Math.max(buffer.length * 2, grow) / 8) * 8));
  }
  return buffer;
}

/** ms that `reps` calls of `fn` take. */
export function time(fn, reps) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < reps; i++) fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export function shuffle(list) {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

export function median(list) {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function geomean(list) {
  return list.length === 0 ? NaN : Math.exp(list.reduce((sum, x) => sum + Math.log(x), 0) / list.length);
}

/** A collection and a turn of the event loop, in which Node frees collected external memory. */
export async function settle() {
  globalThis.gc();
  await new Promise((resolve) => setImmediate(resolve));
}

/** The addon `rawast addon` built into the package of target `target` (the one its `index.js` loaded). */
export function loadAddon(target = "parser", name = "jsonc") {
  const dir = join(root, "generated/npm", target);
  const [built] = readdirSync(dir).filter((file) => file.startsWith(`${name}.`) && file.endsWith(".node"));
  if (built === undefined) throw new Error(`the ${target} package's addon is not built: run \`rawast addon\` in examples/jsonc`);
  return createRequire(import.meta.url)(join(dir, built));
}
