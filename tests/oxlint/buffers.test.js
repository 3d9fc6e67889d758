// The `oxlint-plugins` target (tests/oxc/codegen.toml, `linter = true`) on buffers Oxlint 1.91.0 wrote
// (modern.mjs among them: Oxlint put its comments below the program),
// saved while it linted (tests/oxlint/capture-plugin.js) and put back at their offsets in a buffer
// of Oxlint's size: read there, they give the tree the target read in Oxlint's own buffer; corrupted,
// they give a tree or a RawastBufferError, every getter read (each node's `loc`, the program's
// comments and tokens), nothing else. tests/oxlint/conformance.js compares the trees with Oxlint's.

import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { root } from "../producer.js";
import { random } from "../support.js";
import { digest } from "../cycles/digest.js";
import { captureBuffers, readEverything } from "./lint.js";
import { targetModule } from "../oxc/files.js";

const MODULE = fileURLToPath(targetModule("oxlint-plugins"));
const FILES = ["tests/oxc/corpus/decorators.js", "tests/oxc/corpus/jsx.tsx", "tests/conformance/corpus/modern.mjs", "node_modules/lodash/lodash.js", "node_modules/@tanstack/react-router/src/link.tsx"].map((file) => join(root, file));
const CORRUPTIONS = 150;

const skip = Number(process.versions.node.split(".")[0]) < 22 && "Oxlint's JS plugins are run here on Node 22 or later";

test("oxlint: Oxlint's buffers read back where they lay give the same tree; bad ones a RawastBufferError", { skip }, async () => {
  const { deserialize, RawastBufferError } = await import(MODULE);
  const { captured, unlinted } = captureBuffers(FILES, MODULE);
  assert.deepEqual(unlinted, []);
  assert.equal(captured.length, FILES.length);
  // One buffer of Oxlint's size for all (pages never written cost nothing), each file put back
  // where Oxlint wrote it and wiped after.
  const buffer = new Uint8Array(captured[0].length);
  const rng = random(25);
  for (const { file, region, start, tree } of captured) {
    buffer.set(region, start);
    assert.deepEqual(digest(readEverything(deserialize(buffer))), tree, file);

    // Bytes changed at random in the region (pointers, lengths, tags, spans alike), or the region
    // cut short: a tree, or a RawastBufferError.
    for (let i = 0; i < CORRUPTIONS; i++) {
      const at = start + rng.int(region.length);
      if (i % 10 === 9) buffer.fill(0, start, at);
      else for (let n = 1 + rng.int(4), j = 0; j < n; j++) buffer[start + rng.int(region.length)] = rng.int(256);
      try {
        readEverything(deserialize(buffer));
      } catch (error) {
        if (!(error instanceof RawastBufferError)) assert.fail(`${file}, corruption ${i}: ${error.stack}`);
      }
      buffer.set(region, start);
    }
    buffer.fill(0, start, start + region.length);
  }

  assert.throws(() => deserialize(new Uint32Array(8)), TypeError);
  assert.throws(() => deserialize(new Uint8Array(8)), RawastBufferError);
  // The metadata alone: the program's offset 0, its source outside the buffer.
  assert.throws(() => deserialize(new Uint8Array(64)), RawastBufferError);
});
