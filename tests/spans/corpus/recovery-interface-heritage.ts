// Recoverable errors: an interface that extends an expression. oxc-parser reports it, drops the
// expression, and puts in its place a `this` of span (0, 0).
interface A extends foo(new Map()) {}
interface B extends this.x(), C {}
interface D extends new E() {}
export interface F extends G, h?.(), I<new () => J> {}
