// Instantiates a Kinetic WebAssembly module (kinetic.wasm beside kinetic.js, or the playground's)
// in a page or in node, answering the few WASI calls its C library makes: the clocks (the
// page's Date.now() and performance.now()), random bytes (crypto.getRandomValues), and writes to
// standard output and error (the console, a line at a time). Any other WASI call is answered
// "invalid" rather than failing the instantiation.

const ERRNO_SUCCESS = 0;
const ERRNO_BADF = 8;
const ERRNO_INVAL = 28;

/**
 * The instance of `source`: its bytes (an ArrayBuffer or typed array), a fetch Response, or a
 * compiled WebAssembly.Module (each call a fresh instance with memory of its own). Log lines go
 * to `log.log` (standard output) and `log.error` (standard error).
 */
export async function instantiate(source, { log = console } = {}) {
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
    proc_exit(code) { throw new Error(`the Kinetic module exited with ${code}`); },
  };
  const imports = new Proxy(wasi, { get: (target, name) => target[name] ?? (() => ERRNO_INVAL) });
  const importObject = { wasi_snapshot_preview1: imports };
  // A compiled module gives an instance; bytes and a response give { module, instance }.
  const instance = source instanceof WebAssembly.Module
    ? await WebAssembly.instantiate(source, importObject)
    : (source instanceof Response
      ? await WebAssembly.instantiateStreaming(source, importObject)
      : await WebAssembly.instantiate(source, importObject)).instance;
  memory = instance.exports.memory;
  return instance;
}
