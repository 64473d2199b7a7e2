// Loads Kinetic's WebAssembly module (kinetic.wasm, built by Scripts/wasm) in a page or in node,
// with the few WASI calls its C library makes answered here: the monotonic clock (the page's
// performance.now()), random bytes (crypto.getRandomValues), and writes to standard output and
// error (console, a line at a time). Nothing else is imported.
//
//   const kinetic = await loadKinetic(bytesOrResponse);
//   kinetic.exports.kinetic_simulate_digest(…)
//   kinetic.withText("drag", (pointer, length) => …)

const ERRNO_SUCCESS = 0;
const ERRNO_BADF = 8;
const ERRNO_INVAL = 28;

/** Instantiates the module from its bytes (an ArrayBuffer or typed array) or a fetch Response. */
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
  const { instance } = source instanceof Response
    ? await WebAssembly.instantiateStreaming(source, { wasi_snapshot_preview1: imports })
    : await WebAssembly.instantiate(source, { wasi_snapshot_preview1: imports });
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
