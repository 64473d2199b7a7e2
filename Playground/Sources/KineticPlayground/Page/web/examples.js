// The examples page (examples.html): kinetic.js on the page's own elements. Each example is one
// function, and the page shows its source beside it.
import {
  AttachmentBehavior, CollisionBehavior, DynamicAnimator, DynamicItemBehavior, GravityBehavior, load, SnapBehavior,
} from "./kinetic.js";

/** Where a pointer event is, in `stage`'s coordinates (its padding box, as an animator's). */
function pointIn(stage, event) {
  const box = stage.getBoundingClientRect();
  return { x: event.clientX - box.left - stage.clientLeft, y: event.clientY - box.top - stage.clientTop };
}

/**
 * A card to toss (seed 004): the finger holds it on a spring; let go, it flies with the
 * finger's velocity and a spin, slows, and springs home.
 */
function tossableCard(stage, card) {
  const animator = new DynamicAnimator(stage);
  const home = { x: card.offsetLeft + card.offsetWidth / 2, y: card.offsetTop + card.offsetHeight / 2 };
  const properties = new DynamicItemBehavior([card]);
  properties.resistance = 2;
  properties.angularResistance = 3;
  animator.addBehavior(properties);
  let finger = null, snap = null, homeTimer = 0;
  const samples = [];

  card.addEventListener("pointerdown", (event) => {
    card.setPointerCapture(event.pointerId);
    clearTimeout(homeTimer);
    if (snap) { snap.destroy(); snap = null; }
    const point = pointIn(stage, event);
    finger = new AttachmentBehavior(card, { attachedToAnchor: point });
    finger.length = 0;
    finger.frequency = 6;
    finger.damping = 0.7;
    animator.addBehavior(finger);
    samples.length = 0;
    samples.push({ ...point, t: event.timeStamp });
  });
  card.addEventListener("pointermove", (event) => {
    if (!finger) return;
    const point = pointIn(stage, event);
    finger.anchorPoint = point;
    samples.push({ ...point, t: event.timeStamp });
    if (samples.length > 5) samples.shift();
  });
  const release = () => {
    if (!finger) return;
    finger.destroy();
    finger = null;
    // The finger's velocity over its last moves, in points per second, hands over to the card.
    const first = samples[0], last = samples[samples.length - 1];
    const seconds = Math.max((last.t - first.t) / 1000, 1 / 120);
    const velocity = { x: (last.x - first.x) / seconds, y: (last.y - first.y) / seconds };
    properties.addLinearVelocity(velocity, card);
    properties.addAngularVelocity(velocity.x / 200, card);
    homeTimer = setTimeout(() => {
      snap = new SnapBehavior(card, home);
      snap.damping = 0.4;
      animator.addBehavior(snap);
    }, 700);
  };
  card.addEventListener("pointerup", release);
  card.addEventListener("pointercancel", release);
}

/** Cards that fall and pile up in their box; a tap on the box drops them again. */
function fallingCards(stage, cards) {
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
}

await load();
const examples = { toss: tossableCard, fall: fallingCards };
for (const section of document.querySelectorAll("section[data-example]")) {
  const stage = section.querySelector(".stage");
  const cards = [...stage.querySelectorAll(".card")];
  const example = examples[section.dataset.example];
  example(stage, cards.length === 1 ? cards[0] : cards);
  section.querySelector("pre").textContent = example.toString();
}
