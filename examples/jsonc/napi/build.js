// Builds the JSONC addon and puts it where `napi/index.js` loads it, named as napi-rs names addons
// (`jsonc.linux-x64-gnu.node`): `cargo build --release` of the `napi` crate, its library copied.
//
//   node napi/build.js [--debug]

import { spawnSync } from "node:child_process";
import { copyFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { addonFile } from "./platform.js";

const debug = process.argv.includes("--debug");
const root = fileURLToPath(new URL("..", import.meta.url));
const cargo = process.env.CARGO ?? "cargo";
const args = ["build", "--locked", "--package", "jsonc-rawast-napi", ...(debug ? [] : ["--release"])];
const result = spawnSync(cargo, args, { cwd: root, stdio: "inherit" });
if (result.error || result.status !== 0) {
  console.error(`build.js: ${cargo} ${args.join(" ")} failed: ${result.error ?? `exit status ${result.status}`}`);
  process.exit(1);
}
const library = { linux: "libjsonc.so", darwin: "libjsonc.dylib", win32: "jsonc.dll" }[process.platform];
if (library === undefined) {
  console.error(`build.js: no addon build for platform ${process.platform}`);
  process.exit(1);
}
const built = `${root}target/${debug ? "debug" : "release"}/${library}`;
const target = fileURLToPath(new URL(addonFile(), import.meta.url));
copyFileSync(built, target);
console.log(`build.js: ${target}`);
