// kinetic.js (Page/web/) in node, on the module Scripts/wasm builds for it (kinetic-web.wasm,
// named by KINETIC_WEB_WASM), with stand-in elements (a layout box, a style, isConnected): the
// behaviours against their physics, bad arguments, destroy. KineticWebTests runs it:
//
//   KINETIC_WEB_WASM=.build/wasm/kinetic-web.wasm node --test Playground/Tests/WebAssembly/kinetic.test.mjs
import { readFileSync } from "node:fs";
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  AttachmentBehavior, CollisionBehavior, DynamicAnimator, DynamicItemBehavior, GravityBehavior, load, PushBehavior,
  SnapBehavior,
} from "../../Sources/KineticPlayground/Page/web/kinetic.js";

const wasm = readFileSync(process.env.KINETIC_WEB_WASM ?? ".build/wasm/kinetic-web.wasm");
await load(wasm, { log: { log() {}, error() {} } });
const { instantiate } = await import("../../Sources/KineticPlayground/Page/web/wasi.js");

/** An element as kinetic.js reads one: its layout box in its offsetParent, its style. */
function element(left, top, width, height) {
  return {
    nodeType: 1, offsetLeft: left, offsetTop: top, offsetWidth: width, offsetHeight: height, clientWidth: width,
    clientHeight: height, isConnected: true, style: {},
  };
}

/** Where the element shows: its layout center moved by its transform's translation. */
function shown(e) {
  const match = /translate\(([-\d.e+]+)px, ([-\d.e+]+)px\) matrix\(([-\d.e+]+), ([-\d.e+]+)/.exec(e.style.transform ?? "");
  const tx = match ? Number(match[1]) : 0, ty = match ? Number(match[2]) : 0;
  return {
    x: e.offsetLeft + e.offsetWidth / 2 + tx, y: e.offsetTop + e.offsetHeight / 2 + ty,
    angle: match ? Math.atan2(Number(match[4]), Number(match[3])) : 0,
  };
}

function run(animator, seconds, dt = 1 / 60) {
  for (let i = 0; i < Math.round(seconds / dt); i++) animator.step(dt);
}

/** The engine's sub-step, Float(1/120) s: a run of 1/60 s frames does one sub-step on the first
 * frame and two on each later one (the dynamics spec's Time section). */
const h = Math.fround(1 / 120);

test("gravity: a free fall follows the spec's sub-step recurrence", () => {
  const container = element(0, 0, 400, 100000), card = element(100, 100, 50, 50);
  const animator = new DynamicAnimator(container);
  animator.addBehavior(new GravityBehavior([card]));
  assert.equal(animator.isRunning, true);
  // Semi-implicit Euler in metres (100 points each), magnitude 1 being 1000 points per s²
  // (UIKit's documented constant) and the default resistance 0.1/s damping each sub-step.
  let y = 0, v = 0;
  const g = 10, c = 0.1;
  for (let frame = 1; frame <= 60; frame++) {
    animator.step(1 / 60);
    for (let s = 0; s < (frame === 1 ? 1 : 2); s++) {
      v = (v + h * g) / (1 + h * c);
      y += h * v;
    }
    // Both are double-precision evaluations of one recurrence; the CSS text rounds nothing
    // (JavaScript prints a double's shortest exact form).
    assert.ok(Math.abs(shown(card).y - 125 - y * 100) < 1e-9, `frame ${frame}: ${shown(card).y - 125}, ${y * 100}`);
  }
  assert.ok(Math.abs(shown(card).x - 125) < 1e-9, "straight down");
  animator.destroy();
});

test("collision: a card dropped in a box comes to rest on its floor, and the animator pauses", () => {
  const container = element(0, 0, 300, 400), card = element(100, 50, 60, 40);
  const animator = new DynamicAnimator(container);
  let paused = 0;
  animator.delegate = { dynamicAnimatorDidPause() { paused += 1; } };
  const collision = new CollisionBehavior([card]);
  collision.translatesReferenceBoundsIntoBoundary = true;
  animator.addBehavior(new GravityBehavior([card]));
  animator.addBehavior(collision);
  let frames = 0;
  while (animator.step(1 / 60) && frames < 60 * 30) frames += 1;
  // Resting on the floor: its center half its height above the box's bottom (the solver's
  // slop, a fraction of a point, allowed).
  assert.ok(Math.abs(shown(card).y - (400 - 20)) < 1, `rests at ${shown(card).y}`);
  assert.ok(frames < 60 * 30, "it comes to rest");
  assert.equal(paused, 1);
  assert.equal(animator.isRunning, false);
  animator.destroy();
});

test("snap: the item settles on the snap point, upright", () => {
  const container = element(0, 0, 400, 400), card = element(10, 10, 40, 40);
  const animator = new DynamicAnimator(container);
  const snap = new SnapBehavior(card, { x: 300, y: 250 });
  snap.damping = 0.3;
  assert.ok(Math.abs(snap.damping - 0.3) < 1e-12);
  animator.addBehavior(snap);
  run(animator, 4);
  const p = shown(card);
  assert.ok(Math.hypot(p.x - 300, p.y - 250) < 0.5, `at ${p.x}, ${p.y}`);
  assert.ok(Math.abs(p.angle) < 1e-3);
  animator.destroy();
});

test("attachment: a pendulum keeps its length", () => {
  const container = element(0, 0, 600, 600), bob = element(280, 380, 40, 40);
  const animator = new DynamicAnimator(container);
  const rod = new AttachmentBehavior(bob, { attachedToAnchor: { x: 300, y: 100 } });
  assert.ok(Math.abs(rod.length - 300) < 1e-9, `length ${rod.length}`);
  const gravity = new GravityBehavior([bob]);
  gravity.angle = Math.PI / 4; // swings it
  animator.addBehavior(rod);
  animator.addBehavior(gravity);
  for (let i = 0; i < 120; i++) {
    animator.step(1 / 60);
    const p = shown(bob);
    // A rigid attachment's distance holds to the position solver's tolerance (0.5 %).
    assert.ok(Math.abs(Math.hypot(p.x - 300, p.y - 100) - 300) < 1.5, `frame ${i}: ${Math.hypot(p.x - 300, p.y - 100)}`);
  }
  assert.ok(shown(bob).x > 300, "swung the way gravity points");
  animator.destroy();
});

test("item behaviour: a velocity handed over carries the item that far, and reads back", () => {
  const container = element(0, 0, 2000, 400), card = element(0, 100, 40, 40);
  const animator = new DynamicAnimator(container);
  const properties = new DynamicItemBehavior([card]);
  properties.resistance = 0;
  properties.allowsRotation = false;
  assert.equal(properties.allowsRotation, false);
  animator.addBehavior(properties);
  properties.addLinearVelocity({ x: 120, y: 0 }, card);
  assert.ok(Math.abs(properties.linearVelocity(card).x - 120) < 1e-9);
  run(animator, 1);
  // No resistance, no force: x = v·t, over the 2·60 − 1 sub-steps 60 frames of 1/60 s make.
  const moved = shown(card).x - 20;
  assert.ok(Math.abs(moved - 120 * (2 * 60 - 1) * h) < 1e-9, `moved ${moved}`);
  animator.destroy();
});

test("push: an instantaneous push off centre sets the item moving and spinning", () => {
  const container = element(0, 0, 2000, 2000), card = element(500, 500, 80, 40);
  const animator = new DynamicAnimator(container);
  const push = new PushBehavior([card], PushBehavior.Mode.instantaneous);
  push.pushDirection = { dx: 1, dy: 0 };
  push.setTargetOffsetFromCenter({ horizontal: 0, vertical: 15 }, card);
  assert.deepEqual(push.pushDirection, { dx: 1, dy: 0 });
  animator.addBehavior(push);
  run(animator, 0.5);
  assert.ok(shown(card).x > 540, "moved right");
  assert.ok(Math.abs(shown(card).angle) > 0.01, "and turned");
  animator.destroy();
});

test("updateItemUsingCurrentState reads where the element shows: moved by the page, or reset", () => {
  const container = element(0, 0, 400, 100000), card = element(100, 100, 50, 50);
  const animator = new DynamicAnimator(container);
  const gravity = new GravityBehavior([card]);
  animator.addBehavior(gravity);
  run(animator, 0.5);
  const fallen = shown(card);
  assert.ok(fallen.y > 200);
  // The page lays the element out 30 points further right: it shows there, fallen as it was.
  card.offsetLeft += 30;
  animator.updateItemUsingCurrentState(card);
  animator.step(0);
  assert.ok(Math.abs(shown(card).x - fallen.x - 30) < 1e-9 && Math.abs(shown(card).y - fallen.y) < 1e-9);
  // The page clears the transform: the element is back at its layout box, upright.
  animator.removeBehavior(gravity);
  card.style.transform = "";
  animator.updateItemUsingCurrentState(card);
  animator.addBehavior(new SnapBehavior(card, { x: 155, y: 125 }));
  animator.step(1 / 60);
  assert.ok(Math.hypot(shown(card).x - 155, shown(card).y - 125) < 1e-6, `at ${JSON.stringify(shown(card))}`);
  assert.ok(Math.abs(shown(card).angle) < 1e-9);
  animator.destroy();
});

test("bad arguments throw a TypeError or RangeError naming the argument", () => {
  const container = element(0, 0, 400, 400), card = element(0, 0, 40, 40);
  const animator = new DynamicAnimator(container);
  assert.throws(() => new DynamicAnimator({}), { name: "TypeError", message: /referenceView/ });
  // A measurement no browser gives is named as the measurement, not as the argument.
  for (const [side, value] of [["clientWidth", NaN], ["clientHeight", -1], ["clientWidth", Infinity], ["clientHeight", "9"]]) {
    const view = Object.assign(element(0, 0, 400, 400), { [side]: value });
    const said = new RegExp(`referenceView\\.${side} is ${String(value)}`);
    assert.throws(() => new DynamicAnimator(view), { name: "RangeError", message: said });
    const resized = new DynamicAnimator(element(0, 0, 400, 400));
    Object.assign(resized.referenceView, { [side]: value });
    assert.throws(() => resized.updateReferenceBounds(), { name: "RangeError", message: said });
    resized.destroy();
  }
  assert.throws(() => new SnapBehavior(card, { x: NaN, y: 0 }), { name: "RangeError", message: /snapPoint\.x/ });
  assert.throws(() => new SnapBehavior("card", { x: 0, y: 0 }), { name: "TypeError", message: /item/ });
  assert.throws(() => new GravityBehavior([card, 3]), { name: "TypeError", message: /items\[1\]/ });
  const gravity = new GravityBehavior([card]);
  assert.throws(() => { gravity.magnitude = Infinity; }, { name: "RangeError", message: /magnitude/ });
  assert.throws(() => { gravity.gravityDirection = { dx: 0 }; }, { name: "TypeError", message: /gravityDirection\.dy/ });
  assert.throws(() => animator.addBehavior({}), { name: "TypeError", message: /behavior/ });
  assert.throws(() => animator.step(-1), { name: "RangeError", message: /dt/ });
  assert.throws(() => animator.step(NaN), { name: "RangeError", message: /dt/ });
  assert.throws(() => new AttachmentBehavior(card, { attachedTo: card }), { name: "TypeError", message: /itself/ });
  assert.throws(() => new AttachmentBehavior(card, {}), { name: "TypeError", message: /attachedToAnchor/ });
  const rod = new AttachmentBehavior(card, { attachedToAnchor: { x: 0, y: 0 } });
  assert.throws(() => { rod.length = -1; }, { name: "RangeError", message: /length/ });
  assert.throws(() => rod.addItem(card), { name: "TypeError", message: /fixed/ });
  const collision = new CollisionBehavior([card]);
  assert.throws(() => { collision.collisionMode = "walls"; }, { name: "TypeError", message: /collisionMode/ });
  assert.throws(() => new PushBehavior([card], "sometimes"), { name: "TypeError", message: /mode/ });
  const other = new DynamicAnimator(container);
  animator.addBehavior(gravity);
  assert.throws(() => other.addBehavior(gravity), { name: "TypeError", message: /another animator/ });
  gravity.destroy();
  assert.throws(() => { gravity.magnitude = 1; }, { name: "TypeError", message: /destroyed/ });
  animator.destroy();
  assert.throws(() => animator.step(1 / 60), { name: "TypeError", message: /destroyed/ });
  for (const b of [rod, collision]) b.destroy();
  other.destroy();
});

test("an element with a zero-sized box (display: none) never traps: joining throws naming it and adds nothing", () => {
  // UIKit traps on an item of zero size joining an animator ("Invalid size {0, 0} for item … in
  // Dynamics"); a hidden element has a zero box. Every way in: each kind of behaviour added,
  // and an item added to a behaviour in an animator; a box empty one way or both.
  for (const [width, height] of [[0, 0], [0, 40], [40, 0]]) {
    const container = element(0, 0, 400, 400), other = element(300, 0, 40, 40);
    const animator = new DynamicAnimator(container);
    const makers = [
      (e) => new GravityBehavior([e]), (e) => new CollisionBehavior([e]), (e) => new DynamicItemBehavior([e]),
      (e) => new PushBehavior([e], "instantaneous"), (e) => new SnapBehavior(e, { x: 200, y: 200 }),
      (e) => new AttachmentBehavior(e, { attachedToAnchor: { x: 200, y: 0 } }),
      (e) => new AttachmentBehavior(e, { attachedTo: other }), (e) => new AttachmentBehavior(other, { attachedTo: e }),
    ];
    for (const make of makers) {
      const hidden = element(100, 100, width, height);
      const behavior = make(hidden);
      const index = behavior.items.indexOf(hidden);
      assert.throws(() => animator.addBehavior(behavior),
        { name: "RangeError", message: new RegExp(`behavior\\.items\\[${index}\\] has a zero-sized box`) });
      assert.deepEqual(animator.behaviors, [], "nothing was added");
      assert.equal(behavior.animator, null);
      // Shown and laid out somewhere else, it joins from where it is now.
      Object.assign(hidden, { offsetLeft: 60, offsetTop: 80, offsetWidth: 40, offsetHeight: 40 });
      animator.addBehavior(behavior);
      run(animator, 0.1);
      const at = shown(hidden);
      assert.ok(Number.isFinite(at.x) && Number.isFinite(at.y) && Number.isFinite(at.angle), hidden.style.transform);
      assert.ok(Math.hypot(at.x - 80, at.y - 100) < 200, `it started at its new box, (80, 100): ${at.x}, ${at.y}`);
      animator.removeBehavior(behavior);
      behavior.destroy();
    }
    const gravity = new GravityBehavior([]);
    animator.addBehavior(gravity);
    const hidden = element(100, 100, width, height);
    assert.throws(() => gravity.addItem(hidden), { name: "RangeError", message: /^item has a zero-sized box/ });
    assert.deepEqual(gravity.items, [], "the item was not added");
    hidden.offsetWidth = hidden.offsetHeight = 40;
    gravity.addItem(hidden);
    run(animator, 0.1);
    assert.ok(shown(hidden).y > 120, "laid out, it joined and falls");
    animator.destroy();
    gravity.destroy();
  }
});

test("every setter and method, given each kind of bad value, throws a TypeError or RangeError or takes it", () => {
  // The class, not a case: NaN, infinities, the extremes of a double, zero and negatives, and
  // values of the wrong type, through every property setter of every behaviour and every method
  // that takes numbers or elements. Truths: a refusal is a TypeError or a RangeError (never the
  // module's trap, a RuntimeError), and afterwards the animator steps on with every element's
  // transform finite (the engine never takes a NaN into its state).
  const values = [NaN, Infinity, -Infinity, -1, 0, 1e308, -1e308, 5e-324, 1e20, -1e20, "1", null, undefined, {}, 1n,
    true, [1], { x: NaN, y: 1 }, { dx: 1e308, dy: -1e308 }, { x: 1e308, y: -1e308 }, { dx: 0, dy: 0 }];
  const label = (v) => typeof v === "bigint" ? `${v}n` : typeof v === "object" && v !== null ? JSON.stringify(v) : String(v);
  const scene = () => {
    const container = element(0, 0, 400, 400), a = element(100, 100, 40, 40), b = element(200, 100, 40, 40);
    const animator = new DynamicAnimator(container);
    const behaviors = {
      gravity: new GravityBehavior([a, b]), collision: new CollisionBehavior([a, b]), item: new DynamicItemBehavior([a, b]),
      push: new PushBehavior([a], "instantaneous"), snap: new SnapBehavior(b, { x: 200, y: 200 }),
      items: new AttachmentBehavior(a, { attachedTo: b }), anchor: new AttachmentBehavior(b, { attachedToAnchor: { x: 50, y: 50 } }),
    };
    behaviors.collision.translatesReferenceBoundsIntoBoundary = true;
    for (const behavior of Object.values(behaviors)) animator.addBehavior(behavior);
    return { container, a, b, animator, behaviors };
  };
  const settle = (world, what) => {
    run(world.animator, 0.5);
    for (const e of [world.a, world.b]) assert.doesNotMatch(e.style.transform ?? "", /NaN|Infinity/, what);
    world.animator.destroy();
    for (const behavior of Object.values(world.behaviors)) behavior.destroy();
  };
  const attempt = (world, what, change) => {
    try { change(); } catch (error) {
      assert.ok(error instanceof TypeError || error instanceof RangeError, `${what}: ${error.name}: ${error.message}`);
    }
    settle(world, what);
  };
  let setters = 0;
  for (const [key, behavior] of Object.entries(scene().behaviors)) {
    for (let proto = Object.getPrototypeOf(behavior); proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
      for (const [name, d] of Object.entries(Object.getOwnPropertyDescriptors(proto))) {
        if (!d.set) continue;
        setters++;
        for (const v of values) {
          const world = scene();
          attempt(world, `${key}.${name} = ${label(v)}`, () => { world.behaviors[key][name] = v; });
        }
      }
    }
  }
  assert.ok(setters >= 25, `the behaviours' setters were found (${setters})`);
  const calls = {
    addLinearVelocity: (w, v) => w.behaviors.item.addLinearVelocity({ x: v, y: v }, w.a),
    addAngularVelocity: (w, v) => w.behaviors.item.addAngularVelocity(v, w.a),
    setTargetOffsetFromCenter: (w, v) => w.behaviors.push.setTargetOffsetFromCenter({ horizontal: v, vertical: v }, w.a),
    pushSetAngle: (w, v) => w.behaviors.push.setAngle(v, v),
    gravitySetAngle: (w, v) => w.behaviors.gravity.setAngle(v, v),
    step: (w, v) => w.animator.step(v),
    resized: (w, v) => { w.a.offsetWidth = w.a.offsetHeight = v; w.animator.updateItemUsingCurrentState(w.a); },
    moved: (w, v) => { w.a.offsetLeft = w.a.offsetTop = v; w.animator.updateItemUsingCurrentState(w.a); },
    referenceResized: (w, v) => { w.container.clientWidth = w.container.clientHeight = v; w.animator.updateReferenceBounds(); },
    addItem: (w, v) => { const e = element(v, v, v, v); for (const key of ["gravity", "collision", "item"]) w.behaviors[key].addItem(e); },
    snapTo: (w, v) => w.animator.addBehavior(new SnapBehavior(element(10, 10, v, v), { x: 1, y: 1 })),
  };
  for (const [name, call] of Object.entries(calls)) {
    for (const v of values) {
      const world = scene();
      attempt(world, `${name}(${label(v)})`, () => call(world, v));
    }
  }
});

test("an element that leaves the document leaves the animator; the rest go on", () => {
  const container = element(0, 0, 400, 100000), a = element(0, 0, 40, 40), b = element(100, 0, 40, 40);
  const animator = new DynamicAnimator(container);
  const gravity = new GravityBehavior([a, b]);
  animator.addBehavior(gravity);
  run(animator, 0.1);
  const before = shown(a).y;
  a.isConnected = false;
  run(animator, 0.1);
  assert.deepEqual(gravity.items, [b]);
  assert.equal(shown(a).y, before, "the removed element is not written any more");
  assert.ok(shown(b).y > before, "the other one falls on");
  animator.destroy();
  gravity.destroy();
});

test("destroy frees the module's objects: memory stays flat over 2000 animators made and dropped", async () => {
  // A fresh instance, so other tests' objects do not count.
  const instance = await instantiate(wasm, { log: { log() {}, error() {} } });
  const k = instance.exports;
  const cycle = () => {
    const animator = k.kinetic_animator_create(0, 0, 400, 400);
    const item = k.kinetic_item_create(100, 100, 40, 40);
    const gravity = k.kinetic_gravity_create();
    k.kinetic_behavior_add_item(gravity, item);
    k.kinetic_animator_add_behavior(animator, gravity);
    for (let i = 0; i < 5; i++) k.kinetic_animator_step(animator, 1 / 60);
    k.kinetic_item_destroy(item);
    k.kinetic_behavior_destroy(gravity);
    k.kinetic_animator_destroy(animator);
  };
  for (let i = 0; i < 200; i++) cycle();
  const before = k.memory.buffer.byteLength;
  for (let i = 0; i < 2000; i++) cycle();
  assert.equal(k.kinetic_live_objects(), 0);
  assert.equal(k.memory.buffer.byteLength, before, "the module's memory did not grow");
  // And a destroyed handle names nothing, ever.
  assert.equal(k.kinetic_animator_step(1, 1 / 60), -1);
});
