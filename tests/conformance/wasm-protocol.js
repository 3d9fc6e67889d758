// The wasm32 test producer's protocol (`schema/wasm/src/lib.rs`), on an instance of its module:
// what Node's loader (`wasm-producer.js`), the browser checks and the example page share. It
// imports nothing, so that a page can load it.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * The producer of a module instance: `encodeInPlace(json, layout)` writes the buffer of the ESTree
 * JSON text `json` (`parser` or `linter` layout) in the module's memory and returns a view of it,
 * valid until the next call (as a wasm parser's output is); `encode` returns a copy. Both throw the
 * producer's error. `memory` is the module's.
 */
export function wasmProducer(instance) {
  const { memory, rawast_alloc, rawast_encode, rawast_output_ptr, rawast_output_len } = instance.exports;
  const encodeInPlace = (json, layout) => {
    const bytes = encoder.encode(json);
    const input = rawast_alloc(bytes.length);
    new Uint8Array(memory.buffer, input, bytes.length).set(bytes);
    const status = rawast_encode(input, bytes.length, layout === "linter" ? 1 : 0);
    // The memory may have grown (and `memory.buffer` been replaced) during the call.
    const output = new Uint8Array(memory.buffer, rawast_output_ptr(), rawast_output_len());
    if (status !== 0) throw new Error(`wasm producer: ${decoder.decode(output)}`);
    return output;
  };
  return { memory, encodeInPlace, encode: (json, layout) => encodeInPlace(json, layout).slice() };
}
