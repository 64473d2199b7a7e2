// The HUD in the canvas's corner: frames drawn and received per second, the engine's time per
// frame (measured on the server), and the touch-to-frame latency.
import { state } from "./state.js";

let received = 0, drawn = 0, windowStart = performance.now();

export function countReceived() { received += 1; }

/// Counts an animation frame (and whether it drew); twice a second, updates the figures.
export function countFrame(now, drew) {
  if (drew) drawn += 1;
  if (now - windowStart < 500) return;
  const seconds = (now - windowStart) / 1000;
  state.fps = drawn / seconds;
  state.receivedFps = received / seconds;
  drawn = received = 0;
  windowStart = now;
  const hud = document.getElementById("hud");
  if (!state.connected) return;
  const recent = state.latency.drawn.slice(-60);
  const latency = recent.length ? percentile(recent, 0.5).toFixed(1) + " ms" : "–";
  hud.textContent =
    `drawn ${state.fps.toFixed(0).padStart(3)} fps · received ${state.receivedFps.toFixed(0).padStart(3)} fps\n` +
    `engine ${state.engine.toFixed(0).padStart(4)} µs · touch→frame ${latency}` + (state.slow ? "\nslow animations" : "");
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}
