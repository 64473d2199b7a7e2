// Runs kinetic.wasm in node through the page's own loader (Page/js/wasm.js) and prints, as one
// JSON object, what the module's digest functions give, for KineticWebTests to compare with the
// native build:
//
//   node digests.mjs kinetic.wasm '{"simulate": [[scene, frames, dt], …], "replay": ["trace.json", …]}'
//
// A trace is read here (JSON.parse) and handed over event by event, as the page will.
import { readFileSync } from "node:fs";
import { loadKinetic } from "../../Sources/KineticPlayground/Page/js/wasm.js";

const [wasmPath, requestText] = process.argv.slice(2);
const kinetic = await loadKinetic(readFileSync(wasmPath));
const k = kinetic.exports;
const request = JSON.parse(requestText);
const hex = (value) => BigInt.asUintN(64, value).toString(16).padStart(16, "0");
const phases = { began: 0, moved: 1, stationary: 2, ended: 3, cancelled: 4 };

const result = { simulate: [], replay: [] };
for (const [scene, frames, dt] of request.simulate ?? []) {
  const start = performance.now();
  const digest = k.kinetic_simulate_digest(scene, frames, dt);
  result.simulate.push({ scene, frames, digest: hex(digest), ms: performance.now() - start });
}
for (const path of request.replay ?? []) {
  const trace = JSON.parse(readFileSync(path, "utf8"));
  const seed = BigInt(trace.seed ?? 0);
  const begun = kinetic.withText(trace.scene, (pointer, length) =>
    k.kinetic_replay_begin(pointer, length, Number(seed >> 32n), Number(seed & 0xffffffffn), trace.frameRate ?? 120));
  if (begun !== 0) { result.replay.push({ path, error: `begin: ${begun}` }); continue; }
  let refused = 0;
  for (const event of trace.events) {
    const [x, y] = event.location;
    if (k.kinetic_replay_touch(event.id, phases[event.phase] ?? -1, x, y, event.timestamp) !== 0) refused += 1;
  }
  const start = performance.now();
  const digest = k.kinetic_replay_run(2);
  result.replay.push({ path, digest: hex(digest), refused, ms: performance.now() - start });
}
console.log(JSON.stringify(result));
