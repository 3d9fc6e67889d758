// bench/ab-browser.js, in the page: modules A and B on the same buffers, alternating (A B B A …),
// `gc()` before every sample, 3 warm-up rounds, then `plan.rounds`; times in ms.
try {
  const plan = await (await fetch("/ab/plan.json")).json();
  const modules = { a: await import("/ab/a.js"), b: await import("/ab/b.js") };
  const result = [];
  for (const [index, file] of plan.files.entries()) {
    const buffer = new Uint8Array(await (await fetch(`/ab/${index}.bin`)).arrayBuffer());
    const times = { a: [], b: [] };
    for (let round = 0; round < plan.rounds + 3; round++) {
      for (const name of round % 2 === 0 ? ["a", "b"] : ["b", "a"]) {
        globalThis.gc();
        const start = performance.now();
        modules[name].deserialize(buffer);
        const took = performance.now() - start;
        if (round >= 3) times[name].push(took);
      }
    }
    result.push({ file, ...times });
    document.querySelector("#status").textContent += `\n${file}`;
  }
  window.abResult = result;
} catch (error) {
  window.abError = String(error?.stack ?? error);
}
