// Loads Kinetic's WebAssembly module (kinetic.wasm, built by Scripts/wasm) in a page or in node,
// with the few WASI calls its C library makes answered here: the monotonic clock (the page's
// performance.now()), random bytes (crypto.getRandomValues), and writes to standard output and
// error (console, a line at a time). Nothing else is imported.
//
//   const kinetic = await loadKinetic(bytesOrResponse);
//   kinetic.exports.kinetic_simulate_digest(…)
//   kinetic.withText("drag", (pointer, length) => …)
//   handOverTrace(kinetic, trace)   // a parsed trace file, for kinetic_replay_run or _session_replay

const ERRNO_SUCCESS = 0;
const ERRNO_BADF = 8;
const ERRNO_INVAL = 28;

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
  let memory = null;
  const pending = { 1: "", 2: "" };
  const view = () => new DataView(memory.buffer);
  const wasi = {
    clock_time_get(id, precision, out) {
      // Clock 0 is the wall clock, 1 the monotonic one; both in nanoseconds, as a u64.
      const ms = id === 0 ? Date.now() : performance.now();
      view().setBigUint64(out, BigInt(Math.round(ms * 1e6)), true);
      return ERRNO_SUCCESS;
    },
    random_get(pointer, length) {
      const bytes = new Uint8Array(memory.buffer, pointer, length);
      for (let i = 0; i < length; i += 65536) crypto.getRandomValues(bytes.subarray(i, i + 65536));
      return ERRNO_SUCCESS;
    },
    fd_write(fd, iovs, count, written) {
      if (fd !== 1 && fd !== 2) return ERRNO_BADF;
      let total = 0;
      const decoder = new TextDecoder();
      for (let i = 0; i < count; i++) {
        const base = view().getUint32(iovs + 8 * i, true), length = view().getUint32(iovs + 8 * i + 4, true);
        pending[fd] += decoder.decode(new Uint8Array(memory.buffer, base, length));
        total += length;
      }
      let newline;
      while ((newline = pending[fd].indexOf("\n")) >= 0) {
        (fd === 1 ? log.log : log.error).call(log, pending[fd].slice(0, newline));
        pending[fd] = pending[fd].slice(newline + 1);
      }
      view().setUint32(written, total, true);
      return ERRNO_SUCCESS;
    },
    fd_close: () => ERRNO_BADF,
    fd_seek: () => ERRNO_BADF,
    fd_fdstat_get: () => ERRNO_BADF,
    proc_exit(code) { throw new Error(`kinetic.wasm exited with ${code}`); },
  };
  // Any other WASI call is answered "invalid" rather than failing the instantiation.
  const imports = new Proxy(wasi, { get: (target, name) => target[name] ?? (() => ERRNO_INVAL) });
  const importObject = { wasi_snapshot_preview1: imports };
  // A compiled module gives an instance; bytes and a response give { module, instance }.
  const instance = source instanceof WebAssembly.Module
    ? await WebAssembly.instantiate(source, importObject)
    : (source instanceof Response
      ? await WebAssembly.instantiateStreaming(source, importObject)
      : await WebAssembly.instantiate(source, importObject)).instance;
  memory = instance.exports.memory;
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
