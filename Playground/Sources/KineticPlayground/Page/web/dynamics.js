// UIKit Dynamics on a page's elements: the animator, items and behaviours (see kinetic.js).
import {
  cancelFrames, check, doubles, element, elements, emptyItem, k, module, nonNegative, number, point, requestFrames,
  vector,
} from "./runtime.js";

// The module frees what the page forgets.
const forgotten = new FinalizationRegistry(({ kind, handle }) => {
  if (k === null) return;
  if (kind === "animator") k.kinetic_animator_destroy(handle);
  else if (kind === "behavior") k.kinetic_behavior_destroy(handle);
  else k.kinetic_item_destroy(handle);
});

// MARK: Items

/**
 * The elements made items, each with its handle and the layout center its transform is
 * measured from. Weak: an element the page drops takes its item with it.
 */
const itemsByElement = new WeakMap();

/** The element's layout box: its center in its offsetParent's coordinates, and its size. */
function layoutBox(element) {
  // An element not laid out (display: none, or not in the document) has a zero box at 0, 0; so
  // does one whose box reads as no number (a stand-in element's, never a browser's).
  const finite = (value, least = -Infinity) => Number.isFinite(value) && value >= least ? value : 0;
  const width = finite(element.offsetWidth, 0), height = finite(element.offsetHeight, 0);
  return { x: finite(element.offsetLeft) + width / 2, y: finite(element.offsetTop) + height / 2, width, height };
}

/** The element's item, made on first use. */
function itemOf(element) {
  let item = itemsByElement.get(element);
  if (item === undefined) {
    const box = layoutBox(element);
    const handle = check(module().kinetic_item_create(box.x, box.y, box.width, box.height), ["the element"]);
    item = { handle, element, layout: { x: box.x, y: box.y }, written: "", empty: isEmpty(box) };
    itemsByElement.set(element, item);
    forgotten.register(element, { kind: "item", handle });
  }
  return item;
}

function isEmpty(box) { return !(box.width > 0 && box.height > 0); }

/** The module's answer when an item with no size would join an animator (BindingError.emptyItem). */
const EMPTY_ITEM = -7;

/**
 * Readies the element's item to join an animator, which reads its size then (as UIKit reads an
 * item's bounds): an item measured with no size (its element hidden or not laid out when the
 * item was made) is measured again. One that still has none is refused by the module (-7) unless
 * it is in the animator already.
 */
function measureForJoining(element) {
  const item = itemOf(element);
  if (!item.empty) return;
  const box = layoutBox(element);
  if (isEmpty(box)) return;
  check(k.kinetic_item_set_state(item.handle, box.x, box.y, 0), ["item"]);
  check(k.kinetic_item_set_size(item.handle, box.width, box.height), ["item"]);
  Object.assign(item, { layout: { x: box.x, y: box.y }, written: "", empty: false });
}

/** Writes the item's center and rotation to its element as a CSS transform. */
function writeItem(item) {
  if (module().kinetic_item_state(item.handle) !== 0) return;
  const [x, y, a, b, c, d] = doubles();
  const transform = `translate(${x - item.layout.x}px, ${y - item.layout.y}px) matrix(${a}, ${b}, ${c}, ${d}, 0, 0)`;
  if (transform !== item.written) {
    item.element.style.transform = transform;
    item.written = transform;
  }
}

/** Lets go of an element's item: every behaviour drops it. */
function forgetItem(item) {
  k.kinetic_item_destroy(item.handle);
  forgotten.unregister(item.element);
  itemsByElement.delete(item.element);
}

// MARK: Animator

/**
 * The reference view's padding box, {width, height}: its client size, which a browser gives as
 * a finite size of 0 or more (an element not laid out: 0). Anything else throws a RangeError
 * naming the measurement.
 */
function viewSize(view) {
  const size = {};
  for (const side of ["width", "height"]) {
    const name = side === "width" ? "clientWidth" : "clientHeight", value = view[name] ?? 0;
    if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
      throw new RangeError(`referenceView.${name} is ${String(value)}: a reference view needs a finite size of 0 or more`);
    }
    size[side] = value;
  }
  return size;
}

/**
 * Animates its behaviours' items in a reference view (UIKit's `UIDynamicAnimator(referenceView:)`):
 * a positioned element whose padding box, from its top left corner, is the reference bounds.
 */
export class DynamicAnimator {
  #handle;
  #behaviors = [];
  #wasRunning = false;

  /** An animator over `referenceView`; `delegate` may have `dynamicAnimatorDidPause(animator)`
   * and `dynamicAnimatorWillResume(animator)`. */
  constructor(referenceView) {
    this.referenceView = element("referenceView", referenceView);
    this.delegate = null;
    const { width, height } = viewSize(referenceView);
    this.#handle = check(module().kinetic_animator_create(0, 0, width, height), ["referenceView"]);
    forgotten.register(this, { kind: "animator", handle: this.#handle }, this);
  }

  #live() {
    if (this.#handle === null) throw new TypeError("the animator has been destroyed");
    return this.#handle;
  }

  /** The behaviours added, in order. */
  get behaviors() { return [...this.#behaviors]; }

  /** Whether anything moves (the animator steps at animation frames while it does). */
  get isRunning() { return this.#handle !== null && module().kinetic_animator_is_running(this.#handle) === 1; }

  /**
   * Adds `behavior` (a behaviour belongs to one animator at a time). Its items join with their
   * elements' sizes; an element with a zero-sized box (display: none, not laid out) throws a
   * RangeError naming it, and nothing is added.
   */
  addBehavior(behavior) {
    if (!(behavior instanceof DynamicBehavior)) throw new TypeError("behavior must be a DynamicBehavior");
    const handle = this.#live();
    if (behavior.animator === null) for (const e of behavior.items) measureForJoining(e);
    const answer = module().kinetic_animator_add_behavior(handle, behavior.handle);
    if (answer === EMPTY_ITEM) throw emptyItem(`behavior.items[${behavior.items.findIndex((e) => itemOf(e).empty)}]`);
    check(answer, ["the animator", "behavior", "behavior is in another animator"]);
    if (!this.#behaviors.includes(behavior)) this.#behaviors.push(behavior);
    behavior.animator = this;
    this.#resumeIfRunning();
  }

  /** Removes `behavior`; its items stay where they are. */
  removeBehavior(behavior) {
    if (!(behavior instanceof DynamicBehavior)) throw new TypeError("behavior must be a DynamicBehavior");
    if (behavior.handle !== null) check(module().kinetic_animator_remove_behavior(this.#live(), behavior.handle), []);
    this.#behaviors = this.#behaviors.filter((b) => b !== behavior);
    if (behavior.animator === this) behavior.animator = null;
  }

  /** Removes every behaviour. */
  removeAllBehaviors() {
    for (const behavior of this.behaviors) this.removeBehavior(behavior);
  }

  /**
   * Reads the element's place and turn anew (the page moved it, or set its transform: a
   * transform other than the one the animator wrote counts as none). Its size counts when the
   * item next joins an animator, as UIKit reads an item's bounds when it joins.
   */
  updateItemUsingCurrentState(item) {
    const record = itemOf(element("item", item));
    const box = layoutBox(item);
    let shown = { x: box.x, y: box.y, angle: 0 };
    if (record.written !== "" && item.style.transform === record.written &&
      module().kinetic_item_state(record.handle) === 0) {
      // The element shows where the animator put it: its layout moved by the difference.
      const [x, y, a, b] = doubles();
      shown = { x: x + box.x - record.layout.x, y: y + box.y - record.layout.y, angle: Math.atan2(b, a) };
    }
    const handle = this.#live();
    check(k.kinetic_item_set_state(record.handle, shown.x, shown.y, shown.angle), ["item"]);
    check(k.kinetic_item_set_size(record.handle, box.width, box.height), ["item"]);
    Object.assign(record, { layout: { x: box.x, y: box.y }, written: item.style.transform ?? "", empty: isEmpty(box) });
    check(k.kinetic_animator_update_item(handle, record.handle), ["the animator", "item"]);
    this.#resumeIfRunning();
  }

  /** Reads the reference view's size anew (it was resized). */
  updateReferenceBounds() {
    const handle = this.#live(), { width, height } = viewSize(this.referenceView);
    check(module().kinetic_animator_set_reference_bounds(handle, 0, 0, width, height), []);
  }

  /**
   * Advances the behaviours by `dt` seconds and writes the items' transforms; the animator does
   * this itself at each animation frame while it runs. Returns whether it still runs.
   */
  step(dt) {
    nonNegative("dt", dt);
    const handle = this.#live();
    // An element that left the document leaves the animator.
    for (const behavior of this.#behaviors) behavior.dropDetachedItems();
    const running = check(module().kinetic_animator_step(handle, dt), ["the animator"]) === 1;
    for (const item of this.#items()) writeItem(item);
    if (running !== this.#wasRunning) {
      this.#wasRunning = running;
      if (!running) this.delegate?.dynamicAnimatorDidPause?.(this);
    }
    return running;
  }

  #items() {
    const seen = new Set();
    for (const behavior of this.#behaviors) {
      for (const element of behavior.items) {
        const item = itemsByElement.get(element);
        if (item !== undefined) seen.add(item);
      }
    }
    return seen;
  }

  #resumeIfRunning() {
    if (!this.isRunning) return;
    if (!this.#wasRunning) {
      this.#wasRunning = true;
      this.delegate?.dynamicAnimatorWillResume?.(this);
    }
    requestFrames(this, (now, dt) => this.step(dt));
  }

  /** Frees the animator in the module; its behaviours leave it and may join another. */
  destroy() {
    if (this.#handle === null) return;
    for (const behavior of this.#behaviors) if (behavior.animator === this) behavior.animator = null;
    this.#behaviors = [];
    cancelFrames(this);
    k.kinetic_animator_destroy(this.#handle);
    forgotten.unregister(this);
    this.#handle = null;
  }
}

// MARK: Behaviours

/** The property numbers of the module's `kinetic_behavior_set` (KineticBindings' BehaviorProperty). */
const PROPERTY = {
  direction: 1, angle: 2, magnitude: 3, active: 4, damping: 5, point: 6, length: 7, frequency: 8,
  frictionTorque: 9, translatesReferenceBoundsIntoBoundary: 10, collisionMode: 11, elasticity: 12, friction: 13,
  density: 14, resistance: 15, angularResistance: 16, charge: 17, allowsRotation: 18, anchored: 19,
};

/** A behaviour: made, configured and added to an animator as in UIKit. */
export class DynamicBehavior {
  #handle;
  #items = [];
  /** The animator it is in, or null. */
  animator = null;

  constructor(handle, items) {
    if (new.target === DynamicBehavior) throw new TypeError("DynamicBehavior is abstract: make a GravityBehavior, …");
    this.#handle = handle;
    this.#items = items;
    forgotten.register(this, { kind: "behavior", handle }, this);
  }

  /** The module's handle (null once destroyed). */
  get handle() { return this.#handle; }

  /** The animator it is in, as UIKit names it. */
  get dynamicAnimator() { return this.animator; }

  /** Its items (elements), in the order added. */
  get items() { return [...this.#items]; }

  /** Adds an element (gravity, push, collision and item behaviours). */
  addItem(item) {
    const record = itemOf(element("item", item));
    const handle = live(this);
    if (this.animator !== null) measureForJoining(item);
    check(module().kinetic_behavior_add_item(handle, record.handle),
      ["the behavior", "item", `a ${this.constructor.name}'s items are fixed when it is made`, "item"]);
    if (!this.#items.includes(item)) this.#items.push(item);
    this.animator?.resume();
  }

  /** Removes an element. */
  removeItem(item) {
    const record = itemsByElement.get(element("item", item));
    if (record !== undefined) {
      check(module().kinetic_behavior_remove_item(live(this), record.handle),
        ["the behavior", "item", `a ${this.constructor.name}'s items are fixed when it is made`]);
    }
    this.#items = this.#items.filter((e) => e !== item);
  }

  /** Drops the items whose elements left the document. */
  dropDetachedItems() {
    const detached = this.#items.filter((e) => e.isConnected === false);
    if (detached.length === 0) return;
    for (const e of detached) {
      const record = itemsByElement.get(e);
      if (record !== undefined) forgetItem(record);
    }
    this.#items = this.#items.filter((e) => e.isConnected !== false);
  }

  /** Frees the behaviour in the module; it leaves its animator. */
  destroy() {
    if (this.#handle === null) return;
    this.animator?.removeBehavior(this);
    k.kinetic_behavior_destroy(this.#handle);
    forgotten.unregister(this);
    this.#handle = null;
  }
}

/** The behaviour's handle, or a TypeError once it is destroyed. */
function live(behavior) {
  if (behavior.handle === null) throw new TypeError(`the ${behavior.constructor.name} has been destroyed`);
  return behavior.handle;
}

/** Sets a behaviour's property (a number, or a vector's or point's two) and wakes its animator. */
function setProperty(behavior, property, x, y = 0) {
  check(module().kinetic_behavior_set(live(behavior), PROPERTY[property], x, y), [property]);
  behavior.animator?.resume();
}

/** A behaviour's property, as two numbers (the second 0 for a number or Boolean). */
function getProperty(behavior, property) {
  check(module().kinetic_behavior_get(live(behavior), PROPERTY[property]), [property]);
  const [x, y] = doubles();
  return [x, y];
}

// The animator resumes when a behaviour changes (UIKit wakes the animator on any change).
DynamicAnimator.prototype.resume = function () {
  if (this.isRunning) requestFrames(this, (now, dt) => this.step(dt));
};

function made(handle) {
  return check(handle, ["an item", "the other item", "an item cannot be attached to itself"]);
}

/** Accelerates its items (UIKit's `UIGravityBehavior`): magnitude 1 is 1000 points per s². */
export class GravityBehavior extends DynamicBehavior {
  constructor(items = []) {
    const list = elements("items", items);
    super(made(module().kinetic_gravity_create()), []);
    for (const item of list) this.addItem(item);
  }
  get gravityDirection() { const [dx, dy] = getProperty(this, "direction"); return { dx, dy }; }
  set gravityDirection(value) { const v = vector("gravityDirection", value); setProperty(this, "direction", v.dx, v.dy); }
  get angle() { return getProperty(this, "angle")[0]; }
  set angle(value) { setProperty(this, "angle", number("angle", value)); }
  get magnitude() { return getProperty(this, "magnitude")[0]; }
  set magnitude(value) { setProperty(this, "magnitude", number("magnitude", value)); }
  setAngle(angle, magnitude) { this.angle = angle; this.magnitude = magnitude; }
}

/** Pushes its items (UIKit's `UIPushBehavior`), continuously or once. */
export class PushBehavior extends DynamicBehavior {
  static Mode = Object.freeze({ continuous: "continuous", instantaneous: "instantaneous" });

  constructor(items = [], mode = PushBehavior.Mode.continuous) {
    const list = elements("items", items);
    if (mode !== "continuous" && mode !== "instantaneous") {
      throw new TypeError(`mode must be "continuous" or "instantaneous", not ${String(mode)}`);
    }
    super(made(module().kinetic_push_create(mode === "continuous" ? 0 : 1)), []);
    this.mode = mode;
    for (const item of list) this.addItem(item);
  }
  get pushDirection() { const [dx, dy] = getProperty(this, "direction"); return { dx, dy }; }
  set pushDirection(value) { const v = vector("pushDirection", value); setProperty(this, "direction", v.dx, v.dy); }
  get angle() { return getProperty(this, "angle")[0]; }
  set angle(value) { setProperty(this, "angle", number("angle", value)); }
  get magnitude() { return getProperty(this, "magnitude")[0]; }
  set magnitude(value) { setProperty(this, "magnitude", number("magnitude", value)); }
  get active() { return getProperty(this, "active")[0] !== 0; }
  set active(value) { setProperty(this, "active", value ? 1 : 0); }
  setAngle(angle, magnitude) { this.angle = angle; this.magnitude = magnitude; }
  /** Where the push acts on `item`, as an offset {horizontal, vertical} from its center. */
  setTargetOffsetFromCenter(offset, item) {
    if (offset === null || typeof offset !== "object") throw new TypeError("offset must be {horizontal, vertical}");
    const record = itemOf(element("item", item));
    check(module().kinetic_push_set_target_offset(live(this), record.handle,
      number("offset.horizontal", offset.horizontal), number("offset.vertical", offset.vertical)), ["the push", "item"]);
  }
}

/** Springs an item to a point (UIKit's `UISnapBehavior`). */
export class SnapBehavior extends DynamicBehavior {
  constructor(item, snapPoint) {
    const target = element("item", item);
    const p = point("snapPoint", snapPoint);
    super(made(module().kinetic_snap_create(itemOf(target).handle, p.x, p.y)), [target]);
  }
  get snapPoint() { const [x, y] = getProperty(this, "point"); return { x, y }; }
  set snapPoint(value) { const p = point("snapPoint", value); setProperty(this, "point", p.x, p.y); }
  get damping() { return getProperty(this, "damping")[0]; }
  set damping(value) { setProperty(this, "damping", number("damping", value)); }
}

/**
 * Attaches an item's point to an anchor or to another item's point (UIKit's
 * `UIAttachmentBehavior`): `new AttachmentBehavior(item, { attachedToAnchor: {x, y} })` or
 * `new AttachmentBehavior(item, { attachedTo: other })`, each with `offsetFromCenter` (and
 * `attachedOffsetFromCenter` for the other item) as {horizontal, vertical}.
 */
export class AttachmentBehavior extends DynamicBehavior {
  constructor(item, { attachedToAnchor, attachedTo, offsetFromCenter, attachedOffsetFromCenter } = {}) {
    const target = element("item", item);
    const offset = offsetFromCenter === undefined ? { horizontal: 0, vertical: 0 } : offsetFromCenter;
    const ox = number("offsetFromCenter.horizontal", offset?.horizontal);
    const oy = number("offsetFromCenter.vertical", offset?.vertical);
    if ((attachedToAnchor === undefined) === (attachedTo === undefined)) {
      throw new TypeError("give one of attachedToAnchor (a point) and attachedTo (an element)");
    }
    if (attachedTo !== undefined) {
      const other = element("attachedTo", attachedTo);
      const second = attachedOffsetFromCenter ?? { horizontal: 0, vertical: 0 };
      const handle = module().kinetic_attachment_items_create(itemOf(target).handle, ox, oy, itemOf(other).handle,
        number("attachedOffsetFromCenter.horizontal", second?.horizontal),
        number("attachedOffsetFromCenter.vertical", second?.vertical));
      super(made(handle), [target, other]);
    } else {
      const anchor = point("attachedToAnchor", attachedToAnchor);
      super(made(module().kinetic_attachment_create(itemOf(target).handle, ox, oy, anchor.x, anchor.y)), [target]);
    }
  }
  get anchorPoint() { const [x, y] = getProperty(this, "point"); return { x, y }; }
  set anchorPoint(value) { const p = point("anchorPoint", value); setProperty(this, "point", p.x, p.y); }
  get length() { return getProperty(this, "length")[0]; }
  set length(value) { setProperty(this, "length", nonNegative("length", value)); }
  get frequency() { return getProperty(this, "frequency")[0]; }
  set frequency(value) { setProperty(this, "frequency", nonNegative("frequency", value)); }
  get damping() { return getProperty(this, "damping")[0]; }
  set damping(value) { setProperty(this, "damping", nonNegative("damping", value)); }
  get frictionTorque() { return getProperty(this, "frictionTorque")[0]; }
  set frictionTorque(value) { setProperty(this, "frictionTorque", nonNegative("frictionTorque", value)); }
}

const COLLISION_MODES = { items: 1, boundaries: 2, everything: 3 };

/** Keeps its items from overlapping each other and the boundary (UIKit's `UICollisionBehavior`). */
export class CollisionBehavior extends DynamicBehavior {
  constructor(items = []) {
    const list = elements("items", items);
    super(made(module().kinetic_collision_create()), []);
    for (const item of list) this.addItem(item);
  }
  get translatesReferenceBoundsIntoBoundary() { return getProperty(this, "translatesReferenceBoundsIntoBoundary")[0] !== 0; }
  set translatesReferenceBoundsIntoBoundary(value) { setProperty(this, "translatesReferenceBoundsIntoBoundary", value ? 1 : 0); }
  /** "items", "boundaries" or "everything" (the default). */
  get collisionMode() {
    const mode = getProperty(this, "collisionMode")[0];
    return Object.keys(COLLISION_MODES).find((name) => COLLISION_MODES[name] === mode) ?? "everything";
  }
  set collisionMode(value) {
    if (!(value in COLLISION_MODES)) throw new TypeError(`collisionMode must be "items", "boundaries" or "everything"`);
    setProperty(this, "collisionMode", COLLISION_MODES[value]);
  }
}

/** Its items' physical properties and velocities (UIKit's `UIDynamicItemBehavior`). */
export class DynamicItemBehavior extends DynamicBehavior {
  constructor(items = []) {
    const list = elements("items", items);
    super(made(module().kinetic_item_behavior_create()), []);
    for (const item of list) this.addItem(item);
  }
  get elasticity() { return getProperty(this, "elasticity")[0]; }
  set elasticity(value) { setProperty(this, "elasticity", number("elasticity", value)); }
  get friction() { return getProperty(this, "friction")[0]; }
  set friction(value) { setProperty(this, "friction", number("friction", value)); }
  get density() { return getProperty(this, "density")[0]; }
  set density(value) { setProperty(this, "density", number("density", value)); }
  get resistance() { return getProperty(this, "resistance")[0]; }
  set resistance(value) { setProperty(this, "resistance", number("resistance", value)); }
  get angularResistance() { return getProperty(this, "angularResistance")[0]; }
  set angularResistance(value) { setProperty(this, "angularResistance", number("angularResistance", value)); }
  get charge() { return getProperty(this, "charge")[0]; }
  set charge(value) { setProperty(this, "charge", number("charge", value)); }
  get allowsRotation() { return getProperty(this, "allowsRotation")[0] !== 0; }
  set allowsRotation(value) { setProperty(this, "allowsRotation", value ? 1 : 0); }
  get anchored() { return getProperty(this, "anchored")[0] !== 0; }
  set anchored(value) { setProperty(this, "anchored", value ? 1 : 0); }

  /** Adds {x, y} points per second to `item`'s velocity (a toss hands the finger's over). */
  addLinearVelocity(velocity, item) { this.#addVelocity(point("velocity", velocity), 0, item); }
  /** Adds `velocity` radians per second to `item`'s spin. */
  addAngularVelocity(velocity, item) { this.#addVelocity({ x: 0, y: 0 }, number("velocity", velocity), item); }
  /** `item`'s velocity, {x, y} in points per second. */
  linearVelocity(item) { const [x, y] = this.#velocity(item); return { x, y }; }
  /** `item`'s spin, in radians per second. */
  angularVelocity(item) { return this.#velocity(item)[2]; }

  #addVelocity(linear, angular, item) {
    const record = itemOf(element("item", item));
    check(module().kinetic_item_behavior_add_velocity(live(this), record.handle, linear.x, linear.y, angular),
      ["the behavior", "item"]);
    this.animator?.resume();
  }

  #velocity(item) {
    const record = itemOf(element("item", item));
    check(module().kinetic_item_behavior_velocity(live(this), record.handle), ["the behavior", "item"]);
    return [...doubles().slice(0, 3)];
  }
}
