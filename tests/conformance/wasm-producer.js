// The test producer built for wasm32 (`schema/wasm`): ESTree JSON text in, a buffer with 32-bit
// pointers out, written by rustc's own 32-bit layouts. `cargo xtask conformance` and
// `cargo xtask test` build the module (`target/wasm32-producer/…/rawast_schema_wasm.wasm`).

import { readFileSync } from "node:fs";

export const WASM_PRODUCER = new URL(
  "../../target/wasm32-producer/wasm32-unknown-unknown/release/rawast_schema_wasm.wasm",
  import.meta.url,
).pathname;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Loads the module; `encode(json, layout)` returns the buffer as a copy, or throws the producer's error. */
export async function loadWasmProducer(path = WASM_PRODUCER) {
  const { instance } = await WebAssembly.instantiate(readFileSync(path));
  const { memory, rawast_alloc, rawast_encode, rawast_output_ptr, rawast_output_len } = instance.exports;
  return {
    encode(json, layout) {
      const bytes = encoder.encode(json);
      const input = rawast_alloc(bytes.length);
      new Uint8Array(memory.buffer, input, bytes.length).set(bytes);
      const status = rawast_encode(input, bytes.length, layout === "linter" ? 1 : 0);
      // The memory may have grown (and `memory.buffer` been replaced) during the call.
      const output = new Uint8Array(memory.buffer, rawast_output_ptr(), rawast_output_len());
      if (status !== 0) throw new Error(`wasm producer: ${decoder.decode(output)}`);
      return output.slice();
    },
  };
}
