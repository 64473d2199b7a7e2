// A typed use of every export of kinetic.js, for `tsc --noEmit --strict` against kinetic.d.ts
// (KineticWebTests runs it): what a TypeScript page writes compiles, and the lines marked
// `@ts-expect-error` (wrong types a page might pass) do not.
import {
  AttachmentBehavior, CollisionBehavior, DragAndDropInteraction, DynamicAnimator, DynamicBehavior, DynamicItemBehavior,
  FlowOptions, GravityBehavior, load, MultiSelectDragInteraction, Offset, Point, PushBehavior, ReorderEventDetail,
  ReorderInteraction, ScrollView, Size, SnapBehavior, TossInteraction, Vector,
} from "../../Sources/KineticPlayground/Page/web/kinetic.js";

export async function use(box: HTMLElement, card: HTMLElement, other: HTMLElement): Promise<void> {
  await load();
  await load(new URL("kinetic.wasm", "https://example.com/"), { log: console });
  const animator = new DynamicAnimator(box);
  animator.delegate = {
    dynamicAnimatorDidPause(a: DynamicAnimator) { void a.isRunning; },
    dynamicAnimatorWillResume() {},
  };
  const gravity = new GravityBehavior([card]);
  gravity.magnitude = 0.5;
  gravity.angle = Math.PI / 2;
  const direction: Vector = gravity.gravityDirection;
  gravity.gravityDirection = { dx: direction.dx, dy: 1 };
  gravity.setAngle(1, 2);
  const push = new PushBehavior([card], PushBehavior.Mode.instantaneous);
  push.pushDirection = { dx: 1, dy: 0 };
  push.active = true;
  push.magnitude = push.angle + 1;
  push.setAngle(0, 1);
  const offset: Offset = { horizontal: 4, vertical: -2 };
  push.setTargetOffsetFromCenter(offset, card);
  const mode: "continuous" | "instantaneous" = push.mode;
  void mode;
  const snap = new SnapBehavior(card, { x: 10, y: 20 });
  snap.damping = 0.3;
  const where: Point = snap.snapPoint;
  snap.snapPoint = { x: where.x + 1, y: where.y };
  const rope = new AttachmentBehavior(card, { attachedToAnchor: { x: 0, y: 0 }, offsetFromCenter: offset });
  rope.length = 100;
  rope.frequency = 2;
  rope.damping = 0.5;
  rope.frictionTorque = 0;
  rope.anchorPoint = { x: 5, y: 5 };
  const link = new AttachmentBehavior(card, { attachedTo: other, attachedOffsetFromCenter: { horizontal: 1, vertical: 1 } });
  const collision = new CollisionBehavior([card, other]);
  collision.translatesReferenceBoundsIntoBoundary = true;
  collision.collisionMode = "boundaries";
  const properties = new DynamicItemBehavior([card]);
  properties.elasticity = 0.5;
  properties.friction = 0.2;
  properties.density = 2;
  properties.resistance = 1;
  properties.angularResistance = 1;
  properties.charge = 0;
  properties.allowsRotation = false;
  properties.anchored = false;
  properties.addLinearVelocity({ x: 100, y: 0 }, card);
  properties.addAngularVelocity(1, card);
  const velocity: Point = properties.linearVelocity(card);
  const spin: number = properties.angularVelocity(card);
  void velocity;
  void spin;
  const all: DynamicBehavior[] = [gravity, push, snap, rope, link, collision, properties];
  for (const behavior of all) animator.addBehavior(behavior);
  gravity.addItem(other);
  gravity.removeItem(other);
  const items: Element[] = gravity.items;
  const handle: number | null = gravity.handle;
  const owner: DynamicAnimator | null = gravity.dynamicAnimator;
  void items;
  void handle;
  void owner;
  animator.updateItemUsingCurrentState(card);
  animator.updateReferenceBounds();
  const running: boolean = animator.step(1 / 60);
  void running;
  animator.removeBehavior(snap);
  const left: DynamicBehavior[] = animator.behaviors;
  void left;
  animator.removeAllBehaviors();
  for (const behavior of all) behavior.destroy();
  animator.destroy();

  // @ts-expect-error: an item is an element, not a selector
  new GravityBehavior(["#card"]);
  // @ts-expect-error: a point has x and y
  new SnapBehavior(card, { dx: 1, dy: 2 });
  // @ts-expect-error: the modes are "continuous" and "instantaneous"
  new PushBehavior([card], "sometimes");
  // @ts-expect-error: an attachment names an anchor or an item
  new AttachmentBehavior(card, {});
  // @ts-expect-error: the collision modes are "items", "boundaries" and "everything"
  collision.collisionMode = "walls";
  // @ts-expect-error: step takes seconds as a number
  animator.step("1/60");
}

/** Every interaction, as a page makes and reads them. */
export function interactions(box: HTMLElement, card: HTMLElement, board: HTMLElement, columns: HTMLElement[]): void {
  const toss = new TossInteraction(box, card, { seed: 4 });
  const tossed: HTMLElement = toss.item;
  void tossed;
  const size: Size = { width: 56, height: 56 };
  const flow: FlowOptions = { itemSize: size, spacing: 8, inset: 8 };
  const grid = new ReorderInteraction(box, { ...flow, scrollDirection: "vertical", autoScroll: "paging" });
  const order: HTMLElement[] = grid.orderedElements;
  const region: Element = grid.announcer;
  grid.insertElement(card, 0);
  grid.insertElement(card);
  void order;
  void region;
  box.addEventListener("kinetic-reorder", (event) => {
    const detail: ReorderEventDetail = (event as CustomEvent<ReorderEventDetail>).detail;
    void detail.order;
  });
  const selection = new MultiSelectDragInteraction(box, flow);
  const selected: HTMLElement[] = selection.selectedElements;
  void selected;
  const drop = new DragAndDropInteraction(board, columns, { itemSize: { width: 150, height: 40 } });
  const perColumn: HTMLElement[][] = drop.orderedElements;
  drop.insertElement(card, columns[0], 1);
  drop.insertElement(card, 0);
  void perColumn;
  const strip = new ScrollView(box, { pagingEnabled: true });
  const offset: Point = strip.contentOffset;
  const paging: boolean = strip.pagingEnabled;
  void offset;
  void paging;
  const moving: boolean = strip.frame(performance.now());
  void moving;
  for (const interaction of [toss, grid, selection, drop, strip]) {
    void interaction.container;
    void interaction.elements;
    if (!interaction.isDestroyed) interaction.destroy();
  }

  // @ts-expect-error: the scroll directions are "vertical" and "horizontal"
  new ReorderInteraction(box, { scrollDirection: "diagonal" });
  // @ts-expect-error: an item size is {width, height}
  new MultiSelectDragInteraction(box, { itemSize: 56 });
  // @ts-expect-error: columns are elements
  new DragAndDropInteraction(board, ["#todo"]);
  // @ts-expect-error: pagingEnabled is a Boolean
  new ScrollView(box, { pagingEnabled: "yes" });
}
