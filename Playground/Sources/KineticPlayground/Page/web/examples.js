// The examples page (examples.html): kinetic.js on the page's own elements. Each example is one
// function of its stage (the section's box), and the page shows its source beside it.
import {
  CollisionBehavior, DragAndDropInteraction, DynamicAnimator, DynamicItemBehavior, GravityBehavior, load,
  MultiSelectDragInteraction, ReorderInteraction, ScrollView, TossInteraction,
} from "./kinetic.js";

/** Seed 004: a card to toss. Held, it hangs on a spring from the finger; thrown, it flies and spins, then comes home. */
function tossableCard(stage) {
  return new TossInteraction(stage, stage.querySelector(".card"));
}

/** Cards that fall and pile up in their box; a tap on the box drops them again. */
function fallingCards(stage) {
  const cards = [...stage.querySelectorAll(".card")];
  const animator = new DynamicAnimator(stage);
  const start = () => {
    for (const behavior of animator.behaviors) behavior.destroy();
    for (const card of cards) {
      card.style.transform = "";
      animator.updateItemUsingCurrentState(card);
    }
    const collision = new CollisionBehavior(cards);
    collision.translatesReferenceBoundsIntoBoundary = true;
    const bounce = new DynamicItemBehavior(cards);
    bounce.elasticity = 0.4;
    animator.addBehavior(new GravityBehavior(cards));
    animator.addBehavior(collision);
    animator.addBehavior(bounce);
  };
  stage.addEventListener("pointerdown", start);
  start();
  return animator;
}

/** Seed 000: tap tiles to select them, long-press one to drag them all, each on its springs. */
function springyTiles(stage) {
  for (let i = 0; i < 60; i++) stage.append(tile(i));
  return new MultiSelectDragInteraction(stage, { itemSize: { width: 56, height: 56 }, spacing: 8 });
}

/** Seed 003: 1000 tiles in a scrolling grid. Long-press one and drag it; held at an edge, the grid scrolls. Tab in to move one by keyboard. */
function reorderableGrid(stage) {
  for (let i = 0; i < 1000; i++) stage.append(tile(i));
  const grid = new ReorderInteraction(stage, { itemSize: { width: 56, height: 56 }, spacing: 8 });
  stage.addEventListener("kinetic-reorder", (event) => {
    stage.dataset.first = event.detail.order.slice(0, 5).map((e) => e.textContent).join(",");
  });
  return grid;
}

/** A board: drag cards within a column or to another (a second finger adds cards to the stack). */
function board(stage) {
  const columns = [...stage.querySelectorAll(".column")];
  columns.forEach((column, c) => {
    for (let i = 0; i < [6, 4, 3][c]; i++) {
      const card = document.createElement("div");
      card.className = "task";
      card.textContent = `Task ${c * 10 + i + 1}`;
      column.append(card);
    }
  });
  return new DragAndDropInteraction(stage, columns, { itemSize: { width: 150, height: 40 }, spacing: 8 });
}

/** A photo strip that pages: flick it and it stops on a photo, pull its ends and they stretch. */
function photoStrip(stage) {
  const strip = stage.querySelector(".strip");
  for (let i = 0; i < 8; i++) {
    const photo = document.createElement("div");
    photo.className = "photo";
    photo.style.width = `${stage.clientWidth}px`; // a page each
    photo.style.background = `linear-gradient(135deg, hsl(${i * 45} 70% 60%), hsl(${i * 45 + 40} 70% 40%))`;
    photo.textContent = `Photo ${i + 1}`;
    strip.append(photo);
  }
  return new ScrollView(stage, { pagingEnabled: true });
}

/** A numbered tile, coloured by its number. */
function tile(n) {
  const div = document.createElement("div");
  div.className = "tile";
  div.textContent = String(n + 1);
  div.style.background = `hsl(${(n * 11) % 360} 62% 58%)`;
  return div;
}

await load();
const examples = { toss: tossableCard, fall: fallingCards, springy: springyTiles, grid: reorderableGrid, board,
  strip: photoStrip };
window.kineticExamples = {};
for (const section of document.querySelectorAll("section[data-example]")) {
  const name = section.dataset.example;
  const example = examples[name];
  window.kineticExamples[name] = example(section.querySelector(".stage"));
  section.querySelector("pre").textContent = example.toString();
}
document.body.dataset.ready = "true";
