// Drawing: the scene's drawables in iOS's look, the debug overlay and the touches, once per
// animation frame.
//
// Smoothness: the page draws the newest frame at once (no added delay, so a touch's answer is on
// screen at the next animation frame). When a frame is late, each moving drawable goes on at
// the velocity of its last two frames for up to two frame periods, so motion keeps the display's
// rate; the next frame puts it where the server says. Nothing is drawn while nothing changes:
// a scene at rest costs the page nothing, as it costs the server nothing.
import { state, touchPoints, VIEW } from "./state.js";

const canvas = document.getElementById("canvas");
const ctx = canvas.getContext("2d");
const dark = matchMedia("(prefers-color-scheme: dark)");
const FRAME_MS = 1000 / 120;

/// The look, shared with the end-to-end test: a hue ramp over the data order (11° per item, so
/// neighbours differ and the order reads at a glance), rounded corners, the selection as a tint
/// of the accent colour plus a check mark, a lifted cell scaled up with a soft shadow.
export const style = {
  hueStep: 11, saturation: 62, lightness: () => (dark.matches ? 48 : 58),
  accent: () => (dark.matches ? "#0a84ff" : "#007aff"), selectionTint: 0.35,
  cornerRatio: 0.2, liftScale: 1.06, badgeRadius: 9, badgeInset: 11,
};
state.style = style;

export function cellColor(key) {
  return `hsl(${((key * style.hueStep) % 360 + 360) % 360}, ${style.saturation}%, ${style.lightness()}%)`;
}

/// The item a cell shows (its number travels with the data), which picks its colour and its
/// lift; the card is one thing.
function itemKey(d) {
  if (d.label != null && !Number.isNaN(Number(d.label))) return Number(d.label);
  return d.kind === "card" ? "card" : d.id >> 1;
}

export function layoutCanvas() {
  const main = document.querySelector("main");
  const box = main.getBoundingClientRect();
  const scale = Math.min((box.width - 16) / VIEW.width, (window.innerHeight - box.top - 12) / VIEW.height, 2);
  state.scale = Math.max(scale, 0.3);
  const ratio = window.devicePixelRatio || 1;
  canvas.style.width = VIEW.width * state.scale + "px";
  canvas.style.height = VIEW.height * state.scale + "px";
  canvas.width = Math.round(VIEW.width * state.scale * ratio);
  canvas.height = Math.round(VIEW.height * state.scale * ratio);
  state.pixel = state.scale * ratio;
}

// Motion per drawable: where the server last put it, when that arrived, and how fast it was
// going (pt and rad per ms), for the late-frame extrapolation.
const motion = new Map();
let lastFrameTime = null;
/// The touch the newest frame answers, if it is not drawn yet: when it was sent, its time stamp.
let pendingAnswer = null;
/// Whether the next animation frame must draw.
let dirty = true;
export function invalidate() { dirty = true; }
dark.addEventListener("change", invalidate);

/// Takes in a frame that arrived at `now`; `answer` is the touch it answers ({ sent, touch }:
/// when the touch was sent, its time stamp), if any.
export function frameArrived(message, now, answer) {
  const dt = lastFrameTime == null ? 0 : (message.time - lastFrameTime) * 1000;
  lastFrameTime = message.time;
  const changed = new Set();
  for (const d of message.changed) {
    const before = motion.get(d.id);
    const velocity = before && dt > 0
      ? { x: (d.x - before.x) / dt, y: (d.y - before.y) / dt, angle: (d.angle - before.angle) / dt }
      : { x: 0, y: 0, angle: 0 };
    motion.set(d.id, { x: d.x, y: d.y, angle: d.angle, velocity, at: now });
    changed.add(d.id);
  }
  for (const id of message.removed) motion.delete(id);
  for (const [id, m] of motion) if (!changed.has(id)) m.velocity = { x: 0, y: 0, angle: 0 };
  if (answer != null) pendingAnswer = answer;
  dirty = true;
}

export function resetMotion() { motion.clear(); lastFrameTime = null; dirty = true; }

/// Where to draw `d` now: the server's position, carried on past a late frame.
function shown(d, now) {
  const m = motion.get(d.id);
  if (!m) return d;
  const late = now - m.at - FRAME_MS;
  const moving = m.velocity.x !== 0 || m.velocity.y !== 0 || m.velocity.angle !== 0;
  if (moving && late < 2 * FRAME_MS) dirty = true;  // still carrying it on: draw again
  if (late <= FRAME_MS / 4) return d;
  const ahead = Math.min(late, 2 * FRAME_MS) * (state.slow ? 0.1 : 1);
  return { ...d, x: d.x + m.velocity.x * ahead, y: d.y + m.velocity.y * ahead, angle: d.angle + m.velocity.angle * ahead };
}

// Lift, per item: 0 at rest, 1 lifted; eased toward its target so the shadow grows on lift and
// fades, with the scale, as a dropped cell settles.
const lifts = new Map();
let lastDraw = performance.now();

function liftOf(key, lifted, dt) {
  const entry = lifts.get(key) || { value: 0 };
  const target = lifted ? 1 : 0;
  const tau = lifted ? 60 : 140;
  entry.value += (target - entry.value) * Math.min(1, dt / tau);
  if (Math.abs(entry.value - target) < 0.01) entry.value = target;
  else dirty = true;  // still easing: draw again
  lifts.set(key, entry);
  return entry.value;
}

// A soft shadow costs a software canvas a blur per draw (up to a whole frame for one lifted
// cell): it is blurred once per size into a sprite, then drawn with the lift's opacity.
const shadowSprites = new Map();
function shadowSprite(w, h, r, blur) {
  const key = `${w}x${h}x${r}x${blur}x${state.pixel}`;
  let sprite = shadowSprites.get(key);
  if (sprite) return sprite;
  const pad = blur * 1.5;
  const canvas = document.createElement("canvas");
  canvas.width = Math.ceil((w + 2 * pad) * state.pixel);
  canvas.height = Math.ceil((h + 2 * pad) * state.pixel);
  const c = canvas.getContext("2d");
  // The shape far off the sprite, its shadow thrown onto it: only the shadow is left.
  const away = 10000;
  c.setTransform(state.pixel, 0, 0, state.pixel, 0, 0);
  c.shadowColor = "#000";
  c.shadowBlur = blur * state.pixel;
  c.shadowOffsetX = away * state.pixel;
  c.beginPath();
  c.roundRect(pad - away, pad, w, h, r);
  c.fill();
  sprite = { canvas, pad };
  if (shadowSprites.size > 64) shadowSprites.clear();
  shadowSprites.set(key, sprite);
  return sprite;
}

function drawShadow(w, h, r, blur, offset, alpha) {
  const sprite = shadowSprite(w, h, r, blur);
  ctx.save();
  ctx.globalAlpha = alpha;
  ctx.drawImage(sprite.canvas, -w / 2 - sprite.pad, -h / 2 - sprite.pad + offset, w + 2 * sprite.pad, h + 2 * sprite.pad);
  ctx.restore();
}

function roundedRect(w, h, r) {
  ctx.beginPath();
  ctx.roundRect(-w / 2, -h / 2, w, h, r);
}

function drawCell(d, lift) {
  const r = Math.min(d.width, d.height) * style.cornerRatio;
  if (lift > 0) {
    ctx.scale(1 + (style.liftScale - 1) * lift, 1 + (style.liftScale - 1) * lift);
    drawShadow(d.width, d.height, r, 16, 6 * lift, 0.3 * lift);
  }
  roundedRect(d.width, d.height, r);
  ctx.fillStyle = cellColor(itemKey(d));
  ctx.fill();
  if (d.kind === "selectedCell") {
    ctx.globalAlpha = style.selectionTint;
    ctx.fillStyle = style.accent();
    ctx.fill();
    ctx.globalAlpha = 1;
    // The check mark, top right: a filled accent disc with a white border and tick.
    ctx.save();
    ctx.translate(d.width / 2 - style.badgeInset, -d.height / 2 + style.badgeInset);
    ctx.beginPath(); ctx.arc(0, 0, style.badgeRadius, 0, 2 * Math.PI);
    ctx.fillStyle = style.accent(); ctx.fill();
    ctx.lineWidth = 1.5; ctx.strokeStyle = "#fff"; ctx.stroke();
    ctx.beginPath(); ctx.moveTo(-4, 0.5); ctx.lineTo(-1.2, 3.2); ctx.lineTo(4, -2.8);
    ctx.lineWidth = 2; ctx.lineCap = "round"; ctx.lineJoin = "round"; ctx.stroke();
    ctx.restore();
  }
  if (d.label != null) {
    ctx.fillStyle = "#fff";
    ctx.font = `600 ${Math.round(Math.min(d.height * 0.36, 22))}px -apple-system, system-ui, sans-serif`;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.fillText(d.label, 0, 1);
  }
}

function drawCard(d, lift) {
  if (lift > 0) drawShadow(d.width, d.height, 18, 24, 10 * lift, 0.3 * lift);
  roundedRect(d.width, d.height, 18);
  const gradient = ctx.createLinearGradient(0, -d.height / 2, 0, d.height / 2);
  gradient.addColorStop(0, "#5e5ce6"); gradient.addColorStop(1, "#0a84ff");
  ctx.fillStyle = gradient;
  ctx.fill();
}

// The keyboard focus: a ring in the accent colour along the focused cell's edge (inside it, so a
// cell at the canvas's edge keeps all of its ring).
function drawFocusRing(d) {
  const r = Math.max(Math.min(d.width, d.height) * style.cornerRatio - 1.5, 0);
  ctx.beginPath();
  ctx.roundRect(-d.width / 2 + 1.5, -d.height / 2 + 1.5, d.width - 3, d.height - 3, r);
  ctx.lineWidth = 3;
  ctx.strokeStyle = style.accent();
  ctx.stroke();
}

// A board's column: a light panel behind its cards (iOS's grouped background; darker in dark mode).
function drawColumn(d) {
  roundedRect(d.width, d.height, 14);
  ctx.fillStyle = dark.matches ? "#1c1c1e" : "#f2f2f7";
  ctx.fill();
}

function drawMarker(d) {
  // The toss's anchor (the finger) and the attachment point on the card.
  ctx.beginPath();
  if (d.kind === "anchor") { ctx.arc(0, 0, Math.max(d.width, 6) / 2 + 2, 0, 2 * Math.PI); ctx.strokeStyle = "#ff3b30"; ctx.lineWidth = 2; ctx.stroke(); }
  else { ctx.rect(-d.width / 2, -d.height / 2, d.width, d.height); ctx.fillStyle = "#ffd60a"; ctx.fill(); }
}

/// Draws the scene if anything changed; returns whether it drew.
export function draw(now) {
  const dt = Math.min(now - lastDraw, 100);
  lastDraw = now;
  if (!dirty) return false;
  dirty = false;
  ctx.setTransform(state.pixel, 0, 0, state.pixel, 0, 0);
  ctx.clearRect(0, 0, VIEW.width, VIEW.height);
  const held = [...state.drawables.values()].some((d) => d.kind === "anchor");
  const items = [...state.drawables.values()].sort((a, b) => a.z - b.z);
  const seen = new Set();
  for (const d of items) {
    const p = shown(d, now);
    const key = itemKey(d);
    seen.add(key);
    ctx.save();
    ctx.translate(p.x, p.y);
    ctx.rotate(p.angle);
    if (d.kind === "cell" || d.kind === "selectedCell") drawCell(d, liftOf(key, d.z > 0, dt));
    else if (d.kind === "card") drawCard(d, liftOf(key, held, dt));
    else if (d.kind === "focusRing") drawFocusRing(d);
    else if (d.kind === "column") drawColumn(d);
    else drawMarker(d);
    if (state.debug) {
      ctx.strokeStyle = "#30d158"; ctx.lineWidth = 1;
      ctx.strokeRect(-d.width / 2, -d.height / 2, d.width, d.height);
      ctx.beginPath(); ctx.moveTo(0, 0); ctx.lineTo(d.width / 2, 0); ctx.stroke();
    }
    ctx.restore();
  }
  for (const key of lifts.keys()) if (!seen.has(key)) lifts.delete(key);
  if (state.debug && state.overlay) drawOverlay(state.overlay);
  if (state.showTouches) drawTouches();
  if (pendingAnswer != null) {
    state.latency.drawn.push(now - pendingAnswer.sent);
    if (state.latency.draws.length < 10000) state.latency.draws.push([pendingAnswer.touch, state.animationFrames]);
    pendingAnswer = null;
  }
  return true;
}

// The engine's debug drawing: springs dashed green, rigid links dark, the anchors they hang
// from as blue rings, contact points as orange dots; a scroll view moving on its own, its
// velocity (red arrow, a tenth of a second's travel) and where it comes to rest (dashed purple).
function drawOverlay(overlay) {
  ctx.lineWidth = 1.5;
  for (const j of overlay.joints) {
    ctx.strokeStyle = j.spring ? "#30d158" : "#8e8e93";
    ctx.setLineDash(j.spring ? [4, 3] : []);
    ctx.beginPath(); ctx.moveTo(j.x1, j.y1); ctx.lineTo(j.x2, j.y2); ctx.stroke();
  }
  ctx.setLineDash([]);
  ctx.strokeStyle = "#0a84ff";
  for (const a of overlay.anchors) { ctx.beginPath(); ctx.arc(a.x, a.y, 4, 0, 2 * Math.PI); ctx.stroke(); }
  ctx.fillStyle = "#ff9f0a";
  for (const c of overlay.contacts) { ctx.beginPath(); ctx.arc(c.x, c.y, 2.5, 0, 2 * Math.PI); ctx.fill(); }
  ctx.strokeStyle = "#bf5af2"; ctx.setLineDash([6, 4]);
  for (const t of overlay.scrollTargets || []) { ctx.beginPath(); ctx.moveTo(t.x1, t.y1); ctx.lineTo(t.x2, t.y2); ctx.stroke(); }
  ctx.setLineDash([]);
  const v = overlay.scrollVelocity;
  if (v) {
    ctx.strokeStyle = "#ff3b30"; ctx.fillStyle = "#ff3b30"; ctx.lineWidth = 2.5;
    ctx.beginPath(); ctx.moveTo(v.x1, v.y1); ctx.lineTo(v.x2, v.y2); ctx.stroke();
    ctx.beginPath(); ctx.arc(v.x2, v.y2, 3, 0, 2 * Math.PI); ctx.fill();
  }
}

// The iOS simulator's "show touches": a grey disc under each finger.
function drawTouches() {
  for (const p of touchPoints.values()) {
    ctx.beginPath(); ctx.arc(p.x, p.y, 22, 0, 2 * Math.PI);
    ctx.fillStyle = "rgba(142, 142, 147, 0.35)"; ctx.fill();
    ctx.lineWidth = 1.5; ctx.strokeStyle = "rgba(255, 255, 255, 0.8)"; ctx.stroke();
  }
}
