{#- The prototype of Oxlint's nodes (`LOC`), before the deserializers: each node constructor
    (`function.js`) takes it as its `prototype` where it is defined. Its getter reads Oxlint's
    runtime (`js/oxlint_runtime.js`, after them). -#}
// The prototype of every node (`LOC`): `loc` is computed when first read, then an own property.
const NodeProto = Object.create(Object.prototype, {
  loc: {
    get() {
      const loc = location(this.start, this.end);
      Object.defineProperty(this, "loc", { value: loc, writable: true, enumerable: false, configurable: false });
      return loc;
    },
    enumerable: true,
  },
});
