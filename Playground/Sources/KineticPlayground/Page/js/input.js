// Input: pointers (mouse, touch, pen: each pointer is a finger, so two fingers on a phone pinch
// and turn), the wheel (with Alt/Option, or a trackpad's pinch, which arrives as Ctrl and the
// wheel, two fingers pinch about the pointer; with Shift they turn), keyboard shortcuts, and the
// keys of a scene with keyboard control (tabbed into, the canvas sends them); and what the scene
// says back for a keyboard's user: its announcements, in the live region.
import { state, touchPoints, VIEW } from "./state.js";
import { invalidate } from "./drawing.js";
import { on, send } from "./scene.js";

const canvas = document.getElementById("canvas");

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
    // the frame that answers it carries it back, for the latency figure: scene.js notes when
    // each touch was sent).
    send({ type: "touch", id: event.pointerId, phase, x: p.x, y: p.y, t: event.timeStamp });
    event.preventDefault();
  };
}

// A mouse's two fingers: two touches mirrored about the point where the wheel first turned,
// their span scaled by the wheel with Alt (or Ctrl: a trackpad's pinch), their line turned by it
// with Shift; lifted when the key is let go or the wheel rests 300 ms. Their ids are above any
// pointer's the browser hands out.
const mouseFingers = { ids: [9001, 9002], down: false, center: { x: 0, y: 0 }, span: 120, angle: 0, timer: 0 };

function sendMouseFingers(phase, t) {
  const { center, span, angle } = mouseFingers;
  const dx = (Math.cos(angle) * span) / 2, dy = (Math.sin(angle) * span) / 2;
  const points = [{ x: center.x - dx, y: center.y - dy }, { x: center.x + dx, y: center.y + dy }];
  mouseFingers.ids.forEach((id, i) => {
    if (phase === "ended") touchPoints.delete(id); else touchPoints.set(id, points[i]);
    send({ type: "touch", id, phase, x: points[i].x, y: points[i].y, t });
  });
  if (state.showTouches) invalidate();
}

function liftMouseFingers(t) {
  if (!mouseFingers.down) return;
  clearTimeout(mouseFingers.timer);
  mouseFingers.down = false;
  sendMouseFingers("ended", t);
}

/// A wheel turned with Alt, Ctrl or Shift held pinches or turns; answers whether it did.
function pinchOrTurn(event) {
  const pinch = event.altKey || event.ctrlKey, turn = event.shiftKey && !pinch;
  if (!pinch && !turn) return false;
  const unit = event.deltaMode === 1 ? 40 : event.deltaMode === 2 ? VIEW.height : 1;
  // Shift turns a mouse's wheel sideways in some browsers: either axis will do.
  const delta = (event.deltaY || event.deltaX) * unit;
  if (!Number.isFinite(delta)) return true;
  if (!mouseFingers.down) {
    Object.assign(mouseFingers, { down: true, center: viewPoint(event), span: 120, angle: 0 });
    sendMouseFingers("began", event.timeStamp);
  }
  if (pinch) mouseFingers.span = Math.min(Math.max(mouseFingers.span * Math.exp(-delta * 0.004), 20), 700);
  else mouseFingers.angle += delta * 0.004;
  sendMouseFingers("moved", event.timeStamp);
  clearTimeout(mouseFingers.timer);
  mouseFingers.timer = setTimeout(() => liftMouseFingers(performance.now()), 300);
  return true;
}

// The keys a scene with keyboard control takes (by KeyboardEvent.code), and whether the server
// was told the scene has focus.
const SCENE_KEYS = new Set(["Space", "Enter", "NumpadEnter", "Escape", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"]);
let sceneFocused = false;

function focusScene(focused) {
  if (focused === sceneFocused) return;
  sceneFocused = focused;
  send({ type: "focus", on: focused });
}

/// A new scene: the canvas takes keyboard focus only if the scene has keyboard control.
function keyboardChanged() {
  canvas.tabIndex = state.keyboard ? 0 : -1;
  sceneFocused = false;
  document.getElementById("announcement").textContent = "";
  if (state.keyboard && document.activeElement === canvas && canvas.matches(":focus-visible")) focusScene(true);
}

export function installInput(shortcuts) {
  on("hello", keyboardChanged);
  // A keyboard reorder's steps, in the live region for screen readers.
  on("announcement", (message) => { document.getElementById("announcement").textContent = message.text; });
  // Tabbed into (not clicked: a finger needs no focus ring), the scene takes focus; its keys go
  // to the server and nowhere else on the page.
  canvas.addEventListener("focus", () => { if (state.keyboard && canvas.matches(":focus-visible")) focusScene(true); });
  canvas.addEventListener("blur", () => { if (state.keyboard) focusScene(false); });
  canvas.addEventListener("keydown", (event) => {
    if (!state.keyboard || event.metaKey || event.ctrlKey || event.altKey || !SCENE_KEYS.has(event.code)) return;
    focusScene(true);
    send({ type: "key", code: event.code });
    event.preventDefault();
    event.stopPropagation();
  });
  canvas.addEventListener("pointerdown", pointer("began"));
  canvas.addEventListener("pointermove", pointer("moved"));
  canvas.addEventListener("pointerup", pointer("ended"));
  canvas.addEventListener("pointercancel", pointer("cancelled"));
  // The wheel (and a trackpad, whose momentum arrives as more wheel events) scrolls by its
  // deltas in view points: lines (deltaMode 1) count 40 pt, pages (2) a view's height.
  canvas.addEventListener("wheel", (event) => {
    if (pinchOrTurn(event)) { event.preventDefault(); return; }
    const unit = event.deltaMode === 1 ? 40 : event.deltaMode === 2 ? VIEW.height : 1 / state.scale;
    send({ type: "wheel", dx: event.deltaX * unit, dy: event.deltaY * unit });
    event.preventDefault();
  }, { passive: false });
  document.addEventListener("keyup", (event) => {
    if (["Alt", "Control", "Shift"].includes(event.key)) liftMouseFingers(event.timeStamp);
  });
  window.addEventListener("blur", () => liftMouseFingers(performance.now()));
  document.addEventListener("keydown", (event) => {
    if (event.metaKey || event.ctrlKey || event.altKey || event.target.matches("input, textarea")) return;
    const action = shortcuts[event.key] || shortcuts[event.code];
    if (action) { action(); event.preventDefault(); }
  });
}
