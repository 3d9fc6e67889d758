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

// The files oxc-parser parses for the oxc- targets (`oxc.js`), each worker once: the same kinds of
// JavaScript, smaller (each case restores its file's region of oxc's buffer), and for the TypeScript
// targets (`ts`) declarations, type-level code and TSX from packages pinned in package.json.
export const OXC_CORPUS = [
  { path: "node_modules/lodash/lodash.js", weight: 10 },
  { path: "node_modules/jquery/dist/jquery.js", weight: 10 },
  { path: "node_modules/moment/locale/ja.js", weight: 10 },
  { path: "tests/conformance/corpus/components.jsx", weight: 10 },
  { path: "tests/conformance/corpus/modern.mjs", weight: 10 },
  { path: "tests/conformance/corpus/strings.js", weight: 10 },
  { path: "node_modules/typescript/lib/lib.es5.d.ts", weight: 10, ts: true },
  { path: "node_modules/zod/src/v3/types.ts", weight: 10, ts: true },
  { path: "node_modules/@tanstack/react-router/src/link.tsx", weight: 10, ts: true },
];
