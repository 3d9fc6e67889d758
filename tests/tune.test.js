// What `cargo xtask tune` recommends is a string policy codegen takes: with `short_max_len = 0`
// (every string to the long decoder), no `short_decoder`, which codegen refuses as a key that could
// do nothing.

import assert from "node:assert/strict";
import { test } from "node:test";

import { recommended } from "../bench/tune-core.js";

test("a policy without short strings names no short decoder", () => {
  assert.equal(
    recommended({ short: "switch", maxLen: 0, long: "utf8_slice" }),
    'source_slicing = "latin1"\nshort_max_len = 0\nlong_decoder = "utf8_slice"',
  );
  assert.equal(
    recommended({ short: "apply", maxLen: 16, long: "text_decoder" }),
    'source_slicing = "latin1"\nshort_decoder = "apply"\nshort_max_len = 16\nlong_decoder = "text_decoder"',
  );
});
