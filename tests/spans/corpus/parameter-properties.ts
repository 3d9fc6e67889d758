// Parameter properties and `this` parameters, with defaults holding the walk's words.
class Point {
  constructor(public x = new Map(), private readonly y: number = this.z, protected z?: number, override w = 1, readonly v = () => new Set()) {}
}
class WithThis {
  method(this: WithThis, x = new Date()) {}
  constructor(private readonly callback: (this: void) => void = function () { return this; }) {}
}
function withThis(this: Window, a = new Map()) {}
