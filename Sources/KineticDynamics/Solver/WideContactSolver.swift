/// The velocity half of Box2D 2.x's contact solver (sequential normal and friction impulses,
/// warm starting, the two-point block solver, restitution above a threshold), run a row of
/// four contacts at a time.
///
/// Sequential impulses are order-dependent, but only through bodies two contacts share. The
/// contacts are graph-coloured (within a colour no movable body appears twice), and a row holds
/// contacts of one colour, so solving a row's lanes at once is exactly solving them one after
/// another: each lane performs the scalar solver's operations in the scalar solver's order (in
/// Double lanes the results are the scalar solver's bit for bit). Branches of the scalar solver
/// (the block solver's four cases, one point or two, restitution or not) become lane-wise
/// selects.
///
/// Rows read and write a compact velocity array, one `SIMD4<Float>` (vx, vy, w, 0) per body
/// slot plus a dummy slot at the end, rather than the 250-byte bodies: a gather is one load per
/// body, and lanes that must not write (static bodies, padding) write the dummy slot instead of
/// branching.
enum WideContactSolver {
    /// A body's velocity in the compact array: (vx, vy, w, unused).
    typealias Velocity = SIMD4<LaneScalar>
    /// Contacts per row.
    static let width = Lanes.scalarCount

    /// The lanes' bodies, loaded once per row, updated by each impulse, stored once.
    struct Pair {
        var vAx: Lanes, vAy: Lanes, wA: Lanes
        var vBx: Lanes, vBy: Lanes, wB: Lanes
        /// The row, whose masses are read where an impulse is applied rather than held. (With
        /// eight lanes, six velocities and four masses were twenty SSE registers of the sixteen
        /// there are; with four, holding the masses measured the same as reading them.)
        let row: UnsafePointer<WideContactRow>
        @inline(__always) var mA: Lanes { row.pointee.mA }
        @inline(__always) var iA: Lanes { row.pointee.iA }
        @inline(__always) var mB: Lanes { row.pointee.mB }
        @inline(__always) var iB: Lanes { row.pointee.iB }

        @inline(__always) init(_ r: UnsafePointer<WideContactRow>, _ v: BoundedPointer<Velocity>) {
            let ga = r.pointee.gatherA, gb = r.pointee.gatherB
            vAx = Lanes()
            vAy = Lanes()
            wA = Lanes()
            vBx = Lanes()
            vBy = Lanes()
            wB = Lanes()
            for l in 0..<WideContactSolver.width {
                let a = v[ga[l]], b = v[gb[l]]
                vAx[l] = a.x
                vAy[l] = a.y
                wA[l] = a.z
                vBx[l] = b.x
                vBy[l] = b.y
                wB[l] = b.z
            }
            row = r
        }

        /// Speed of B's point relative to A's point along (dx, dy), given the point's moment
        /// arms about that direction: (vB + wB × rB − vA − wA × rA) · d.
        @inline(__always) func speed(_ dx: Lanes, _ dy: Lanes, _ armA: Lanes, _ armB: Lanes) -> Lanes {
            (dx * (vBx - vAx) + dy * (vBy - vAy)) + (wB * armB - wA * armA)
        }

        /// Applies the impulse λ along (dx, dy) at a point with those moment arms: −λd to A,
        /// +λd to B.
        @inline(__always) mutating func apply(_ lambda: Lanes, _ dx: Lanes, _ dy: Lanes, _ armA: Lanes, _ armB: Lanes) {
            let a = mA * lambda, b = mB * lambda
            vAx -= a * dx
            vAy -= a * dy
            wA -= iA * (lambda * armA)
            vBx += b * dx
            vBy += b * dy
            wB += iB * (lambda * armB)
        }

        @inline(__always) func store(_ r: UnsafePointer<WideContactRow>, _ v: BoundedPointer<Velocity>) {
            let sa = r.pointee.scatterA, sb = r.pointee.scatterB
            for l in 0..<WideContactSolver.width {
                v[sa[l]] = Velocity(vAx[l], vAy[l], wA[l], 0)
                v[sb[l]] = Velocity(vBx[l], vBy[l], wB[l], 0)
            }
        }
    }

    // MARK: Packing

    /// Colours the active contacts (greedy: the lowest colour free on both movable bodies; 63
    /// is a catch-all), packs them into `rows` colour by colour, `width` to a row, and computes
    /// masses, the block matrix and approach speeds from the bodies' current velocities (before
    /// any warm start). Returns the number of rows. `colourMasks` and `colours` are reused
    /// scratch; nothing allocates once they and `rows` have grown. `active` carries each contact's
    /// bodies, so colouring reads no contact; packing then reads each contact once.
    /// The position rows (`positionRows`) are packed alongside, lane for lane. `v` holds the
    /// bodies' velocities (`loadVelocities`), for the approach speeds, and the dummy slot
    /// `b.count` that padding lanes gather and scatter.
    ///
    /// Within a colour, the two-point contacts fill rows first and the one-point contacts rows
    /// of their own. A row holding both kinds runs both normal solvers (the block solver for
    /// its faces, the point-by-point one for its corners) and every lane pays for both; a settled
    /// pile had a one-point contact in nearly every row otherwise (106 of 128 eight-lane rows at
    /// 500 boxes).
    /// The contacts of a colour share no movable body, so which row and lane each takes changes
    /// no arithmetic: the result is bit for bit that of packing them in contact order.
    static func prepare(
        _ contacts: BoundedPointer<Contact>, _ active: BoundedPointer<ActiveContact>, _ b: BoundedPointer<Body>,
        _ v: BoundedPointer<Velocity>, inverseH: Double, rows: inout [WideContactRow],
        setups: inout [WideContactSetup], positionRows: inout [WidePositionRow],
        colourMasks: inout [UInt64], colours: inout [UInt8]
    ) -> Int {
        let bodyCount = b.count
        // One colour mask per body slot and one colour per active contact; no padding.
        if colourMasks.count < bodyCount { colourMasks = [UInt64](repeating: 0, count: bodyCount) }
        if colours.count < active.count { colours = [UInt8](repeating: 0, count: active.count) }
        let catchAll = 63
        // A group is a colour and a kind: 2·colour for the two-point contacts, 2·colour + 1 for
        // the one-point ones; the catch-all colour is one group.
        let groupCount = 2 * catchAll + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * groupCount) { scratch in
            // Two tables of a slot per group: the groups' sizes, then each group's next free lane.
            let tables = BoundedPointer(scratch)
            let counts = tables.prefix(groupCount), next = tables.suffix(from: groupCount)
            counts.base.initialize(repeating: 0, count: groupCount)
            colourMasks.withBoundedPointer { masks in
                colours.withBoundedPointer { colours in
                    for k in 0..<active.count {
                        let c = active[k]
                        let a = Int(c.bodyA), b = Int(c.bodyB)
                        let aMoves = c.aMoves, bMoves = c.bMoves
                        let taken = (aMoves ? masks[a] : 0) | (bMoves ? masks[b] : 0)
                        let colour = min((~taken).trailingZeroBitCount, catchAll)
                        if aMoves { masks[a] |= 1 << UInt64(colour) }
                        if bMoves { masks[b] |= 1 << UInt64(colour) }
                        let group = colour == catchAll ? 2 * catchAll : 2 * colour + (c.hasTwoPoints ? 0 : 1)
                        colours[k] = UInt8(group)
                        counts[group] += 1
                    }
                }
                for k in 0..<active.count {
                    masks[active[k].bodyA] = 0
                    masks[active[k].bodyB] = 0
                }
            }
            // Each group's first slot, counted in lanes: a group starts a fresh row; the
            // catch-all takes a whole row per contact.
            var rowCount = 0
            for group in 0..<groupCount {
                next[group] = width * rowCount
                rowCount +=
                    group == 2 * catchAll ? counts[group] : (counts[group] + width - 1) / width
            }
            // A row per `rowCount`, velocity, setup and position alike; padding lives in lanes,
            // not rows.
            if rows.count < rowCount {
                rows.append(contentsOf: repeatElement(WideContactRow(), count: rowCount - rows.count))
                positionRows.append(contentsOf: repeatElement(WidePositionRow(), count: rowCount - positionRows.count))
            }
            if setups.count < rowCount {
                setups.append(contentsOf: repeatElement(WideContactSetup(), count: rowCount - setups.count))
            }
            let dummy = Int32(bodyCount)
            rows.withBoundedPointer { out in
                setups.withBoundedPointer { setupOut in
                    positionRows.withBoundedPointer { positionOut in
                        // Rows pair up within a colour, across its two groups (not the catch-all: its
                        // rows may share bodies). Colour c's rows run from its first group's first
                        // row to the next colour's.
                        for colour in 0..<catchAll {
                            let colourEnd = next[2 * colour + 2] / width
                            for r in next[2 * colour] / width..<colourEnd {
                                out[r].sharesColourWithNext = r + 1 < colourEnd
                                positionOut[r].sharesColourWithNext = r + 1 < colourEnd
                            }
                        }
                        let catchAllStart = next[2 * catchAll] / width
                        for r in 0..<rowCount {
                            out[r].contact = LaneIndices(repeating: -1)
                            if r >= catchAllStart {
                                out[r].sharesColourWithNext = false
                                positionOut[r].sharesColourWithNext = false
                            }
                        }
                        colours.withReadOnlyBoundedPointer { colours in
                            for k in 0..<active.count {
                                let c = active[k]
                                let group = Int(colours[k])
                                let slot = next[group]
                                next[group] += group == 2 * catchAll ? width : 1
                                pack(
                                    contacts.pointer(at: c.index), c, dummy: dummy,
                                    into: out.pointer(at: slot / width), setupOut.pointer(at: slot / width),
                                    positionOut.pointer(at: slot / width), lane: slot % width)
                            }
                        }
                        for r in 0..<rowCount {
                            finish(
                                out.pointer(at: r), setupOut.pointer(at: r), positionOut.pointer(at: r), v,
                                inverseH: LaneScalar(inverseH), dummy: dummy)
                        }
                    }
                }
            }
            return rowCount
        }
    }

    /// Copies contact `c` into `lane` of a velocity row, its setup and its position row: only what is
    /// read from the contact and its bodies, converted to the lanes' scalar. `finish` derives
    /// the rest a row at a time.
    @inline(__always)
    private static func pack(
        _ c: UnsafeMutablePointer<Contact>, _ active: ActiveContact, dummy: Int32,
        into row: UnsafeMutablePointer<WideContactRow>, _ setup: UnsafeMutablePointer<WideContactSetup>,
        _ positionRow: UnsafeMutablePointer<WidePositionRow>, lane: Int
    ) {
        setLane(&row.pointee.gatherA, lane, c.pointee.bodyA)
        setLane(&row.pointee.gatherB, lane, c.pointee.bodyB)
        setLane(&row.pointee.scatterA, lane, c.pointee.aMoves ? c.pointee.bodyA : dummy)
        setLane(&row.pointee.scatterB, lane, c.pointee.bMoves ? c.pointee.bodyB : dummy)
        setLane(&row.pointee.contact, lane, active.index)
        setLane(&row.pointee.pointCount, lane, Int32(c.pointee.pointCount))
        setLane(&row.pointee.normalX, lane, LaneScalar(c.pointee.normal.x))
        setLane(&row.pointee.normalY, lane, LaneScalar(c.pointee.normal.y))
        setLane(&row.pointee.friction, lane, LaneScalar(c.pointee.friction))
        setLane(&setup.pointee.restitution, lane, LaneScalar(c.pointee.restitution))
        // The bodies' masses as the manifold pass read them (`ActiveContact`).
        setLane(&row.pointee.mA, lane, active.invMassA)
        setLane(&row.pointee.iA, lane, active.invInertiaA)
        setLane(&row.pointee.mB, lane, active.invMassB)
        setLane(&row.pointee.iB, lane, active.invInertiaB)
        @inline(__always) func pack(
            _ p: ContactPoint, into q: UnsafeMutablePointer<WideContactPoint>,
            _ qs: UnsafeMutablePointer<WideContactPointSetup>, _ pq: UnsafeMutablePointer<WidePositionPoint>
        ) {
            setLane(&qs.pointee.anchorAX, lane, LaneScalar(p.anchorA.x))
            setLane(&qs.pointee.anchorAY, lane, LaneScalar(p.anchorA.y))
            setLane(&qs.pointee.anchorBX, lane, LaneScalar(p.anchorB.x))
            setLane(&qs.pointee.anchorBY, lane, LaneScalar(p.anchorB.y))
            setLane(&q.pointee.normalImpulse, lane, LaneScalar(p.normalImpulse))
            setLane(&q.pointee.tangentImpulse, lane, LaneScalar(p.tangentImpulse))
            setLane(&pq.pointee.localAnchorAX, lane, LaneScalar(p.localAnchorA.x))
            setLane(&pq.pointee.localAnchorAY, lane, LaneScalar(p.localAnchorA.y))
            setLane(&pq.pointee.localAnchorBX, lane, LaneScalar(p.localAnchorB.x))
            setLane(&pq.pointee.localAnchorBY, lane, LaneScalar(p.localAnchorB.y))
            // The position pass starts from the separation where the anchors met; the bias lane
            // holds the current separation until `finish` turns it into a closing speed.
            setLane(&pq.pointee.separation, lane, LaneScalar(p.baseSeparation))
            setLane(&q.pointee.bias, lane, LaneScalar(p.separation))
        }
        pack(c.pointee.p0, into: &row.pointee.p0, &setup.pointee.p0, &positionRow.pointee.p0)
        if c.pointee.pointCount > 1 {
            pack(c.pointee.p1, into: &row.pointee.p1, &setup.pointee.p1, &positionRow.pointee.p1)
        }
    }

    /// The scalar solver's per-contact preparation for a whole row at once: moment arms,
    /// effective masses, the block matrix, speculative biases and approach speeds (from the
    /// velocities before any warm start, so one point's warm start cannot push the other over
    /// the restitution threshold). Lanes that packing did not fill (the tail of a colour, and
    /// what an earlier step left there) become padding, and a one-point contact's second point
    /// becomes inert, whatever their lanes held. The position row gets the shared fields.
    @inline(__always)
    private static func finish(
        _ row: UnsafeMutablePointer<WideContactRow>, _ setup: UnsafeMutablePointer<WideContactSetup>,
        _ positionRow: UnsafeMutablePointer<WidePositionRow>, _ v: BoundedPointer<Velocity>,
        inverseH: LaneScalar, dummy: Int32
    ) {
        // Integer lanes are compared with vectors: against a scalar, the standard library's
        // generic comparison goes lane by lane through memory.
        let isContact = row.pointee.contact .>= LaneIndices.zero
        let isPadding = .!isContact
        let hasTwo = isContact .& (row.pointee.pointCount .== LaneIndices(repeating: 2))
        let dummies = LaneIndices(repeating: dummy)
        @inline(__always) func real(_ x: Lanes, _ lanes: LaneMask) -> Lanes {
            Lanes.zero.replacing(with: x, where: lanes)
        }
        row.pointee.gatherA = dummies.replacing(with: row.pointee.gatherA, where: isContact)
        row.pointee.gatherB = dummies.replacing(with: row.pointee.gatherB, where: isContact)
        row.pointee.scatterA = dummies.replacing(with: row.pointee.scatterA, where: isContact)
        row.pointee.scatterB = dummies.replacing(with: row.pointee.scatterB, where: isContact)
        row.pointee.pointCount = LaneIndices.zero.replacing(with: row.pointee.pointCount, where: isContact)
        let nx = real(row.pointee.normalX, isContact), ny = real(row.pointee.normalY, isContact)
        let mA = real(row.pointee.mA, isContact), iA = real(row.pointee.iA, isContact)
        let mB = real(row.pointee.mB, isContact), iB = real(row.pointee.iB, isContact)
        row.pointee.normalX = nx
        row.pointee.normalY = ny
        row.pointee.friction = real(row.pointee.friction, isContact)
        setup.pointee.restitution = real(setup.pointee.restitution, isContact)
        row.pointee.mA = mA
        row.pointee.iA = iA
        row.pointee.mB = mB
        row.pointee.iB = iB
        let tx = ny, ty = -nx
        let mSum = mA + mB
        let pair = Pair(row, v)

        /// Fills point `p` where `present`, zeroes it elsewhere; returns its effective mass
        /// along the normal.
        @inline(__always) func point(
            _ p: UnsafeMutablePointer<WideContactPoint>, _ ps: UnsafeMutablePointer<WideContactPointSetup>,
            _ pq: UnsafeMutablePointer<WidePositionPoint>, _ present: LaneMask
        ) -> Lanes {
            let rAx = real(ps.pointee.anchorAX, present), rAy = real(ps.pointee.anchorAY, present)
            let rBx = real(ps.pointee.anchorBX, present), rBy = real(ps.pointee.anchorBY, present)
            let rnA = rAx * ny - rAy * nx, rnB = rBx * ny - rBy * nx
            let rtA = rAx * ty - rAy * tx, rtB = rBx * ty - rBy * tx
            p.pointee.armAN = rnA
            p.pointee.armBN = rnB
            p.pointee.armAT = rtA
            p.pointee.armBT = rtB
            p.pointee.normalImpulse = real(p.pointee.normalImpulse, present)
            p.pointee.tangentImpulse = real(p.pointee.tangentImpulse, present)
            let kNormal = mSum + iA * rnA * rnA + iB * rnB * rnB
            let kTangent = mSum + iA * rtA * rtA + iB * rtB * rtB
            p.pointee.normalMass = real(1 / kNormal, present .& (kNormal .> 0))
            p.pointee.tangentMass = real(1 / kTangent, present .& (kTangent .> 0))
            // A speculative point may close its gap this step, and no more.
            let separation = p.pointee.bias
            p.pointee.bias = real(separation * inverseH, present .& (separation .> 0))
            ps.pointee.relativeVelocity = real(pair.speed(nx, ny, rnA, rnB), present)
            p.pointee.maxNormalImpulse = .zero
            pq.pointee.localAnchorAX = real(pq.pointee.localAnchorAX, present)
            pq.pointee.localAnchorAY = real(pq.pointee.localAnchorAY, present)
            pq.pointee.localAnchorBX = real(pq.pointee.localAnchorBX, present)
            pq.pointee.localAnchorBY = real(pq.pointee.localAnchorBY, present)
            pq.pointee.separation = Lanes(repeating: WidePositionSolver.absentSeparation).replacing(
                with: pq.pointee.separation, where: present)
            return kNormal
        }
        let k11 = point(&row.pointee.p0, &setup.pointee.p0, &positionRow.pointee.p0, isContact)
        let k22 = point(&row.pointee.p1, &setup.pointee.p1, &positionRow.pointee.p1, hasTwo)
        let k12 =
            mSum + iA * row.pointee.p0.armAN * row.pointee.p1.armAN + iB * row.pointee.p0.armBN * row.pointee.p1.armBN
        let det = k11 * k22 - k12 * k12
        // An ill-conditioned matrix (the points nearly coincide) is solved point by point.
        let wellConditioned = hasTwo .& (k11 * k11 .< 1000 * det) .& (det .> 0)
        // Padding is the identity matrix.
        row.pointee.k11 = real(k11, hasTwo).replacing(with: 1, where: isPadding)
        row.pointee.k12 = real(k12, hasTwo)
        row.pointee.k22 = real(k22, hasTwo).replacing(with: 1, where: isPadding)
        row.pointee.invDet = real(1 / det, wellConditioned).replacing(with: 1, where: isPadding)
        row.pointee.hasBlockLane = anyLane(wellConditioned)
        row.pointee.hasPointwiseLane = anyLane(isContact .& .!wellConditioned)
        row.pointee.hasSecondPoint = anyLane(hasTwo)

        positionRow.pointee.hasSecondPoint = row.pointee.hasSecondPoint
        positionRow.pointee.gatherA = row.pointee.gatherA
        positionRow.pointee.gatherB = row.pointee.gatherB
        positionRow.pointee.scatterA = row.pointee.scatterA
        positionRow.pointee.scatterB = row.pointee.scatterB
        positionRow.pointee.normalX = nx
        positionRow.pointee.normalY = ny
        positionRow.pointee.mA = mA
        positionRow.pointee.iA = iA
        positionRow.pointee.mB = mB
        positionRow.pointee.iB = iB
    }

    // MARK: Solving

    /// Copies the bodies' velocities into the compact array (slot `b.count` is the dummy).
    static func loadVelocities(_ b: BoundedPointer<Body>, into v: BoundedPointer<Velocity>) {
        let n = b.count
        for i in 0..<n { v[i] = compact(b[i]) }
        v[n] = .zero
    }

    /// Copies the compact velocities back. In Float lanes only the change is added, so a body
    /// no row touched keeps its Double velocity exactly.
    static func storeVelocities(_ v: BoundedPointer<Velocity>, into b: BoundedPointer<Body>) {
        for i in 0..<b.count {
            if LaneScalar.self == Double.self {
                b[i].linearVelocity = Vec2(Double(v[i].x), Double(v[i].y))
                b[i].angularVelocity = Double(v[i].z)
            } else {
                let start = compact(b[i])
                guard v[i] != start else { continue }
                b[i].linearVelocity += Vec2(Double(v[i].x) - Double(start.x), Double(v[i].y) - Double(start.y))
                b[i].angularVelocity += Double(v[i].z) - Double(start.z)
            }
        }
    }

    @inline(__always) private static func compact(_ b: Body) -> Velocity {
        // A joint's impulse can push a body's Double velocity past the engine's speed limit
        // within a sub-step (bodies welded at the world's edge reached 10³⁴ m/s and 10⁴¹ rad/s,
        // found by the engine's property); in Float lanes that is infinity, and then NaN. The
        // lanes take it saturated at ±Settings.maxSpeed, which changes no speed the engine keeps
        // (the integration saturates there anyway), so every ordinary result is bit for bit
        // the same.
        let m = Settings.maxSpeed
        return Velocity(
            LaneScalar(min(max(b.linearVelocity.x, -m), m)), LaneScalar(min(max(b.linearVelocity.y, -m), m)),
            LaneScalar(min(max(b.angularVelocity, -m), m)), 0)
    }

    /// Applies the impulses kept from the last sub-step.
    static func warmStart(_ rows: BoundedPointer<WideContactRow>, _ v: BoundedPointer<Velocity>) {
        for r in 0..<rows.count {
            let row = rows.pointer(at: r)
            var pair = Pair(row, v)
            let nx = row.pointee.normalX, ny = row.pointee.normalY
            let tx = ny, ty = -nx
            let p0 = row.pointee.p0
            pair.apply(p0.normalImpulse, nx, ny, p0.armAN, p0.armBN)
            pair.apply(p0.tangentImpulse, tx, ty, p0.armAT, p0.armBT)
            if row.pointee.hasSecondPoint {
                let p1 = row.pointee.p1
                pair.apply(p1.normalImpulse, nx, ny, p1.armAN, p1.armBN)
                pair.apply(p1.tangentImpulse, tx, ty, p1.armAT, p1.armBT)
            }
            pair.store(row, v)
        }
    }

    /// One velocity iteration over every row: friction first (it needs the previous normal
    /// impulse), then non-penetration.
    ///
    /// Two rows of one colour share no movable body, so they are solved side by side: both
    /// gathered, their friction steps interleaved, both stored. A row is one long chain of
    /// dependent operations; two independent chains keep the core busy. Measured on the pile,
    /// the velocity iterations went from about 65 to 59 µs a step (solving the two rows one
    /// after the other between the same gathers and stores gained nothing, and four rows or
    /// interleaving the normal solves too gained nothing more). The result is bit for bit that
    /// of one row at a time.
    static func solveVelocity(
        _ rows: BoundedPointer<WideContactRow>, _ v: BoundedPointer<Velocity>
    ) {
        var r = 0
        while r < rows.count {
            let row = rows.pointer(at: r)
            var pair = Pair(row, v)
            guard row.pointee.sharesColourWithNext else {
                applyFriction(&pair, row, &row.pointee.p0)
                if row.pointee.hasSecondPoint { applyFriction(&pair, row, &row.pointee.p1) }
                solveNormal(
                    &pair, row, row.pointee.normalX, row.pointee.normalY, row.pointee.p0.bias, row.pointee.p1.bias,
                    active: nil)
                pair.store(row, v)
                r += 1
                continue
            }
            let other = rows.pointer(at: r + 1)
            var otherPair = Pair(other, v)
            applyFriction(&pair, row, &row.pointee.p0)
            applyFriction(&otherPair, other, &other.pointee.p0)
            if row.pointee.hasSecondPoint { applyFriction(&pair, row, &row.pointee.p1) }
            if other.pointee.hasSecondPoint { applyFriction(&otherPair, other, &other.pointee.p1) }
            solveNormal(
                &pair, row, row.pointee.normalX, row.pointee.normalY, row.pointee.p0.bias, row.pointee.p1.bias,
                active: nil)
            solveNormal(
                &otherPair, other, other.pointee.normalX, other.pointee.normalY, other.pointee.p0.bias,
                other.pointee.p1.bias, active: nil)
            pair.store(row, v)
            otherPair.store(other, v)
            r += 2
        }
    }

    /// After the iterations: points that took an impulse after approaching faster than the
    /// threshold leave at −e times that speed; the two points of a face are solved together,
    /// for the same reason as the normal impulses.
    static func applyRestitution(
        _ rows: BoundedPointer<WideContactRow>, _ setups: BoundedPointer<WideContactSetup>,
        _ v: BoundedPointer<Velocity>
    ) {
        let threshold = Lanes(repeating: LaneScalar(-ContactSolver.restitutionThreshold))
        for r in 0..<rows.count {
            let row = rows.pointer(at: r), setup = setups.pointer(at: r)
            let e = setup.pointee.restitution
            let bounces = e .> 0
            guard anyLane(bounces) else { continue }
            let p0 = row.pointee.p0, p1 = row.pointee.p1
            let s0 = setup.pointee.p0, s1 = setup.pointee.p1
            let q0 = (s0.relativeVelocity .< threshold) .& (p0.maxNormalImpulse .> 0)
            // A one-point lane's inert second point never qualifies (its speed is 0).
            let q1 = (s1.relativeVelocity .< threshold) .& (p1.maxNormalImpulse .> 0)
            let active = bounces .& (q0 .| q1)
            guard anyLane(active) else { continue }
            var pair = Pair(row, v)
            // Target normal speeds −e·(approach speed) for the bouncing points.
            let bias0 = Lanes.zero.replacing(with: e * s0.relativeVelocity, where: q0)
            let bias1 = Lanes.zero.replacing(with: e * s1.relativeVelocity, where: q1)
            solveNormal(&pair, row, row.pointee.normalX, row.pointee.normalY, bias0, bias1, active: active)
            pair.store(row, v)
        }
    }

    /// Copies the solved impulses back into the contacts (warm starting, touch events), and
    /// lists the contacts whose touch state (`Contact.touchesNow`) differs from the one they
    /// hold, while their lines are in cache.
    static func storeImpulses(
        _ rows: BoundedPointer<WideContactRow>, _ contacts: BoundedPointer<Contact>,
        touchChanges: inout [Int32]
    ) {
        for r in 0..<rows.count {
            let row = rows.pointer(at: r)
            for lane in 0..<width {
                let index = row.pointee.contact[lane]
                guard index >= 0 else { continue }
                let c = contacts.pointer(at: index)
                c.pointee.p0.normalImpulse = Double(row.pointee.p0.normalImpulse[lane])
                c.pointee.p0.tangentImpulse = Double(row.pointee.p0.tangentImpulse[lane])
                c.pointee.p0.maxNormalImpulse = Double(row.pointee.p0.maxNormalImpulse[lane])
                if row.pointee.pointCount[lane] > 1 {
                    c.pointee.p1.normalImpulse = Double(row.pointee.p1.normalImpulse[lane])
                    c.pointee.p1.tangentImpulse = Double(row.pointee.p1.tangentImpulse[lane])
                    c.pointee.p1.maxNormalImpulse = Double(row.pointee.p1.maxNormalImpulse[lane])
                }
                if c.pointee.touchesNow != c.pointee.isTouching { touchChanges.append(index) }
            }
        }
    }

    /// Friction at one point of `row`, clamped by the Coulomb cone of its current normal
    /// impulse. The tangent is the normal turned by −90°: (ny, −nx).
    @inline(__always)
    private static func applyFriction(
        _ pair: inout Pair, _ row: UnsafePointer<WideContactRow>, _ p: inout WideContactPoint
    ) {
        let tx = row.pointee.normalY, ty = -row.pointee.normalX
        let vt = pair.speed(tx, ty, p.armAT, p.armBT)
        let maxFriction = row.pointee.friction * p.normalImpulse
        let newImpulse = laneMin(laneMax(p.tangentImpulse - p.tangentMass * vt, -maxFriction), maxFriction)
        let lambda = newImpulse - p.tangentImpulse
        p.tangentImpulse = newImpulse
        pair.apply(lambda, tx, ty, p.armAT, p.armBT)
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
        _ pair: inout Pair, _ row: UnsafeMutablePointer<WideContactRow>, _ nx: Lanes, _ ny: Lanes, _ bias0: Lanes,
        _ bias1: Lanes,
        active: LaneMask?
    ) {
        let p0 = row.pointee.p0, p1 = row.pointee.p1
        let old0 = p0.normalImpulse, old1 = p1.normalImpulse
        let hasBlock = row.pointee.hasBlockLane, hasPointwise = row.pointee.hasPointwiseLane
        let vn0 = pair.speed(nx, ny, p0.armAN, p0.armBN)

        var block0 = old0, block1 = old1
        var solved = LaneMask(repeating: false)
        if hasBlock || !hasPointwise {
            let vn1 = pair.speed(nx, ny, p1.armAN, p1.armBN)
            let k11 = row.pointee.k11, k12 = row.pointee.k12, k22 = row.pointee.k22
            // b = vn + bias − K·old: the velocities the new total impulse x must cancel.
            let bx = vn0 + bias0 - (k11 * old0 + k12 * old1)
            let by = vn1 + bias1 - (k12 * old0 + k22 * old1)
            let invDet = row.pointee.invDet
            let x1x = -(k22 * bx - k12 * by) * invDet
            let x1y = -(k11 * by - k12 * bx) * invDet
            let case1 = (x1x .>= 0) .& (x1y .>= 0)
            if allLanes(case1) {
                // Both points pushing in every lane, a resting face's usual case: the scalar
                // solver stops at the first case too, and the selects below would keep x1.
                block0 = x1x
                block1 = x1y
                solved = case1
            } else {
                // k11 and k22 are the points' own effective masses, so their inverses are the
                // points' normal masses.
                let x2x = -bx * p0.normalMass
                let x3y = -by * p1.normalMass
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
                // swift-format-ignore: NoAssignmentInExpressions
                solved = case1 .| case2 .| case3 .| case4
            }
        }

        // Padding lanes (inverse determinant 1) count as block lanes; both paths give them zero.
        let isBlock = hasBlock ? row.pointee.invDet .> 0 : LaneMask(repeating: !hasPointwise)
        var new0 = block0
        if hasPointwise {
            let pointwise0 = laneMax(old0 - p0.normalMass * (vn0 + bias0), .zero)
            new0 = pointwise0.replacing(with: block0, where: isBlock)
            // swift-format-ignore: NoAssignmentInExpressions
            solved = solved .| .!isBlock
        }
        if let active {
            new0 = old0.replacing(with: new0, where: active)
            // swift-format-ignore: NoAssignmentInExpressions
            solved = solved .& active
        }
        pair.apply(new0 - old0, nx, ny, p0.armAN, p0.armBN)
        row.pointee.p0.normalImpulse = new0
        row.pointee.p0.maxNormalImpulse = p0.maxNormalImpulse.replacing(
            with: laneMax(p0.maxNormalImpulse, new0), where: solved)
        // A row of one-point contacts has only inert second points: their impulse stays zero
        // and applying it would move nothing.
        guard row.pointee.hasSecondPoint else { return }

        var new1 = block1
        if hasPointwise {
            let vn1 = pair.speed(nx, ny, p1.armAN, p1.armBN)
            let pointwise1 = laneMax(old1 - p1.normalMass * (vn1 + bias1), .zero)
            new1 = pointwise1.replacing(with: block1, where: isBlock)
        }
        if let active { new1 = old1.replacing(with: new1, where: active) }
        pair.apply(new1 - old1, nx, ny, p1.armAN, p1.armBN)
        row.pointee.p1.normalImpulse = new1
        row.pointee.p1.maxNormalImpulse = p1.maxNormalImpulse.replacing(
            with: laneMax(p1.maxNormalImpulse, new1), where: solved)
    }
}

/// Lane-wise `Swift.max(x, y)`: y where y ≥ x, else x (the scalar solver's choice on ties).
@inline(__always) func laneMax(_ x: Lanes, _ y: Lanes) -> Lanes { x.replacing(with: y, where: y .>= x) }
/// Lane-wise `Swift.min(x, y)`: y where y < x, else x.
@inline(__always) func laneMin(_ x: Lanes, _ y: Lanes) -> Lanes { x.replacing(with: y, where: y .< x) }
