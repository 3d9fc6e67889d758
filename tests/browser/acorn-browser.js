// acorn in the browser, as tests/acorn.js reads a file in Node (ecmaVersion latest, comments
// collected, a module first and then a script unless the extension says which), for the files
// without JSX: acorn-jsx is CommonJS, which a page cannot import.
import { Parser } from "/node_modules/acorn/dist/acorn.mjs";

/** `{ program, comments, sourceType }` of `source` read as the file `name`; throws acorn's error. */
export function acornParse(source, name) {
  const sourceTypes = name.endsWith(".mjs") ? ["module"] : name.endsWith(".cjs") ? ["script"] : ["module", "script"];
  let rejection;
  for (const sourceType of sourceTypes) {
    const comments = [];
    try {
      const program = Parser.parse(source, { ecmaVersion: "latest", sourceType, onComment: comments });
      return { program, comments, sourceType };
    } catch (error) {
      rejection = error;
    }
  }
  throw rejection;
}
