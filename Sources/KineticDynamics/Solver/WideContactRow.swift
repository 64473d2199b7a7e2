/// The scalar of the wide contact solver's lanes: Float, as Box2D solves.
///
/// The solve is latency-bound (each contact is a long chain of dependent operations), so what
/// pays is many independent lanes, as long as the row's working set stays in registers. Double
/// lanes measured 15 % slower on the pile (with Double the rows reproduce the
/// one-contact-at-a-time solver bit for bit, which is how the lane logic was checked). The
/// bodies keep Double velocities and positions: the solvers only add Float-precision changes
/// to them.
typealias LaneScalar = Float
/// The lane type of the wide contact solvers: four contacts side by side, one per lane.
///
/// Four Float lanes are one 128-bit register, the width every target has: SSE2 (the x86-64
/// baseline the package builds for), NEON and WebAssembly's SIMD. Rows were eight lanes, two
/// registers per quantity: a row's six body velocities then took twelve of the sixteen
/// registers and its temporaries spilled. In WebAssembly four lanes cut the instructions of the
/// velocity iterations by 15 % and the module's by 7.9 % on the 500-box pile (frame 251 → 217 µs
/// side by side; 2031 → 1831 at 2000 boxes); natively the widths are level (Performance article).
/// Which row and lane a contact takes changes no arithmetic, so the results are the same bit for
/// bit.
typealias Lanes = SIMD4<LaneScalar>
typealias LaneMask = SIMDMask<SIMD4<LaneScalar.SIMDMaskScalar>>
typealias LaneIndices = SIMD4<Int32>

/// Whether any lane of `mask` is set, as `any(_:)` answers: one OR over the mask's two words
/// (a set lane is all ones). The standard library's `any` reduces through `min()`, which the
/// solver's callers did not always get specialised and unrolled (a generic lane-by-lane call
/// per row in restitution and packing).
@inline(__always) func anyLane(_ mask: LaneMask) -> Bool {
    let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    return (words.x | words.y) != 0
}

/// Whether every lane of `mask` is set, as `all(_:)` answers: one AND over its two words.
@inline(__always) func allLanes(_ mask: LaneMask) -> Bool {
    let words = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    return (words.x & words.y) == ~0
}

/// One contact point in the lanes of a row: only what the velocity iterations read.
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
    var maxNormalImpulse: Lanes = .zero
    // The anchors and the approach speed, read before and after the iterations only, are in
    // `WideContactSetup`.
}

/// Four contacts packed for the velocity iterations, structure-of-arrays, one contact per lane.
///
/// All lanes of a row have the same graph colour, so no movable body appears in two lanes and
/// the contacts can be solved at once: lane by lane the arithmetic is exactly that of
/// solving them one after another. The catch-all colour (past 63 colours bodies may repeat) gets
/// one contact per row.
///
/// Packing copies each contact into its lane; finishing the row then derives arms, masses and
/// the block matrix for all lanes at once, and makes the lanes without a contact padding. What
/// only packing and restitution read is in the row's `WideContactSetup`, apart.
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
    var mA: Lanes = .zero
    var iA: Lanes = .zero
    var mB: Lanes = .zero
    var iB: Lanes = .zero
    /// Two-point effective-mass matrix and the inverse of its determinant (0: solve the
    /// points one by one).
    var k11: Lanes = .zero
    var k12: Lanes = .zero
    var k22: Lanes = .zero
    var invDet: Lanes = .zero
    /// Whether any real lane is solved point by point (one point, or an ill-conditioned pair):
    /// rows without one skip that path.
    var hasPointwiseLane = false
    /// Whether any real lane uses the block solver (rows of one-point contacts skip it).
    var hasBlockLane = false
    /// Whether any lane has a second point (rows of one-point contacts skip its friction and
    /// warm start).
    var hasSecondPoint = false
    /// Whether the next row has this row's colour (no movable body in common), so the two can
    /// be solved side by side.
    var sharesColourWithNext = false
    var p0 = WideContactPoint()
    var p1 = WideContactPoint()
}

/// Writes one lane of a vector in memory with one scalar store (assigning through the
/// subscript can load the whole vector, insert and store it back through the stack, which
/// stalls on store forwarding).
@inline(__always) func setLane<V: SIMD>(_ v: UnsafeMutablePointer<V>, _ lane: Int, _ x: V.Scalar) {
    UnsafeMutableRawPointer(v).storeBytes(of: x, toByteOffset: lane * MemoryLayout<V.Scalar>.stride, as: V.Scalar.self)
}
