// The command lines of the harness and bench scripts: node:util's `parseArgs`, strict, and on bad
// input the script's usage on stderr and exit status 2, as `cargo xtask` exits on bad usage;
// `--help` (or `-h`) prints the usage on stdout and exits 0.
import { parseArgs } from "node:util";

/**
 * `{ values, positionals }` of this process's arguments as `options` (parseArgs' option
 * descriptions) read them, positionals allowed when `positionals` is true; the usage and exit
 * status 2 when they do not fit.
 */
export function parseCommandLine(usage, options, { positionals = false } = {}) {
  if (process.argv.slice(2).some((arg) => arg === "--help" || arg === "-h")) {
    console.log(`usage: ${usage}`);
    process.exit(0);
  }
  try {
    return parseArgs({ args: process.argv.slice(2), options, allowPositionals: positionals, strict: true });
  } catch (error) {
    return usageError(usage, error.message);
  }
}

/** Ends the process on bad usage: `message`, the script's usage, exit status 2. */
export function usageError(usage, message) {
  console.error(`error: ${message}\n\nusage: ${usage}`);
  process.exit(2);
}

/**
 * The whole number an option's text gives (`fallback` if the option was not given), at least `min`;
 * bad usage otherwise.
 */
export function integerOption(usage, values, name, fallback, min = 0) {
  if (values[name] === undefined) return fallback;
  const value = Number(values[name]);
  if (values[name].trim() === "" || !Number.isSafeInteger(value) || value < min) usageError(usage, `--${name} needs a whole number of at least ${min}, not \`${values[name]}\``);
  return value;
}
