// The default deserializers, by target name (for tests that compare variants with them).
export { deserialize as parser } from "../generated/js/parser/deserialize.js";
export { deserialize as linter } from "../generated/js/linter/deserialize.js";
