// Loads the playground's WebAssembly module (kinetic.wasm, built by Scripts/wasm) in a page or
// in node (its few WASI calls answered by web/wasi.js, which kinetic.js shares), and hands traces
// to it.
//
//   const kinetic = await loadKinetic(bytesOrResponse);
//   kinetic.exports.kinetic_simulate_digest(…)
//   kinetic.withText("drag", (pointer, length) => …)
//   handOverTrace(kinetic, trace)   // a parsed trace file, for kinetic_replay_run or _session_replay

import { instantiate } from "../web/wasi.js";

/** A touch's phase as the module's functions number it. */
export const PHASES = { began: 0, moved: 1, stationary: 2, ended: 3, cancelled: 4 };

/**
 * Hands a trace (a parsed trace file: `{version, scene, seed, frameRate, events}`) to the module
 * event by event (`kinetic_replay_begin`, `kinetic_replay_touch`), for `kinetic_replay_run` or
 * `kinetic_session_replay` to play. The seed goes over as two 32-bit halves: `seed` may be a
 * BigInt (read from the file's digits) or a safe integer. Returns null, or why the trace is
 * refused; the module checks everything about a trace it can (scene, frame rate, each event),
 * this only what cannot cross as numbers.
 */
export function handOverTrace(kinetic, trace) {
  const k = kinetic.exports;
  k.kinetic_replay_cancel();
  if (trace === null || typeof trace !== "object" || Array.isArray(trace)) return "a trace is a JSON object";
  if ((trace.version ?? 1) !== 1) return `unsupported trace version ${trace.version} (this page reads version 1)`;
  if (typeof trace.scene !== "string") return "the trace names no scene";
  const seedValue = trace.seed ?? 0;
  if (typeof seedValue !== "bigint" && !Number.isSafeInteger(seedValue)) return "the seed is not a whole number this page can read exactly";
  const seed = BigInt(seedValue);
  if (seed < 0n || seed >= 1n << 64n) return "the seed is not a 64-bit unsigned number";
  const frameRate = trace.frameRate ?? 120;
  if (typeof frameRate !== "number") return "the frame rate is not a number";
  const begun = kinetic.withText(trace.scene, (pointer, length) =>
    k.kinetic_replay_begin(pointer, length, Number(seed >> 32n), Number(seed & 0xffffffffn), frameRate));
  if (begun === 1) return `unknown scene ${JSON.stringify(trace.scene.slice(0, 40))}`;
  if (begun !== 0) return `invalid frame rate ${frameRate}: it must be finite, positive and at most 1000 Hz`;
  if (!Array.isArray(trace.events)) { k.kinetic_replay_cancel(); return "the trace has no events list"; }
  for (const [index, event] of trace.events.entries()) {
    const location = event && event.location;
    const fine = event && Number.isInteger(event.id) && Math.abs(event.id) < 2 ** 31 && event.phase in PHASES &&
      Array.isArray(location) && location.length === 2 && location.every((v) => typeof v === "number") &&
      typeof event.timestamp === "number" &&
      k.kinetic_replay_touch(event.id, PHASES[event.phase], location[0], location[1], event.timestamp) === 0;
    if (!fine) {
      k.kinetic_replay_cancel();
      return `event ${index} is not a touch, has a non-finite location or timestamp, goes back in time, or comes after 3600 s`;
    }
  }
  return null;
}

/**
 * Reads a trace file's text as JSON, the seed's digits kept exactly (a BigInt where the page's
 * numbers would round it, in browsers that give a reviver the source text). Throws for text that
 * is not JSON (SyntaxError) or holds a number beyond a double's range.
 */
export function parseTrace(text) {
  return JSON.parse(text, function (key, value, context) {
    // A number beyond a double's range (1e999) reads as Infinity: no trace holds one.
    if (typeof value === "number" && !Number.isFinite(value)) throw new Error(`${key} is not a finite number`);
    if (key === "seed" && context && typeof context.source === "string" && /^\d+$/.test(context.source) &&
      !Number.isSafeInteger(value)) {
      return BigInt(context.source);
    }
    return value;
  });
}

/**
 * Instantiates the module from its bytes (an ArrayBuffer or typed array), a fetch Response, or
 * a compiled WebAssembly.Module (each call a fresh instance with memory of its own).
 */
export async function loadKinetic(source, { log = console } = {}) {
  const instance = await instantiate(source, { log });
  const memory = instance.exports.memory;
  const exports = instance.exports;
  return {
    exports,
    /** Calls `body(pointer, length)` with `text`'s UTF-8 bytes in the module's memory. */
    withText(text, body) {
      const bytes = new TextEncoder().encode(text);
      const pointer = exports.kinetic_alloc(bytes.length);
      new Uint8Array(memory.buffer, pointer, bytes.length).set(bytes);
      try { return body(pointer, bytes.length); } finally { exports.kinetic_free(pointer); }
    },
  };
}
