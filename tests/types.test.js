// The generated .d.ts files type-check, and a consumer of them type-checks, under `tsc --strict`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";

const root = new URL("..", import.meta.url).pathname;

test("generated types check under tsc --strict", () => {
  const args = [
    "node_modules/typescript/bin/tsc",
    "--strict",
    "--noEmit",
    "--target", "es2022",
    "--module", "nodenext",
    "--moduleResolution", "nodenext",
    "--allowJs", "false",
    "tests/types/consumer.ts",
  ];
  try {
    execFileSync(process.execPath, args, { cwd: root, encoding: "utf8" });
  } catch (error) {
    assert.fail(`tsc reported errors:\n${error.stdout}${error.stderr}`);
  }
});
