// Decorators in JS (stage 3 as oxc-parser reads them in a .js file): classes, members, `accessor`,
// before and after `export`, their expressions holding the walk's words.
import { d, e } from "./decorators-helpers.js";

@d(new Map()) class Plain {}
@d(new Set()) export class Exported {}
@d(() => new Date()) export default class ExportedDefault {}
export @d(new WeakMap()) class AfterExport {}
const expression = @d(new Promise(() => {})) class {};

class Members {
  @d(new Map()) method() {}
  @d(() => this) static staticMethod() {}
  @d(new Set()) property = new Date();
  @d(x?.y) accessor auto = new Map();
  @d(function () { return this; }) get getter() { return new Set(); }
  @d(new Map()) #privateField = 1;
  @e(async () => { await import("./x.js"); }) static accessor staticAuto;
}
