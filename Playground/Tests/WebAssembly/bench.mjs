// `kinetic bench`'s scenes in the WebAssembly module, in node: the mean µs per frame of each run
// (the module's kinetic_bench times each frame as the native command does) and the
// median-of-runs mean, in the native command's words, for Scripts/bench-web to set side by side.
//
//   node bench.mjs harness.wasm SCENE COUNT [runs=5] [frames=600]
//
// SCENE is `kinetic bench`'s name for it (pile, seed-drag, …); the module's kinetic_bench takes
// its index in SceneName.allCases, in this order (the scripts name scenes, so the order is
// written here only).
import { readFileSync } from "node:fs";
import { loadKinetic } from "../../Sources/KineticPlayground/Page/js/wasm.js";

const sceneNames = ["fall", "pendulum", "spring", "snap", "push", "pile", "seed-drag", "springy", "scroll", "reorder"];
const [wasmPath, scene, count, runs = "5", frames = "600"] = process.argv.slice(2);
const sceneIndex = sceneNames.indexOf(scene);
if (sceneIndex < 0) { console.error(`bench.mjs: unknown scene ${scene} (one of ${sceneNames.join(", ")})`); process.exit(2); }
const kinetic = await loadKinetic(readFileSync(wasmPath));
const means = [];
for (let run = 0; run < Number(runs); run++) {
  const mean = kinetic.exports.kinetic_bench(sceneIndex, Number(count), Number(frames), 1 / 120);
  if (mean < 0) { console.error("bench.mjs: the module refused the scene or its count"); process.exit(2); }
  console.log(`run ${run}: mean ${mean.toFixed(1)} us/frame`);
  means.push(mean);
}
means.sort((a, b) => a - b);
console.log(`wasm: median-of-runs mean ${means[Math.floor(means.length / 2)].toFixed(1)} us/frame, best mean ${means[0].toFixed(1)}`);
