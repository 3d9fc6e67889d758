// Headless Chromium for the browser checks and benches, from the executable given (Debian's, as
// `cargo xtask browser` finds it): puppeteer-core drives it and downloads nothing.
import puppeteer from "puppeteer-core";

/** Launches `executablePath` headless, with `args` besides the ones every run needs. */
export function launch(executablePath, args = []) {
  return puppeteer.launch({
    executablePath,
    headless: true,
    // (Chromium's sandbox refuses to run as root, as in CI's containers, whose /dev/shm may be
    // too small for its shared memory.)
    args: ["--disable-dev-shm-usage", ...(process.getuid?.() === 0 ? ["--no-sandbox"] : []), ...args],
  });
}

/** Chromium's version, `156.0.8078.108`, of a launched browser. */
export async function version(browser) {
  return (await browser.version()).replace(/^[^/]*\//, "");
}
