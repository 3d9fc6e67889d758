// The static server of `cargo xtask browser`: on 127.0.0.1, files of the repository under a few
// prefixes (the npm packages' own files in generated/npm/, acorn's browser build, the wasm32
// producer, the harness, the example page and the JSONC example's web package), and what the harness computed in Node (`routes`:
// buffers and expected trees). Every response is cross-origin isolated (COOP and COEP), so that the
// pages have `SharedArrayBuffer`.

import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";

/** The parts of the repository a page may load, by path prefix. */
const SERVED = [
  "generated/npm/",
  "node_modules/acorn/dist/",
  "target/wasm32-producer/wasm32-unknown-unknown/release/",
  "tests/browser/",
  "tests/conformance/estree-json.js",
  "tests/cycles/digest.js",
  "tests/conformance/wasm-protocol.js",
  "tests/plural.js",
  "examples/browser/",
  // The JSONC example's web package: its index.js, deserializer and wasm module.
  "examples/jsonc/generated/npm/web/",
  // `cargo xtask tune --browser` and bench/ab-browser.js: their pages and what they load.
  "bench/ab.html",
  "bench/ab-page.js",
  "bench/tune-core.js",
  "bench/tune-page.js",
  "bench/tune.html",
  "tests/support.js",
  "generated/js/constants.js",
];

const TYPES = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".bin": "application/octet-stream",
  ".txt": "text/plain; charset=utf-8",
};

const HEADERS = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
  "Cross-Origin-Resource-Policy": "same-origin",
  "Cache-Control": "no-store",
};

/**
 * Serves `root`'s files under `SERVED` and `routes` (a Map of URL path → `{ type, body }`) on a
 * free port of 127.0.0.1. Resolves to `{ origin, close() }`.
 */
export function serve(root, routes) {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url, "http://localhost").pathname);
    const send = (status, type, body) => {
      response.writeHead(status, { ...HEADERS, "Content-Type": type });
      response.end(body);
    };
    if (request.method !== "GET") return send(405, TYPES[".txt"], "GET only");
    // (Browsers ask for it unasked: no icon, and no error in the page's console.)
    if (path === "/favicon.ico") return send(204, TYPES[".txt"], "");
    const route = routes.get(path);
    if (route !== undefined) return send(200, route.type, route.body);
    const relative = normalize(path.slice(1));
    if (relative.startsWith("..") || relative.includes(`${sep}..${sep}`) || !SERVED.some((prefix) => relative.startsWith(prefix))) {
      return send(404, TYPES[".txt"], `not served: ${path}`);
    }
    try {
      send(200, TYPES[extname(relative)] ?? "application/octet-stream", await readFile(join(root, relative)));
    } catch {
      send(404, TYPES[".txt"], `no such file: ${path}`);
    }
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      resolve({ origin: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(done)) });
    });
  });
}
