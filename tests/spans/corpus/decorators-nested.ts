// Decorated exports below the top level, which oxc-parser 0.157 reads in TypeScript without an
// error (but for the default export in a namespace): the decorators before `export` lie outside
// both the class's span and the export's, and inside whatever holds the statement.
function f() { @d(new Map()) export class InFunction {} }
if (a) @d(new Set()) export class InIf {}
label: @d(new Date()) export class InLabel {}
declare module "m" { @d(new Map()) export class InModule {} }
declare global { @d(new Map()) export class InGlobal {} }
namespace N { @d(new Map()) export default class InNamespace {} }
