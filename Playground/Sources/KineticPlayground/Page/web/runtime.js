// The module kinetic.js loads, and what its parts share: the module's exports and scratch
// memory, the checks of arguments and answers, and the animation frames. Internal: pages import
// kinetic.js.
import { instantiate } from "./wasi.js";

export let k = null; // the module's exports, once loaded
let scratch = null; // its eight scratch doubles

/**
 * Loads the module (`kinetic.wasm` beside this file unless `source` says otherwise: a URL, a
 * Response, bytes or a compiled WebAssembly.Module). Call once, before anything else; later calls
 * return the same promise.
 */
let loading = null;
export function load(source = new URL("kinetic.wasm", import.meta.url), { log = console } = {}) {
  loading ??= (async () => {
    const input = source instanceof URL || typeof source === "string" ? fetch(source) : source;
    const instance = await instantiate(await input, { log });
    k = instance.exports;
  })();
  return loading;
}

export function module() {
  if (k === null) throw new Error("Kinetic is not loaded: await load() first");
  return k;
}

export function doubles() {
  // The memory may grow (and its buffer be replaced) at any call.
  if (scratch === null || scratch.buffer !== k.memory.buffer) {
    scratch = new Float64Array(k.memory.buffer, k.kinetic_scratch(), 8);
  }
  return scratch;
}

// MARK: Arguments

export function number(name, value) {
  if (typeof value !== "number") throw new TypeError(`${name} must be a number, not ${typeof value}`);
  if (!Number.isFinite(value)) throw new RangeError(`${name} must be finite, not ${value}`);
  return value;
}

export function nonNegative(name, value) {
  if (number(name, value) < 0) throw new RangeError(`${name} must not be negative, not ${value}`);
  return value;
}

export function point(name, value) {
  if (value === null || typeof value !== "object") throw new TypeError(`${name} must be a point {x, y}`);
  return { x: number(`${name}.x`, value.x), y: number(`${name}.y`, value.y) };
}

export function vector(name, value) {
  if (value === null || typeof value !== "object") throw new TypeError(`${name} must be a vector {dx, dy}`);
  return { dx: number(`${name}.dx`, value.dx), dy: number(`${name}.dy`, value.dy) };
}

export function element(name, value) {
  if (typeof Element === "undefined" ? value?.nodeType !== 1 : !(value instanceof Element)) {
    throw new TypeError(`${name} must be an element`);
  }
  return value;
}

export function elements(name, value) {
  if (!Array.isArray(value)) throw new TypeError(`${name} must be an array of elements`);
  return value.map((item, index) => element(`${name}[${index}]`, item));
}

/** Throws for a negative answer of the module (BindingError), naming what it was about. */
export function check(answer, what) {
  switch (answer) {
  case -1: throw new TypeError(`${what[0] ?? "the object"} has been destroyed`);
  case -2: throw new TypeError(`${what[1] ?? "the other object"} has been destroyed`);
  case -3: throw new TypeError(`${what[0] ?? "the behavior"} has no such property`);
  case -4: throw new RangeError(`a value for ${what[0] ?? "the call"} is out of range`);
  case -5: throw new TypeError(`${what[2] ?? "the call does not apply"}`);
  case -6: throw new RangeError("no more handles");
  case -7: throw emptyItem(what[3] ?? "an item");
  default: return answer;
  }
}

/**
 * The error for an item with no size joining an animator (the module's answer -7): an element
 * not laid out has a zero box, and UIKit traps on an item of zero size ("Invalid size {0, 0} for
 * item … in Dynamics").
 */
export function emptyItem(name) {
  return new RangeError(`${name} has a zero-sized box (display: none, or not laid out): an item needs a width and ` +
    "height above 0 to join an animator, as in UIKit");
}

/**
 * What runs at animation frames: each callback is given the frame's time (the page's clock, in
 * milliseconds) and the time since the last frame in seconds, at most 1/20 s (a tab hidden for a
 * minute goes on where it was); it answers whether it wants the next frame.
 */
const running = new Map();
let frameRequested = false;
let lastFrame = null;

/** Calls `callback(now, dt)` at each animation frame until it answers false; `key` names it. */
export function requestFrames(key, callback) {
  running.set(key, callback);
  if (frameRequested || typeof requestAnimationFrame === "undefined") return;
  frameRequested = true;
  requestAnimationFrame(frame);
}

/** Stops calling `key`'s callback. */
export function cancelFrames(key) {
  running.delete(key);
}

function frame(now) {
  frameRequested = false;
  const dt = lastFrame === null ? 1 / 60 : Math.min(Math.max((now - lastFrame) / 1000, 0), 0.05);
  lastFrame = now;
  for (const [key, callback] of [...running]) {
    if (!callback(now, dt)) running.delete(key);
  }
  if (running.size > 0) {
    frameRequested = true;
    requestAnimationFrame(frame);
  } else {
    lastFrame = null;
  }
}
