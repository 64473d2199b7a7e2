// The interactions ready-made on a page's elements (see kinetic.js): a toss, a long-press reorder
// with edge auto-scroll and keyboard moves, a springy multi-select drag, drag and drop between
// containers, and a scroll view. Each is Kinetic's Swift interaction in the module, driven
// through its gesture arena by the page's Pointer Events (mouse, pen and touch alike; each
// pointer is a finger) and its animation frames; the module answers each frame with a record an
// element, which this file writes as CSS transforms.
import {
  cancelFrames, check, doubles, element, elements, k, module, nonNegative, number, requestFrames,
} from "./runtime.js";

// What the interactions' parts say to each other, out of the public API (symbols).
const HANDLE = Symbol("handle"), LISTEN = Symbol("listen"), SECONDS = Symbol("seconds"), RUN = Symbol("run");
const TRANSFORM = Symbol("transform"), WRITE = Symbol("write"), SYNC = Symbol("sync"), DRAIN = Symbol("drain");
const RESIZED = Symbol("resized"), LAYERS = Symbol("layers"), ORDER = Symbol("order"), TOUCH = Symbol("touch");
const INSERT = Symbol("insert"), INSERTED = Symbol("inserted"), LIVE = Symbol("live");

/** A record's doubles (KineticBindings' RecordWriter): id, container, center x, y, width, height,
 * transform a, b, c, d, z index, flags. */
const RECORD = 12;
const SELECTED = 1, FOCUSED = 2, LIFTED = 4;

/** The USB HID usages of the keys a keyboard reorder takes, by KeyboardEvent.code. */
const KEYS = {
  Enter: 0x28, NumpadEnter: 0x58, Escape: 0x29, Space: 0x2c, Home: 0x4a, PageUp: 0x4b, End: 0x4d, PageDown: 0x4e,
  ArrowRight: 0x4f, ArrowLeft: 0x50, ArrowDown: 0x51, ArrowUp: 0x52,
};

// The module frees the interactions the page forgets.
const forgotten = new FinalizationRegistry((handle) => {
  if (k !== null) k.kinetic_surface_destroy(handle);
});

/** Options: an object or nothing. */
function options(value) {
  if (value === undefined || value === null) return {};
  if (typeof value !== "object") throw new TypeError("options must be an object");
  return value;
}

/** A size option {width, height}, each positive and finite. */
function size(name, value) {
  if (value === null || typeof value !== "object") throw new TypeError(`${name} must be a size {width, height}`);
  const width = number(`${name}.width`, value.width), height = number(`${name}.height`, value.height);
  if (width <= 0 || height <= 0) throw new RangeError(`${name} must be positive, not ${width}×${height}`);
  if (width > 1e6 || height > 1e6) throw new RangeError(`${name} must be at most 1e6, not ${width}×${height}`);
  return { width, height };
}

/** A length option: finite, not negative (and no more than the module takes). */
function length(name, value, fallback) {
  if (value === undefined) return fallback;
  if (nonNegative(name, value) > 1e6) throw new RangeError(`${name} must be at most 1e6, not ${value}`);
  return value;
}

/**
 * A side or place of a box the page laid out, as the module takes it: 0…1e6 px for a side,
 * ±1e6 px for a place (`signed`). A box made anew throws a RangeError naming it.
 */
function measured(name, value, signed = false) {
  const v = value ?? 0;
  if (!(Math.abs(v) <= 1e6) || (!signed && v < 0)) {
    throw new RangeError(`${name} is ${v} px: the interactions take boxes of up to 1e6 px a side, within 1e6 px`);
  }
  return v;
}

/** A box's side or place read again (the container was resized): held to the module's range. */
function remeasured(value, signed = false) {
  return Math.min(Math.max(Number.isFinite(value) ? value : 0, signed ? -1e6 : 0), 1e6);
}

/** The padding box of `container` on screen: where a pointer is, in its coordinates. */
function origin(container) {
  const box = container.getBoundingClientRect();
  return { x: box.left + container.clientLeft, y: box.top + container.clientTop };
}

/** The size of the item the elements show: `given`, else the first laid-out element's box. */
function itemSize(given, items) {
  if (given !== undefined) return size("options.itemSize", given);
  for (const item of items) {
    if (item.offsetWidth > 0 && item.offsetHeight > 0) {
      const name = "the first laid-out element's";
      return {
        width: measured(`${name} offsetWidth`, item.offsetWidth),
        height: measured(`${name} offsetHeight`, item.offsetHeight),
      };
    }
  }
  throw new RangeError("options.itemSize is needed: none of the elements has a laid-out size");
}

/** An element kinetic.js makes: a content layer, a drag layer, a live region. */
function layer(className, style) {
  const div = document.createElement("div");
  div.className = className;
  Object.assign(div.style, style);
  return div;
}

/**
 * What every interaction is: a handle in the module, the container whose pointers it takes, the
 * elements by id, the frames it asks for while anything moves. Not exported: its subclasses are.
 */
class Surface {
  #handle;
  #start;
  #pointers = new Map();
  #listeners = [];
  #resize = null;
  #orderVersion = 0;
  #everything = true;
  #written = new Map();
  #removed = new Set();
  #mutations = null;
  /** Whether an element may have left the document since the last frame looked. */
  #mayHaveLeft = true;

  constructor(handle, container, items) {
    this.#handle = check(handle, ["an option"]);
    this.container = container;
    this.elements = items;
    this.#start = typeof performance === "undefined" ? 0 : performance.now();
    forgotten.register(this, this.#handle, this);
    this.#listen(container, "pointerdown", (event) => this.#pointer(event, 0));
    this.#listen(container, "pointermove", (event) => this.#pointer(event, 1));
    this.#listen(container, "pointerup", (event) => this.#pointer(event, 2));
    this.#listen(container, "pointercancel", (event) => this.#pointer(event, 3));
    this.#listen(container, "lostpointercapture", (event) => this.#pointer(event, 3));
    if (typeof ResizeObserver !== "undefined") {
      this.#resize = new ResizeObserver(() => { if (this.#handle !== null) this[RESIZED](); });
      this.#resize.observe(container);
    }
    // An element the page takes out of the document leaves at the next frame; one taken out
    // while nothing moves asks for that frame. Where the observer reports removals, frames look
    // for them only after one; elsewhere (no observer), every frame looks.
    if (typeof MutationObserver !== "undefined") {
      this.#mutations = new MutationObserver(() => {
        if (this.#detached().length === 0) return;
        this.#mayHaveLeft = true;
        this[RUN]();
      });
      this.#mutations.observe(container, { childList: true, subtree: true });
    }
  }

  /** The elements out of the document leave the interaction. */
  #leave() {
    for (const id of this.#detached()) {
      this.#removed.add(id);
      module().kinetic_surface_remove_element(this[HANDLE], id);
      this.#everything = true;
    }
  }

  /** The ids of the elements out of the document that have not left yet. */
  #detached() {
    const ids = [];
    this.elements.forEach((item, id) => { if (item.isConnected === false && !this.#removed.has(id)) ids.push(id); });
    return ids;
  }

  /** The module's handle; throws once destroyed. */
  get [HANDLE]() {
    if (this.#handle === null) throw new TypeError("the interaction has been destroyed");
    return this.#handle;
  }

  /** Whether `destroy()` was called. */
  get isDestroyed() { return this.#handle === null; }

  #listen(target, type, listener, passive = true) {
    target.addEventListener(type, listener, { passive });
    this.#listeners.push([target, type, listener]);
  }

  /** Listens for an event the interaction no longer hears once destroyed. */
  [LISTEN](target, type, listener, passive = true) { this.#listen(target, type, listener, passive); }

  /** Seconds since the interaction was made, on the clock of events and animation frames. */
  [SECONDS](timeStamp) {
    // An event made by a page may carry no time: it happens now (the clock never goes back).
    const seconds = (timeStamp - this.#start) / 1000;
    return Number.isFinite(seconds) ? Math.min(Math.max(seconds, 0), 1e9) : 0;
  }

  #pointer(event, phase) {
    if (this.#handle === null || (event.pointerType === "mouse" && phase === 0 && event.button !== 0)) return;
    const known = this.#pointers.has(event.pointerId);
    if (phase !== 0 && !known) return; // a pointer that went down elsewhere
    if (phase === 0) {
      if (known) return;
      this.#pointers.set(event.pointerId, true);
      try { this.container.setPointerCapture?.(event.pointerId); } catch { /* not a live pointer */ }
    } else if (phase >= 2) {
      this.#pointers.delete(event.pointerId);
    }
    const at = origin(this.container);
    // A pointer far outside the page (or a browser's odd value) is held to the module's range.
    const x = Math.min(Math.max(event.clientX - at.x, -1e6), 1e6), y = Math.min(Math.max(event.clientY - at.y, -1e6), 1e6);
    if (!Number.isFinite(x) || !Number.isFinite(y)) return;
    this[TOUCH](event.pointerId, phase, x, y, this[SECONDS](event.timeStamp));
  }

  /** One pointer's event, in the container's coordinates (what the pointer listeners send). */
  [TOUCH](id, phase, x, y, seconds) {
    check(module().kinetic_surface_touch(this[HANDLE], id | 0, phase, x, y, seconds), ["the interaction"]);
    this[RUN]();
  }

  /** Asks for animation frames until the interaction rests. */
  [RUN]() {
    if (this.#handle !== null) requestFrames(this, (now) => this.frame(now));
  }

  /**
   * Advances the interaction to `now` (the page's clock, in milliseconds) and writes its elements;
   * answers whether it still moves. The interaction does this itself at each animation frame.
   */
  frame(now) {
    number("now", now);
    const handle = this[HANDLE];
    // Elements taken out of the document leave: their places close, a drag that carries one
    // ends. (A toss or a scroll view has no order to leave: it answers -5, and that is all.)
    if (this.#mayHaveLeft) {
      this.#leave();
      this.#mayHaveLeft = this.#mutations === null;
    }
    const count = check(module().kinetic_surface_advance(handle, this[SECONDS](now), this.#everything ? 1 : 0),
      ["the interaction"]);
    this.#everything = false;
    const [moving, version] = doubles();
    // A copy: writing an element may read an order, which the module writes where the records are.
    const records = new Float64Array(k.memory.buffer, k.kinetic_records(), count * RECORD).slice();
    for (let index = 0; index < count; index++) this[WRITE](records.subarray(index * RECORD, (index + 1) * RECORD));
    const layers = this[LAYERS];
    for (let container = 0; container < layers.length; container++) {
      check(k.kinetic_surface_container(handle, container), []);
      const [x, y] = doubles();
      this[TRANSFORM](layers[container], `translate(${-x}px, ${-y}px)`);
    }
    if (version !== this.#orderVersion) {
      this.#orderVersion = version;
      this.#everything = true; // elements out of view moved too
      this[SYNC]();
    }
    this[DRAIN]();
    return moving === 1 || this.#everything;
  }

  /** The layers whose transform is each container's scroll (none for a toss). */
  get [LAYERS]() { return []; }

  /** Writes `transform` to `target` if it is not already what it shows. */
  [TRANSFORM](target, transform) {
    if (this.#written.get(target) === transform) return;
    this.#written.set(target, transform);
    target.style.transform = transform;
  }

  /** Element `id` joined (subclasses that know their elements by more than their boxes). */
  [INSERTED](id, item) {}

  /** Writes one element's record (subclasses place the element). */
  [WRITE](record) {}

  /** Moves the elements in the document to the data order (subclasses with an order). */
  [SYNC]() {}

  /** Takes what the interaction said (subclasses with announcements). */
  [DRAIN]() {}

  /** Reads the containers' sizes anew (a ResizeObserver calls it). */
  [RESIZED]() {}

  /** The elements in the interaction now (those removed from the document left), in id order. */
  get [LIVE]() { return this.elements.filter((_, id) => !this.#removed.has(id)); }

  /**
   * Adds `item` to container `container` at `index` of its data order (its end if undefined),
   * in the content layer `layer`; answers its id (the next the module makes: ids are never
   * reused, so an element put back after it left gets a new one). Elements out of the document
   * leave first (as the next frame would have them); then an item already in the interaction or
   * an index out of 0…count throws, and nothing else changes.
   */
  [INSERT](item, container, index, layer) {
    element("item", item);
    if (index !== undefined) number("index", index);
    this.#leave();
    const count = this[ORDER](container).length;
    const at = index ?? count;
    if (!Number.isInteger(at) || at < 0 || at > count) {
      throw new RangeError(`index must be a whole number from 0 to ${count}, not ${at}`);
    }
    if (this[LIVE].includes(item)) throw new RangeError("item is already one of the interaction's elements");
    const id = module().kinetic_surface_insert_element(this[HANDLE], container, at);
    // The index is checked above: the module refuses only an interaction that made its million.
    if (id === -4) throw new RangeError("the interaction has made 1e6 elements, the most it takes");
    check(id, ["the interaction"]);
    this.elements[id] = item;
    this[INSERTED](id, item);
    placeInLayer(item, layer);
    this.#everything = true;
    this[RUN]();
    return id;
  }

  /** The ids of container `index`'s elements in data order. */
  [ORDER](index = 0) {
    const count = check(module().kinetic_surface_order(this[HANDLE], index), ["the interaction"]);
    return Array.from(new Float64Array(k.memory.buffer, k.kinetic_records(), count));
  }

  /** Ends the interaction: its listeners, observers and handle go; its elements stay as shown. */
  destroy() {
    if (this.#handle === null) return;
    for (const [target, type, listener] of this.#listeners) target.removeEventListener(type, listener);
    this.#listeners = [];
    this.#resize?.disconnect();
    this.#mutations?.disconnect();
    cancelFrames(this);
    k.kinetic_surface_destroy(this.#handle);
    forgotten.unregister(this);
    this.#handle = null;
  }
}

/** Writes a record as an element's place in its layer: left/top at 0, a transform to its center. */
function placeElement(surface, item, record) {
  const [, , x, y, width, height, a, b, c, d, z, flags] = record;
  const style = item.style;
  if (style.width !== `${width}px`) style.width = `${width}px`;
  if (style.height !== `${height}px`) style.height = `${height}px`;
  const zIndex = z === 0 ? "" : String(z);
  if (style.zIndex !== zIndex) style.zIndex = zIndex;
  surface[TRANSFORM](item,
    `translate(${x - width / 2}px, ${y - height / 2}px) matrix(${a}, ${b}, ${c}, ${d}, 0, 0)`);
  const list = item.classList;
  if (list) {
    if (list.contains("kinetic-lifted") !== ((flags & LIFTED) !== 0)) list.toggle("kinetic-lifted");
    if (list.contains("kinetic-focused") !== ((flags & FOCUSED) !== 0)) list.toggle("kinetic-focused");
  }
}

/** Makes the container hold its elements in content layers of its own, positioned absolutely. */
function prepareContainer(container, items) {
  const style = container.style;
  if (getComputedStyleOf(container).position === "static") style.position = "relative";
  style.overflow = "hidden";
  style.touchAction = "none";
  const content = layer("kinetic-content", { position: "absolute", left: "0", top: "0", width: "100%" });
  for (const item of items) placeInLayer(item, content);
  container.append(content);
  return content;
}

/** Puts `item` in the content layer `content`, positioned absolutely (its record places it). */
function placeInLayer(item, content) {
  Object.assign(item.style, { position: "absolute", left: "0", top: "0", margin: "0", boxSizing: "border-box" });
  content.append(item);
}

function getComputedStyleOf(target) {
  return typeof getComputedStyle === "undefined" ? (target.style ?? {}) : getComputedStyle(target);
}

/** Moves `content`'s elements to the order of `ids` (moving only those out of place). */
function arrange(content, ids, items, skip = () => false) {
  let at = 0;
  for (const id of ids) {
    const item = items[id];
    if (!item || !item.isConnected || skip(item)) continue;
    const here = content.children[at];
    if (here !== item) content.insertBefore(item, here ?? null);
    at++;
  }
}

// MARK: Toss

/**
 * Seed 004's toss on one element: the finger holds it on a spring where it grabbed it; let go,
 * it flies with the finger's velocity and a spin, slows, and comes home on a spring. The element's
 * offsetParent is `container` (the reference view); its layout box is its home.
 */
export class TossInteraction extends Surface {
  #home;

  constructor(container, item, { seed = 0 } = {}) {
    element("container", container);
    element("item", item);
    number("options.seed", seed);
    const width = measured("item.offsetWidth", item.offsetWidth);
    const height = measured("item.offsetHeight", item.offsetHeight);
    const home = {
      x: measured("item.offsetLeft", item.offsetLeft, true) + width / 2,
      y: measured("item.offsetTop", item.offsetTop, true) + height / 2,
    };
    super(module().kinetic_toss_create(measured("container.clientWidth", container.clientWidth),
      measured("container.clientHeight", container.clientHeight), home.x, home.y, width, height, seed | 0),
    container, [item]);
    this.#home = home;
    if (container.style) container.style.touchAction = "none";
  }

  /** The element tossed. */
  get item() { return this.elements[0]; }

  [WRITE](record) {
    const [, , x, y, , , a, b, c, d, , flags] = record;
    this[TRANSFORM](this.item,
      `translate(${x - this.#home.x}px, ${y - this.#home.y}px) matrix(${a}, ${b}, ${c}, ${d}, 0, 0)`);
    this.item.classList?.toggle("kinetic-lifted", (flags & LIFTED) !== 0);
  }
}

// MARK: Collections

/** What a list or grid interaction shares: one container, its elements laid out in a flow. */
class CollectionSurface extends Surface {
  #content;

  constructor(make, container, itemOptions) {
    element("container", container);
    const items = [...container.children];
    const o = options(itemOptions);
    const cell = itemSize(o.itemSize, items);
    const spacing = length("options.spacing", o.spacing, 8);
    const inset = length("options.inset", o.inset, spacing);
    super(make(measured("container.clientWidth", container.clientWidth),
      measured("container.clientHeight", container.clientHeight), items.length, cell, spacing, inset, o),
    container, items);
    this.#content = prepareContainer(container, items);
    this[LISTEN](container, "wheel", (event) => this.#wheel(event), false);
    this[RUN]();
  }

  get [LAYERS]() { return [this.#content]; }

  /** The elements in data order (the document's order once each gesture ends). */
  get orderedElements() { return this[ORDER](0).map((id) => this.elements[id]); }

  /**
   * Adds `item` at `index` of the data order (the end unless given): it takes its slot and the
   * elements after it make room; a drag in flight ends, cancelled. The item moves into the
   * container (it may come from anywhere, or from nowhere yet).
   */
  insertElement(item, index) {
    this[INSERT](item, 0, index, this.#content);
  }

  [WRITE](record) {
    const item = this.elements[record[0]];
    if (item !== undefined) placeElement(this, item, record);
  }

  [SYNC]() {
    arrange(this.#content, this[ORDER](0), this.elements);
    this.container.dispatchEvent?.(new CustomEvent("kinetic-reorder", { detail: { order: this.orderedElements } }));
  }

  [RESIZED]() {
    check(module().kinetic_surface_set_frame(this[HANDLE], 0, 0, 0, remeasured(this.container.clientWidth),
      remeasured(this.container.clientHeight)), ["the interaction"]);
    this[RUN]();
  }

  #wheel(event) {
    const scale = event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? this.container.clientHeight : 1;
    const dx = event.deltaX * scale, dy = event.deltaY * scale;
    if (!Number.isFinite(dx) || !Number.isFinite(dy)) return;
    event.preventDefault();
    check(module().kinetic_surface_wheel(this[HANDLE], 0, Math.max(Math.min(dx, 1e6), -1e6),
      Math.max(Math.min(dy, 1e6), -1e6)), ["the interaction"]);
    this[RUN]();
  }
}

/**
 * Seed 003 on a list or grid: long-press an element, drag it, drop it, and the others make room;
 * held at the container's edge, the container scrolls. Tabbed into, the keyboard reorders too
 * (space lifts and drops, arrows move, escape cancels), each step announced in a live region.
 * The container's children are the elements; after every drop the document's order is the data's,
 * and the container fires `kinetic-reorder` with `detail.order`.
 */
export class ReorderInteraction extends CollectionSurface {
  #region;

  constructor(container, reorderOptions = {}) {
    super((width, height, count, cell, spacing, inset, o) => {
      const direction = o.scrollDirection ?? "vertical";
      if (direction !== "vertical" && direction !== "horizontal") {
        throw new RangeError(`options.scrollDirection must be "vertical" or "horizontal", not ${direction}`);
      }
      const autoScroll = o.autoScroll ?? "continuous";
      if (autoScroll !== "continuous" && autoScroll !== "paging") {
        throw new RangeError(`options.autoScroll must be "continuous" or "paging", not ${autoScroll}`);
      }
      return module().kinetic_reorder_create(width, height, count, cell.width, cell.height, spacing, inset,
        direction === "horizontal" ? 1 : 0, autoScroll === "paging" ? 1 : 0);
    }, container, reorderOptions);
    const o = options(reorderOptions);
    this.#region = o.announcer === undefined ? this.#makeRegion() : element("options.announcer", o.announcer);
    this.elements.forEach((item, id) => this.#label(id, item));
    if (container.tabIndex < 0) container.tabIndex = 0;
    container.setAttribute?.("aria-roledescription", "reorderable list");
    this[LISTEN](container, "focus", () => {
      if (container.matches?.(":focus-visible") ?? true) this.#focus(true);
    });
    this[LISTEN](container, "blur", () => this.#focus(false));
    this[LISTEN](container, "keydown", (event) => this.#key(event), false);
  }

  /** The live region the announcements are written to. */
  get announcer() { return this.#region; }

  [INSERTED](id, item) { this.#label(id, item); }

  #makeRegion() {
    const region = layer("kinetic-announcer", {
      position: "absolute", width: "1px", height: "1px", overflow: "hidden", clipPath: "inset(50%)",
      whiteSpace: "nowrap",
    });
    region.setAttribute("aria-live", "assertive");
    region.setAttribute("role", "status");
    this.container.after(region);
    return region;
  }

  #label(id, item) {
    const text = (item.getAttribute?.("aria-label") ?? item.textContent ?? "").trim().slice(0, 200);
    if (text === "") return;
    const bytes = new TextEncoder().encode(text);
    const at = k.kinetic_bytes(bytes.length);
    new Uint8Array(k.memory.buffer, at, bytes.length).set(bytes);
    check(k.kinetic_surface_set_label(this[HANDLE], id, bytes.length), ["the interaction"]);
  }

  #focus(focused) {
    if (this.isDestroyed) return;
    check(module().kinetic_surface_focus(this[HANDLE], focused ? 1 : 0), ["the interaction"]);
    this[DRAIN]();
    this[RUN]();
  }

  #key(event) {
    const usage = KEYS[event.code];
    if (usage === undefined || event.metaKey || event.ctrlKey || event.altKey || this.isDestroyed) return;
    if (check(module().kinetic_surface_key(this[HANDLE], usage), ["the interaction"]) === 1) event.preventDefault();
    this[DRAIN]();
    this[RUN]();
  }

  [DRAIN]() {
    for (;;) {
      const count = check(module().kinetic_surface_announcement(this[HANDLE]), ["the interaction"]);
      if (count === 0) return;
      const text = new TextDecoder().decode(new Uint8Array(k.memory.buffer, k.kinetic_bytes(0), count));
      this.#region.textContent = text;
    }
  }
}

/**
 * Seed 000 on a grid: tap elements to select them (class `kinetic-selected`, `aria-selected`),
 * long-press one to drag the selection, each element following on its springs, then home.
 */
export class MultiSelectDragInteraction extends CollectionSurface {
  constructor(container, selectionOptions = {}) {
    super((width, height, count, cell, spacing, inset) =>
      module().kinetic_selection_create(width, height, count, cell.width, cell.height, spacing, inset),
    container, selectionOptions);
  }

  /** The selected elements, in order. */
  get selectedElements() { return this[LIVE].filter((item) => item.classList?.contains("kinetic-selected")); }

  [WRITE](record) {
    super[WRITE](record);
    const item = this.elements[record[0]];
    const selected = (record[11] & SELECTED) !== 0;
    if (item?.classList && item.classList.contains("kinetic-selected") !== selected) {
      item.classList.toggle("kinetic-selected");
      item.setAttribute("aria-selected", String(selected));
    }
  }
}

// MARK: Drag and drop

/**
 * Drag and drop between containers (iOS 11's): long-press an element, drag it within its column or
 * to another, tap others with a second finger to add them to the stack, drop. `board` is the
 * positioned element around the `columns` (each column's children are its elements); a dragged
 * element rides in a layer over the board and lands in its new column, in data order.
 */
export class DragAndDropInteraction extends Surface {
  #contents;
  #layer;

  constructor(board, columns, dragOptions = {}) {
    element("board", board);
    const list = elements("columns", columns);
    if (list.length === 0) throw new RangeError("columns must not be empty");
    for (const [index, column] of list.entries()) {
      if (!board.contains?.(column)) throw new RangeError(`columns[${index}] is not in the board`);
    }
    const o = options(dragOptions);
    const items = list.flatMap((column) => [...column.children]);
    const cell = itemSize(o.itemSize, items);
    const spacing = length("options.spacing", o.spacing, 8);
    const inset = length("options.inset", o.inset, spacing);
    super(module().kinetic_board_create(cell.width, cell.height, spacing, inset), board, items);
    if (getComputedStyleOf(board).position === "static") board.style.position = "relative";
    board.style.touchAction = "none";
    this.columns = list;
    for (const [index, column] of list.entries()) {
      const frame = this.#frameOf(column);
      measured(`columns[${index}].clientWidth`, frame.width);
      measured(`columns[${index}].clientHeight`, frame.height);
      measured(`columns[${index}]'s left in the board`, frame.x, true);
      measured(`columns[${index}]'s top in the board`, frame.y, true);
      check(module().kinetic_board_add_column(this[HANDLE], frame.x, frame.y, frame.width, frame.height,
        column.children.length), ["the interaction"]);
    }
    this.#contents = list.map((column) => prepareContainer(column, [...column.children]));
    this.#layer = layer("kinetic-drag-layer", {
      position: "absolute", left: "0", top: "0", width: "0", height: "0", overflow: "visible", zIndex: "1000",
      pointerEvents: "none",
    });
    board.append(this.#layer);
    this[RUN]();
  }

  /** A column's padding box in the board's padding box. */
  #frameOf(column) {
    const at = origin(this.container), box = origin(column);
    return { x: box.x - at.x, y: box.y - at.y, width: column.clientWidth ?? 0, height: column.clientHeight ?? 0 };
  }

  get [LAYERS]() { return this.#contents; }

  /** Each column's elements, in data order. */
  get orderedElements() { return this.#contents.map((_, index) => this[ORDER](index).map((id) => this.elements[id])); }

  /**
   * Adds `item` to `column` (one of `columns`, or its index) at `index` of its data order (the
   * end unless given): it takes its slot and the elements after it make room. A drag in flight
   * goes on, and its gap stays between the elements it was shown between.
   */
  insertElement(item, column, index) {
    const at = typeof column === "number" ? column : this.columns.indexOf(column);
    if (!Number.isInteger(at) || at < 0 || at >= this.columns.length) {
      throw new RangeError("column must be one of the interaction's columns or its index");
    }
    this[INSERT](item, at, index, this.#contents[at]);
  }

  [WRITE](record) {
    const item = this.elements[record[0]];
    if (item === undefined || !item.isConnected) return;
    const container = record[1];
    const home = container < 0 ? this.#layer : this.#contents[container];
    if (item.parentNode !== home) {
      home.append(item);
      // Landed: in its column, in data order.
      if (container >= 0) this.#arrange(container);
    }
    placeElement(this, item, record);
  }

  /** Puts column `index`'s elements in data order, but for those still in flight. */
  #arrange(index) {
    arrange(this.#contents[index], this[ORDER](index), this.elements, (item) => item.parentNode === this.#layer);
  }

  [SYNC]() {
    this.#contents.forEach((_, index) => this.#arrange(index));
    this.container.dispatchEvent?.(new CustomEvent("kinetic-reorder", { detail: { order: this.orderedElements } }));
  }

  [RESIZED]() {
    this.columns.forEach((column, index) => {
      const frame = this.#frameOf(column);
      check(module().kinetic_surface_set_frame(this[HANDLE], index, remeasured(frame.x, true),
        remeasured(frame.y, true), remeasured(frame.width), remeasured(frame.height)), ["the interaction"]);
    });
    this[RUN]();
  }
}

// MARK: Scroll view

/**
 * A scroll view over `container`'s content (its first child): iOS's deceleration and rubber band,
 * and with `pagingEnabled` it stops on multiples of the container's size. The content moves as one
 * transform; `contentOffset` says where it is.
 */
export class ScrollView extends Surface {
  #content;

  constructor(container, { pagingEnabled = false } = {}) {
    element("container", container);
    const content = container.firstElementChild;
    if (!content) throw new RangeError("container must have its content as its first child");
    if (typeof pagingEnabled !== "boolean") throw new TypeError("options.pagingEnabled must be a Boolean");
    super(module().kinetic_scroll_create(measured("container.clientWidth", container.clientWidth),
      measured("container.clientHeight", container.clientHeight),
      measured("the content's scrollWidth", content.scrollWidth ?? content.offsetWidth),
      measured("the content's scrollHeight", content.scrollHeight ?? content.offsetHeight), pagingEnabled ? 1 : 0),
    container, []);
    this.#content = content;
    this.pagingEnabled = pagingEnabled;
    Object.assign(container.style, { overflow: "hidden", touchAction: "none" });
    this[LISTEN](container, "wheel", (event) => {
      event.preventDefault();
      check(module().kinetic_surface_wheel(this[HANDLE], 0, Math.max(Math.min(event.deltaX, 1e6), -1e6) || 0,
        Math.max(Math.min(event.deltaY, 1e6), -1e6) || 0), ["the scroll view"]);
      this[RUN]();
    }, false);
    this[RUN]();
  }

  get [LAYERS]() { return [this.#content]; }

  /** The content point at the container's top left corner, {x, y}. */
  get contentOffset() {
    check(module().kinetic_surface_container(this[HANDLE], 0), ["the scroll view"]);
    const [x, y] = doubles();
    return { x, y };
  }

  [RESIZED]() {
    check(module().kinetic_surface_set_frame(this[HANDLE], 0, 0, 0, remeasured(this.container.clientWidth),
      remeasured(this.container.clientHeight)), ["the scroll view"]);
    check(module().kinetic_surface_set_content_size(this[HANDLE], 0, remeasured(this.#content.scrollWidth),
      remeasured(this.#content.scrollHeight)), ["the scroll view"]);
    this[RUN]();
  }
}
