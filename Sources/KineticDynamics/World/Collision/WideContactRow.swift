/// The scalar of the wide contact solver's lanes: Float, as Box2D solves.
///
/// The solve is latency-bound (each contact is a long chain of dependent operations), so what
/// pays is many independent lanes. Eight Float lanes are two SSE registers per quantity; eight
/// Double lanes are four, and measured 15 % slower on the pile (with Double the rows reproduce
/// the one-contact-at-a-time solver bit for bit, which is how the lane logic was checked). The
/// bodies keep Double velocities and positions: the solvers only add Float-precision changes
/// to them.
typealias LaneScalar = Float
/// The lane type of the wide contact solvers: eight contacts side by side, one per lane.
typealias Lanes = SIMD8<LaneScalar>
typealias LaneMask = SIMDMask<SIMD8<LaneScalar.SIMDMaskScalar>>
typealias LaneIndices = SIMD8<Int32>

/// One contact point in the lanes of a row: only what the velocity iterations and restitution read.
struct WideContactPoint {
    /// Moment arms of the point about each body's centre along the normal and the tangent:
    /// rA × n, rB × n, rA × t, rB × t (r: the anchor relative to the centre, world axes). A
    /// body's angular velocity w moves the point by w·(r × n) along the normal, and an impulse
    /// λ along the normal turns the body by λ·(r × n)/I, so the velocity iterations need only
    /// these, not the anchors.
    var armAN: Lanes = .zero
    var armBN: Lanes = .zero
    var armAT: Lanes = .zero
    var armBT: Lanes = .zero
    var normalImpulse: Lanes = .zero
    var tangentImpulse: Lanes = .zero
    var normalMass: Lanes = .zero
    var tangentMass: Lanes = .zero
    /// Closing speed allowed this sub-step: separation / h for a speculative point, else 0.
    var bias: Lanes = .zero
    /// Normal velocity before the solve (restitution).
    var relativeVelocity: Lanes = .zero
    var maxNormalImpulse: Lanes = .zero
}

/// Eight contacts packed for the velocity iterations, structure-of-arrays, one contact per lane.
///
/// All lanes of a row have the same graph colour, so no movable body appears in two lanes and
/// the contacts can be solved at once: lane by lane the arithmetic is exactly that of
/// solving them one after another. The catch-all colour (past 63 colours bodies may repeat) gets
/// one contact per row.
///
/// A lane that holds no contact (the tail of a colour) is *padding*: both bodies are the dummy
/// velocity slot (so its relative velocity is exactly zero), every mass is zero and the 2×2
/// matrix is the identity, so either normal path computes zero impulses and it moves nothing.
/// A one-point contact keeps its second point inert the same way (zero arms, masses and
/// impulses: every impulse it computes is zero) and is solved point by point.
struct WideContactRow {
    /// Velocity slots the lanes read.
    var gatherA: LaneIndices = .zero
    var gatherB: LaneIndices = .zero
    /// Velocity slots the lanes write: the body's own if it moves, else the dummy slot. Static
    /// bodies (the ground, under every boundary contact) are never written, so rows do not
    /// serialise on them.
    var scatterA: LaneIndices = .zero
    var scatterB: LaneIndices = .zero
    /// The contact behind each lane (−1 for padding), for writing impulses back.
    var contact: LaneIndices = LaneIndices(repeating: -1)
    var pointCount: LaneIndices = .zero
    var normalX: Lanes = .zero
    var normalY: Lanes = .zero
    var friction: Lanes = .zero
    var restitution: Lanes = .zero
    var mA: Lanes = .zero
    var iA: Lanes = .zero
    var mB: Lanes = .zero
    var iB: Lanes = .zero
    /// Two-point effective-mass matrix and determinant (0: solve the points one by one).
    var k11: Lanes = .zero
    var k12: Lanes = .zero
    var k22: Lanes = .zero
    var det: Lanes = .zero
    /// Whether any real lane is solved point by point (one point, or an ill-conditioned pair):
    /// rows without one skip that path.
    var hasPointwiseLane = false
    /// Whether any real lane uses the block solver (rows of one-point contacts skip it).
    var hasBlockLane = false
    /// Whether any lane has a second point (rows of one-point contacts skip its friction and
    /// warm start).
    var hasSecondPoint = false
    var p0 = WideContactPoint()
    var p1 = WideContactPoint()

    /// Makes `lane` padding reading and writing `dummy`.
    mutating func pad(lane: Int, dummy: Int32) {
        setLane(&gatherA, lane, dummy)
        setLane(&gatherB, lane, dummy)
        setLane(&scatterA, lane, dummy)
        setLane(&scatterB, lane, dummy)
        setLane(&contact, lane, -1)
        setLane(&pointCount, lane, 0)
        setLane(&normalX, lane, 0)
        setLane(&normalY, lane, 0)
        setLane(&friction, lane, 0)
        setLane(&restitution, lane, 0)
        setLane(&mA, lane, 0)
        setLane(&iA, lane, 0)
        setLane(&mB, lane, 0)
        setLane(&iB, lane, 0)
        setLane(&k11, lane, 1)
        setLane(&k12, lane, 0)
        setLane(&k22, lane, 1)
        setLane(&det, lane, 1)
        p0.clear(lane: lane)
        p1.clear(lane: lane)
    }
}

extension WideContactPoint {
    /// Zeroes `lane`: an absent point.
    mutating func clear(lane: Int) {
        setLane(&armAN, lane, 0)
        setLane(&armBN, lane, 0)
        setLane(&armAT, lane, 0)
        setLane(&armBT, lane, 0)
        setLane(&normalImpulse, lane, 0)
        setLane(&tangentImpulse, lane, 0)
        setLane(&normalMass, lane, 0)
        setLane(&tangentMass, lane, 0)
        setLane(&bias, lane, 0)
        setLane(&relativeVelocity, lane, 0)
        setLane(&maxNormalImpulse, lane, 0)
    }
}

/// Writes one lane of a vector in memory with one scalar store (assigning through the
/// subscript can load the whole vector, insert and store it back through the stack, which
/// stalls on store forwarding).
@inline(__always) func setLane<V: SIMD>(_ v: UnsafeMutablePointer<V>, _ lane: Int, _ x: V.Scalar) {
    UnsafeMutableRawPointer(v).storeBytes(of: x, toByteOffset: lane * MemoryLayout<V.Scalar>.stride, as: V.Scalar.self)
}
