// What the tests of the packages' parsers share: the fixtures that are UTF-8 text (a JS string can
// carry no other), and a parse's outcome in a form two parsers' can be compared in.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const fixturesDir = fileURLToPath(new URL("fixtures", import.meta.url));

/** Every fixture that is UTF-8, as `[name, text]`, by name. */
export function fixtureTexts() {
  const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  return readdirSync(fixturesDir)
    .filter((name) => /\.jsonc?$/.test(name))
    .sort()
    .flatMap((name) => {
      try {
        return [[name, utf8.decode(readFileSync(join(fixturesDir, name)))]];
      } catch {
        return [];
      }
    });
}

/** `parse(text)` as JSON, or its error's class and message. */
export function outcome(parse, text) {
  try {
    return { tree: JSON.stringify(parse(text)) };
  } catch (error) {
    return { error: error.message, name: error.constructor.name };
  }
}
