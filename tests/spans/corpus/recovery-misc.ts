// Recoverable errors in TypeScript: each statement one.
class A { constructor(private { x }) {} }
declare function f() { return new Map(); }
abstract class B { abstract m() { return new Map(); } abstract x = new Set(); }
import type C, { D } from "c";
class E { accessor accessor x = new Map(); }
namespace N.M { export = new Map(); }
