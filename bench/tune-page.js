// `cargo xtask tune --browser`, in the page: bench/tune-core.js's measurements on the corpus strings
// Node extracted (`/tune/bytes.bin`, `/tune/offsets.bin`), with the page's clock. The page is
// cross-origin isolated, where Chromium's `performance.now()` ticks every 5 µs (100 µs elsewhere):
// each round decodes every string 32 times, so that a round lasts hundreds of ticks.
import { tune } from "/bench/tune-core.js";

const fetchBytes = async (url) => (await fetch(url)).arrayBuffer();
const bytes = new Uint8Array(await fetchBytes("/tune/bytes.bin"));
const offsets = new Uint32Array(await fetchBytes("/tune/offsets.bin"));
const status = document.querySelector("#status");
const progress = [];
const result = tune(
  { bytes, offsets, count: offsets.length - 1 },
  { now: () => performance.now() * 1e6, repeats: 32, progress: (line) => progress.push(line) },
);
status.textContent = progress.join("\n");
window.tuneResult = { ...result, progress, isolated: globalThis.crossOriginIsolated === true };
