// Recoverable errors: `import` and `export` below the top level, decorated exports in blocks.
{ export const x = new Map(); }
function f() { import y from "y"; return new Set(); }
{ @d(new Map()) export class A {} }
if (a) { @d(new Set()) export default class B {} }
