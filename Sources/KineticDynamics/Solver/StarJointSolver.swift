/// The velocity solve of the stars (StarPlan.swift) when no contact takes part: per group,
/// each joint prepared as usual, then every velocity iteration of the group's stars back to
/// back, one star per lane, from a few kilobytes that stay in the L1 cache.
///
/// Why this is the scalar solver's result bit for bit: sequential impulses depend on the order
/// in which joints touch each body, and only on that. A star's body is touched by its own
/// joints alone, and its joints read no other velocity (the far body never moves: the scalar
/// joint skips it, `aMoves`), so solving a group's stars all iterations at once applies every
/// joint to its body in the order the scalar loop does: iteration by iteration, joint by joint
/// in store order. Each lane performs the scalar joint's operations in its order (Double
/// lanes, no fused multiply-add), so a lane computes what the scalar joint computes.
///
/// What it saves: the scalar loop streams every joint (about 150 bytes) and its body through
/// the cache once per iteration; here a group's joints are read once, prepared, and solved
/// eight times from the L1 cache. One star is a chain of dependent operations (each joint
/// needs the velocity the one before left), so a row runs over all the group's stars, four
/// per vector, and the vectors' chains overlap.
enum StarJointSolver {
    /// The lanes of one vector: a star each.
    typealias Lanes = SIMD4<Double>
    /// Stars per vector.
    static let width = Lanes.scalarCount
    /// Vectors' worth of rows the scratch holds (8 KB of rows).
    static let scratchRows = 32

    /// Stars per group for stars of `rows` joints: as many vectors as fit the scratch, at
    /// most eight.
    static func stars(perGroupWithRows rows: Int) -> Int { width * max(1, min(8, scratchRows / max(rows, 1))) }

    /// One joint of each of a vector's stars: what a velocity iteration reads (the anchor on
    /// the moving body relative to its centre, the unit direction, the effective mass, the soft
    /// constraint's γ and bias) and the accumulated impulse.
    struct Row {
        var rBx = Lanes(), rBy = Lanes(), ux = Lanes(), uy = Lanes()
        var mass = Lanes(), gamma = Lanes(), bias = Lanes(), impulse = Lanes()
    }

    /// The moving bodies of a vector's stars.
    struct Bodies {
        var vx = Lanes(), vy = Lanes(), w = Lanes(), invMass = Lanes(), invInertia = Lanes()
    }

    /// Scratch for one group.
    struct Scratch {
        var rows = [Row](repeating: Row(), count: StarJointSolver.scratchRows)
        var bodies = [Bodies](repeating: Bodies(), count: 8)
    }

    /// Prepares and solves every group of `plan`: `iterations` velocity iterations each.
    static func solve(
        _ plan: StarPlan, _ joints: UnsafeMutablePointer<DistanceJoint>, _ b: UnsafeMutablePointer<Body>, h: Double,
        iterations: Int, scratch: inout Scratch
    ) {
        plan.joints.withUnsafeBufferPointer { order in
            scratch.rows.withUnsafeMutableBufferPointer { rows in
                scratch.bodies.withUnsafeMutableBufferPointer { bodies in
                    for group in plan.groups {
                        solve(
                            group, order.baseAddress! + Int(group.first), joints, b, h: h, iterations: iterations,
                            rows: rows.baseAddress!, bodies: bodies.baseAddress!)
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func solve(
        _ group: StarPlan.Group, _ order: UnsafePointer<Int32>, _ joints: UnsafeMutablePointer<DistanceJoint>,
        _ b: UnsafeMutablePointer<Body>, h: Double, iterations: Int, rows: UnsafeMutablePointer<Row>,
        bodies: UnsafeMutablePointer<Bodies>
    ) {
        let rowCount = Int(group.rows), lanes = Int(group.lanes)
        let vectors = (lanes + width - 1) / width
        // Prepare each joint as the scalar step does (its warm start goes to the body), and
        // copy what the iterations read into the lanes; row r of vector v is rows[r·vectors + v].
        // Lanes past `lanes` are padding: all zero, which computes zero impulses and is never
        // stored.
        var farBodyMoves = false
        for r in 0..<rowCount {
            for v in 0..<vectors { rows[r * vectors + v] = Row() }
            for l in 0..<lanes {
                let j = joints + Int(order[r * lanes + l])
                j.pointee.prepare(b, h: h)
                farBodyMoves = farBodyMoves || j.pointee.aMoves
                let row = rows + (r * vectors + l / width), lane = l % width
                setLane(&row.pointee.rBx, lane, j.pointee.rB.x)
                setLane(&row.pointee.rBy, lane, j.pointee.rB.y)
                setLane(&row.pointee.ux, lane, j.pointee.u.x)
                setLane(&row.pointee.uy, lane, j.pointee.u.y)
                setLane(&row.pointee.mass, lane, j.pointee.mass)
                setLane(&row.pointee.gamma, lane, j.pointee.gamma)
                setLane(&row.pointee.bias, lane, j.pointee.bias)
                setLane(&row.pointee.impulse, lane, j.pointee.impulse)
            }
        }
        guard !farBodyMoves else {
            // The plan counts only static far bodies, which never move; should one have mass
            // after all, solve the group joint by joint in the scalar order.
            for _ in 0..<iterations {
                for k in 0..<rowCount * lanes { joints[Int(order[k])].solveVelocity(b) }
            }
            return
        }
        for v in 0..<vectors { bodies[v] = Bodies() }
        for l in 0..<lanes {
            let body = b + Int(joints[Int(order[l])].bodyB)
            let s = bodies + l / width, lane = l % width
            setLane(&s.pointee.vx, lane, body.pointee.linearVelocity.x)
            setLane(&s.pointee.vy, lane, body.pointee.linearVelocity.y)
            setLane(&s.pointee.w, lane, body.pointee.angularVelocity)
            setLane(&s.pointee.invMass, lane, body.pointee.invMass)
            setLane(&s.pointee.invInertia, lane, body.pointee.invInertia)
        }
        for _ in 0..<iterations {
            for r in 0..<rowCount {
                for v in 0..<vectors { solveRow(rows + (r * vectors + v), bodies + v) }
            }
        }
        for l in 0..<lanes {
            let body = b + Int(joints[Int(order[l])].bodyB)
            let s = bodies[l / width], lane = l % width
            body.pointee.linearVelocity = Vec2(s.vx[lane], s.vy[lane])
            body.pointee.angularVelocity = s.w[lane]
        }
        for r in 0..<rowCount {
            for l in 0..<lanes {
                joints[Int(order[r * lanes + l])].impulse = rows[r * vectors + l / width].impulse[l % width]
            }
        }
    }

    /// `DistanceJoint.solveVelocity` with vpA = 0, operation for operation, in every lane:
    /// vpB = v + w × rB, Cdot = u · vpB, λ = −m(Cdot + bias + γ·impulse), then λu applied.
    @inline(__always)
    private static func solveRow(_ row: UnsafeMutablePointer<Row>, _ s: UnsafeMutablePointer<Bodies>) {
        var vx = s.pointee.vx, vy = s.pointee.vy, w = s.pointee.w
        let rBx = row.pointee.rBx, rBy = row.pointee.rBy
        let ux = row.pointee.ux, uy = row.pointee.uy
        let vpx = vx + (-w) * rBy, vpy = vy + w * rBx
        let cdot = ux * vpx + uy * vpy
        let impulse = row.pointee.impulse
        let lambda = -row.pointee.mass * (cdot + row.pointee.bias + row.pointee.gamma * impulse)
        row.pointee.impulse = impulse + lambda
        let px = lambda * ux, py = lambda * uy
        let mB = s.pointee.invMass
        vx += mB * px
        vy += mB * py
        w += s.pointee.invInertia * (rBx * py - rBy * px)
        s.pointee.vx = vx
        s.pointee.vy = vy
        s.pointee.w = w
    }
}
