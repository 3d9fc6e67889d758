// A declaration file: `export as namespace`, `declare global`, overloads, classes, namespaces.
export as namespace MyLib;
export declare function overloaded(x: string): string;
export declare function overloaded(x: number): number;
export declare class Lib {
  constructor(x: new () => Lib);
  method(): this;
  method(x: string): this;
  static create(): Lib;
  accessor value: number;
}
declare global {
  interface Array<T> { newMethod(): void; }
}
export declare namespace Lib.Inner { const x: typeof import("./z"); }
export default Lib;
