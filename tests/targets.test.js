// The targets xtask hands to the harness (tests/targets.js): the JSON xtask writes, as
// xtask/src/targets.rs's test pins it, is read with what the scripts derive from it, and JSON of
// another shape is refused rather than read as some default.
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";

import { root } from "./producer.js";
import { parseTarget } from "./targets.js";

const linter = {
  name: "linter",
  format: "rawast",
  sourcePlacement: "end",
  web: false,
  pointerWidth: 64,
  lazy: false,
  module: "/repo/generated/npm/linter/deserialize.js",
  layoutFile: "/repo/target/layouts/layout-64.json",
};
const oxcTsRange = {
  name: "oxc-ts-range",
  format: "oxc",
  typescript: true,
  range: true,
  parent: false,
  linter: false,
  sourceText: "argument",
  pointerWidth: 64,
  lazy: false,
  module: "/repo/tests/oxc/generated/js/oxc-ts-range/deserialize.js",
  layoutFile: "/repo/target/layouts/layout-oxc.json",
};

test("a rawast target's source placement names the producer's buffer layout", () => {
  // (No `walk.js` at /repo: `walkModule` is null.)
  assert.deepEqual(parseTarget(JSON.stringify(linter)), { ...linter, walkModule: null, bufferLayout: "linter" });
  assert.equal(parseTarget(JSON.stringify({ ...linter, sourcePlacement: "start" })).bufferLayout, "parser");
});

test("an oxc target's typescript, range and parent name oxc's deserializer variant", () => {
  assert.deepEqual(parseTarget(JSON.stringify(oxcTsRange)), { ...oxcTsRange, walkModule: null, variant: "ts_range", referenceVariant: "ts_range" });
  assert.equal(parseTarget(JSON.stringify({ ...oxcTsRange, typescript: false, range: false })).variant, "js");
  // oxc-parser 0.157 ships no `_parent` variant: the reference is the one without.
  const parent = parseTarget(JSON.stringify({ ...oxcTsRange, parent: true }));
  assert.deepEqual([parent.variant, parent.referenceVariant], ["ts_range_parent", "ts_range"]);
  assert.equal(parseTarget(JSON.stringify({ ...oxcTsRange, parent: true, linter: true })).variant, "oxlint");
});

test("a target's walker is the walk.js beside its module", () => {
  const module = join(root, "generated/npm/linter/deserialize.js");
  assert.equal(parseTarget(JSON.stringify({ ...linter, module })).walkModule, join(root, "generated/npm/linter/walk.js"));
});

test("JSON of another shape is refused, naming what is wrong", () => {
  const cases = [
    [{ ...linter, module: undefined }, /no module/],
    [{ ...linter, pointerWidth: 16 }, /pointerWidth/],
    [{ ...linter, sourcePlacement: "middle" }, /sourcePlacement/],
    [{ ...linter, web: undefined }, /no web/],
    [{ ...linter, format: "json" }, /format/],
    [{ ...oxcTsRange, range: undefined }, /typescript, range or parent/],
    [{ ...oxcTsRange, parent: undefined }, /typescript, range or parent/],
    [{ ...oxcTsRange, linter: undefined }, /no linter/],
    [{ ...oxcTsRange, sourceText: "file" }, /sourceText/],
    [[linter], /no name/],
  ];
  for (const [target, message] of cases) assert.throws(() => parseTarget(JSON.stringify(target)), message);
  assert.throws(() => parseTarget("parser:parser:64:generated/npm/parser/deserialize.js"), SyntaxError);
});
