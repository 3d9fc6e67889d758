// Overloads: functions, exported and default-exported ones, methods, constructors, with the walk's
// words in their signatures.
function f(): void;
function f(x: new () => void): void;
function f(x?: unknown) { return new Map(); }

export function g(): void;
export function g(x: string): void;
export function g(x?: string) { return this; }

export default function h(): void;
export default function h(x: number): void;
export default function h(x?: number) { return x; }

export async function i(): Promise<void>;
export async function i() { await new Promise(() => {}); }

class C {
  constructor();
  constructor(x: number);
  constructor(x?: number) {}
  method(): void;
  method(x: string): void;
  method(x?: string) { return new Set(); }
  static s(): void;
  static s() {}
  get [Symbol.iterator]() { return new Map(); }
}
declare function d(): void;
declare function d(x: number): void;
