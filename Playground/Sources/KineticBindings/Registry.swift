// What kinetic.js has made, by handle, and the scratch memory answers come back in.
import KineticDynamics

/// The animators, items and behaviours by handle. A page calls one function at a time (the
/// module has one thread), so these are plain globals.
nonisolated(unsafe) var animators = HandleTable<DynamicAnimator>()
nonisolated(unsafe) var items = HandleTable<DOMItem>()
nonisolated(unsafe) var behaviors = HandleTable<DynamicBehavior>()

/// Eight doubles where calls that answer numbers (an item's state, a velocity, a property)
/// write them, for the page to read from the module's memory.
nonisolated(unsafe) let scratch = UnsafeMutablePointer<Double>.allocate(capacity: 8)

/// The address of the scratch doubles (`new Float64Array(memory.buffer, address, 8)`).
@_cdecl("kinetic_scratch")
public func kineticScratch() -> UnsafeMutablePointer<Double> { scratch }

/// How many animators, items and behaviours are alive, as 1 000 000 · animators + 1000 ·
/// behaviours + items, each part capped at 999: for tests that check that destroying frees.
@_cdecl("kinetic_live_objects")
public func kineticLiveObjects() -> Int32 {
    Int32(min(animators.count, 999) * 1_000_000 + min(behaviors.count, 999) * 1000 + min(items.count, 999))
}
