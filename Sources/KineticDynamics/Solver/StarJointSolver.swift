/// The velocity solve of the stars (StarPlan.swift) that no contact touches: per group,
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
        /// Position and (cos, sin) of the angle, for the prepare.
        var px = Lanes(), py = Lanes(), qc = Lanes(), qs = Lanes()
    }

    /// Scratch for one group.
    struct Scratch {
        var rows = [Row](repeating: Row(), count: StarJointSolver.scratchRows)
        var bodies = [Bodies](repeating: Bodies(), count: 8)
    }

    /// Prepares and solves every group of `plan`: `iterations` velocity iterations each. A
    /// group with a body in a contact (`inContact[body]`) is left out instead, its joints
    /// appended to `deferred` (row by row: each star's joints in their order).
    static func solve(
        _ plan: StarPlan, _ joints: BoundedPointer<DistanceJoint>, _ b: BoundedPointer<Body>, h: Double,
        iterations: Int, scratch: inout Scratch, inContact: BoundedPointer<Bool>?, deferred: inout [Int32]
    ) {
        plan.joints.withReadOnlyBoundedPointer { order in
            scratch.rows.withBoundedPointer { rows in
                scratch.bodies.withBoundedPointer { bodies in
                    for group in plan.groups {
                        // The group's entries: row by row, lane by lane.
                        let entries = order.suffix(from: Int(group.first)).prefix(Int(group.rows * group.lanes))
                        if let inContact {
                            let touched = (0..<Int(group.lanes)).contains { inContact[joints[entries[$0]].bodyB] }
                            if touched {
                                deferred.append(
                                    contentsOf: UnsafeBufferPointer(start: entries.base, count: entries.count))
                                continue
                            }
                        }
                        solve(group, entries, joints, b, h: h, iterations: iterations, rows: rows, bodies: bodies)
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func solve(
        _ group: StarPlan.Group, _ order: BoundedPointer<Int32>, _ joints: BoundedPointer<DistanceJoint>,
        _ b: BoundedPointer<Body>, h: Double, iterations: Int, rows: BoundedPointer<Row>,
        bodies: BoundedPointer<Bodies>
    ) {
        let rowCount = Int(group.rows), lanes = Int(group.lanes)
        let vectors = (lanes + width - 1) / width
        // The plan counts only static far bodies, which have no mass (`Body.updateMass`), and
        // hears of every change of kind; should a far body have mass all the same, the group
        // is solved joint by joint, as the scalar loop would solve it on its own.
        for k in 0..<rowCount * lanes {
            let a = b.pointer(at: joints[order[k]].bodyA)
            guard a.pointee.invMass == 0 && a.pointee.invInertia == 0 else {
                for k in 0..<rowCount * lanes { joints[order[k]].prepare(b, h: h) }
                for _ in 0..<iterations {
                    for k in 0..<rowCount * lanes { joints[order[k]].solveVelocity(b) }
                }
                return
            }
        }
        // Lanes past `lanes` are padding: all zero, which computes zero impulses and is never
        // stored. Row r of vector v is rows[r·vectors + v]: the scratch's `scratchRows` rows
        // hold them all, since a star has at most `StarPlan.maxRows` ≤ `scratchRows` joints and
        // `stars(perGroupWithRows:)` gives at most `scratchRows / rows` vectors.
        for v in 0..<vectors { bodies[v] = Bodies() }
        for l in 0..<lanes {
            let body = b.pointer(at: joints[order[l]].bodyB)
            let s = bodies.pointer(at: l / width), lane = l % width
            setLane(&s.pointee.vx, lane, body.pointee.linearVelocity.x)
            setLane(&s.pointee.vy, lane, body.pointee.linearVelocity.y)
            setLane(&s.pointee.w, lane, body.pointee.angularVelocity)
            setLane(&s.pointee.invMass, lane, body.pointee.invMass)
            setLane(&s.pointee.invInertia, lane, body.pointee.invInertia)
            setLane(&s.pointee.px, lane, body.pointee.position.x)
            setLane(&s.pointee.py, lane, body.pointee.position.y)
            setLane(&s.pointee.qc, lane, body.pointee.rotation.x)
            setLane(&s.pointee.qs, lane, body.pointee.rotation.y)
        }
        for r in 0..<rowCount {
            for v in 0..<vectors {
                prepareRow(
                    rows.pointer(at: r * vectors + v), bodies.pointer(at: v),
                    order.suffix(from: r * lanes + v * width).prefix(min(width, lanes - v * width)), joints, b, h: h)
            }
        }
        for _ in 0..<iterations {
            for r in 0..<rowCount {
                for v in 0..<vectors { solveRow(rows.pointer(at: r * vectors + v), bodies.pointer(at: v)) }
            }
        }
        for l in 0..<lanes {
            let body = b.pointer(at: joints[order[l]].bodyB)
            let s = bodies[l / width], lane = l % width
            body.pointee.linearVelocity = Vec2(s.vx[lane], s.vy[lane])
            body.pointee.angularVelocity = s.w[lane]
        }
        for r in 0..<rowCount {
            for l in 0..<lanes {
                joints[order[r * lanes + l]].impulse = rows[r * vectors + l / width].impulse[l % width]
            }
        }
    }

    /// `DistanceJoint.prepare` for `count` joints side by side (the lanes of one row of one
    /// vector), operation for operation, with the far bodies known not to move: anchors,
    /// direction, effective mass, the soft constraint, and the warm start applied to the
    /// lanes' bodies. Only the impulse goes back to the joints, after the iterations; the rest
    /// lives in the row (the scalar solver prepares again whenever it runs).
    @inline(__always)
    private static func prepareRow(
        _ row: UnsafeMutablePointer<Row>, _ s: UnsafeMutablePointer<Bodies>, _ order: BoundedPointer<Int32>,
        _ joints: BoundedPointer<DistanceJoint>, _ b: BoundedPointer<Body>, h: Double
    ) {
        let count = order.count
        var laX = Lanes(), laY = Lanes(), lbX = Lanes(), lbY = Lanes()
        var length = Lanes(), frequency = Lanes(), damping = Lanes(), impulse = Lanes()
        var pAx = Lanes(), pAy = Lanes(), qAc = Lanes(), qAs = Lanes(), mA = Lanes(), iA = Lanes()
        for l in 0..<count {
            let j = joints.pointer(at: order[l])
            let a = b.pointer(at: j.pointee.bodyA)
            laX[l] = j.pointee.localAnchorA.x
            laY[l] = j.pointee.localAnchorA.y
            lbX[l] = j.pointee.localAnchorB.x
            lbY[l] = j.pointee.localAnchorB.y
            length[l] = j.pointee.length
            frequency[l] = j.pointee.frequency
            damping[l] = j.pointee.dampingRatio
            impulse[l] = j.pointee.impulse
            pAx[l] = a.pointee.position.x
            pAy[l] = a.pointee.position.y
            qAc[l] = a.pointee.rotation.x
            qAs[l] = a.pointee.rotation.y
            mA[l] = a.pointee.invMass
            iA[l] = a.pointee.invInertia
        }
        // rA = rotate(qA, localAnchorA), rB likewise; u = pB + rB − pA − rA.
        let rAx = qAc * laX - qAs * laY, rAy = qAs * laX + qAc * laY
        let qBc = s.pointee.qc, qBs = s.pointee.qs
        let rBx = qBc * lbX - qBs * lbY, rBy = qBs * lbX + qBc * lbY
        var ux = s.pointee.px + rBx - pAx - rAx, uy = s.pointee.py + rBy - pAy - rAy
        let currentLength = (ux * ux + uy * uy).squareRoot()
        let long = currentLength .> Lanes(repeating: Settings.linearSlop)
        ux = Lanes.zero.replacing(with: ux / currentLength, where: long)
        uy = Lanes.zero.replacing(with: uy / currentLength, where: long)
        let mB = s.pointee.invMass, iB = s.pointee.invInertia
        let crAu = rAx * uy - rAy * ux, crBu = rBx * uy - rBy * ux
        var invMass = mA + iA * crAu * crAu + mB + iB * crBu * crBu
        var mass = Lanes.zero.replacing(with: 1 / invMass, where: invMass .!= 0)
        var gamma = Lanes.zero, bias = Lanes.zero
        let soft = frequency .> 0
        if any(soft) {
            // softConstraint, lane-wise; a lane whose γ or bias overflowed takes the scalar
            // function's robust form from the function itself.
            // Swift.min(x, y) is y where y < x, else x.
            let omega = (2 * Double.pi * frequency).replacing(
                with: maxSpringOmega, where: Lanes(repeating: maxSpringOmega) .< 2 * Double.pi * frequency)
            let zeta = damping.replacing(
                with: maxSpringDampingRatio, where: Lanes(repeating: maxSpringDampingRatio) .< damping)
            let d = 2 * mass * zeta * omega
            let k = mass * omega * omega
            var g = h * (d + h * k)
            g = Lanes.zero.replacing(with: 1 / g, where: g .!= 0)
            let error = currentLength - length
            var softBias = error * h * k * g
            let finite = (g - g .== 0) .& (softBias - softBias .== 0)
            if !all(finite .| .!soft) {
                for l in 0..<count where soft[l] && !finite[l] {
                    (g[l], softBias[l]) = softConstraint(
                        frequency: frequency[l], dampingRatio: damping[l], mass: mass[l], error: error[l], h: h)
                }
            }
            gamma = Lanes.zero.replacing(with: g, where: soft)
            bias = Lanes.zero.replacing(with: softBias, where: soft)
            invMass = invMass.replacing(with: invMass + gamma, where: soft)
            mass = mass.replacing(with: Lanes.zero.replacing(with: 1 / invMass, where: invMass .!= 0), where: soft)
        }
        // Warm start: the last sub-step's impulse, to the moving body only.
        let px = impulse * ux, py = impulse * uy
        s.pointee.vx += mB * px
        s.pointee.vy += mB * py
        s.pointee.w += iB * (rBx * py - rBy * px)
        row.pointee = Row(
            rBx: rBx, rBy: rBy, ux: ux, uy: uy, mass: mass, gamma: gamma, bias: bias, impulse: impulse)
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
