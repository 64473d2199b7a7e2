// Input: pointers (mouse, touch, pen: each pointer is a finger), the wheel, and keyboard
// shortcuts.
import { state, VIEW } from "./state.js";
import { send } from "./connection.js";
import { invalidate } from "./drawing.js";

const canvas = document.getElementById("canvas");
/// The fingers down, in view points, for the touch indicators.
export const touchPoints = new Map();
/// When each touch (by its time stamp) was sent: the latency counts from there, since how long
/// the browser held the event before handing it to the page is the browser's, not ours.
export const sentAt = new Map();

function viewPoint(event) {
  const rect = canvas.getBoundingClientRect();
  return { x: (event.clientX - rect.left) / state.scale, y: (event.clientY - rect.top) / state.scale };
}

function pointer(phase) {
  return (event) => {
    if (phase === "began") { touchPoints.set(event.pointerId, viewPoint(event)); canvas.setPointerCapture(event.pointerId); }
    else if (!touchPoints.has(event.pointerId)) return;
    const p = viewPoint(event);
    if (phase === "ended" || phase === "cancelled") touchPoints.delete(event.pointerId);
    else touchPoints.set(event.pointerId, p);
    if (state.showTouches) invalidate();
    // The event's own time, so the server's velocities do not depend on network delays (and
    // the frame that answers it carries it back, for the latency figure).
    send({ type: "touch", id: event.pointerId, phase, x: p.x, y: p.y, t: event.timeStamp });
    sentAt.set(event.timeStamp, performance.now());
    event.preventDefault();
  };
}

export function installInput(shortcuts) {
  canvas.addEventListener("pointerdown", pointer("began"));
  canvas.addEventListener("pointermove", pointer("moved"));
  canvas.addEventListener("pointerup", pointer("ended"));
  canvas.addEventListener("pointercancel", pointer("cancelled"));
  // The wheel (and a trackpad, whose momentum arrives as more wheel events) scrolls by its
  // deltas in view points: lines (deltaMode 1) count 40 pt, pages (2) a view's height.
  canvas.addEventListener("wheel", (event) => {
    const unit = event.deltaMode === 1 ? 40 : event.deltaMode === 2 ? VIEW.height : 1 / state.scale;
    send({ type: "wheel", dx: event.deltaX * unit, dy: event.deltaY * unit });
    event.preventDefault();
  }, { passive: false });
  document.addEventListener("keydown", (event) => {
    if (event.metaKey || event.ctrlKey || event.altKey || event.target.matches("input, textarea")) return;
    const action = shortcuts[event.key] || shortcuts[event.code];
    if (action) { action(); event.preventDefault(); }
  });
}
