// Comments holding keywords inside nodes, between decorators and `export`, in type positions.
/* new this import export class */
function f(/* new */ a /* this */, b = /* import() */ 1) /* => */ {
  // return new this
  return a /* new */ + b;
}
@d /* export new */ /** this */ export /* class */ class A /* new */ extends /* this */ B {
  /* new */ x = 1; // new
  method(/* this */) /* new */ {}
}
const g = /* new */ (/* this */) => /* new */ 1;
type T = /* new */ string | /* this */ number;
interface I { /* new */ x: /* this */ string }
