// Dense storage for one kind of joint, with stable handles, and the per-kind solver loops the
// step runs over it (monomorphic: one specialised loop per kind).

/// A handle to a joint of one kind.
struct JointID: Hashable {
    var index: Int32
    var generation: UInt32
}

/// Dense storage for one kind of joint with stable handles: removing a joint swaps the last
/// one into its place and updates the slot table, so the solver always walks a packed array.
struct JointStore<Joint: SolverJoint> {
    struct Slot {
        var dense: Int32
        var generation: UInt32
    }

    // Internal rather than private: the graph colouring (GraphColouring.swift) reorders them.
    var joints: [Joint] = []
    var denseToSlot: [Int32] = []
    var slots: [Slot] = []
    private var freeSlots: [Int32] = []

    var count: Int { joints.count }
    /// Set when joints were added or removed; the solve order is rebuilt before the next step.
    var needsOrdering = false

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

    /// Where the joint behind a live handle sits in `joints` (until joints are added or
    /// removed, which reorders them).
    func denseIndex(of id: JointID) -> Int32 {
        precondition(contains(id), "stale joint handle")
        return slots[Int(id.index)].dense
    }

    /// Removes the joint behind `id`, if it is live; returns its bodies.
    @discardableResult
    mutating func remove(_ id: JointID) -> (Int32, Int32)? {
        guard contains(id) else { return nil }
        let slotIndex = Int(id.index)
        let dense = Int(slots[slotIndex].dense)
        let bodies = (joints[dense].bodyA, joints[dense].bodyB)
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
        return bodies
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

    /// Removes every joint that touches the body slot `body`, for body destruction; returns the
    /// removed joints' bodies.
    mutating func removeAll(touching body: Int32) -> [(Int32, Int32)] {
        var removed: [(Int32, Int32)] = []
        var i = joints.count - 1
        while i >= 0 {
            if joints[i].bodyA == body || joints[i].bodyB == body,
                let bodies = remove(JointID(index: denseToSlot[i], generation: slots[Int(denseToSlot[i])].generation))
            {
                removed.append(bodies)
            }
            i -= 1
        }
        return removed
    }

    mutating func prepare(_ bodies: BoundedPointer<Body>, h: Double) {
        joints.withBoundedPointer { js in
            for i in 0..<js.count { js[i].prepare(bodies, h: h) }
        }
    }

    mutating func solveVelocity(_ bodies: BoundedPointer<Body>) {
        joints.withBoundedPointer { js in
            for i in 0..<js.count { js[i].solveVelocity(bodies) }
        }
    }

    /// Prepares the joints at the dense indices `indices`, in that order.
    mutating func prepare(_ bodies: BoundedPointer<Body>, h: Double, indices: [Int32]) {
        joints.withBoundedPointer { js in
            for i in indices { js[i].prepare(bodies, h: h) }
        }
    }

    /// One velocity iteration over the joints at the dense indices `indices`, in that order.
    mutating func solveVelocity(_ bodies: BoundedPointer<Body>, indices: [Int32]) {
        joints.withBoundedPointer { js in
            for i in indices { js[i].solveVelocity(bodies) }
        }
    }

    mutating func solvePosition(_ bodies: BoundedPointer<Body>) -> Bool {
        joints.withBoundedPointer { js in
            var solved = true
            for i in 0..<js.count where js[i].needsPositionSolve {
                let ok = js[i].solvePosition(bodies)
                solved = solved && ok
            }
            return solved
        }
    }
}
