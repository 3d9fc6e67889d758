// Decorators in every position oxc-parser 0.157 accepts in TypeScript, their expressions holding
// the walk's words: `new`, `this`, `import()`, arrows, `await`, `?.`, `return`, `class`, `function`.
import { d, e, f, g } from "./decorators-helpers";

@d(new Map()) class Plain {}
@d(() => this) @e(import("./m")) abstract class AbstractPlain {}
@d declare class Declared {}

@d(new Set()) export class Exported {}
@d(async () => await f?.(new g())) export default class ExportedDefault {}
@d(function () { return new Date(); }) export abstract class ExportedAbstract {}
@d(class { x = new Map(); }) export declare abstract class ExportedDeclareAbstract {}
@d(new Map()) export default abstract class ExportedDefaultAbstract {}
export @d(new WeakMap()) class AfterExport {}
export default @d(new WeakSet()) class {}
@d /* export new class */ export class CommentBetween {}
@d
// export class new this
export
@e(new Error())
class BothSides {}

const expression = @d(new Promise(() => {})) class {};
const nested = (@d(this?.x) class Inner {}, @e(() => new Proxy({}, {})) class {});

namespace Space {
  @d(new Map()) export class InNamespace {}
  export namespace Deeper {
    @d(() => { return new Set(); }) export class Deepest {}
  }
}

class Members {
  @d(new Map()) method() {}
  @d(() => this) static staticMethod() {}
  @d(new Set()) property = new Date();
  @d(async () => await g()) static staticProperty?: number;
  @d(x?.y) accessor auto = new Map();
  @d(new WeakMap()) static accessor staticAuto: string;
  @d(function () { return this; }) get getter() { return new Set(); }
  @d(import.meta) set setter(v) {}
  @d(new Map()) declare declaredField: string;
  @d(new Map()) readonly readonlyField = 1;
  @d(new Map()) private privateMethod() {}
  @d(new Map()) protected override overriding() {}
  @d(new Map()) ["computed" + new Date()]() {}
  @d(new Map()) #privateField = 1;
  @d(new Map()) async *generator() {}
  constructor(@d(new Map()) private a: number, @e(() => this) public readonly b = new Set(), @f(new Error()) c?: string, @d(new Map()) ...rest: number[]) {}
  method2(@d(new Map()) x, @e(x?.y) { y } = {}, @f(new Date()) [z] = []) {}
}

abstract class AbstractMembers {
  @d(new Map()) abstract abstractMethod(): void;
  @d(new Map()) abstract abstractProperty: string;
  @d(new Map()) abstract accessor abstractAccessor: number;
}

@d(new Map())
@e(new Set())
@f.g.h(new Date())
@(g?.h ?? new Map())
export class ManyDecorators<T extends new () => unknown> extends Base<new () => T> implements I {
  @d(new Map()) overload(): void;
  @d(new Map()) overload(x?: number): void {}
}
