// Decorators before `export` among long lists of statements and members, where a walk led by words
// gallops over a list by its elements' spans rather than reading each: the word of a decorator lies
// before the span of the statement that holds it, after the one before.
const a1 = 1; const a2 = 2; const a3 = 3; const a4 = 4; const a5 = 5; const a6 = 6; const a7 = 7;
@d(new Map()) export class First {}
const b1 = 1; const b2 = 2; const b3 = 3; const b4 = 4; const b5 = 5; const b6 = 6; const b7 = 7;
@d(() => this) export default class {}
const c1 = 1; const c2 = 2; const c3 = 3; const c4 = 4; const c5 = 5; const c6 = 6; const c7 = 7;
@d(import("./m")) @e(async () => await f?.()) export abstract class Third {}
const e1 = 1; const e2 = 2; const e3 = 3; const e4 = 4; const e5 = 5; const e6 = 6; const e7 = 7;
namespace N {
  const n1 = 1; const n2 = 2; const n3 = 3; const n4 = 4; const n5 = 5; const n6 = 6; const n7 = 7;
  @d(new Set()) export class InNamespace {}
  const m1 = 1; const m2 = 2; const m3 = 3; const m4 = 4; const m5 = 5; const m6 = 6; const m7 = 7;
  @d(function () { return this; }) export declare abstract class Last {}
}
function body() {
  const f1 = 1; const f2 = 2; const f3 = 3; const f4 = 4; const f5 = 5; const f6 = 6; const f7 = 7;
  if (f1) { const g1 = 1; const g2 = 2; const g3 = 3; const g4 = 4; const g5 = 5; const g6 = 6; const g7 = 7; }
  return new Map();
}
class Members {
  a = 1; b = 2; c = 3; d = 4; e = 5; f = 6; g = 7; h = 8;
  @d(new Map()) decorated() { return this; }
  i = 9; j = 10; k = 11; l = 12; m = 13; n = 14; o = 15;
}
@d(new Date()) export class Closing {}
