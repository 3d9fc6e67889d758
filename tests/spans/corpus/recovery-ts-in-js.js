// Recoverable errors: TypeScript's syntax in a .js file, which oxc-parser reads and reports.
class A implements I { declare x; readonly y = new Map(); public m() { return this; } override n() { return new Set(); } }
class B { constructor(private x = new Map()) {} }
import fs = require("fs");
x = y as T;
z = w satisfies U;
