// The default deserializers, by target name (for tests that compare variants with them).
export { deserialize as parser } from "../generated/npm/parser/deserialize.js";
export { deserialize as linter } from "../generated/npm/linter/deserialize.js";
