#!/usr/bin/env node
// ES2022+ syntax, one construct after another.
import def, { a as b, "string name" as c } from "./module.js";
import * as ns from "./ns.js";
import json from "./data.json" with { type: "json" };
export { b as default2, c };
export * as everything from "./all.js";
export const exported = 1_000_000n + 0x1Fn;
export default class Counter extends Base {
  static #count = 0;
  #value = 0n;
  static { Counter.#count++; }
  accessorLike = () => this.#value;
  get value() { return this.#value; }
  set value(v) { this.#value = v; }
  static async *generate() { yield* [1, 2]; await null; }
  #secret() { return #value in this; }
  constructor() { super(); new.target; }
}
const re = [/a+/gi, /(?<year>\d{4})-\d\d/du, /[\p{L}--\p{Ll}]/v, /x/y, /\//s];
const big = [0n, 123n, 0b101n, 0o17n, 1e400, .5e-3, 0.000_001];
label: for (const [k, { v = 1, ...rest }] of Object.entries(obj ?? {})) {
  if (k?.length > 2 && v?.[0]?.(k)) continue label; else break label;
}
for await (const chunk of stream) {}
for (let i = 0, j; i < 10; i++, j--) {}
for (const key in object) ;
tag`raw \unicode ${value} and \u{55}`;
const t = `line1
line2 ${`nested ${deep}`}`;
async function* gen(a = 1, [b] = [], { c } = {}, ...d) { try { throw yield; } catch { } finally { debugger; } }
switch (x) { case 1: case 2: break; default: x &&= 1; x ||= 2; x ??= 3; x **= 2; }
do x--; while (x > 0)
const fn = async ({ a, b: [c] }) => ({ a, c });
(function () { "use strict"; return typeof import.meta, void 0, delete a.b; })();
const lazy = import("./lazy.js", { with: { type: "json" } });
with_ = a ? b : c, (d, e);
