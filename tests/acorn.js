// acorn, as the harness reads JS: conformance, the fuzzer's corpus, the benchmarks, the packages'
// sample and the tests' producer all take a file's AST from here, so that a file is one tree to all
// of them. A file's extension says how it is read; code that is no file (a test's snippet) is a script.
import { extname } from "node:path";
import { Parser } from "acorn";
import jsx from "acorn-jsx";

const JsxParser = Parser.extend(jsx());

/** Whether `path` names a JSX file: JSX is chosen by extension, `.jsx`, as oxc-parser chooses it. */
export function isJsx(path) {
  return extname(path) === ".jsx";
}

/** The source types a file is tried as, in order: `.mjs` a module, `.cjs` a script, any other a module, else a script. */
export function sourceTypesOf(path) {
  switch (extname(path)) {
    case ".mjs":
      return ["module"];
    case ".cjs":
      return ["script"];
    default:
      return ["module", "script"];
  }
}

/**
 * acorn's AST and comments of `source` read as the file `path` (ecmaVersion latest; JSX and the
 * source type by its extension), with the source type that worked. Throws if acorn rejects it as
 * every source type tried.
 */
export function parseFile(source, path) {
  const parser = isJsx(path) ? JsxParser : Parser;
  let rejection;
  for (const sourceType of sourceTypesOf(path)) {
    try {
      return { ...parse(parser, source, sourceType), sourceType };
    } catch (error) {
      rejection = error;
    }
  }
  throw new Error(`acorn rejects ${path}: ${rejection.message}`);
}

/** acorn's AST and comments of `source` as a script (ecmaVersion latest, no JSX). Throws acorn's error. */
export function parseScript(source) {
  return parse(Parser, source, "script");
}

function parse(parser, source, sourceType) {
  const comments = [];
  const program = parser.parse(source, { ecmaVersion: "latest", sourceType, onComment: comments });
  return { program, comments };
}
