// The `.d.ts` of every oxc target against oxc's own ESTree types, `@oxc-project/types` 0.157.0 (what
// oxc-parser's `program` is typed with; one file for every output variant, with the properties of
// one variant only optional). For each target in tests/oxc/generated:
// - the file compiles alone under `--strict`;
// - every type both declare is assignable from ours to theirs (tsc, whole types, recursively);
// - property by property (shallow: a named type counts by its name, each checked on its own), ours
//   has no property theirs lacks, misses none theirs requires, and allows no value theirs does not;
//   each difference found must be one listed below with why, and each listed one must be found.
// Our types are the target's: a JS target has no TypeScript-only property, a TS target has them all
// (theirs marks both kinds optional), `range` and `parent` are there only where the target has them.

import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

import { targetModule } from "./files.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const theirs = fileURLToPath(import.meta.resolve("@oxc-project/types/types.d.ts"));
const options = { strict: true, noEmit: true, types: [], skipLibCheck: false };

/** Differences expected, with why; `when` says on which targets. */
const EXPECTED = [
  {
    when: () => true,
    differences: ["only theirs: AssignmentTargetPattern", "only theirs: ModuleDeclaration"],
    why: "oxc names the groups of variants that `AssignmentTarget` and `Statement` inherit; no property of the output holds such a group alone, and rawast declares only the types the output reaches (the inherited variants are in the unions)",
  },
  {
    when: () => true,
    differences: ["only theirs: TSThisParameter"],
    why: "a skipped field (`this_param`) that oxc's converters put into `params`; their `ts_type` (`ParamPattern`) does not name it, so no type of the output does",
  },
  {
    when: (target) => !target.typescript,
    differences: ["only theirs: TSClassImplements", "only theirs: MemberExpression"],
    why: "reached only through TypeScript's properties (`implements`, and the member expressions that TypeScript's type queries and heritage hold), which a JS target has none of",
  },
  {
    when: (target) => target.linter,
    differences: (names) => names.filter((name) => name.endsWith(".loc")),
    why: "Oxlint's `loc` (its `LOC` flag) on every node with a `range`: not in oxc-parser's output, so not in @oxc-project/types",
  },
];

const FLAGS = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope | ts.TypeFormatFlags.WriteArrayAsGenericType;

/** What the two files declare and where they differ, shallowly; and tsc's whole-type verdicts. */
function compare(ours) {
  const program = ts.createProgram([ours, theirs], options);
  const checker = program.getTypeChecker();
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, " "));
  const exportsOf = (file) => new Map(checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(file))).map((s) => [s.name, s]));
  const ourTypes = exportsOf(ours);
  const theirTypes = exportsOf(theirs);
  // A value's possible shapes: union members, arrays and tuples by their elements, named types by name.
  const member = (t) => {
    if (checker.isArrayType(t)) return `Array<${[...members(checker.getTypeArguments(t)[0])].sort().join(" | ")}>`;
    if (checker.isTupleType(t)) return `[${checker.getTypeArguments(t).map((e) => [...members(e)].sort().join(" | ")).join(", ")}]`;
    return checker.typeToString(t, undefined, FLAGS);
  };
  const members = (type) => new Set((type.isUnion() ? type.types : [type]).map(member).filter((m) => m !== "undefined"));
  const isObject = (t) => !t.isUnion() && (t.flags & ts.TypeFlags.Object || t.isIntersection());
  const differences = [];
  for (const name of theirTypes.keys()) if (!ourTypes.has(name)) differences.push(`only theirs: ${name}`);
  for (const [name, symbol] of ourTypes) {
    const their = theirTypes.get(name);
    if (!their) continue;
    const a = checker.getDeclaredTypeOfSymbol(symbol);
    const b = checker.getDeclaredTypeOfSymbol(their);
    if (isObject(a) && isObject(b)) {
      const theirProperties = new Map(checker.getPropertiesOfType(b).map((p) => [p.name, p]));
      for (const property of checker.getPropertiesOfType(a)) {
        const counterpart = theirProperties.get(property.name);
        theirProperties.delete(property.name);
        if (!counterpart) {
          differences.push(`${name}.${property.name}`);
          continue;
        }
        const allowed = members(checker.getTypeOfSymbol(counterpart));
        const extra = [...members(checker.getTypeOfSymbol(property))].filter((m) => !allowed.has(m));
        if (extra.length > 0) differences.push(`${name}.${property.name}: ${extra.join(" | ")} (theirs: ${[...allowed].join(" | ")})`);
      }
      for (const [key, property] of theirProperties) {
        if (!(property.flags & ts.SymbolFlags.Optional)) differences.push(`${name}.${key}: missing`);
      }
    } else {
      const allowed = members(b);
      const extra = [...members(a)].filter((m) => !allowed.has(m));
      if (extra.length > 0) differences.push(`${name}: ${extra.join(" | ")} (theirs: ${[...allowed].join(" | ")})`);
    }
  }
  return { diagnostics, common: [...ourTypes.keys()].filter((n) => theirTypes.has(n)), differences };
}

/** The names whose whole types tsc finds not assignable from ours to theirs. */
function notAssignable(ours, names) {
  const check = path.join(here, "generated", "__types_check.ts");
  const imports = (file) => JSON.stringify(file.replace(/\.d\.ts$/, ".js"));
  const lines = [`import type * as O from ${imports(ours)};`, `import type * as T from ${imports(theirs)};`, "type Assignable<A extends B, B> = A;"];
  const first = lines.length;
  for (const name of names) lines.push(`export type _${name} = Assignable<O.${name}, T.${name}>;`);
  const host = ts.createCompilerHost(options);
  const { readFile, fileExists } = host;
  host.readFile = (file) => (file === check ? lines.join("\n") : readFile(file));
  host.fileExists = (file) => file === check || fileExists(file);
  const program = ts.createProgram([check], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    if (d.file?.fileName !== check) return ts.flattenDiagnosticMessageText(d.messageText, " ");
    return names[d.file.getLineAndCharacterOfPosition(d.start).line - first];
  });
}

// tests/oxc/codegen.toml's targets, with what the expectations above ask of them.
const targets = [
  { name: "oxc-js" },
  { name: "oxc-js-buffer-text" },
  { name: "oxc-js-range" },
  { name: "oxc-ts", typescript: true },
  { name: "oxc-ts-range", typescript: true },
  { name: "oxc-js-parent" },
  { name: "oxc-js-range-parent" },
  { name: "oxc-ts-parent", typescript: true },
  { name: "oxc-ts-range-parent", typescript: true },
  { name: "oxlint-plugins", typescript: true, linter: true },
];

test("every oxc target's types are compared", () => {
  const generated = ["js", "npm"].flatMap((kind) => fs.readdirSync(path.join(here, "generated", kind)));
  assert.deepEqual(generated.sort(), targets.map((t) => t.name).sort());
});

for (const target of targets) {
  test(`${target.name}: deserialize.d.ts against @oxc-project/types`, () => {
    const ours = fileURLToPath(targetModule(target.name)).replace(/\.js$/, ".d.ts");
    const { diagnostics, common, differences } = compare(ours);
    assert.deepEqual(diagnostics, [], "the .d.ts compiles under --strict");
    assert.ok(common.length > 200, `${common.length} types in common`);
    assert.deepEqual(notAssignable(ours, common), [], "every type both declare is assignable from ours to theirs");
    const expected = EXPECTED.filter((e) => e.when(target)).flatMap((e) => (typeof e.differences === "function" ? e.differences(differences) : e.differences));
    assert.deepEqual([...differences].sort(), [...new Set(expected)].sort(), "the differences are those listed, with why");
    if (target.linter) assert.ok(differences.filter((d) => d.endsWith(".loc")).length > 150, "Oxlint's nodes have `loc`");
  });
}
