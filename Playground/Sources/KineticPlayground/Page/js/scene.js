// The page's one connection to the running scene, whatever carries it (a transport: the server's
// WebSocket, transport/socket.js, or the scene in the page). Messages out: `send` (touches,
// scene switches, parameters, recording and replay, debug, slow, focus, keys, the wheel).
// Messages in: hello, frame, trace, notice, announcement, feedback (PlaygroundMessage.swift).
// Here the state they carry is kept (the scene and its drawables, the frames' times, the
// touch-to-frame latency, announcements and haptics); the page's other parts subscribe with
// `on(type, handler)`, after that. Imports only below it: drawing.js, hud.js, state.js.
//
// A transport is { start(receive, closed), send(message), tick(now) }: `start` begins handing
// each received message object to `receive` and calls `closed(reason)` if it ends; `send` takes
// a message object; `tick(now)` runs on every animation frame (with its time stamp), before the
// frame counts and draws.
import { state } from "./state.js";
import { frameArrived } from "./drawing.js";
import { countReceived } from "./hud.js";

let transport = null;
const handlers = new Map();
/// When each touch (by its time stamp) was sent: the latency counts from there, since how long
/// the browser held the event before handing it to the page is the browser's, not ours.
const sentAt = new Map();

/// Connects the page to `transport` and starts it.
export function attach(next) {
  transport = next;
  transport.start(receive, (reason) => {
    state.connected = false;
    deliver({ type: "notice", message: "disconnected: " + reason + " — reload to reconnect" });
  });
}

/// Sends a message to the scene. A touch's time stamp (`t`) is noted first, for the latency of
/// the frame that answers it (a transport may answer before `send` returns).
export function send(message) {
  // A touch or a wheel at a place that is not a number goes nowhere (JSON has no NaN: the
  // server would read it as a malformed message and drop the page).
  const numbers = message.type === "touch" ? [message.x, message.y] : message.type === "wheel" ? [message.dx, message.dy] : [];
  if (!numbers.every(Number.isFinite)) {
    deliver({ type: "notice", message: message.type + " location must be finite" });
    return;
  }
  if (message.type === "touch") {
    sentAt.set(message.t, performance.now());
    if (state.latency.sent.length < 10000) state.latency.sent.push(message.t);
  }
  if (transport) transport.send(message);
}

/// Tells the page's parts something as a notice, as though the scene had (a transport that
/// could not start, say).
export function notify(text) {
  deliver({ type: "notice", message: text });
}

/// Called on every animation frame, with its time stamp.
export function tick(now) {
  if (transport) transport.tick(now);
}

/// Calls `handler(message)` for each message of `type` received, after the state it carries is
/// kept; handlers run in the order they subscribed.
export function on(type, handler) {
  if (!handlers.has(type)) handlers.set(type, []);
  handlers.get(type).push(handler);
}

function receive(message) {
  // A message says the scene is there (the HUD shows "connecting…" until the first).
  state.connected = true;
  switch (message.type) {
  case "hello":
    state.scene = message.scene;
    state.scenes = message.scenes;
    state.about = message.about;
    state.parameters = message.parameters || [];
    state.drawables.clear();
    state.overlay = null;
    state.keyboard = !!(message.about && message.about.keyboard);
    break;
  case "frame":
    receiveFrame(message);
    break;
  case "announcement":
    state.announcement = message.text;
    state.announcements.push(message.text);
    break;
  case "feedback":
    // UIKit's haptics as a short vibration, on phones that can (a coarse pointer: a finger).
    state.feedback += 1;
    if ("vibrate" in navigator && matchMedia("(pointer: coarse)").matches) {
      navigator.vibrate(10);
      state.vibrations += 1;
    }
    break;
  }
  deliver(message);
}

function deliver(message) {
  for (const handler of handlers.get(message.type) || []) handler(message);
}

function receiveFrame(message) {
  const now = performance.now();
  for (const id of message.removed) state.drawables.delete(id);
  for (const d of message.changed) state.drawables.set(d.id, d);
  if (message.overlay) state.overlay = message.overlay;
  state.frames += 1;
  state.time = message.time;
  state.engine = message.engineMicroseconds;
  const costs = state.stepMicroseconds[state.scene] || (state.stepMicroseconds[state.scene] = []);
  if (costs.length < 10000) costs.push(message.engineMicroseconds);
  countReceived(now);
  if (message.touchTime != null && sentAt.has(message.touchTime)) {
    const sent = sentAt.get(message.touchTime);
    state.latency.received.push(now - sent);
    const answer = [message.touchTime, state.animationFrames, message.time];
    if (state.latency.answers.length < 10000) state.latency.answers.push(answer);
    frameArrived(message, now, { sent, touch: message.touchTime });
    for (const t of sentAt.keys()) if (t <= message.touchTime) sentAt.delete(t);
  } else {
    frameArrived(message, now, null);
  }
}
