// The controls around the canvas: the scene switcher, what the scene is, its parameters (with
// their values and units), recording and replay with its timeline, slow animations, touch
// indicators, the debug overlay and the code view; and the scene's notices. They follow the
// scene's hello (a scene switched, a replay begun), its traces and its notices.
import { state } from "./state.js";
import { parseTrace } from "./wasm.js";
import { invalidate, resetMotion } from "./drawing.js";
import { on, send } from "./scene.js";

const $ = (id) => document.getElementById(id);

function showNotice(text) { $("notice").textContent = text; }

function toggle(button, on) { button.classList.toggle("on", on); }

function sceneChanged() {
  resetMotion();
  showNotice("");
  const holder = $("scenes");
  holder.innerHTML = "";
  state.scenes.forEach((name, index) => {
    const button = document.createElement("button");
    button.textContent = name[0].toUpperCase() + name.slice(1);
    button.id = "scene-" + name;
    button.title = `${button.textContent} (${index + 1})`;
    toggle(button, name === state.scene);
    button.onclick = () => switchScene(name);
    holder.appendChild(button);
  });
  const about = state.about || { title: state.scene, origin: "", hint: "" };
  $("about-title").textContent = about.title + ".";
  $("about-origin").textContent = about.origin + ".";
  $("about-hint").textContent = about.hint;
  $("about").title = about.origin + ". " + about.hint;
  renderParameters(state.parameters);
  $("timeline").hidden = !state.replay;
}

function switchScene(name) {
  state.replay = null;
  pendingReplay = null;
  send({ type: "scene", name });
}

// A control per scene parameter: sliders with their value and unit (the sandbox's gravity,
// elasticity and field), switches (the scroll scene's paging).
function renderParameters(parameters) {
  const holder = $("controls");
  holder.innerHTML = "";
  for (const p of parameters) {
    const label = document.createElement("label");
    label.textContent = p.name;
    const input = document.createElement("input");
    input.id = "parameter-" + p.name;
    label.appendChild(input);
    if (p.isSwitch) {
      Object.assign(input, { type: "checkbox", checked: p.value === 1 });
      input.onchange = () => send({ type: "parameter", name: p.name, value: input.checked ? 1 : 0 });
    } else {
      Object.assign(input, { type: "range", min: p.minimum, max: p.maximum, step: (p.maximum - p.minimum) / 100, value: p.value });
      const value = document.createElement("output");
      const show = () => { value.textContent = Number(input.value).toFixed(2) + (p.unit ? " " + p.unit : ""); };
      show();
      input.oninput = () => { show(); send({ type: "parameter", name: p.name, value: Number(input.value) }); };
      label.appendChild(value);
    }
    holder.appendChild(label);
  }
}

// Recording downloads the trace and keeps it for Replay; a loaded file replays too.
function record() {
  state.recording = !state.recording;
  const button = $("record");
  toggle(button, state.recording);
  button.textContent = state.recording ? "■ Stop" : "● Record";
  send({ type: "record", on: state.recording });
}

function traceReceived(trace) {
  state.lastTrace = trace;
  $("replay").disabled = false;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([JSON.stringify(trace)], { type: "application/json" }));
  link.download = "kinetic-" + trace.scene + ".json";
  link.click();
}

// A replay asked for and not answered yet. The page takes it on (state.replay, the timeline)
// only when the scene answers with the hello that starts it; a notice (the trace refused: an
// unknown scene, times going back, one too long, or the connection gone) drops it, and the
// replay running before, if any, goes on.
let pendingReplay = null;

function replay(trace) {
  pendingReplay = { trace, duration: replayDuration(trace), paused: false };
  send({ type: "replay", trace });
}

/// How long a trace's timeline is: to its last event, and two seconds more to come to rest.
/// Throws for what is not a trace (no list of events).
function replayDuration(trace) {
  if (trace === null || typeof trace !== "object" || !Array.isArray(trace.events)) {
    throw new Error("it has no list of events");
  }
  const last = trace.events.length ? trace.events[trace.events.length - 1].timestamp : 0;
  return last + 2;
}

function hello() {
  if (pendingReplay) {
    state.replay = pendingReplay;
    pendingReplay = null;
    $("timeline-scrub").max = state.replay.duration;
    $("timeline-play").textContent = "⏸";
  }
  sceneChanged();
}

function notice(message) {
  pendingReplay = null;
  showNotice(message.message);
}

// The timeline: pause, step a frame either way, scrub; each run is deterministic, so any time
// can be reached again.
function replayControl(action, time) {
  if (!state.replay) return;
  state.replay.paused = action !== "play";
  $("timeline-play").textContent = state.replay.paused ? "▶" : "⏸";
  send(time == null ? { type: "replay-control", action } : { type: "replay-control", action, time });
}
const togglePlay = () => replayControl(state.replay && state.replay.paused ? "play" : "pause");
const stepBack = () => replayControl("seek", Math.max(0, state.time - 1 / 120));
const stepOn = () => replayControl("step");

/// Keeps the timeline beside the replay's time.
export function updateTimeline() {
  if (!state.replay) return;
  const scrub = $("timeline-scrub");
  if (document.activeElement !== scrub) scrub.value = state.time;
  $("timeline-time").textContent = state.time.toFixed(2) + " s";
}

function flip(key, buttonId, message) {
  state[key] = !state[key];
  invalidate();
  toggle($(buttonId), state[key]);
  if (message) send(message(state[key]));
}

const debug = () => {
  state.overlay = null;
  flip("debug", "debug", (on) => ({ type: "debug", on }));
  document.body.classList.toggle("debug", state.debug);
};
const slow = () => flip("slow", "slow", (on) => ({ type: "slow", on }));
const touches = () => flip("showTouches", "touches");

// The code view: the Swift files that build the scene, read by the server from the repository.
async function showCode() {
  const dialog = $("code-view");
  const files = await (await fetch("code/" + state.scene)).json();
  const tabs = $("code-files");
  tabs.innerHTML = "";
  const open = (file, button) => {
    $("code-text").textContent = file.text;
    for (const b of tabs.children) toggle(b, b === button);
  };
  files.forEach((file, index) => {
    const button = document.createElement("button");
    button.textContent = file.path.split("/").pop();
    button.title = file.path;
    button.onclick = () => open(file, button);
    tabs.appendChild(button);
    if (index === 0) open(file, button);
  });
  dialog.showModal();
}

export function installControls() {
  on("hello", hello);
  on("trace", (message) => traceReceived(message.trace));
  on("notice", notice);
  $("record").onclick = record;
  $("replay").onclick = () => state.lastTrace && replay(state.lastTrace);
  $("load").onclick = (event) => { if (event.target.id !== "file") $("file").click(); };
  $("file").onchange = async (event) => {
    const file = event.target.files[0];
    if (!file) return;
    // A file that is not a trace (not JSON, cut short, a number out of range, no events)
    // changes nothing but the notice; the same file can be picked again.
    event.target.value = "";
    try { replay(parseTrace(await file.text())); }
    catch (error) { showNotice("not a trace: " + error.message); }
  };
  $("debug").onclick = debug;
  $("slow").onclick = slow;
  $("touches").onclick = touches;
  $("code").onclick = showCode;
  $("more").onclick = () => $("tools").classList.toggle("open");
  $("timeline-play").onclick = togglePlay;
  $("timeline-back").onclick = stepBack;
  $("timeline-step").onclick = stepOn;
  $("timeline-scrub").oninput = (event) => replayControl("seek", Number(event.target.value));
  const shortcuts = {
    d: debug, D: debug, s: slow, S: slow, t: touches, T: touches, r: record, R: record, c: showCode, C: showCode,
    Space: togglePlay, ArrowLeft: stepBack, ArrowRight: stepOn,
  };
  for (let i = 1; i <= 9; i++) shortcuts[String(i)] = () => state.scenes[i - 1] && switchScene(state.scenes[i - 1]);
  return shortcuts;
}
