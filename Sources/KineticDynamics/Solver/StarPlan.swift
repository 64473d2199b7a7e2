// Which distance joints the star solver takes (StarJointSolver.swift), and in which lanes.
//
// A *star* is one movable body held only by distance joints whose other body never moves: an
// item's four drag springs, an anchor attachment, a snap. Nothing else touches the body's
// velocity during the velocity iterations when no contact does, so a star is an island of its
// own (Box2D 2.x solves islands one by one for the same reason) and all its iterations can run
// back to back while its joints stay in the L1 cache. Stars with the same number of joints are
// packed side by side, one per lane. Whether a contact touches a star is known only per
// sub-step: the solver checks it then (JointSet.prepareStars).

/// The star groups of the distance store, rebuilt whenever a joint store or a body's kind
/// changes.
struct StarPlan {
    /// Stars with the same number of joints, side by side (at most
    /// `StarJointSolver.stars(perGroupWithRows:)`).
    struct Group {
        /// The group's first entry in `joints`.
        var first: Int32
        /// Joints per star: the group's rows.
        var rows: Int32
        /// Stars in the group: its lanes.
        var lanes: Int32
    }

    var groups: [Group] = []
    /// Dense indices into the distance store, group by group, row by row, lane by lane: row r
    /// holds each star's r-th joint in the store's solve order.
    var joints: [Int32] = []
    /// The distance store's other joints, in dense order: solved one at a time.
    var scalarJoints: [Int32] = []

    /// The most joints a star may have (more go to the scalar loop).
    static let maxRows = 16

    /// Plans the stars of `distance`, given which bodies other kinds of joint touch
    /// (`touched[b]`) and which bodies move. Each star's joints keep their order in the store,
    /// and stars appear in the order of their first joint, so the plan is deterministic.
    mutating func build(
        distance: [DistanceJoint], touched: inout [Bool], isMovable: (Int32) -> Bool
    ) {
        groups.removeAll(keepingCapacity: true)
        joints.removeAll(keepingCapacity: true)
        scalarJoints.removeAll(keepingCapacity: true)
        @inline(__always) func isStarJoint(_ j: DistanceJoint) -> Bool {
            j.bodyA != j.bodyB && !isMovable(j.bodyA) && isMovable(j.bodyB)
        }
        // A movable body in any other joint belongs to a bigger island.
        for j in distance where !isStarJoint(j) {
            if isMovable(j.bodyA) { touched[Int(j.bodyA)] = true }
            if isMovable(j.bodyB) { touched[Int(j.bodyB)] = true }
        }
        var counts = [Int32](repeating: 0, count: touched.count)
        for j in distance where isStarJoint(j) && !touched[Int(j.bodyB)] { counts[Int(j.bodyB)] += 1 }
        // Each star's joints, in store order (a CSR table over the bodies in first-seen order).
        var starBodies: [Int32] = []
        var start = [Int32](repeating: -1, count: touched.count)
        var total: Int32 = 0
        for j in distance where isStarJoint(j) {
            let body = Int(j.bodyB)
            guard !touched[body], counts[body] <= Self.maxRows, start[body] < 0 else { continue }
            start[body] = total
            total += counts[body]
            starBodies.append(j.bodyB)
        }
        var members = [Int32](repeating: 0, count: Int(total))
        var filled = [Int32](repeating: 0, count: touched.count)
        for (i, j) in distance.enumerated() {
            let body = Int(j.bodyB)
            if isStarJoint(j) && start[body] >= 0 {
                members[Int(start[body] + filled[body])] = Int32(i)
                filled[body] += 1
            } else {
                scalarJoints.append(Int32(i))
            }
        }
        // Stars by joint count, as many to a group as the solver's scratch holds.
        var byRows = [[Int32]](repeating: [], count: Self.maxRows + 1)
        for body in starBodies { byRows[Int(counts[Int(body)])].append(body) }
        for (rows, bodies) in byRows.enumerated() where !bodies.isEmpty {
            var g = 0
            while g < bodies.count {
                let lanes = min(StarJointSolver.stars(perGroupWithRows: rows), bodies.count - g)
                groups.append(Group(first: Int32(joints.count), rows: Int32(rows), lanes: Int32(lanes)))
                for r in 0..<rows {
                    for l in 0..<lanes { joints.append(members[Int(start[Int(bodies[g + l])]) + r]) }
                }
                g += lanes
            }
        }
    }
}
