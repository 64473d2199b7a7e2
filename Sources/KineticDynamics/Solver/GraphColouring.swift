// The joints' graph colouring: the solve order that lets consecutive joints run without
// waiting on each other. (The contact rows are coloured as they are packed, in
// `WideContactSolver.prepare`.)

extension JointStore {
    /// Reorders the dense array by graph colour, as Box2D v3 does: within a colour no movable
    /// body appears twice, so consecutive joints in the solve loop never wait on each other's
    /// velocity writes (an item's four drag springs would otherwise form one dependency chain),
    /// and the out-of-order core overlaps them. Colours are greedy in the current order, so the
    /// order is deterministic. `isMovable` tells which body slots count (static ones never
    /// conflict: their velocity is never written). Allocates, so it runs only after changes.
    mutating func orderForSolver(bodyCount: Int, isMovable: (Int32) -> Bool) {
        needsOrdering = false
        guard joints.count > 1 else { return }
        // Per body, a bit per colour already holding one of its joints; a joint takes the
        // lowest colour free on both of its movable bodies. Past 63 colours everything shares
        // the last one (still correct, the loop is sequential; just no longer conflict-free).
        var used = [UInt64](repeating: 0, count: bodyCount)
        var colours = [Int32](repeating: 0, count: joints.count)
        for i in joints.indices {
            let a = joints[i].bodyA, b = joints[i].bodyB
            let moveA = isMovable(a), moveB = isMovable(b)
            let taken = (moveA ? used[Int(a)] : 0) | (moveB ? used[Int(b)] : 0)
            let colour = min((~taken).trailingZeroBitCount, 63)
            colours[i] = Int32(colour)
            if moveA { used[Int(a)] |= 1 << UInt64(colour) }
            if moveB { used[Int(b)] |= 1 << UInt64(colour) }
        }
        let order = joints.indices.sorted { colours[$0] != colours[$1] ? colours[$0] < colours[$1] : $0 < $1 }
        joints = order.map { joints[$0] }
        denseToSlot = order.map { denseToSlot[$0] }
        for (dense, slot) in denseToSlot.enumerated() { slots[Int(slot)].dense = Int32(dense) }
    }
}
