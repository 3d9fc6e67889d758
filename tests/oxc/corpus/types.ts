// TypeScript constructs the real-world corpus lacks: type assertions, instantiation expressions,
// JSDoc-style types, parameter properties with decorators, namespaces, enums.
let n = <number>someValue;
let s = <const>["a", "b"];
const makeBox = createBox<string>;
const ErrorMap = Map<string, Error>;
function jsdoc(a: ?string, b: string?, c: !number, d: ?) {}
class Point {
  constructor(@inject("x") private readonly x: number, public y?: number, protected z = 3) {}
  declare w: string;
  override toString(): string { return `${this.x}`; }
}
namespace A.B.C { export const d = 1; }
declare module "m" { export function f(): void; }
declare global { interface Window { x: number } }
enum Color { Red = 1, Green = "g", Blue = Red << 2 }
const enum E { A }
abstract class Shape { abstract area(): number; }
type Mapped<T> = { readonly [K in keyof T]?: T[K] };
type Cond<T> = T extends string ? "s" : T extends infer U extends number ? U : never;
type Tpl = `a${string}b`;
let u: unique symbol;
function assertIsString(v: unknown): asserts v is string {}
function isNum(this: Window, v: unknown): v is number { return true; }
let t: [a: string, b?: number, ...rest: boolean[]];
let f: new (...args: any[]) => object;
import type { T1 } from "./t";
import { type T2, T3 } from "./t";
export type { T4 } from "./t";
import fs = require("fs");
export = fs;
let v = obj!.prop!;
let sat = { a: 1 } satisfies Record<string, number>;
accessorCall(<T,>(x: T) => x);
