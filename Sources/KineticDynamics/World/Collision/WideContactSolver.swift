/// The velocity half of Box2D 2.x's contact solver (sequential normal and friction impulses,
/// warm starting, the two-point block solver, restitution above a threshold), run four contacts
/// at a time.
///
/// Sequential impulses are order-dependent, but only through bodies two contacts share. The
/// contacts are graph-coloured (within a colour no movable body appears twice), and a row holds
/// four contacts of one colour, so solving a row's lanes at once is exactly solving them one
/// after another: each lane performs the scalar solver's operations in the scalar solver's
/// order, and the results are the same bit for bit. Branches of the scalar solver (the block
/// solver's four cases, one point or two, restitution or not) become lane-wise selects.
///
/// Rows read and write a compact velocity array, one `SIMD4<Double>` (vx, vy, w, 0) per body
/// slot plus a dummy slot at the end, rather than the 250-byte bodies: a gather is one load per
/// body, and lanes that must not write (static bodies, padding) write the dummy slot instead of
/// branching.
enum WideContactSolver {
    /// A body's velocity in the compact array: (vx, vy, w, unused).
    typealias Velocity = SIMD4<Double>

    /// The four lanes' bodies, loaded once per row, updated by each impulse, stored once.
    struct Pair {
        var vAx: Lanes, vAy: Lanes, wA: Lanes
        var vBx: Lanes, vBy: Lanes, wB: Lanes
        let mA: Lanes, iA: Lanes, mB: Lanes, iB: Lanes

        @inline(__always) init(_ r: UnsafePointer<WideContactRow>, _ v: UnsafePointer<Velocity>) {
            let ga = r.pointee.gatherA, gb = r.pointee.gatherB
            let a0 = v[Int(ga[0])], a1 = v[Int(ga[1])], a2 = v[Int(ga[2])], a3 = v[Int(ga[3])]
            let b0 = v[Int(gb[0])], b1 = v[Int(gb[1])], b2 = v[Int(gb[2])], b3 = v[Int(gb[3])]
            vAx = Lanes(a0.x, a1.x, a2.x, a3.x)
            vAy = Lanes(a0.y, a1.y, a2.y, a3.y)
            wA = Lanes(a0.z, a1.z, a2.z, a3.z)
            vBx = Lanes(b0.x, b1.x, b2.x, b3.x)
            vBy = Lanes(b0.y, b1.y, b2.y, b3.y)
            wB = Lanes(b0.z, b1.z, b2.z, b3.z)
            mA = r.pointee.mA
            iA = r.pointee.iA
            mB = r.pointee.mB
            iB = r.pointee.iB
        }

        /// Velocity of B's point relative to A's point, as the scalar solver's
        /// `vB + cross(wB, rB) - vA - cross(wA, rA)`.
        @inline(__always) func relativeVelocity(_ p: WideContactPoint) -> (x: Lanes, y: Lanes) {
            ((vBx + -wB * p.anchorBY) - vAx - -wA * p.anchorAY, (vBy + wB * p.anchorBX) - vAy - wA * p.anchorAX)
        }

        /// Applies the impulse (px, py) at point `p`: −P to A, +P to B.
        @inline(__always) mutating func apply(_ px: Lanes, _ py: Lanes, _ p: WideContactPoint) {
            vAx -= mA * px
            vAy -= mA * py
            wA -= iA * (p.anchorAX * py - p.anchorAY * px)
            vBx += mB * px
            vBy += mB * py
            wB += iB * (p.anchorBX * py - p.anchorBY * px)
        }

        @inline(__always) func store(_ r: UnsafePointer<WideContactRow>, _ v: UnsafeMutablePointer<Velocity>) {
            let sa = r.pointee.scatterA, sb = r.pointee.scatterB
            v[Int(sa[0])] = Velocity(vAx[0], vAy[0], wA[0], 0)
            v[Int(sa[1])] = Velocity(vAx[1], vAy[1], wA[1], 0)
            v[Int(sa[2])] = Velocity(vAx[2], vAy[2], wA[2], 0)
            v[Int(sa[3])] = Velocity(vAx[3], vAy[3], wA[3], 0)
            v[Int(sb[0])] = Velocity(vBx[0], vBy[0], wB[0], 0)
            v[Int(sb[1])] = Velocity(vBx[1], vBy[1], wB[1], 0)
            v[Int(sb[2])] = Velocity(vBx[2], vBy[2], wB[2], 0)
            v[Int(sb[3])] = Velocity(vBx[3], vBy[3], wB[3], 0)
        }
    }

    // MARK: Packing

    /// Colours the active contacts (greedy: the lowest colour free on both movable bodies; 63
    /// is a catch-all), packs them into `rows` colour by colour, four to a row, and computes
    /// masses, the block matrix and approach speeds from the bodies' current velocities (before
    /// any warm start). Returns the number of rows. `colourMasks` and `colours` are reused
    /// scratch; nothing allocates once they and `rows` have grown.
    static func prepare(
        _ contacts: UnsafeMutablePointer<Contact>, _ active: UnsafeBufferPointer<Int32>, _ b: UnsafeMutablePointer<Body>,
        bodyCount: Int, inverseH: Double, rows: inout [WideContactRow], colourMasks: inout [UInt64], colours: inout [UInt8]
    ) -> Int {
        if colourMasks.count < bodyCount { colourMasks = [UInt64](repeating: 0, count: bodyCount) }
        colours.removeAll(keepingCapacity: true)
        let catchAll = 63
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 128) { scratch in
            let counts = scratch.baseAddress!, next = scratch.baseAddress! + 64
            counts.initialize(repeating: 0, count: 64)
            colourMasks.withUnsafeMutableBufferPointer { masks in
                for ci in active {
                    let c = contacts[Int(ci)]
                    let taken = (c.aMoves ? masks[Int(c.bodyA)] : 0) | (c.bMoves ? masks[Int(c.bodyB)] : 0)
                    let colour = min((~taken).trailingZeroBitCount, catchAll)
                    if c.aMoves { masks[Int(c.bodyA)] |= 1 << UInt64(colour) }
                    if c.bMoves { masks[Int(c.bodyB)] |= 1 << UInt64(colour) }
                    colours.append(UInt8(colour))
                    counts[colour] += 1
                }
                for ci in active {
                    let c = contacts[Int(ci)]
                    masks[Int(c.bodyA)] = 0
                    masks[Int(c.bodyB)] = 0
                }
            }
            // Each colour's first slot, counted in lanes: colour c starts a fresh row; the
            // catch-all colour takes a whole row per contact.
            var rowCount = 0
            for colour in 0..<64 {
                next[colour] = 4 * rowCount
                rowCount += colour == catchAll ? counts[colour] : (counts[colour] + 3) / 4
            }
            if rows.count < rowCount {
                rows.append(contentsOf: repeatElement(WideContactRow(), count: rowCount - rows.count))
            }
            let dummy = Int32(bodyCount)
            rows.withUnsafeMutableBufferPointer { out in
                for r in 0..<rowCount {
                    out[r].contact = LaneIndices(repeating: -1)
                    out[r].hasPointwiseLane = false
                    out[r].hasBlockLane = false
                    out[r].hasSecondPoint = false
                }
                for (k, ci) in active.enumerated() {
                    let colour = Int(colours[k])
                    let slot = next[colour]
                    next[colour] += colour == catchAll ? 4 : 1
                    pack(contacts + Int(ci), ci, b, dummy: dummy, inverseH: inverseH, into: &out[slot / 4], lane: slot % 4)
                }
                // Pad the unfilled tail of every colour's last row (and the catch-all rows).
                for r in 0..<rowCount where out[r].contact[3] < 0 {
                    for lane in 0..<4 where out[r].contact[lane] < 0 { out[r].pad(lane: lane, dummy: dummy) }
                }
            }
            return rowCount
        }
    }

    /// Packs contact `c` into `lane` of `row`: the scalar solver's per-contact preparation.
    @inline(__always)
    private static func pack(
        _ c: UnsafeMutablePointer<Contact>, _ index: Int32, _ b: UnsafeMutablePointer<Body>, dummy: Int32, inverseH: Double,
        into row: inout WideContactRow, lane: Int
    ) {
        let a = b + Int(c.pointee.bodyA), bb = b + Int(c.pointee.bodyB)
        let mA = a.pointee.invMass, iA = a.pointee.invInertia
        let mB = bb.pointee.invMass, iB = bb.pointee.invInertia
        row.gatherA[lane] = c.pointee.bodyA
        row.gatherB[lane] = c.pointee.bodyB
        row.scatterA[lane] = c.pointee.aMoves ? c.pointee.bodyA : dummy
        row.scatterB[lane] = c.pointee.bMoves ? c.pointee.bodyB : dummy
        row.contact[lane] = index
        row.pointCount[lane] = Int32(c.pointee.pointCount)
        let n = c.pointee.normal, t = Vec2(n.y, -n.x)
        row.normalX[lane] = n.x
        row.normalY[lane] = n.y
        row.friction[lane] = c.pointee.friction
        row.restitution[lane] = c.pointee.restitution
        row.mA[lane] = mA
        row.iA[lane] = iA
        row.mB[lane] = mB
        row.iB[lane] = iB
        let vA = a.pointee.linearVelocity, wA = a.pointee.angularVelocity
        let vB = bb.pointee.linearVelocity, wB = bb.pointee.angularVelocity
        @inline(__always) func pack(_ p: ContactPoint, into q: inout WideContactPoint) {
            q.anchorAX[lane] = p.anchorA.x
            q.anchorAY[lane] = p.anchorA.y
            q.anchorBX[lane] = p.anchorB.x
            q.anchorBY[lane] = p.anchorB.y
            q.normalImpulse[lane] = p.normalImpulse
            q.tangentImpulse[lane] = p.tangentImpulse
            let rnA = cross(p.anchorA, n), rnB = cross(p.anchorB, n)
            let kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB
            q.normalMass[lane] = kNormal > 0 ? 1 / kNormal : 0
            let rtA = cross(p.anchorA, t), rtB = cross(p.anchorB, t)
            let kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB
            q.tangentMass[lane] = kTangent > 0 ? 1 / kTangent : 0
            // A speculative point may close its gap this step, and no more.
            q.bias[lane] = p.separation > 0 ? p.separation * inverseH : 0
            // Approach speed before any warm start, so one point's warm start cannot push the
            // other over the restitution threshold.
            q.relativeVelocity[lane] = dot(n, vB + cross(wB, p.anchorB) - vA - cross(wA, p.anchorA))
            q.maxNormalImpulse[lane] = 0
        }
        pack(c.pointee.p0, into: &row.p0)
        if c.pointee.pointCount > 1 {
            row.hasSecondPoint = true
            pack(c.pointee.p1, into: &row.p1)
            let p0 = c.pointee.p0, p1 = c.pointee.p1
            let rn0A = cross(p0.anchorA, n), rn0B = cross(p0.anchorB, n)
            let rn1A = cross(p1.anchorA, n), rn1B = cross(p1.anchorB, n)
            let mSum = mA + mB
            let k11 = mSum + iA * rn0A * rn0A + iB * rn0B * rn0B
            let k22 = mSum + iA * rn1A * rn1A + iB * rn1B * rn1B
            let k12 = mSum + iA * rn0A * rn1A + iB * rn0B * rn1B
            let det = k11 * k22 - k12 * k12
            row.k11[lane] = k11
            row.k12[lane] = k12
            row.k22[lane] = k22
            // An ill-conditioned matrix (the points nearly coincide) is solved point by point.
            let wellConditioned = k11 * k11 < 1000 * det && det > 0
            row.det[lane] = wellConditioned ? det : 0
            if wellConditioned { row.hasBlockLane = true } else { row.hasPointwiseLane = true }
        } else {
            row.p1.clear(lane: lane)
            row.k11[lane] = 0
            row.k12[lane] = 0
            row.k22[lane] = 0
            row.det[lane] = 0
            row.hasPointwiseLane = true
        }
    }

    // MARK: Solving

    /// Copies the bodies' velocities into the compact array (slot `count` is the dummy).
    static func loadVelocities(_ b: UnsafePointer<Body>, count n: Int, into v: UnsafeMutablePointer<Velocity>) {
        for i in 0..<n {
            v[i] = Velocity(b[i].linearVelocity.x, b[i].linearVelocity.y, b[i].angularVelocity, 0)
        }
        v[n] = .zero
    }

    /// Copies the compact velocities back (bodies no row writes get their own values back).
    static func storeVelocities(_ v: UnsafePointer<Velocity>, count n: Int, into b: UnsafeMutablePointer<Body>) {
        for i in 0..<n {
            b[i].linearVelocity = Vec2(v[i].x, v[i].y)
            b[i].angularVelocity = v[i].z
        }
    }

    /// Applies the impulses kept from the last sub-step.
    static func warmStart(_ rows: UnsafeMutablePointer<WideContactRow>, count: Int, _ v: UnsafeMutablePointer<Velocity>) {
        for r in 0..<count {
            let row = rows + r
            var pair = Pair(row, v)
            let nx = row.pointee.normalX, ny = row.pointee.normalY
            let tx = ny, ty = -nx
            let p0 = row.pointee.p0
            pair.apply(p0.normalImpulse * nx + p0.tangentImpulse * tx, p0.normalImpulse * ny + p0.tangentImpulse * ty, p0)
            if row.pointee.hasSecondPoint {
                let p1 = row.pointee.p1
                pair.apply(p1.normalImpulse * nx + p1.tangentImpulse * tx, p1.normalImpulse * ny + p1.tangentImpulse * ty, p1)
            }
            pair.store(row, v)
        }
    }

    /// One velocity iteration over every row: friction first (it needs the previous normal
    /// impulse), then non-penetration.
    static func solveVelocity(_ rows: UnsafeMutablePointer<WideContactRow>, count: Int, _ v: UnsafeMutablePointer<Velocity>) {
        for r in 0..<count {
            let row = rows + r
            var pair = Pair(row, v)
            let nx = row.pointee.normalX, ny = row.pointee.normalY
            let tx = ny, ty = -nx
            let friction = row.pointee.friction
            applyFriction(&pair, &row.pointee.p0, tx, ty, friction)
            if row.pointee.hasSecondPoint { applyFriction(&pair, &row.pointee.p1, tx, ty, friction) }
            solveNormal(&pair, row, nx, ny, row.pointee.p0.bias, row.pointee.p1.bias, active: nil)
            pair.store(row, v)
        }
    }

    /// After the iterations: points that took an impulse after approaching faster than the
    /// threshold leave at −e times that speed; the two points of a face are solved together,
    /// for the same reason as the normal impulses.
    static func applyRestitution(_ rows: UnsafeMutablePointer<WideContactRow>, count: Int, _ v: UnsafeMutablePointer<Velocity>) {
        let threshold = Lanes(repeating: -ContactSolver.restitutionThreshold)
        for r in 0..<count {
            let row = rows + r
            let e = row.pointee.restitution
            let bounces = e .> 0
            guard any(bounces) else { continue }
            let p0 = row.pointee.p0, p1 = row.pointee.p1
            let q0 = (p0.relativeVelocity .< threshold) .& (p0.maxNormalImpulse .> 0)
            // A one-point lane's inert second point never qualifies (its speed is 0).
            let q1 = (p1.relativeVelocity .< threshold) .& (p1.maxNormalImpulse .> 0)
            let active = bounces .& (q0 .| q1)
            guard any(active) else { continue }
            var pair = Pair(row, v)
            // Target normal speeds −e·(approach speed) for the bouncing points.
            let bias0 = Lanes.zero.replacing(with: e * p0.relativeVelocity, where: q0)
            let bias1 = Lanes.zero.replacing(with: e * p1.relativeVelocity, where: q1)
            solveNormal(&pair, row, row.pointee.normalX, row.pointee.normalY, bias0, bias1, active: active)
            pair.store(row, v)
        }
    }

    /// Copies the solved impulses back into the contacts (warm starting, touch events).
    static func storeImpulses(_ rows: UnsafeMutablePointer<WideContactRow>, count: Int, _ contacts: UnsafeMutablePointer<Contact>) {
        for r in 0..<count {
            let row = rows + r
            for lane in 0..<4 {
                let index = row.pointee.contact[lane]
                guard index >= 0 else { continue }
                let c = contacts + Int(index)
                c.pointee.p0.normalImpulse = row.pointee.p0.normalImpulse[lane]
                c.pointee.p0.tangentImpulse = row.pointee.p0.tangentImpulse[lane]
                c.pointee.p0.maxNormalImpulse = row.pointee.p0.maxNormalImpulse[lane]
                if row.pointee.pointCount[lane] > 1 {
                    c.pointee.p1.normalImpulse = row.pointee.p1.normalImpulse[lane]
                    c.pointee.p1.tangentImpulse = row.pointee.p1.tangentImpulse[lane]
                    c.pointee.p1.maxNormalImpulse = row.pointee.p1.maxNormalImpulse[lane]
                }
            }
        }
    }

    /// Friction at one point, clamped by the Coulomb cone of its current normal impulse.
    @inline(__always)
    private static func applyFriction(_ pair: inout Pair, _ p: inout WideContactPoint, _ tx: Lanes, _ ty: Lanes, _ friction: Lanes) {
        let rel = pair.relativeVelocity(p)
        let vt = rel.x * tx + rel.y * ty
        let maxFriction = friction * p.normalImpulse
        let newImpulse = laneMin(laneMax(p.tangentImpulse - p.tangentMass * vt, -maxFriction), maxFriction)
        let lambda = newImpulse - p.tangentImpulse
        p.tangentImpulse = newImpulse
        pair.apply(lambda * tx, lambda * ty, p)
    }

    /// Non-penetration, normal velocity + bias ≥ 0 at both points: the block solver for the
    /// lanes with a well-conditioned two-point matrix, point by point for the others. `active`
    /// (restitution) limits the solve to some lanes; the others keep their impulses.
    ///
    /// The block solver (Box2D 2.x) finds impulses x ≥ 0 with complementarity on the 2×2
    /// effective-mass matrix K, trying (both points active), (only the first), (only the
    /// second), (neither); the first that holds wins, and if none does the impulses stay. Both
    /// impulses are computed from the velocities before either is applied. Point by point, the
    /// second point sees the velocities after the first point's impulse. Either way the change
    /// of each impulse is applied at its point, the first then the second, which is what lets
    /// one lane-wise sequence serve both.
    @inline(__always)
    private static func solveNormal(
        _ pair: inout Pair, _ row: UnsafeMutablePointer<WideContactRow>, _ nx: Lanes, _ ny: Lanes, _ bias0: Lanes, _ bias1: Lanes,
        active: LaneMask?
    ) {
        let p0 = row.pointee.p0, p1 = row.pointee.p1
        let old0 = p0.normalImpulse, old1 = p1.normalImpulse
        let hasBlock = row.pointee.hasBlockLane, hasPointwise = row.pointee.hasPointwiseLane
        let rel0 = pair.relativeVelocity(p0)
        let vn0 = rel0.x * nx + rel0.y * ny

        var block0 = old0, block1 = old1
        var solved = LaneMask(repeating: false)
        if hasBlock || !hasPointwise {
            let rel1 = pair.relativeVelocity(p1)
            let vn1 = rel1.x * nx + rel1.y * ny
            let k11 = row.pointee.k11, k12 = row.pointee.k12, k22 = row.pointee.k22
            // b = vn + bias − K·old: the velocities the new total impulse x must cancel.
            let bx = vn0 + bias0 - (k11 * old0 + k12 * old1)
            let by = vn1 + bias1 - (k12 * old0 + k22 * old1)
            let invDet = 1 / row.pointee.det
            let x1x = -(k22 * bx - k12 * by) * invDet
            let x1y = -(k11 * by - k12 * bx) * invDet
            let x2x = -bx / k11
            let x3y = -by / k22
            let case1 = (x1x .>= 0) .& (x1y .>= 0)
            let case2 = (x2x .>= 0) .& (k12 * x2x + by .>= 0)
            let case3 = (x3y .>= 0) .& (k12 * x3y + bx .>= 0)
            let case4 = (bx .>= 0) .& (by .>= 0)
            // Selected from the last case back, so the first that holds is the one kept.
            block0.replace(with: 0, where: case4)
            block1.replace(with: 0, where: case4)
            block0.replace(with: 0, where: case3)
            block1.replace(with: x3y, where: case3)
            block0.replace(with: x2x, where: case2)
            block1.replace(with: 0, where: case2)
            block0.replace(with: x1x, where: case1)
            block1.replace(with: x1y, where: case1)
            solved = case1 .| case2 .| case3 .| case4
        }

        // Padding lanes (det 1) count as block lanes; both paths give them zero.
        let isBlock = hasBlock ? row.pointee.det .> 0 : LaneMask(repeating: !hasPointwise)
        var new0 = block0
        if hasPointwise {
            let pointwise0 = laneMax(old0 - p0.normalMass * (vn0 + bias0), .zero)
            new0 = pointwise0.replacing(with: block0, where: isBlock)
            solved = solved .| .!isBlock
        }
        if let active {
            new0 = old0.replacing(with: new0, where: active)
            solved = solved .& active
        }
        let d0 = new0 - old0
        pair.apply(d0 * nx, d0 * ny, p0)

        var new1 = block1
        if hasPointwise {
            let rel1 = pair.relativeVelocity(p1)
            let vn1 = rel1.x * nx + rel1.y * ny
            let pointwise1 = laneMax(old1 - p1.normalMass * (vn1 + bias1), .zero)
            new1 = pointwise1.replacing(with: block1, where: isBlock)
        }
        if let active { new1 = old1.replacing(with: new1, where: active) }
        let d1 = new1 - old1
        pair.apply(d1 * nx, d1 * ny, p1)

        row.pointee.p0.normalImpulse = new0
        row.pointee.p1.normalImpulse = new1
        row.pointee.p0.maxNormalImpulse = p0.maxNormalImpulse.replacing(with: laneMax(p0.maxNormalImpulse, new0), where: solved)
        row.pointee.p1.maxNormalImpulse = p1.maxNormalImpulse.replacing(with: laneMax(p1.maxNormalImpulse, new1), where: solved)
    }
}

/// Lane-wise `Swift.max(x, y)`: y where y ≥ x, else x (the scalar solver's choice on ties).
@inline(__always) func laneMax(_ x: Lanes, _ y: Lanes) -> Lanes { x.replacing(with: y, where: y .>= x) }
/// Lane-wise `Swift.min(x, y)`: y where y < x, else x.
@inline(__always) func laneMin(_ x: Lanes, _ y: Lanes) -> Lanes { x.replacing(with: y, where: y .< x) }
