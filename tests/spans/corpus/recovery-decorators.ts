// Recoverable errors (oxc-parser keeps the tree): decorators where they are not valid (dropped,
// or kept where the class takes them), and decorators both before and after `export`.
@d(new Map()) export interface I { x: new () => void }
@e(new Map()) export enum E { A = new Map().size }
@f(new Map()) export function g() { return new Map(); }
@g(new Map()) export const y = new Map();
@h(new Map()) export default function () { return new Set(); }
@d(new Map()) @e(new Set()) export @f(new Date()) class BothSides {}
@d(new Map()) export default @e(new Set()) class {}
class Members {
  @d(new Map()) static { new Set(); }
  @e(new Map()) [key: string]: any;
  @f(new Map()) overload(): void;
  overload() {}
}
const o = { m(@e(new Set()) x) { return new Date(); } };
