// The test producer built for wasm32 (`schema/wasm`): ESTree JSON text in, a buffer with 32-bit
// pointers out, written by rustc's own 32-bit layouts. `cargo xtask conformance` and
// `cargo xtask test` build the module (`target/wasm32-producer/…/rawast_schema_wasm.wasm`).

import { readFileSync } from "node:fs";

import { wasmProducer } from "./wasm-protocol.js";

export const WASM_PRODUCER = new URL(
  "../../target/wasm32-producer/wasm32-unknown-unknown/release/rawast_schema_wasm.wasm",
  import.meta.url,
).pathname;

/** Loads the module; `encode(json, layout)` returns the buffer as a copy, or throws the producer's error (`wasm-protocol.js`). */
export async function loadWasmProducer(path = WASM_PRODUCER) {
  const { instance } = await WebAssembly.instantiate(readFileSync(path));
  return wasmProducer(instance);
}
