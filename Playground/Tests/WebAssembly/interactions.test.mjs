// kinetic.js's interactions (Page/web/interactions.js) in node, on the module Scripts/wasm builds
// for it (KINETIC_WEB_WASM), with stand-in elements that keep a tree, a layout box, listeners and
// classes: pointer events dispatched as a browser would, frames run by hand. What they check: the
// document's order follows the data after a drop (the model move: removed, inserted), selection
// classes, bad arguments throw naming the argument, destroy frees the module's objects.
// KineticWebTests runs it:
//
//   KINETIC_WEB_WASM=.build/wasm/kinetic-web.wasm node --test Playground/Tests/WebAssembly/interactions.test.mjs
import { readFileSync } from "node:fs";
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  DragAndDropInteraction, load, MultiSelectDragInteraction, ReorderInteraction, ScrollView, TossInteraction,
} from "../../Sources/KineticPlayground/Page/web/kinetic.js";

const wasm = readFileSync(process.env.KINETIC_WEB_WASM ?? ".build/wasm/kinetic-web.wasm");
await load(wasm, { log: { log() {}, error() {} } });
const { instantiate } = await import("../../Sources/KineticPlayground/Page/web/wasi.js");

/** An element as the interactions use one: a tree, a box at (left, top) in the page, listeners. */
class FakeElement {
  nodeType = 1;
  children = [];
  parentNode = null;
  style = {};
  attributes = new Map();
  listeners = new Map();
  tabIndex = -1;
  textContent = "";
  #classes = new Set();
  constructor(left = 0, top = 0, width = 0, height = 0) {
    Object.assign(this, { left, top, width, height });
    this.classList = {
      contains: (name) => this.#classes.has(name),
      toggle: (name, force) => {
        const on = force ?? !this.#classes.has(name);
        if (on) this.#classes.add(name); else this.#classes.delete(name);
        return on;
      },
    };
  }
  get offsetWidth() { return this.width; }
  get offsetHeight() { return this.height; }
  get offsetLeft() { return this.left - (this.parentNode?.left ?? 0); }
  get offsetTop() { return this.top - (this.parentNode?.top ?? 0); }
  get clientWidth() { return this.width; }
  get clientHeight() { return this.height; }
  clientLeft = 0;
  clientTop = 0;
  get isConnected() { return this.parentNode !== null || this.root === true; }
  get firstElementChild() { return this.children[0] ?? null; }
  getBoundingClientRect() { return { left: this.left, top: this.top, width: this.width, height: this.height }; }
  setAttribute(name, value) { this.attributes.set(name, String(value)); }
  getAttribute(name) { return this.attributes.get(name) ?? null; }
  setPointerCapture() {}
  matches() { return true; }
  contains(other) { for (let e = other; e; e = e.parentNode) if (e === this) return true; return false; }
  #detach(child) {
    if (child.parentNode) child.parentNode.children.splice(child.parentNode.children.indexOf(child), 1);
  }
  append(...nodes) { for (const node of nodes) { this.#detach(node); node.parentNode = this; this.children.push(node); } }
  insertBefore(node, before) {
    this.#detach(node);
    node.parentNode = this;
    const at = before ? this.children.indexOf(before) : -1;
    if (at < 0) this.children.push(node); else this.children.splice(at, 0, node);
  }
  after(node) { this.parentNode?.insertBefore(node, this.parentNode.children[this.parentNode.children.indexOf(this) + 1]); }
  remove() { this.#detach(this); this.parentNode = null; }
  addEventListener(type, listener) { this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]); }
  removeEventListener(type, listener) { this.listeners.set(type, (this.listeners.get(type) ?? []).filter((l) => l !== listener)); }
  dispatchEvent(event) { for (const listener of this.listeners.get(event.type) ?? []) listener(event); return true; }
}
globalThis.document = { createElement: () => new FakeElement() };

/** A container at the page's origin, `width` by `height`, holding `count` elements `size` square. */
function container(width, height, count, size = 60) {
  const box = new FakeElement(0, 0, width, height);
  box.root = true;
  for (let i = 0; i < count; i++) {
    const e = new FakeElement(0, 0, size, size);
    e.textContent = String(i);
    box.append(e);
  }
  new FakeElement().append(box); // a parent, for the live region
  return box;
}

/** A pointer on `target`: down, moves, up, at page times in milliseconds; frames at 60 Hz between. */
class Pointer {
  constructor(target, interaction, id = 1, type = "touch") {
    // Event and frame times are on the page's clock, which the interaction read when it was made.
    Object.assign(this, { target, interaction, id, type, now: performance.now() });
  }
  #send(type, x, y) {
    this.target.dispatchEvent({ type, pointerId: this.id, pointerType: this.type, button: 0, clientX: x, clientY: y,
      timeStamp: this.now });
  }
  frames(seconds) {
    for (let i = 0; i < Math.round(seconds * 60); i++) { this.now += 1000 / 60; this.interaction.frame(this.now); }
  }
  down(x, y) { this.#send("pointerdown", x, y); }
  up(x, y) { this.#send("pointerup", x, y); }
  cancel(x, y) { this.#send("pointercancel", x, y); }
  move(x0, y0, x1, y1, steps = 20) {
    for (let s = 1; s <= steps; s++) { this.#send("pointermove", x0 + (x1 - x0) * s / steps, y0 + (y1 - y0) * s / steps); this.frames(1 / 60); }
  }
}

const texts = (parent) => parent.children.map((e) => e.textContent);

// A 4-column grid: 60 px elements, 10 px apart and around, 290 px wide; slot i's center is
// (40 + 70·(i mod 4), 40 + 70·(i div 4)) (the flow layout's arithmetic).
const slot = (i) => [40 + 70 * (i % 4), 40 + 70 * Math.floor(i / 4)];

/**
 * A board of two columns of three cards ("00"…"02", "10"…"12"), with card "00" lifted and dragged
 * below column 1's last card: {board, columns, drop, finger}.
 */
function boardWithCardInFlight() {
  const board = new FakeElement(0, 0, 640, 400);
  board.root = true;
  const columns = [0, 1].map((c) => {
    const column = new FakeElement(c * 320, 0, 300, 400);
    board.append(column);
    for (let i = 0; i < 3; i++) column.append(Object.assign(new FakeElement(0, 0, 280, 40), { textContent: `${c}${i}` }));
    return column;
  });
  const drop = new DragAndDropInteraction(board, columns, { spacing: 8, inset: 10 });
  const finger = new Pointer(board, drop);
  finger.frames(0.1);
  finger.down(150, 30); // column 0's first card: (10 + 140, 10 + 20)
  finger.frames(0.7);
  finger.move(150, 30, 470, 300, 30);
  return { board, columns, drop, finger };
}

test("a long-press reorder puts the document in the data's order: the model move", () => {
  const box = container(290, 300, 12);
  const grid = new ReorderInteraction(box, { spacing: 10 });
  const content = box.children[0];
  assert.equal(content.className, "kinetic-content");
  assert.deepEqual(texts(content), [...Array(12).keys()].map(String));
  const finger = new Pointer(box, grid);
  finger.frames(0.1);
  finger.down(...slot(0));
  finger.frames(0.7);
  finger.move(...slot(0), ...slot(6));
  finger.up(...slot(6));
  finger.frames(1);
  const model = [...Array(12).keys()].map(String);
  model.splice(6, 0, model.shift());
  assert.deepEqual(texts(content), model);
  assert.deepEqual(grid.orderedElements.map((e) => e.textContent), model);
  // Every element sits on its slot: its transform puts its center there.
  for (const [index, e] of content.children.entries()) {
    const [x, y] = slot(index);
    assert.match(e.style.transform, new RegExp(`^translate\\(${x - 30}px, ${y - 30}px\\)`), `element ${e.textContent}`);
  }
  grid.destroy();
});

test("a cancelled pointer leaves the order as it was; a second pointer neither loses nor doubles", () => {
  const box = container(290, 300, 12);
  const grid = new ReorderInteraction(box, { spacing: 10 });
  const content = box.children[0];
  const finger = new Pointer(box, grid);
  finger.down(...slot(1));
  finger.frames(0.7);
  finger.move(...slot(1), ...slot(9));
  finger.cancel(...slot(9));
  finger.frames(1);
  assert.deepEqual(texts(content), [...Array(12).keys()].map(String));
  const second = new Pointer(box, grid, 2);
  finger.down(...slot(2));
  finger.frames(0.7);
  second.now = finger.now;
  second.down(...slot(2));
  finger.move(...slot(2), ...slot(5));
  second.move(...slot(2), ...slot(11));
  finger.up(...slot(5));
  second.up(...slot(11));
  finger.frames(1);
  assert.deepEqual([...texts(content)].sort((a, b) => a - b), [...Array(12).keys()].map(String));
  assert.deepEqual(texts(content), grid.orderedElements.map((e) => e.textContent));
  grid.destroy();
});

test("an element taken out of the document leaves: its place closes, a drag that carries it ends", () => {
  // Truths: the document's order is the data's without it, the elements after it sit one slot
  // earlier (the flow's arithmetic), and it is never written again. Taken out while lifted, or
  // while another is dragged (a change from elsewhere ends the drag: the moves made stand), or
  // at rest; then, in drag and drop, the element in flight.
  for (const which of ["lifted", "other", "at rest"]) {
    const box = container(290, 300, 12);
    const grid = new ReorderInteraction(box, { spacing: 10 });
    const content = box.children[0];
    const finger = new Pointer(box, grid);
    finger.frames(0.1);
    if (which !== "at rest") {
      finger.down(...slot(2));
      finger.frames(0.7);
      finger.move(...slot(2), ...slot(9));
    }
    const gone = grid.elements[which === "other" ? 5 : 2];
    gone.remove();
    const written = gone.style.transform;
    finger.frames(0.1);
    if (which !== "at rest") {
      finger.move(...slot(9), ...slot(10), 5);
      finger.up(...slot(10));
    }
    finger.frames(2);
    const model = [...Array(12).keys()].map(String);
    if (which === "other") model.splice(9, 0, model.splice(2, 1)[0]);
    model.splice(model.indexOf(gone.textContent), 1);
    assert.deepEqual(texts(content), model, which);
    assert.deepEqual(grid.orderedElements.map((e) => e.textContent), model, which);
    assert.equal(gone.style.transform, written, `${which}: the removed element is not written again`);
    for (const [index, e] of content.children.entries()) {
      const [x, y] = slot(index);
      assert.match(e.style.transform, new RegExp(`^translate\\(${x - 30}px, ${y - 30}px\\)`), `${which}: ${e.textContent}`);
    }
    grid.destroy();
  }
  const { columns, drop, finger } = boardWithCardInFlight();
  drop.elements[0].remove(); // "00", in flight on the drag layer
  finger.frames(0.1);
  finger.up(470, 300);
  finger.frames(2);
  assert.deepEqual(drop.orderedElements.map((column) => column.map((e) => e.textContent)), [["01", "02"], ["10", "11", "12"]]);
  assert.deepEqual(texts(columns[0].children[0]), ["01", "02"]);
  assert.deepEqual(texts(columns[1].children[0]), ["10", "11", "12"]);
  drop.destroy();
});

test("an element the page inserts joins where it was put; one put back after it left returns", () => {
  // Truths: the document's order and the data's are the model's insertion, every element sits in
  // its slot by the flow's arithmetic, and a re-inserted element is listed once (selected or not).
  for (const kind of ["reorder", "select"]) {
    const box = container(290, 300, 6);
    const grid = kind === "reorder" ? new ReorderInteraction(box, { spacing: 10 }) : new MultiSelectDragInteraction(box, { spacing: 10 });
    const content = box.children[0];
    const finger = new Pointer(box, grid);
    finger.frames(0.1);
    const added = Object.assign(new FakeElement(), { textContent: "new" });
    added.setAttribute("aria-label", "New card");
    grid.insertElement(added, 2);
    const model = ["0", "1", "new", "2", "3", "4", "5"];
    const gone = grid.elements[4];
    gone.remove();
    grid.insertElement(gone); // put back before any frame noticed it left: at the end, a new id
    model.splice(model.indexOf("4"), 1);
    model.push("4");
    finger.frames(1);
    assert.deepEqual(texts(content), model, kind);
    assert.deepEqual(grid.orderedElements.map((e) => e.textContent), model, kind);
    assert.equal(grid.elements.length, 8, `${kind}: ids 6 and 7 are new, 4's is not reused`);
    for (const [index, e] of content.children.entries()) {
      const [x, y] = slot(index);
      assert.match(e.style.transform, new RegExp(`^translate\\(${x - 30}px, ${y - 30}px\\)`), `${kind}: ${e.textContent}`);
    }
    assert.throws(() => grid.insertElement(added), /already one of the interaction's elements/);
    for (const index of [-1, 8, 1.5, NaN, "2"]) {
      assert.throws(() => grid.insertElement(new FakeElement(), index), /index/, `${kind}: ${index}`);
    }
    assert.throws(() => grid.insertElement({}), /item must be an element/);
    assert.equal(grid.elements.length, 8, "a refused insertion adds nothing");
    if (kind === "select") {
      finger.down(...slot(6)); finger.frames(0.05); finger.up(...slot(6)); finger.frames(0.3); // taps "4"
      assert.deepEqual(grid.selectedElements.map((e) => e.textContent), ["4"], "once, though it has two ids");
    } else {
      box.dispatchEvent({ type: "focus" });
      const region = grid.announcer;
      for (const code of ["ArrowRight", "ArrowRight"]) box.dispatchEvent({ type: "keydown", code, preventDefault() {} });
      assert.match(region.textContent, /New card/, "the inserted element is named by its label");
    }
    grid.destroy();
  }
  const { columns, drop, finger } = boardWithCardInFlight();
  drop.insertElement(Object.assign(new FakeElement(), { textContent: "x" }), columns[1], 0);
  drop.insertElement(Object.assign(new FakeElement(), { textContent: "y" }), 0);
  assert.throws(() => drop.insertElement(new FakeElement(), 2), /column must be one of/);
  assert.throws(() => drop.insertElement(new FakeElement(), new FakeElement()), /column must be one of/);
  finger.frames(0.1);
  finger.up(470, 300);
  finger.frames(2);
  assert.deepEqual(drop.orderedElements.map((column) => column.map((e) => e.textContent)),
    [["01", "02", "y"], ["x", "10", "11", "12", "00"]]);
  assert.deepEqual(texts(columns[0].children[0]), ["01", "02", "y"]);
  assert.deepEqual(texts(columns[1].children[0]), ["x", "10", "11", "12", "00"]);
  drop.destroy();
});

test("the keyboard moves the focused element and the live region says each step", () => {
  const box = container(290, 300, 8);
  box.children.forEach((e, i) => e.setAttribute("aria-label", `Card ${i}`));
  const grid = new ReorderInteraction(box, { spacing: 10 });
  const said = [];
  const region = grid.announcer;
  assert.equal(region.getAttribute("aria-live"), "assertive");
  box.dispatchEvent({ type: "focus" });
  for (const code of ["Space", "ArrowRight", "Space"]) {
    let prevented = false;
    box.dispatchEvent({ type: "keydown", code, preventDefault: () => { prevented = true; } });
    assert.ok(prevented, `${code} is the interaction's`);
    said.push(region.textContent);
  }
  assert.ok(said[0].includes("Card 0") && said[2].includes("Card 0") && new Set(said).size === 3, said.join(" | "));
  grid.frame(performance.now());
  assert.deepEqual(texts(box.children[0]), ["1", "0", "2", "3", "4", "5", "6", "7"]);
  grid.destroy();
});

test("taps select with a class and aria-selected; the order never changes", () => {
  const box = container(290, 300, 12);
  const tiles = new MultiSelectDragInteraction(box, { spacing: 10 });
  const finger = new Pointer(box, tiles);
  for (const index of [0, 5]) {
    finger.down(...slot(index));
    finger.frames(0.05);
    finger.up(...slot(index));
    finger.frames(0.4);
  }
  assert.deepEqual(tiles.selectedElements.map((e) => e.textContent), ["0", "5"]);
  assert.equal(tiles.elements[5].getAttribute("aria-selected"), "true");
  assert.equal(tiles.elements[1].getAttribute("aria-selected"), null);
  tiles.destroy();
});

test("drag and drop moves an element between columns, through the drag layer", () => {
  const { board, columns, drop, finger } = boardWithCardInFlight();
  const layer = board.children.find((e) => e.className === "kinetic-drag-layer");
  assert.deepEqual(texts(layer), ["00"], "in flight, the card rides the drag layer");
  finger.up(470, 300);
  finger.frames(2);
  assert.deepEqual(texts(layer), []);
  assert.deepEqual(texts(columns[0].children[0]), ["01", "02"]);
  assert.deepEqual(texts(columns[1].children[0]), ["10", "11", "12", "00"]);
  drop.destroy();
});

test("a paging scroll view rests on a page; a toss comes home", () => {
  const box = new FakeElement(0, 0, 300, 200);
  box.root = true;
  const strip = new FakeElement(0, 0, 1500, 200);
  strip.scrollWidth = 1500;
  strip.scrollHeight = 200;
  box.append(strip);
  const view = new ScrollView(box, { pagingEnabled: true });
  const finger = new Pointer(box, view);
  finger.down(250, 100);
  finger.move(250, 100, 150, 100, 5);
  finger.up(150, 100);
  finger.frames(3);
  assert.deepEqual(view.contentOffset, { x: 300, y: 0 });
  assert.equal(strip.style.transform, "translate(-300px, 0px)");
  view.destroy();

  const stage = new FakeElement(0, 0, 400, 600);
  stage.root = true;
  const card = new FakeElement(150, 250, 100, 100);
  stage.append(card);
  const toss = new TossInteraction(stage, card);
  const hand = new Pointer(stage, toss);
  hand.down(200, 300);
  hand.move(200, 300, 320, 300, 4);
  hand.up(320, 300);
  hand.frames(4);
  assert.match(card.style.transform, /^translate\(0px, 0px\) matrix\(1, 0, 0, 1, 0, 0\)$/);
  toss.destroy();
});

test("bad arguments throw a TypeError or RangeError naming the argument", () => {
  const box = container(290, 300, 4);
  const cases = [
    [() => new ReorderInteraction({}), TypeError, /container/],
    [() => new ReorderInteraction(box, { spacing: NaN }), RangeError, /options\.spacing/],
    [() => new ReorderInteraction(box, { spacing: 1e30 }), RangeError, /options\.spacing must be at most 1e6/],
    [() => new ReorderInteraction(box, { itemSize: { width: 1.8e308, height: 4 } }), RangeError, /options\.itemSize\.width/],
    [() => new ReorderInteraction(box, { itemSize: { width: -1, height: 4 } }), RangeError, /options\.itemSize/],
    [() => new ReorderInteraction(box, { itemSize: 5 }), TypeError, /options\.itemSize/],
    [() => new ReorderInteraction(box, { autoScroll: "sometimes" }), RangeError, /options\.autoScroll/],
    [() => new ReorderInteraction(container(10, 10, 2, 0)), RangeError, /options\.itemSize is needed/],
    [() => new MultiSelectDragInteraction(box, "big"), TypeError, /options/],
    [() => new DragAndDropInteraction(box, [new FakeElement()]), RangeError, /columns\[0\] is not in the board/],
    [() => new DragAndDropInteraction(box, "columns"), TypeError, /columns/],
    [() => new ScrollView(new FakeElement()), RangeError, /first child/],
    [() => new TossInteraction(box, null), TypeError, /item/],
  ];
  for (const [attempt, kind, message] of cases) assert.throws(attempt, (e) => e instanceof kind && message.test(e.message));
  const grid = new ReorderInteraction(container(290, 300, 4), { spacing: 10 });
  for (const now of [NaN, Infinity]) assert.throws(() => grid.frame(now), { name: "RangeError", message: /^now/ });
  for (const now of ["1", null, undefined, 1n]) assert.throws(() => grid.frame(now), { name: "TypeError", message: /^now/ });
  // An event a page makes may carry no time stamp: it counts as now, and nothing throws.
  for (const type of ["pointerdown", "pointermove", "pointerup"]) {
    grid.container.dispatchEvent({ type, pointerId: 1, pointerType: "touch", clientX: 40, clientY: 40, timeStamp: NaN });
  }
  assert.equal(typeof grid.frame(performance.now()), "boolean");
  grid.destroy();
  grid.destroy(); // twice is fine
  assert.throws(() => grid.orderedElements, /destroyed/);
  assert.throws(() => grid.frame(0), /destroyed/);
});

test("boxes of every size, none to past the module's range: an error naming the box, or it works", () => {
  // The class: elements, containers and columns measured with no size (display: none), a
  // sliver, more than the module takes (1e6 px a side) or no number at all, in every
  // interaction. Truths: a refusal is a TypeError or a RangeError, and one for a measured box
  // names it and its size (never the module's bare "out of range" or its trap); a made
  // interaction takes a gesture by mouse and by touch, a cancel and frames without throwing, and
  // a collection's order stays a permutation of its elements.
  const makers = {
    reorder: (s) => { const box = container(290, 300, 8, s); return [new ReorderInteraction(box, { itemSize: { width: 60, height: 60 } }), box]; },
    reorderMeasured: (s) => { const box = container(290, 300, 8, s); return [new ReorderInteraction(box), box]; },
    reorderContainer: (s) => { const box = container(s, s, 8); return [new ReorderInteraction(box), box]; },
    selection: (s) => { const box = container(290, 300, 8, s); return [new MultiSelectDragInteraction(box, { itemSize: { width: 60, height: 60 } }), box]; },
    selectionContainer: (s) => { const box = container(s, s, 8); return [new MultiSelectDragInteraction(box), box]; },
    toss: (s) => { const box = container(400, 400, 1, s); return [new TossInteraction(box, box.children[0]), box]; },
    tossContainer: (s) => { const box = container(s, s, 1); return [new TossInteraction(box, box.children[0]), box]; },
    scroll: (s) => { const box = container(300, 300, 1, s); return [new ScrollView(box, { pagingEnabled: true }), box]; },
    scrollContainer: (s) => { const box = container(s, s, 1, 600); return [new ScrollView(box), box]; },
    board: (s) => board(60, s),
    boardColumns: (s) => board(s, 60),
  };
  function board(columnSize, itemSize) {
    const root = new FakeElement(0, 0, 600, 400);
    root.root = true;
    const columns = [0, 1].map((i) => {
      const column = new FakeElement(i * 300, 0, columnSize === 60 ? 300 : columnSize, columnSize === 60 ? 400 : columnSize);
      root.append(column);
      for (let j = 0; j < 3; j++) column.append(Object.assign(new FakeElement(i * 300, j * 70, itemSize, itemSize), { textContent: `${i}${j}` }));
      return column;
    });
    new FakeElement().append(root);
    return [new DragAndDropInteraction(root, columns), root];
  }
  let made = 0, refused = 0;
  for (const size of [0, 1e-9, 1e6, 1e6 + 1, 1e9, 1e300, NaN]) {
    for (const [name, make] of Object.entries(makers)) {
      let interaction, target;
      try {
        [interaction, target] = make(size);
      } catch (error) {
        assert.ok(error instanceof TypeError || error instanceof RangeError, `${name}(${size}): ${error.name}: ${error.message}`);
        assert.doesNotMatch(error.message, /a value for .* is out of range/, `${name}(${size}) names what it refuses`);
        if (!(size >= 0 && size <= 1e6)) assert.match(error.message, /(Width|Height|itemSize)\b.* (is|must)/, `${name}(${size})`);
        refused++;
        continue;
      }
      made++;
      const touch = new Pointer(target, interaction, 1, "touch"), mouse = new Pointer(target, interaction, 2, "mouse");
      touch.frames(0.1);
      touch.down(40, 40);
      touch.frames(0.6);
      touch.move(40, 40, 140, 340);
      touch.up(140, 340);
      touch.frames(1);
      mouse.now = touch.now;
      mouse.down(40, 40);
      mouse.move(40, 40, 10, 40);
      mouse.cancel(10, 40);
      mouse.frames(1);
      const orders = interaction.orderedElements === undefined ? [] :
        name.startsWith("board") ? interaction.orderedElements.flat() : interaction.orderedElements;
      assert.equal(new Set(orders).size, orders.length, `${name}(${size}): no element twice`);
      assert.ok(orders.every((e) => interaction.elements.includes(e)), `${name}(${size}): only its elements`);
      if (orders.length > 0) assert.equal(orders.length, interaction.elements.length, `${name}(${size}): none lost`);
      interaction.destroy();
    }
  }
  assert.ok(made > 0 && refused > 0, `both answers were seen (${made} made, ${refused} refused)`);
});

test("interactions made and destroyed in a loop: the module's memory stays flat", async () => {
  // The module's functions directly, on a fresh instance, so other tests' objects do not count.
  const instance = await instantiate(wasm, { log: { log() {}, error() {} } });
  const k = instance.exports;
  const cycle = () => {
    const handles = [
      k.kinetic_reorder_create(290, 300, 100, 60, 60, 10, 10, 0, 0),
      k.kinetic_selection_create(290, 300, 100, 60, 60, 10, 10),
      k.kinetic_scroll_create(300, 200, 1500, 200, 1),
      k.kinetic_toss_create(400, 600, 200, 300, 100, 100, 0),
      k.kinetic_board_create(180, 40, 8, 10),
    ];
    k.kinetic_board_add_column(handles[4], 0, 0, 200, 400, 5);
    for (const handle of handles) {
      k.kinetic_surface_touch(handle, 1, 0, 40, 40, 0);
      for (let i = 1; i <= 40; i++) k.kinetic_surface_advance(handle, i / 60, 0);
      k.kinetic_surface_touch(handle, 1, 1, 120, 160, 0.7);
      k.kinetic_surface_touch(handle, 1, 2, 120, 160, 0.8);
      k.kinetic_surface_advance(handle, 2, 1);
      assert.equal(k.kinetic_surface_destroy(handle), 0);
    }
  };
  for (let i = 0; i < 30; i++) cycle();
  const before = k.memory.buffer.byteLength;
  for (let i = 0; i < 300; i++) cycle();
  assert.equal(k.kinetic_live_interactions(), 0);
  assert.equal(k.memory.buffer.byteLength, before, "the module's memory did not grow");
  assert.equal(k.kinetic_surface_advance(1, 1, 0), -1, "a destroyed handle names nothing");
});
