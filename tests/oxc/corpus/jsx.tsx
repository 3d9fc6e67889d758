// JSX with spread children, namespaced names, member expressions, fragments and generics.
const a = <div {...props}>{...children}</div>;
const b = <svg:rect xlink:href="#x" />;
const c = <Foo.Bar.Baz prop={1}>text &amp; more</Foo.Bar.Baz>;
const d = <><span>{/* comment */}</span></>;
const e = <Generic<string> value="x" />;
const f = <T,>(x: T) => x;
