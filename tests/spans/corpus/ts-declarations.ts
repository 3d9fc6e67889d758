// TypeScript's declarations and modifiers: `declare`, `abstract`, `accessor`, `import x =
// require()`, `export import A = B.C`, `declare global`, `declare module "x"`, dotted namespaces,
// enums, type aliases, interfaces, with the walk's words inside.
import fs = require("fs");
import type { T1 } from "./types";
export import Alias = Space.Inner.Value;
import type Lib = require("lib");

declare const declaredConst: new () => unknown;
declare let declaredLet: typeof import("./x");
declare function declaredFunction(x: new () => this): void;
declare class DeclaredClass { method(): this; }
declare enum DeclaredEnum { A = 1 }
declare const enum ConstEnum { A = "new", B = 1 << 2 }
declare namespace DeclaredSpace { const x: number; }
declare module "some-module" {
  export function f(): void;
  export default class {}
}
declare module Legacy.Dotted { }
declare global {
  interface Window { newProp: typeof import("./y"); }
  var globalVar: number;
}

namespace A.B.C {
  export const x = new Map();
  export namespace D.E { export class F { accessor g = new Set(); } }
}
module M { export function f() { return this; } }

export declare abstract class Shape {
  abstract area(): number;
  abstract accessor name: string;
  declare readonly kind: "shape";
}
export abstract class Concrete extends Shape { area() { return 1; } }
export declare function exportedDeclared(): void;
export declare namespace ExportedDeclaredSpace { export type X = 1; }
export declare enum ExportedEnum { A }
export enum NormalEnum { A = "new", B = this_is_not_allowed_but_parses }
export type Alias2<T> = T extends new (...args: any[]) => infer R ? R : never;
export interface Iface<T = this> extends Base<new () => T> { new (): Iface; method(this: Window): void; }
type Mapped = { readonly [K in keyof T as `new${K & string}`]?: T[K] };
let x = <const>["new"];
let y = value as unknown as new () => void;
let z = value satisfies object;
let w = value!;
function assertion(x: unknown): asserts x is string {}
function guard(this: Window, x: unknown): x is string { return true; }
const instantiation = fn<string>;
enum E { A = new Map().size }
