// Where the oxc targets take strings from. As oxc's own deserializer does, `source_text =
// "argument"` (the default) slices `raw` values and comments out of the caller's `sourceText`, and
// names too when the text is ASCII: a text other than the one parsed gives other strings, exactly
// oxc's. `source_text = "buffer"` reads every string from the buffer: the same text gives the same
// tree, another text of a length the source's bytes can have changes nothing.
import { test } from "node:test";
import assert from "node:assert/strict";

import { firstDifference } from "./compare.js";
import { skip, withOxcBuffer } from "./oxc-buffer.js";

const { deserialize: oxc } = skip ? {} : await import("oxc-parser/src-js/generated/deserialize/js.js");

const PARSED = "let balanceTotal = 1; // the sum\nx = 'é' + `t${balanceTotal}`;";
// The same length, edited: what a caller passing the wrong text gives.
const EDITED = "let bQlanceTotal = 1; // the sun\nx = 'é' + `t${bQlanceTotal}`;";

/** `read`'s tree of the buffer of `PARSED`, given `text` as the source text. */
function read(deserialize, text) {
  return withOxcBuffer(PARSED, "text.js", (buffer, parsed, sourceStartPos, sourceByteLen) => deserialize(buffer, text, sourceStartPos, sourceByteLen));
}

test("source_text = \"argument\": oxc's strings, from the caller's text", { skip }, async () => {
  const { deserialize } = await import("./generated/js/oxc-js/deserialize.js");
  assert.equal(firstDifference(read(oxc, PARSED), read(deserialize, PARSED)), null);
  const edited = read(deserialize, EDITED);
  assert.equal(firstDifference(read(oxc, EDITED), edited), null);
  assert.equal(edited.comments[0].value, " the sun");
});

test("source_text = \"buffer\": every string from the buffer, whatever text is passed", { skip }, async () => {
  const { deserialize, RawastBufferError } = await import("./generated/js/oxc-js-buffer-text/deserialize.js");
  const right = read(oxc, PARSED);
  assert.equal(firstDifference(right, read(deserialize, PARSED)), null);
  assert.equal(firstDifference(right, read(deserialize, EDITED)), null);
  assert.equal(firstDifference(right, read(deserialize, "x".repeat(PARSED.length))), null);
  assert.throws(() => read(deserialize, "short"), RawastBufferError);
});
