// Types for kinetic.js: UIKit Dynamics on a page's own elements (the module beside this file).

/** A point in the reference view's coordinates, in CSS pixels (UIKit's points). */
export interface Point { x: number; y: number }
/** A direction and strength: `dx`, `dy`. */
export interface Vector { dx: number; dy: number }
/** An offset from an item's center, in its own (turned) frame. */
export interface Offset { horizontal: number; vertical: number }

/**
 * Loads the module: `kinetic.wasm` beside kinetic.js unless `source` says otherwise. Call once,
 * before anything else; later calls return the same promise.
 */
export function load(
  source?: URL | string | Response | BufferSource | WebAssembly.Module,
  options?: { log?: { log(...text: unknown[]): void; error(...text: unknown[]): void } },
): Promise<void>;

/** What an animator tells when it stops and starts again. */
export interface DynamicAnimatorDelegate {
  dynamicAnimatorDidPause?(animator: DynamicAnimator): void;
  dynamicAnimatorWillResume?(animator: DynamicAnimator): void;
}

/** Animates its behaviours' items over a positioned element (UIKit's `UIDynamicAnimator`). */
export class DynamicAnimator {
  constructor(referenceView: Element);
  readonly referenceView: Element;
  delegate: DynamicAnimatorDelegate | null;
  readonly behaviors: DynamicBehavior[];
  readonly isRunning: boolean;
  /** Adds `behavior`; its items join with their elements' sizes. Throws a RangeError naming an item
   * whose element has a zero-sized box (display: none, not laid out), and adds nothing. */
  addBehavior(behavior: DynamicBehavior): void;
  removeBehavior(behavior: DynamicBehavior): void;
  removeAllBehaviors(): void;
  /** Reads the element's place and turn anew (the page moved or reset it); its size counts when
   * the item next joins an animator, as UIKit reads an item's bounds when it joins. */
  updateItemUsingCurrentState(item: Element): void;
  /** Reads the reference view's size anew. */
  updateReferenceBounds(): void;
  /** Advances by `dt` seconds and writes the items' transforms; returns whether it still runs. */
  step(dt: number): boolean;
  /** Wakes the animator after a change (the behaviours call it). */
  resume(): void;
  destroy(): void;
}

/** A behaviour (abstract: make one of the kinds below). */
export class DynamicBehavior {
  protected constructor(handle: number, items: Element[]);
  /** The module's handle, or null once destroyed. */
  readonly handle: number | null;
  /** The animator it is in, or null. */
  animator: DynamicAnimator | null;
  readonly dynamicAnimator: DynamicAnimator | null;
  readonly items: Element[];
  /** Adds an element (gravity, push, collision and item behaviours; a snap's or an attachment's
   * items are fixed when it is made). In an animator, an element with a zero-sized box throws a
   * RangeError. */
  addItem(item: Element): void;
  removeItem(item: Element): void;
  /** Drops the items whose elements left the document (the animator calls it each frame). */
  dropDetachedItems(): void;
  destroy(): void;
}

/** Accelerates its items: magnitude 1 is 1000 points per s² (UIKit's `UIGravityBehavior`). */
export class GravityBehavior extends DynamicBehavior {
  constructor(items?: Element[]);
  gravityDirection: Vector;
  angle: number;
  magnitude: number;
  setAngle(angle: number, magnitude: number): void;
}

/** Pushes its items, continuously or once (UIKit's `UIPushBehavior`). */
export class PushBehavior extends DynamicBehavior {
  static readonly Mode: { readonly continuous: "continuous"; readonly instantaneous: "instantaneous" };
  constructor(items?: Element[], mode?: "continuous" | "instantaneous");
  readonly mode: "continuous" | "instantaneous";
  pushDirection: Vector;
  angle: number;
  magnitude: number;
  active: boolean;
  setAngle(angle: number, magnitude: number): void;
  setTargetOffsetFromCenter(offset: Offset, item: Element): void;
}

/** Springs an item to a point (UIKit's `UISnapBehavior`). */
export class SnapBehavior extends DynamicBehavior {
  constructor(item: Element, snapPoint: Point);
  snapPoint: Point;
  damping: number;
}

/** Attaches an item's point to an anchor or to another item's point (UIKit's `UIAttachmentBehavior`). */
export class AttachmentBehavior extends DynamicBehavior {
  constructor(
    item: Element,
    options:
      | { attachedToAnchor: Point; offsetFromCenter?: Offset }
      | { attachedTo: Element; offsetFromCenter?: Offset; attachedOffsetFromCenter?: Offset },
  );
  anchorPoint: Point;
  length: number;
  frequency: number;
  damping: number;
  frictionTorque: number;
}

/** Keeps its items apart and inside the boundary (UIKit's `UICollisionBehavior`). */
export class CollisionBehavior extends DynamicBehavior {
  constructor(items?: Element[]);
  translatesReferenceBoundsIntoBoundary: boolean;
  collisionMode: "items" | "boundaries" | "everything";
}

/** Its items' physical properties and velocities (UIKit's `UIDynamicItemBehavior`). */
export class DynamicItemBehavior extends DynamicBehavior {
  constructor(items?: Element[]);
  elasticity: number;
  friction: number;
  density: number;
  resistance: number;
  angularResistance: number;
  charge: number;
  allowsRotation: boolean;
  anchored: boolean;
  addLinearVelocity(velocity: Point, item: Element): void;
  addAngularVelocity(velocity: number, item: Element): void;
  linearVelocity(item: Element): Point;
  angularVelocity(item: Element): number;
}

// MARK: Interactions

/** A size in CSS pixels. */
export interface Size { width: number; height: number }

/**
 * What every ready-made interaction has: the element whose Pointer Events it takes, the elements
 * it moves, its frames (it asks for animation frames itself while anything moves), `destroy()`.
 */
declare class Interaction {
  /** The element whose pointers (mouse, pen, touch; each pointer a finger) drive it. */
  readonly container: Element;
  /** The elements it moves, by id (their order when it was made, then each inserted one). One the
   * page takes out of the document leaves at the next frame (its place closes, a drag that carries
   * it ends); to put it back, insert it again (it gets a new id, so it may be listed twice here). */
  readonly elements: HTMLElement[];
  /** Whether `destroy()` was called. */
  readonly isDestroyed: boolean;
  /** Advances to `now` (the page's clock, ms) and writes the elements; returns whether it moves. */
  frame(now: number): boolean;
  /** Ends it: its listeners and module handle go; its elements stay where they are shown. */
  destroy(): void;
}

/** A list or grid layout's options: each element's size (else the first laid-out element's box),
 * the space between elements and around them (pixels, at most 1e6; spacing 8 and inset the
 * spacing unless given). */
export interface FlowOptions { itemSize?: Size; spacing?: number; inset?: number }

/** Seed 004's toss: the element hangs from the finger on a spring, flies when thrown, comes home. */
export class TossInteraction extends Interaction {
  constructor(container: Element, item: HTMLElement, options?: { seed?: number });
  /** The element tossed. */
  readonly item: HTMLElement;
}

/** What a list or grid interaction has: its elements in data order. */
declare class FlowInteraction extends Interaction {
  /** The elements in data order (the document's too, once each gesture ends). */
  readonly orderedElements: HTMLElement[];
  /** Adds `item` at `index` of the data order (the end unless given; a whole number from 0 to the
   * count): it moves into the container and takes its slot, the elements after it make room, and a
   * drag in flight ends, cancelled. Throws a RangeError for an element already in it. */
  insertElement(item: HTMLElement, index?: number): void;
}

/** The container's `kinetic-reorder` event: its elements in the new order. */
export interface ReorderEventDetail { order: HTMLElement[] | HTMLElement[][] }

/**
 * Seed 003's long-press reorder of a list or grid, with edge auto-scroll and keyboard moves
 * announced in a live region; the document's order follows the data's after each drop.
 */
export class ReorderInteraction extends FlowInteraction {
  constructor(container: HTMLElement, options?: FlowOptions & {
    scrollDirection?: "vertical" | "horizontal";
    autoScroll?: "continuous" | "paging";
    announcer?: Element;
  });
  /** The live region the keyboard's steps are written to. */
  readonly announcer: Element;
}

/** Seed 000's springy multi-select drag: taps select (`kinetic-selected`), a long press drags them. */
export class MultiSelectDragInteraction extends FlowInteraction {
  constructor(container: HTMLElement, options?: FlowOptions);
  /** The selected elements, by id. */
  readonly selectedElements: HTMLElement[];
}

/** Drag and drop between columns (iOS 11's), several elements at once with a second finger. */
export class DragAndDropInteraction extends Interaction {
  constructor(board: HTMLElement, columns: HTMLElement[], options?: FlowOptions);
  /** The columns, as given. */
  columns: HTMLElement[];
  /** Each column's elements in data order. */
  readonly orderedElements: HTMLElement[][];
  /** Adds `item` to `column` (one of `columns`, or its index) at `index` of its data order (the end
   * unless given): it takes its slot and the elements after it make room. A drag in flight goes on,
   * its gap staying between the elements it was shown between. */
  insertElement(item: HTMLElement, column: HTMLElement | number, index?: number): void;
}

/** A scroll view over a container's first child: deceleration, rubber band, paging. */
export class ScrollView extends Interaction {
  constructor(container: HTMLElement, options?: { pagingEnabled?: boolean });
  /** Whether it stops on multiples of its size. */
  pagingEnabled: boolean;
  /** The content point at the container's top left corner. */
  readonly contentOffset: Point;
}
