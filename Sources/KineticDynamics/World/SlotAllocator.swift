// Stable slots with generations, for bodies and shapes (Box2D's id pool): released slots are
// kept on a free list and reused last-in first-out, and each element carries its slot's
// generation, bumped on release, so a handle to a released slot is told from a handle to its
// next occupant.

/// An element kept in stable slots: it knows whether it is alive and its slot's generation.
protocol Slotted {
    var isAlive: Bool { get set }
    var generation: UInt32 { get set }
}

/// The free list of one slotted array; the array itself stays where the step reads it.
struct SlotAllocator {
    private var free: [Int32] = []

    /// Puts `element` into the last released slot of `storage`, or a new slot at the end,
    /// with that slot's generation; returns the slot and the generation.
    mutating func insert<Element: Slotted>(_ element: Element, into storage: inout [Element]) -> (
        slot: Int32, generation: UInt32
    ) {
        var element = element
        if let slot = free.popLast() {
            element.generation = storage[Int(slot)].generation
            storage[Int(slot)] = element
            return (slot, element.generation)
        }
        storage.append(element)
        return (Int32(storage.count - 1), element.generation)
    }

    /// Frees `slot`: its element dies and the slot's generation moves on, so handles to it go
    /// stale.
    mutating func release<Element: Slotted>(_ slot: Int32, in storage: inout [Element]) {
        storage[Int(slot)].isAlive = false
        storage[Int(slot)].generation &+= 1
        free.append(slot)
    }
}

extension Body: Slotted {}
extension Shape: Slotted {}
