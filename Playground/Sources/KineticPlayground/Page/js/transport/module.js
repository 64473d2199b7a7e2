// The scenes running in the page: a transport (see scene.js) that runs the playground's session
// (KineticScenes' SceneSession, the Swift code the server runs) in Kinetic's WebAssembly module,
// kinetic.wasm beside the page. Each message the page would send the server becomes one call of
// the module's (kinetic_session_…); the scene steps at every animation frame on the page's own
// clock; what the session answers comes back as the server's messages, one JSON array per call.
//
// The page's clock: performance.now() from the session's start, less the time the tab was hidden
// (a hidden tab draws no frames; shown again, the scene goes on from where it was instead of
// stepping through the minute it missed). Touch time stamps are on the same clock.
//
// A trap inside the module (a Swift precondition: a bug) ends that instance, whose memory may be
// half-changed: the page is told with the scene and its time, and the scene restarts in a fresh
// instance of the same compiled module.
import { handOverTrace, loadKinetic, PHASES } from "../wasm.js";

const ACTIONS = { pause: 0, play: 1, step: 2, seek: 3 };

/** Why the module cannot load here, in words a person can act on; null if it can. */
export function unsupportedReason() {
  if (typeof WebAssembly !== "object") return "this browser has no WebAssembly: use a current Chrome, Edge, Firefox or Safari";
  // The smallest module using a SIMD instruction (i32x4.splat): browsers without WebAssembly
  // SIMD (Safari before 16.4, Chrome before 91, Firefox before 89) refuse it.
  const simd = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 8, 1, 6, 0, 65, 0, 253, 17, 11]);
  if (!WebAssembly.validate(simd)) return "this browser has no WebAssembly SIMD: update it (Safari 16.4, Chrome 91, Firefox 89 or later)";
  return null;
}

/**
 * Loads the module from `url` and returns the transport, or throws an Error whose message says
 * what went wrong and what to do.
 */
export async function moduleTransport(url, { scene = "drag", seed = 1n } = {}) {
  const reason = unsupportedReason();
  if (reason) throw new Error(reason);
  let response;
  try { response = await fetch(url); } catch (error) { throw new Error(`could not fetch ${url}: ${error.message}`); }
  if (!response.ok) throw new Error(`could not load ${url} (HTTP ${response.status}): build it with Scripts/wasm`);
  const compiled = await WebAssembly.compile(await response.arrayBuffer());
  return new ModuleTransport(compiled, scene, BigInt(seed));
}

class ModuleTransport {
  constructor(compiled, scene, seed) {
    this.compiled = compiled;
    this.scene = scene;
    this.seed = seed;
    this.origin = performance.now();
    this.hiddenSince = null;
    this.hidden = 0;
    this.kinetic = null;
    this.receive = () => {};
    this.closed = () => {};
    this.wake = 0;
    this.restarts = 0;
    document.addEventListener("visibilitychange", () => {
      const now = performance.now();
      if (document.hidden) this.hiddenSince = now;
      else if (this.hiddenSince != null) { this.hidden += now - this.hiddenSince; this.hiddenSince = null; }
    });
  }

  /** The page's clock in seconds (see above). */
  clock(ms = performance.now()) { return (ms - this.origin - this.hidden) / 1000; }

  async start(receive, closed) {
    this.receive = receive;
    this.closed = closed;
    await this.open();
  }

  /** A fresh instance with a session in the current scene. */
  async open() {
    this.kinetic = await loadKinetic(this.compiled);
    const seed = this.seed;
    const status = this.kinetic.withText(this.scene, (pointer, length) =>
      this.kinetic.exports.kinetic_session_open(pointer, length, Number(seed >> 32n), Number(seed & 0xffffffffn)));
    if (status !== 0) {  // not a scene of this module: the first one instead
      this.scene = "drag";
      this.kinetic.withText(this.scene, (p, n) => this.kinetic.exports.kinetic_session_open(p, n, 0, 1));
    }
    this.wake = 0;
    this.flush();
  }

  /** Runs `body` on the module's exports; a trap restarts the scene and tells the page. */
  call(body) {
    if (!this.kinetic) return;
    try {
      body(this.kinetic.exports, this.kinetic);
      this.flush();
    } catch (error) {
      if (!(error instanceof WebAssembly.RuntimeError)) throw error;
      const at = this.lastTime != null ? this.lastTime.toFixed(2) + " s" : "the start";
      const scene = this.scene;
      this.kinetic = null;
      this.restarts += 1;
      this.open().then(() => this.receive({
        type: "notice",
        message: `the ${scene} scene stopped on an error in the module (${error.message}) at ${at}; it restarted`,
      }));
    }
  }

  /** Hands what the session answered to the page. */
  flush() {
    const k = this.kinetic.exports;
    const length = k.kinetic_session_take();
    if (length <= 2) return;
    const text = new TextDecoder().decode(new Uint8Array(this.kinetic.exports.memory.buffer, k.kinetic_session_taken(), length));
    for (const message of JSON.parse(text)) {
      if (message.type === "hello") this.scene = message.scene;
      if (message.type === "frame") this.lastTime = message.time;
      this.wake = 0;
      this.receive(message);
    }
  }

  send(message) {
    const time = this.clock();
    this.wake = 0;
    this.call((k, kinetic) => {
      switch (message.type) {
      case "touch": {
        // The event's time stamp, on the page's clock less the hidden time as `time` is (ms).
        const stamp = typeof message.t === "number" ? message.t - this.hidden : NaN;
        k.kinetic_session_touch(message.id, PHASES[message.phase] ?? -1, message.x, message.y, stamp, time);
        break;
      }
      case "scene": kinetic.withText(String(message.name), (p, n) => k.kinetic_session_scene(p, n, time)); break;
      case "parameter":
        kinetic.withText(String(message.name), (p, n) => k.kinetic_session_parameter(p, n, Number(message.value), time));
        break;
      case "wheel": k.kinetic_session_wheel(Number(message.dx), Number(message.dy), time); break;
      case "record": k.kinetic_session_record(message.on ? 1 : 0, time); break;
      case "debug": k.kinetic_session_debug(message.on ? 1 : 0, time); break;
      case "slow": k.kinetic_session_slow(message.on ? 1 : 0, time); break;
      case "focus": k.kinetic_session_focus(message.on ? 1 : 0, time); break;
      case "key": kinetic.withText(String(message.code), (p, n) => k.kinetic_session_key(p, n, time)); break;
      case "replay": {
        const refusal = handOverTrace(kinetic, message.trace);
        if (refusal) this.receive({ type: "notice", message: "invalid trace: " + refusal });
        else k.kinetic_session_replay(time);
        break;
      }
      case "replay-control":
        k.kinetic_session_replay_control(ACTIONS[message.action] ?? -1, Number(message.time ?? 0), time);
        break;
      default:
        this.receive({ type: "notice", message: `unknown message type ${JSON.stringify(String(message.type))}` });
      }
    });
  }

  /** Steps the scene to the animation frame's time, unless it rests until later. */
  tick(now) {
    if (!this.kinetic || document.hidden) return;
    const time = this.clock(now);
    if (time < this.wake) return;
    this.call((k) => {
      k.kinetic_session_tick(time);
      this.wake = k.kinetic_session_next_wake();
    });
  }
}
