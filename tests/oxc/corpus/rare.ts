// Node types that no other file of the corpus of tests/oxc/visitor-keys.test.js has, or only
// types.ts, on which Oxlint runs no plugin.
import E = require("e");
const C = class {};
abstract class A {
  abstract p: number;
  abstract accessor q: number;
}
type O = [string?];
type I = import("m").T;
type J = (?string) | (!number) | (?);
const s = {} satisfies object;
const t = <number>s;
const u = C<string>;
export = E;
export as namespace NS;
