// The package smoke test (`generator/cli/src/smoke.js`) against a stand-in package: what its
// expected JSON holds for the values JSON has no syntax for (README, "Packages").
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const FINGERPRINT = "0123456789abcdef";

/** A project with `smoke.js` (and `compare.js`, which it imports) and a package `fake` whose `deserialize` returns `result` for its buffer. */
function project(result) {
  const dir = mkdtempSync(join(tmpdir(), "rawast-smoke-"));
  copyFileSync(new URL("../generator/cli/src/smoke.js", import.meta.url), join(dir, "smoke.js"));
  copyFileSync(new URL("../generator/cli/src/compare.js", import.meta.url), join(dir, "compare.js"));
  const pkg = join(dir, "node_modules/fake");
  mkdirSync(pkg, { recursive: true });
  const rawast = { sourcePlacement: "start", layoutFingerprint: FINGERPRINT };
  writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "fake", type: "module", exports: "./index.js", rawast }));
  // Refuses any buffer whose last 8 bytes are not the fingerprint, naming it, as a deserializer does.
  writeFileSync(
    join(pkg, "index.js"),
    `export function deserialize(bytes) {
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      if (bytes.length < 8 || view.getBigUint64(bytes.length - 8, true) !== 0x${FINGERPRINT}n) throw new Error("not layout ${FINGERPRINT}");
      return ${result};
    }`,
  );
  const buffer = new Uint8Array(16);
  new DataView(buffer.buffer).setBigUint64(8, BigInt(`0x${FINGERPRINT}`), true);
  writeFileSync(join(dir, "sample.bin"), buffer);
  return dir;
}

function smoke(dir, expected) {
  writeFileSync(join(dir, "expected.json"), JSON.stringify(expected));
  return spawnSync(process.execPath, ["smoke.js", "fake", "sample.bin", "expected.json"], { cwd: dir, encoding: "utf8" });
}

test("a BigInt is expected as its decimal digits, a RegExp as { pattern, flags }", (t) => {
  const dir = project(`{ program: { value: 10n, regex: /a+/g, missing: NaN } }`);
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const ok = smoke(dir, { program: { value: "10", regex: { pattern: "a+", flags: "g" }, missing: null } });
  assert.equal(ok.status, 0, ok.stderr);
  for (const wrong of [
    { value: 10, regex: { pattern: "a+", flags: "g" }, missing: null },
    { value: "10", regex: { pattern: "b+", flags: "g" }, missing: null },
    { value: "10", regex: { pattern: "a+", flags: "" }, missing: null },
  ]) {
    const result = smoke(dir, { program: wrong });
    assert.equal(result.status, 1, `${JSON.stringify(wrong)} was accepted`);
    assert.match(result.stderr, /does not deserialize to expected\.json/);
  }
});
