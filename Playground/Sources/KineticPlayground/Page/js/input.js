// Input: pointers (mouse, touch, pen: each pointer is a finger), the wheel, keyboard shortcuts,
// and the keys of a scene with keyboard control (tabbed into, the canvas sends them); and what
// the scene says back for a keyboard's user: its announcements, in the live region.
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
