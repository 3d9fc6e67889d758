// The example page: source text → acorn → rawast's wasm32 test producer (a buffer in its own wasm
// memory, rustc's 32-bit layouts) → @rawast/wasm32, reading that memory in place → the tree, shown
// as an outline. `cargo xtask browser --serve` serves it with the files it loads; `cargo xtask
// browser` uses it as a person would and checks a screenshot of the tree.

import { Parser } from "/node_modules/acorn/dist/acorn.mjs";
import { deserialize, RawastBufferError } from "/generated/npm/wasm32/deserialize.js";
import { toJson } from "/tests/conformance/estree-json.js";
import { wasmProducer } from "/tests/conformance/wasm-protocol.js";

const PRODUCER = "/target/wasm32-producer/wasm32-unknown-unknown/release/rawast_schema_wasm.wasm";
const status = document.querySelector("#status");
const tree = document.querySelector("#tree");

const producer = wasmProducer((await WebAssembly.instantiateStreaming(fetch(PRODUCER))).instance);

/**
 * The buffer of `source` in the producer's memory: a view, no copy; valid until the next call. The
 * producer reads ESTree JSON (acorn's tree, as the test producer takes it), not source text.
 */
function produce(source, sourceType) {
  const comments = [];
  const program = Parser.parse(source, { ecmaVersion: "latest", sourceType, onComment: comments });
  return producer.encodeInPlace(toJson({ source, program, comments }), "parser");
}

/** An outline of a node and what it holds, one line per node, with its scalar properties. */
function outline(root) {
  const lines = [];
  const stack = [[root, 0, ""]];
  while (stack.length > 0) {
    const [value, depth, key] = stack.pop();
    const indent = "  ".repeat(depth);
    const label = key === "" ? "" : `${key}: `;
    if (Array.isArray(value)) {
      lines.push(`${indent}${label}[${value.length}]`);
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], depth + 1, ""]);
      continue;
    }
    if (value === null || typeof value !== "object" || value instanceof RegExp) continue;
    const scalars = [];
    const children = [];
    for (const [name, item] of Object.entries(value)) {
      if (name === "type" || name === "start" || name === "end") continue;
      if (item !== null && typeof item === "object" && !(item instanceof RegExp)) children.push([name, item]);
      else if (item !== null && item !== undefined) scalars.push(`${name}=${typeof item === "string" ? JSON.stringify(item) : String(item)}${typeof item === "bigint" ? "n" : ""}`);
    }
    const span = typeof value.start === "number" ? ` ${value.start}–${value.end}` : "";
    lines.push(`${indent}${label}${value.type ?? "{}"}${span}${scalars.length > 0 ? `  ${scalars.join(" ")}` : ""}`);
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i][1], depth + 1, children[i][0]]);
  }
  return lines.join("\n");
}

function show() {
  const source = document.querySelector("#source").value;
  const sourceType = document.querySelector("#module").checked ? "module" : "script";
  try {
    const buffer = produce(source, sourceType);
    const started = performance.now();
    const { program, comments } = deserialize(buffer);
    const took = performance.now() - started;
    tree.textContent = outline(program) + (comments.length > 0 ? `\n\ncomments:\n${comments.map((c) => `  ${c.type} ${c.start}–${c.end} ${JSON.stringify(c.value)}`).join("\n")}` : "");
    status.className = "";
    status.textContent = `${buffer.length.toLocaleString()} bytes of wasm memory read in ${took.toFixed(2)} ms`;
  } catch (error) {
    tree.textContent = "";
    status.className = "error";
    status.textContent = error instanceof RawastBufferError ? `bad buffer: ${error.message}` : String(error.message ?? error);
  }
}

document.querySelector("#show").addEventListener("click", show);
show();
status.dataset.ready = "true";
