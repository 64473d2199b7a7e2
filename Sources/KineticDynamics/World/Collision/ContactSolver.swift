/// Box2D 2.x's contact solver: sequential normal and friction impulses with warm starting,
/// restitution above a threshold (`WideContactSolver`, four contacts at a time), and non-linear
/// position correction (here). Speculative points (separation > 0: still apart but closing
/// fast) let the bodies approach exactly to the surface this step and no further, which is what
/// stops fast items tunnelling.
enum ContactSolver {
    /// Impacts slower than this (1 m/s = 100 pt/s) do not bounce: resting contacts stay put.
    static let restitutionThreshold = 1.0
    /// Fraction of overlap removed per position iteration.
    static let baumgarte = 0.2

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
