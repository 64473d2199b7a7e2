// Runs a module in node through the page's own loader (Page/js/wasm.js) and prints, as one
// JSON object, what the module gives, for KineticWebTests to compare with the native build:
//
//   node digests.mjs harness.wasm '{"simulate": [[scene, frames, dt], …], "replay": ["trace.json", …],
//                                   "session": ["trace.json", …]}'
//
// `simulate` and `replay` give the digest functions' answers (harness.wasm has both; the page's
// kinetic.wasm has the replay's and the session, not the simulation's). `session` plays each trace through
// the page's session (kinetic_session_…, the calls the page makes: open the trace's scene, hand
// the trace over, replay it, then tick at 120 Hz to two seconds past its last event) and gives
// everything the session answered, as the text the page reads, with the engine's measured time
// (the one thing that is the machine's, not the scene's) written as 0.
// A trace is read here as the page reads a file (parseTrace) and handed over as the page does
// (handOverTrace).
import { readFileSync } from "node:fs";
import { handOverTrace, loadKinetic, parseTrace } from "../../Sources/KineticPlayground/Page/js/wasm.js";

const [wasmPath, requestText] = process.argv.slice(2);
const kinetic = await loadKinetic(readFileSync(wasmPath));
const k = kinetic.exports;
const request = JSON.parse(requestText);
const hex = (value) => BigInt.asUintN(64, value).toString(16).padStart(16, "0");

/** The session's answers since the last take, as text. */
function take() {
  const length = k.kinetic_session_take();
  return new TextDecoder().decode(new Uint8Array(k.memory.buffer, k.kinetic_session_taken(), length));
}
const unmeasured = (text) => text.replace(/"engineMicroseconds":[^,}]*/g, '"engineMicroseconds":0');

const result = { simulate: [], replay: [], session: [] };
for (const [scene, frames, dt] of request.simulate ?? []) {
  const start = performance.now();
  const digest = k.kinetic_simulate_digest(scene, frames, dt);
  result.simulate.push({ scene, frames, digest: hex(digest), ms: performance.now() - start });
}
for (const path of request.replay ?? []) {
  const trace = parseTrace(readFileSync(path, "utf8"));
  const refusal = handOverTrace(kinetic, trace);
  if (refusal) { result.replay.push({ path, error: refusal }); continue; }
  const start = performance.now();
  const digest = k.kinetic_replay_run(2);
  result.replay.push({ path, digest: hex(digest), refused: 0, ms: performance.now() - start });
}
for (const path of request.session ?? []) {
  const trace = parseTrace(readFileSync(path, "utf8"));
  const texts = [];
  kinetic.withText(trace.scene, (pointer, length) => k.kinetic_session_open(pointer, length, 0, 1));
  texts.push(take());
  const refusal = handOverTrace(kinetic, trace);
  if (refusal) { result.session.push({ path, error: refusal }); continue; }
  k.kinetic_session_replay(0);
  texts.push(take());
  const last = trace.events.length ? trace.events[trace.events.length - 1].timestamp : 0;
  const frames = Math.ceil((last + 2) * 120);
  const start = performance.now();
  for (let frame = 1; frame <= frames; frame++) {
    k.kinetic_session_tick(frame / 120);
    texts.push(take());
  }
  const ms = performance.now() - start;
  k.kinetic_session_close();
  result.session.push({ path, frames, text: unmeasured(texts.join("\n")), ms });
}
console.log(JSON.stringify(result));
