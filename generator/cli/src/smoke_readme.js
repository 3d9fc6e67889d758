// The JavaScript examples of a package's README, run by `rawast package` in the fresh project where
// only the packed package is installed, as a reader would run them:
// `node smoke_readme.js PACKAGE INPUT EXAMPLE...`.
//
// INPUT is `source=FILE` (the text to parse, read as UTF-8), `buffer=FILE` (a buffer the producer
// wrote, as a Uint8Array) or `-`: the variable the examples read as a user's code holds it, defined
// here as a global of that name. Each EXAMPLE is a ```js block of the README written as a module;
// they are imported in order in this one process, so a block may rely on the ones before it (as
// `init` in the first), as a reader's code does. The first that throws fails the test.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [name, input, ...examples] = process.argv.slice(2);

if (input !== "-") {
  const at = input.indexOf("=");
  const [variable, path] = [input.slice(0, at), input.slice(at + 1)];
  globalThis[variable] = variable === "source" ? readFileSync(path, "utf8") : new Uint8Array(readFileSync(path));
}
for (const [i, example] of examples.entries()) {
  try {
    await import(pathToFileURL(example).href);
  } catch (error) {
    console.error(`${name} on Node ${process.version}: its README.md's example ${i + 1} of ${examples.length} (a \`\`\`js block, run as ${example}) throws ${error instanceof Error ? `${error.name}: ${error.message}\n${error.stack}` : String(error)}`);
    process.exit(1);
  }
}
console.log(`ok ${name}'s README examples on Node ${process.version}`);
