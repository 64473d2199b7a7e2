// Runs the differential test's cases in differential.wasm (Playground/Sources/KineticDifferential,
// built by Scripts/wasm) through the page's loader, and prints each case's digests, call by call,
// as one JSON object for KineticWebTests to compare with the native build:
//
//   node differential.mjs differential.wasm cases.json   # cases.json: ["hex bytes", …]
import { readFileSync } from "node:fs";
import { loadKinetic } from "../../Sources/KineticPlayground/Page/js/wasm.js";

const [wasmPath, casesPath] = process.argv.slice(2);
// The module logs what it refuses (the bad values are on purpose): to stderr, out of the JSON.
const kinetic = await loadKinetic(readFileSync(wasmPath), { log: { log: console.error, error: console.error } });
const k = kinetic.exports;
const cases = JSON.parse(readFileSync(casesPath, "utf8"));
const capacity = 1024;
const results = [];
for (const hex of cases) {
  const bytes = Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));
  const input = k.kinetic_alloc(Math.max(bytes.length, 1));
  const output = k.kinetic_alloc(capacity * 8);
  new Uint8Array(k.memory.buffer, input, bytes.length).set(bytes);
  const calls = k.kinetic_differential_run(input, bytes.length, output, capacity);
  const view = new DataView(k.memory.buffer);
  const digests = [];
  for (let i = 0; i < calls; i++) digests.push(view.getBigUint64(output + 8 * i, true).toString(16).padStart(16, "0"));
  k.kinetic_free(input);
  k.kinetic_free(output);
  results.push(digests);
}
console.log(JSON.stringify(results));
