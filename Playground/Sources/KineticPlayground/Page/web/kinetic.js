// Kinetic for web pages: UIKit Dynamics on the page's own elements, computed by Kinetic's engine
// compiled to WebAssembly (kinetic.wasm, beside this file). No bundler, no npm:
//
//   import { load, DynamicAnimator, GravityBehavior, CollisionBehavior } from "./kinetic.js";
//   await load();
//   const animator = new DynamicAnimator(container);      // a positioned element
//   const gravity = new GravityBehavior([card]);          // elements are the items
//   const collision = new CollisionBehavior([card]);
//   collision.translatesReferenceBoundsIntoBoundary = true;
//   animator.addBehavior(gravity);
//   animator.addBehavior(collision);                       // the card falls and bounces
//
// The names and labels are UIKit's. An item is an element whose offsetParent is the animator's
// reference view: its layout box gives its bounds and resting center, and the animator writes
// where it is and how it turns as a CSS transform (never a layout property). The animator steps
// at the page's animation frames while anything moves and stops when everything rests. Handles
// in the module are freed by `destroy()`, or when the page forgets the object (a
// FinalizationRegistry). Bad arguments throw a TypeError or RangeError naming the argument.
export { load } from "./runtime.js";
export * from "./dynamics.js";
export * from "./interactions.js";
