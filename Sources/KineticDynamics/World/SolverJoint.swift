/// What the step needs from every kind of joint. Each kind lives in its own dense array
/// (`JointStore`) so the solver loops are monomorphic and allocation-free.
///
/// Bodies are addressed by slot index into the buffer the step passes in; the buffer is the
/// world's body array, borrowed for the whole step.
protocol SolverJoint {
    var bodyA: Int32 { get }
    var bodyB: Int32 { get }
    /// Where the joint holds each body, in that body's frame.
    var localAnchorA: Vec2 { get }
    var localAnchorB: Vec2 { get }
    /// Computes effective masses and biases for a sub-step of `h` seconds and applies the
    /// impulse kept from the previous sub-step (warm starting).
    mutating func prepare(_ bodies: UnsafeMutablePointer<Body>, h: Double)
    /// One sequential-impulse velocity iteration.
    mutating func solveVelocity(_ bodies: UnsafeMutablePointer<Body>)
    /// One position iteration; returns whether the joint's error is within tolerance.
    mutating func solvePosition(_ bodies: UnsafeMutablePointer<Body>) -> Bool
    /// Whether `solvePosition` does anything (soft joints correct only through velocity).
    var needsPositionSolve: Bool { get }
}

/// A handle to a joint of one kind.
struct JointID: Hashable {
    var index: Int32
    var generation: UInt32
}

/// Dense storage for one kind of joint with stable handles: removing a joint swaps the last
/// one into its place and updates the slot table, so the solver always walks a packed array.
struct JointStore<Joint: SolverJoint> {
    private struct Slot {
        var dense: Int32
        var generation: UInt32
    }

    private(set) var joints: [Joint] = []
    private var denseToSlot: [Int32] = []
    private var slots: [Slot] = []
    private var freeSlots: [Int32] = []

    var count: Int { joints.count }
    /// Set when joints were added or removed; the solve order is rebuilt before the next step.
    private(set) var needsOrdering = false

    mutating func insert(_ joint: Joint) -> JointID {
        let dense = Int32(joints.count)
        joints.append(joint)
        let slotIndex: Int32
        if let free = freeSlots.popLast() {
            slotIndex = free
            slots[Int(free)].dense = dense
        } else {
            slotIndex = Int32(slots.count)
            slots.append(Slot(dense: dense, generation: 0))
        }
        denseToSlot.append(slotIndex)
        needsOrdering = true
        return JointID(index: slotIndex, generation: slots[Int(slotIndex)].generation)
    }

    func contains(_ id: JointID) -> Bool {
        let i = Int(id.index)
        return i >= 0 && i < slots.count && slots[i].generation == id.generation && slots[i].dense >= 0
    }

    mutating func remove(_ id: JointID) {
        guard contains(id) else { return }
        let slotIndex = Int(id.index)
        let dense = Int(slots[slotIndex].dense)
        let last = joints.count - 1
        if dense != last {
            joints[dense] = joints[last]
            let movedSlot = denseToSlot[last]
            denseToSlot[dense] = movedSlot
            slots[Int(movedSlot)].dense = Int32(dense)
        }
        joints.removeLast()
        denseToSlot.removeLast()
        slots[slotIndex].dense = -1
        slots[slotIndex].generation &+= 1
        freeSlots.append(Int32(slotIndex))
        needsOrdering = true
    }

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

    /// The joint behind a live handle. Reading or writing a stale handle is a programming error
    /// inside the engine (behaviours drop their handles on dissociation).
    subscript(id: JointID) -> Joint {
        get {
            precondition(contains(id), "stale joint handle")
            return joints[Int(slots[Int(id.index)].dense)]
        }
        _modify {
            // In place: the drag path writes an anchor thousands of times a frame.
            precondition(contains(id), "stale joint handle")
            yield &joints[Int(slots[Int(id.index)].dense)]
        }
    }

    /// Removes every joint that touches the body slot `body`, for body destruction.
    mutating func removeAll(touching body: Int32) {
        var i = joints.count - 1
        while i >= 0 {
            if joints[i].bodyA == body || joints[i].bodyB == body {
                remove(JointID(index: denseToSlot[i], generation: slots[Int(denseToSlot[i])].generation))
            }
            i -= 1
        }
    }

    mutating func prepare(_ bodies: UnsafeMutablePointer<Body>, h: Double) {
        joints.withUnsafeMutableBufferPointer { js in
            for i in js.indices { js[i].prepare(bodies, h: h) }
        }
    }

    mutating func solveVelocity(_ bodies: UnsafeMutablePointer<Body>) {
        joints.withUnsafeMutableBufferPointer { js in
            for i in js.indices { js[i].solveVelocity(bodies) }
        }
    }

    mutating func solvePosition(_ bodies: UnsafeMutablePointer<Body>) -> Bool {
        joints.withUnsafeMutableBufferPointer { js in
            var solved = true
            for i in js.indices where js[i].needsPositionSolve {
                let ok = js[i].solvePosition(bodies)
                solved = solved && ok
            }
            return solved
        }
    }
}
