// The files whose buffers `cargo xtask fuzz` corrupts, with how often a case picks each: real code of
// every kind the deserializers meet (ASCII and Japanese text, JSX, ES2022+, lone surrogates), and
// typescript.js (a 47 MB buffer) for a small share, since each of its cases takes 100 times longer.
export const CORPUS = [
  { path: "node_modules/lodash/lodash.js", weight: 10 },
  { path: "node_modules/jquery/dist/jquery.js", weight: 10 },
  { path: "node_modules/vue/dist/vue.global.js", weight: 8 },
  { path: "node_modules/moment/locale/ja.js", weight: 10 },
  { path: "node_modules/moment/min/moment-with-locales.js", weight: 4 },
  { path: "tests/conformance/corpus/components.jsx", weight: 10 },
  { path: "tests/conformance/corpus/modern.mjs", weight: 10 },
  { path: "tests/conformance/corpus/strings.js", weight: 10 },
  { path: "tests/conformance/corpus/starter.js", weight: 10 },
  { path: "node_modules/typescript/lib/typescript.js", weight: 0.3 },
];
