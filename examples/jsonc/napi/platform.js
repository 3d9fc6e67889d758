// The addon's file name for this process's platform, as napi-rs names them:
// `jsonc.<platform>-<arch>[-<abi>].node` (`jsonc.linux-x64-gnu.node`, `jsonc.darwin-arm64.node`).

/** The name of the addon built for this platform; throws an `Error` naming a platform it has none for. */
export function addonFile() {
  const { platform, arch } = process;
  const abi = { linux: linuxLibc(), win32: "msvc", darwin: null }[platform];
  if (abi === undefined) throw new Error(`the JSONC addon is not built for ${platform}-${arch}`);
  return `jsonc.${platform}-${arch}${abi === null ? "" : `-${abi}`}.node`;
}

/** `gnu` or `musl`, as Node's own report of the C library it runs on says. */
function linuxLibc() {
  const header = process.report?.getReport?.().header;
  return header?.glibcVersionRuntime ? "gnu" : "musl";
}
