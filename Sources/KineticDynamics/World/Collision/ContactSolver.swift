/// Box2D 2.x's contact solver: sequential normal and friction impulses with warm starting,
/// restitution above a threshold, and non-linear position correction. Speculative points
/// (separation > 0: still apart but closing fast) let the bodies approach exactly to the
/// surface this step and no further, which is what stops fast items tunnelling.
enum ContactSolver {
    /// Impacts slower than this (1 m/s = 100 pt/s) do not bounce: resting contacts stay put.
    static let restitutionThreshold = 1.0
    /// Fraction of overlap removed per position iteration.
    static let baumgarte = 0.2

    /// The two bodies of one constraint, loaded once, updated by each impulse, stored once.
    private struct Pair {
        let a: UnsafeMutablePointer<Body>
        let b: UnsafeMutablePointer<Body>
        let mA: Double, iA: Double, mB: Double, iB: Double
        var vA: Vec2, wA: Double, vB: Vec2, wB: Double

        @inline(__always) init(_ c: UnsafeMutablePointer<ContactConstraint>, _ bodies: UnsafeMutablePointer<Body>) {
            a = bodies + Int(c.pointee.bodyA)
            b = bodies + Int(c.pointee.bodyB)
            mA = c.pointee.mA
            iA = c.pointee.iA
            mB = c.pointee.mB
            iB = c.pointee.iB
            vA = a.pointee.linearVelocity
            wA = a.pointee.angularVelocity
            vB = b.pointee.linearVelocity
            wB = b.pointee.angularVelocity
        }

        /// Velocity of B's point relative to A's point.
        @inline(__always) func relativeVelocity(_ p: ConstraintPoint) -> Vec2 {
            vB + cross(wB, p.anchorB) - vA - cross(wA, p.anchorA)
        }

        @inline(__always) mutating func apply(_ impulse: Vec2, _ p: ConstraintPoint) {
            vA -= mA * impulse
            wA -= iA * cross(p.anchorA, impulse)
            vB += mB * impulse
            wB += iB * cross(p.anchorB, impulse)
        }

        /// Writes back the bodies that can move (the static ground is shared by every boundary
        /// contact: leaving it alone keeps contacts from serialising on it).
        @inline(__always) func store(_ c: UnsafeMutablePointer<ContactConstraint>) {
            if c.pointee.aMoves {
                a.pointee.linearVelocity = vA
                a.pointee.angularVelocity = wA
            }
            if c.pointee.bMoves {
                b.pointee.linearVelocity = vB
                b.pointee.angularVelocity = wB
            }
        }
    }

    /// Packs the active contacts into `constraints` in colour order, computes masses, the block
    /// matrix and approach speeds (before any warm start), then applies the warm-start
    /// impulses. `colourMasks` is per-body scratch (reused).
    static func prepare(
        _ contacts: UnsafeMutablePointer<Contact>, _ active: UnsafeBufferPointer<Int32>, _ b: UnsafeMutablePointer<Body>,
        bodyCount: Int, inverseH: Double, constraints: inout [ContactConstraint], colourMasks: inout [UInt64], colours: inout [UInt8]
    ) {
        // Greedy colouring: the lowest colour free on both movable bodies (63 is a catch-all).
        if colourMasks.count < bodyCount { colourMasks = [UInt64](repeating: 0, count: bodyCount) }
        colours.removeAll(keepingCapacity: true)
        var counts = (0..<64).map { _ in 0 }
        colourMasks.withUnsafeMutableBufferPointer { masks in
            for ci in active {
                let c = contacts[Int(ci)]
                let taken = (c.aMoves ? masks[Int(c.bodyA)] : 0) | (c.bMoves ? masks[Int(c.bodyB)] : 0)
                let colour = min((~taken).trailingZeroBitCount, 63)
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
        var offsets = counts
        var running = 0
        for i in 0..<64 {
            offsets[i] = running
            running += counts[i]
        }
        if constraints.count < active.count {
            constraints.append(contentsOf: repeatElement(ContactConstraint(), count: active.count - constraints.count))
        }
        constraints.withUnsafeMutableBufferPointer { out in
            for (k, ci) in active.enumerated() {
                let slot = offsets[Int(colours[k])]
                offsets[Int(colours[k])] += 1
                let c = contacts + Int(ci)
                let a = b + Int(c.pointee.bodyA), bb = b + Int(c.pointee.bodyB)
                var cc = ContactConstraint()
                cc.bodyA = c.pointee.bodyA
                cc.bodyB = c.pointee.bodyB
                cc.contact = ci
                cc.pointCount = Int32(c.pointee.pointCount)
                cc.aMoves = c.pointee.aMoves
                cc.bMoves = c.pointee.bMoves
                cc.normal = c.pointee.normal
                cc.friction = c.pointee.friction
                cc.restitution = c.pointee.restitution
                cc.mA = a.pointee.invMass
                cc.iA = a.pointee.invInertia
                cc.mB = bb.pointee.invMass
                cc.iB = bb.pointee.invInertia
                let n = cc.normal, t = Vec2(n.y, -n.x)
                let vA = a.pointee.linearVelocity, wA = a.pointee.angularVelocity
                let vB = bb.pointee.linearVelocity, wB = bb.pointee.angularVelocity
                func pack(_ p: ContactPoint) -> ConstraintPoint {
                    var q = ConstraintPoint()
                    q.anchorA = p.anchorA
                    q.anchorB = p.anchorB
                    q.normalImpulse = p.normalImpulse
                    q.tangentImpulse = p.tangentImpulse
                    let rnA = cross(p.anchorA, n), rnB = cross(p.anchorB, n)
                    let kNormal = cc.mA + cc.mB + cc.iA * rnA * rnA + cc.iB * rnB * rnB
                    q.normalMass = kNormal > 0 ? 1 / kNormal : 0
                    let rtA = cross(p.anchorA, t), rtB = cross(p.anchorB, t)
                    let kTangent = cc.mA + cc.mB + cc.iA * rtA * rtA + cc.iB * rtB * rtB
                    q.tangentMass = kTangent > 0 ? 1 / kTangent : 0
                    // A speculative point may close its gap this step, and no more.
                    q.bias = p.separation > 0 ? p.separation * inverseH : 0
                    // Approach speed before any warm start, so one point's warm start cannot
                    // push the other over the restitution threshold.
                    q.relativeVelocity = dot(n, vB + cross(wB, p.anchorB) - vA - cross(wA, p.anchorA))
                    return q
                }
                cc.p0 = pack(c.pointee.p0)
                if cc.pointCount > 1 {
                    cc.p1 = pack(c.pointee.p1)
                    let rn0A = cross(cc.p0.anchorA, n), rn0B = cross(cc.p0.anchorB, n)
                    let rn1A = cross(cc.p1.anchorA, n), rn1B = cross(cc.p1.anchorB, n)
                    let mSum = cc.mA + cc.mB
                    cc.k11 = mSum + cc.iA * rn0A * rn0A + cc.iB * rn0B * rn0B
                    cc.k22 = mSum + cc.iA * rn1A * rn1A + cc.iB * rn1B * rn1B
                    cc.k12 = mSum + cc.iA * rn0A * rn1A + cc.iB * rn0B * rn1B
                    let det = cc.k11 * cc.k22 - cc.k12 * cc.k12
                    // An ill-conditioned matrix (the points nearly coincide) is solved point by point.
                    cc.det = cc.k11 * cc.k11 < 1000 * det && det > 0 ? det : 0
                }
                out[slot] = cc
            }
            // Warm start.
            for k in 0..<active.count {
                let c = out.baseAddress! + k
                var pair = Pair(c, b)
                let n = c.pointee.normal, t = Vec2(n.y, -n.x)
                let p0 = c.pointee.p0
                pair.apply(p0.normalImpulse * n + p0.tangentImpulse * t, p0)
                if c.pointee.pointCount > 1 {
                    let p1 = c.pointee.p1
                    pair.apply(p1.normalImpulse * n + p1.tangentImpulse * t, p1)
                }
                pair.store(c)
            }
        }
    }

    /// One velocity iteration: friction first (it needs the previous normal impulse), then
    /// non-penetration.
    static func solveVelocity(_ constraints: UnsafeMutableBufferPointer<ContactConstraint>, count: Int, _ b: UnsafeMutablePointer<Body>) {
        for k in 0..<count {
            let c = constraints.baseAddress! + k
            var pair = Pair(c, b)
            let n = c.pointee.normal
            let t = Vec2(n.y, -n.x)
            let friction = c.pointee.friction
            let twoPoints = c.pointee.pointCount > 1
            applyFriction(&pair, &c.pointee.p0, t, friction)
            if twoPoints { applyFriction(&pair, &c.pointee.p1, t, friction) }
            if twoPoints {
                // Both points of a face at once: solved one by one, each would tip the body
                // the other way and a stack would walk and topple.
                solveBlock(&pair, c, n, c.pointee.p0.bias, c.pointee.p1.bias)
            } else {
                applyNormal(&pair, &c.pointee.p0, n, c.pointee.p0.bias)
            }
            pair.store(c)
        }
    }

    /// Friction at one point, clamped by the Coulomb cone of its current normal impulse.
    @inline(__always)
    private static func applyFriction(_ pair: inout Pair, _ p: inout ConstraintPoint, _ t: Vec2, _ friction: Double) {
        let vt = dot(pair.relativeVelocity(p), t)
        let maxFriction = friction * p.normalImpulse
        let newImpulse = min(max(p.tangentImpulse - p.tangentMass * vt, -maxFriction), maxFriction)
        let lambda = newImpulse - p.tangentImpulse
        p.tangentImpulse = newImpulse
        pair.apply(lambda * t, p)
    }

    /// Non-penetration at a lone point: normal velocity + bias ≥ 0.
    @inline(__always)
    private static func applyNormal(_ pair: inout Pair, _ p: inout ConstraintPoint, _ n: Vec2, _ bias: Double) {
        let vn = dot(pair.relativeVelocity(p), n)
        let newImpulse = max(p.normalImpulse - p.normalMass * (vn + bias), 0)
        let lambda = newImpulse - p.normalImpulse
        p.normalImpulse = newImpulse
        p.maxNormalImpulse = max(p.maxNormalImpulse, newImpulse)
        pair.apply(lambda * n, p)
    }

    /// After the iterations: points that took an impulse after approaching faster than the
    /// threshold leave at −e times that speed.
    static func applyRestitution(_ constraints: UnsafeMutableBufferPointer<ContactConstraint>, count: Int, _ b: UnsafeMutablePointer<Body>) {
        for k in 0..<count {
            let c = constraints.baseAddress! + k
            let e = c.pointee.restitution
            guard e > 0 else { continue }
            func qualifies(_ p: ConstraintPoint) -> Bool {
                p.relativeVelocity < -restitutionThreshold && p.maxNormalImpulse > 0
            }
            let n = c.pointee.normal
            if c.pointee.pointCount > 1 {
                let q0 = qualifies(c.pointee.p0), q1 = qualifies(c.pointee.p1)
                guard q0 || q1 else { continue }
                var pair = Pair(c, b)
                // Target normal speeds −e·(approach speed) for the bouncing points, solved
                // together for the same reason as the normal impulses.
                solveBlock(&pair, c, n, q0 ? e * c.pointee.p0.relativeVelocity : 0, q1 ? e * c.pointee.p1.relativeVelocity : 0)
                pair.store(c)
            } else if qualifies(c.pointee.p0) {
                var pair = Pair(c, b)
                applyNormal(&pair, &c.pointee.p0, n, e * c.pointee.p0.relativeVelocity)
                pair.store(c)
            }
        }
    }

    /// Box2D 2.x's block solver for a two-point face: finds impulses λ ≥ 0 with
    /// vnᵢ + biasᵢ ≥ 0 and complementarity, trying (both active), (only 1), (only 2), (none)
    /// on the 2×2 effective-mass matrix; an ill-conditioned matrix is solved point by point.
    @inline(__always)
    private static func solveBlock(_ pair: inout Pair, _ c: UnsafeMutablePointer<ContactConstraint>, _ n: Vec2, _ bias0: Double, _ bias1: Double) {
        let det = c.pointee.det
        guard det > 0 else {
            applyNormal(&pair, &c.pointee.p0, n, bias0)
            applyNormal(&pair, &c.pointee.p1, n, bias1)
            return
        }
        let p0 = c.pointee.p0, p1 = c.pointee.p1
        let k11 = c.pointee.k11, k12 = c.pointee.k12, k22 = c.pointee.k22
        let old = Vec2(p0.normalImpulse, p1.normalImpulse)
        func apply(_ x: Vec2) {
            let d = x - old
            pair.apply(d.x * n, p0)
            pair.apply(d.y * n, p1)
            c.pointee.p0.normalImpulse = x.x
            c.pointee.p1.normalImpulse = x.y
            c.pointee.p0.maxNormalImpulse = max(c.pointee.p0.maxNormalImpulse, x.x)
            c.pointee.p1.maxNormalImpulse = max(c.pointee.p1.maxNormalImpulse, x.y)
        }
        let vn0 = dot(pair.relativeVelocity(p0), n), vn1 = dot(pair.relativeVelocity(p1), n)
        // b = vn + bias − K·old: the velocities the new total impulse x must cancel.
        let b = Vec2(vn0 + bias0 - (k11 * old.x + k12 * old.y), vn1 + bias1 - (k12 * old.x + k22 * old.y))
        let invDet = 1 / det
        // Case 1: both points active.
        let x1 = Vec2(-(k22 * b.x - k12 * b.y) * invDet, -(k11 * b.y - k12 * b.x) * invDet)
        if x1.x >= 0 && x1.y >= 0 { return apply(x1) }
        // Case 2: only the first.
        let x2 = Vec2(-b.x / k11, 0)
        if x2.x >= 0 && k12 * x2.x + b.y >= 0 { return apply(x2) }
        // Case 3: only the second.
        let x3 = Vec2(0, -b.y / k22)
        if x3.y >= 0 && k12 * x3.y + b.x >= 0 { return apply(x3) }
        // Case 4: neither.
        if b.x >= 0 && b.y >= 0 { return apply(.zero) }
        // No case holds (numerical corner): leave the impulses as they are.
    }

    /// Copies the solved impulses back into the contacts (warm starting, touch events).
    static func storeImpulses(_ constraints: UnsafeMutableBufferPointer<ContactConstraint>, count: Int, _ contacts: UnsafeMutablePointer<Contact>) {
        for k in 0..<count {
            let c = constraints[k]
            let contact = contacts + Int(c.contact)
            contact.pointee.p0.normalImpulse = c.p0.normalImpulse
            contact.pointee.p0.tangentImpulse = c.p0.tangentImpulse
            contact.pointee.p0.maxNormalImpulse = c.p0.maxNormalImpulse
            if c.pointCount > 1 {
                contact.pointee.p1.normalImpulse = c.p1.normalImpulse
                contact.pointee.p1.tangentImpulse = c.p1.tangentImpulse
                contact.pointee.p1.maxNormalImpulse = c.p1.maxNormalImpulse
            }
        }
    }

    /// One position iteration: pushes overlapping points apart by a fraction of the overlap
    /// beyond the slop. Returns whether every overlap is within 3 slops (Box2D's test).
    static func solvePosition(_ contacts: UnsafeMutablePointer<Contact>, _ active: UnsafeBufferPointer<Int32>, _ b: UnsafeMutablePointer<Body>) -> Bool {
        var minSeparation = 0.0
        for ci in active {
            let c = contacts + Int(ci)
            let a = b + Int(c.pointee.bodyA), bb = b + Int(c.pointee.bodyB)
            let mA = a.pointee.invMass, iA = a.pointee.invInertia
            let mB = bb.pointee.invMass, iB = bb.pointee.invInertia
            let n = c.pointee.normal
            func correct(_ p: ContactPoint) {
                // Rotations are kept current without trigonometry (see below), so the anchors
                // follow every earlier correction exactly.
                let rA = rotate(a.pointee.rotation, p.localAnchorA)
                let rB = rotate(bb.pointee.rotation, p.localAnchorB)
                // Both anchors started at the same world point; their drift along the normal
                // since then changes the separation.
                let s = p.separation + dot(n, (bb.pointee.position + rB) - (a.pointee.position + rA))
                minSeparation = min(minSeparation, s)
                let C = min(max(baumgarte * (s + Settings.linearSlop), -Settings.maxLinearCorrection), 0)
                let rnA = cross(rA, n), rnB = cross(rB, n)
                let k = mA + mB + iA * rnA * rnA + iB * rnB * rnB
                guard k > 0, C < 0 else { return }
                let impulse = (-C / k) * n
                if c.pointee.aMoves {
                    let turn = -iA * cross(rA, impulse)
                    a.pointee.position -= mA * impulse
                    a.pointee.angle += turn
                    a.pointee.rotation = integrateRotation(a.pointee.rotation, turn)
                }
                if c.pointee.bMoves {
                    let turn = iB * cross(rB, impulse)
                    bb.pointee.position += mB * impulse
                    bb.pointee.angle += turn
                    bb.pointee.rotation = integrateRotation(bb.pointee.rotation, turn)
                }
            }
            correct(c.pointee.p0)
            if c.pointee.pointCount > 1 { correct(c.pointee.p1) }
        }
        return minSeparation >= -3 * Settings.linearSlop
    }
}
