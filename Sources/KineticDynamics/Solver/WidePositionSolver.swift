/// One contact point in the lanes of a position row.
struct WidePositionPoint {
    /// Anchors in each body's frame.
    var localAnchorAX: Lanes = .zero
    var localAnchorAY: Lanes = .zero
    var localAnchorBX: Lanes = .zero
    var localAnchorBY: Lanes = .zero
    /// Separation when the manifold was computed (an absent point: a huge one, never corrected).
    var separation: Lanes = .zero
    /// Separation at the start of the position pass less the anchors' offset along the normal
    /// (`separation + n·(pB − pA)`), computed in Double; the pass then only needs the bodies'
    /// small displacements since its start.
    var base: Lanes = .zero
}

/// The position half of a row of contacts: the same contacts in the same lanes as the
/// `WideContactRow` of the same index, with what non-linear position correction reads.
struct WidePositionRow {
    var gatherA: LaneIndices = .zero
    var gatherB: LaneIndices = .zero
    var scatterA: LaneIndices = .zero
    var scatterB: LaneIndices = .zero
    var normalX: Lanes = .zero
    var normalY: Lanes = .zero
    var mA: Lanes = .zero
    var iA: Lanes = .zero
    var mB: Lanes = .zero
    var iB: Lanes = .zero
    /// As in `WideContactRow`: the next row has this row's colour.
    var sharesColourWithNext = false
    /// As in `WideContactRow`: whether any lane has a second point (a row of one-point contacts
    /// skips the inert second points, which never correct and never set the minimum).
    var hasSecondPoint = false
    var p0 = WidePositionPoint()
    var p1 = WidePositionPoint()
}

/// Box2D 2.x's non-linear position correction for contacts, a row of contacts at a time: each
/// overlapping point is pushed apart by a fraction of its overlap beyond the slop, moving and
/// turning both bodies at once.
///
/// Rows follow the velocity rows' graph colouring, so the lanes of a row never share a movable
/// body and the rows are solved in colour order (Box2D v3's order; the scalar pass went in
/// contact order, which was no more right). Bodies are read from a compact state array in
/// Float: the displacement and turn since the pass began and the current rotation. Absolute
/// positions never enter Float arithmetic: each point's separation at the start of the pass
/// is computed in Double (`base`), and the pass adds the displacements along the normal.
enum WidePositionSolver {
    /// A body during the position pass: (dx, dy, cos, sin | turn, unused ×3), where (dx, dy) and
    /// turn are the displacement and rotation since the pass loaded the bodies and (cos, sin)
    /// is the current rotation.
    typealias State = SIMD8<LaneScalar>

    /// An absent point's separation: far beyond any correction, and never the minimum.
    static let absentSeparation: LaneScalar = 1e30

    /// The rows' bodies, loaded once per row, moved by each correction, stored once.
    private struct Pair {
        var dAx: Lanes, dAy: Lanes, cA: Lanes, sA: Lanes, turnA: Lanes
        var dBx: Lanes, dBy: Lanes, cB: Lanes, sB: Lanes, turnB: Lanes

        // Each body's state is (dx, dy, cos, sin | turn, 0, 0, 0): the low halves of a side's
        // four states, transposed (LaneTranspose.swift), are its first four quantities' vectors;
        // the turns are the high halves' first lanes.
        @inline(__always) init(_ r: UnsafePointer<WidePositionRow>, _ state: BoundedPointer<State>) {
            let ga = r.pointee.gatherA, gb = r.pointee.gatherB
            let a0 = state[ga[0]], a1 = state[ga[1]], a2 = state[ga[2]], a3 = state[ga[3]]
            let b0 = state[gb[0]], b1 = state[gb[1]], b2 = state[gb[2]], b3 = state[gb[3]]
            (dAx, dAy, cA, sA) = transposed((a0.lowHalf, a1.lowHalf, a2.lowHalf, a3.lowHalf))
            (dBx, dBy, cB, sB) = transposed((b0.lowHalf, b1.lowHalf, b2.lowHalf, b3.lowHalf))
            turnA = Lanes(a0[4], a1[4], a2[4], a3[4])
            turnB = Lanes(b0[4], b1[4], b2[4], b3[4])
        }

        /// The quantities' vectors transposed back into the states, (dx, dy, cos, sin | turn,
        /// 0, 0, 0) each, written to the scatter slots in lane order.
        @inline(__always) func store(_ r: UnsafePointer<WidePositionRow>, _ state: BoundedPointer<State>) {
            let sa = r.pointee.scatterA, sb = r.pointee.scatterB
            let a = transposed((dAx, dAy, cA, sA)), b = transposed((dBx, dBy, cB, sB))
            state[sa[0]] = State(lowHalf: a.0, highHalf: Lanes(turnA[0], 0, 0, 0))
            state[sa[1]] = State(lowHalf: a.1, highHalf: Lanes(turnA[1], 0, 0, 0))
            state[sa[2]] = State(lowHalf: a.2, highHalf: Lanes(turnA[2], 0, 0, 0))
            state[sa[3]] = State(lowHalf: a.3, highHalf: Lanes(turnA[3], 0, 0, 0))
            state[sb[0]] = State(lowHalf: b.0, highHalf: Lanes(turnB[0], 0, 0, 0))
            state[sb[1]] = State(lowHalf: b.1, highHalf: Lanes(turnB[1], 0, 0, 0))
            state[sb[2]] = State(lowHalf: b.2, highHalf: Lanes(turnB[2], 0, 0, 0))
            state[sb[3]] = State(lowHalf: b.3, highHalf: Lanes(turnB[3], 0, 0, 0))
        }
    }

    // MARK: Solving

    /// Loads the bodies into `state` (slot `b.count` is the dummy) and computes every point's
    /// separation at the start of the pass from the bodies' Double positions.
    static func begin(
        _ rows: BoundedPointer<WidePositionRow>, _ b: BoundedPointer<Body>, _ state: BoundedPointer<State>
    ) {
        let n = b.count
        for i in 0..<n { state[i] = start(b[i]) }
        state[n] = State(0, 0, 1, 0, 0, 0, 0, 0)
        for r in 0..<rows.count {
            let row = rows.pointer(at: r)
            for l in 0..<Lanes.scalarCount {
                // A padding lane gathers the dummy slot `n`, which `state` has and the bodies do
                // not. Its points are absent (separation 10³⁰, zero normal): its base is that
                // separation, with no offset.
                let ia = Int(row.pointee.gatherA[l]), ib = Int(row.pointee.gatherB[l])
                var offset = 0.0
                if ia < n && ib < n {
                    let pA = b[ia].position, pB = b[ib].position
                    offset =
                        Double(row.pointee.normalX[l]) * (pB.x - pA.x) + Double(row.pointee.normalY[l]) * (pB.y - pA.y)
                }
                setLane(&row.pointee.p0.base, l, LaneScalar(Double(row.pointee.p0.separation[l]) + offset))
                setLane(&row.pointee.p1.base, l, LaneScalar(Double(row.pointee.p1.separation[l]) + offset))
            }
        }
    }

    /// Adds the pass's displacements and turns to the bodies it moved.
    static func end(_ state: BoundedPointer<State>, _ b: BoundedPointer<Body>) {
        for i in 0..<b.count {
            let s = state[i]
            guard s != start(b[i]) else { continue }
            b[i].position += Vec2(Double(s[0]), Double(s[1]))
            b[i].angle += Double(s[4])
            b[i].rotation = Vec2(Double(s[2]), Double(s[3]))
        }
    }

    @inline(__always) private static func start(_ b: Body) -> State {
        State(0, 0, LaneScalar(b.rotation.x), LaneScalar(b.rotation.y), 0, 0, 0, 0)
    }

    /// One position iteration over every row. Returns the smallest separation seen (0 if
    /// none is negative), as the scalar pass did. Two rows of one colour are corrected side by
    /// side, as the velocity rows are (`WideContactSolver.solveVelocity`): about 2 µs a step
    /// on the pile, bit for bit the same result.
    static func solve(_ rows: BoundedPointer<WidePositionRow>, _ state: BoundedPointer<State>) -> LaneScalar {
        var minSeparation = Lanes.zero
        var r = 0
        while r < rows.count {
            let row = rows.pointer(at: r)
            if row.pointee.sharesColourWithNext {
                let other = rows.pointer(at: r + 1)
                var pair = Pair(row, state), otherPair = Pair(other, state)
                correct(&pair, row, &row.pointee.p0, &minSeparation)
                correct(&otherPair, other, &other.pointee.p0, &minSeparation)
                if row.pointee.hasSecondPoint { correct(&pair, row, &row.pointee.p1, &minSeparation) }
                if other.pointee.hasSecondPoint { correct(&otherPair, other, &other.pointee.p1, &minSeparation) }
                pair.store(row, state)
                otherPair.store(other, state)
                r += 2
                continue
            }
            var pair = Pair(row, state)
            correct(&pair, row, &row.pointee.p0, &minSeparation)
            if row.pointee.hasSecondPoint { correct(&pair, row, &row.pointee.p1, &minSeparation) }
            pair.store(row, state)
            r += 1
        }
        return minSeparation.min()
    }

    /// Pushes point `p` of every lane apart by a fraction of its overlap beyond the slop.
    @inline(__always)
    private static func correct(
        _ pair: inout Pair, _ row: UnsafePointer<WidePositionRow>, _ p: UnsafePointer<WidePositionPoint>,
        _ minSeparation: inout Lanes
    ) {
        let nx = row.pointee.normalX, ny = row.pointee.normalY
        let mA = row.pointee.mA, iA = row.pointee.iA, mB = row.pointee.mB, iB = row.pointee.iB
        // Rotations are kept current without trigonometry, so the anchors follow every earlier
        // correction exactly.
        let rAx = pair.cA * p.pointee.localAnchorAX - pair.sA * p.pointee.localAnchorAY
        let rAy = pair.sA * p.pointee.localAnchorAX + pair.cA * p.pointee.localAnchorAY
        let rBx = pair.cB * p.pointee.localAnchorBX - pair.sB * p.pointee.localAnchorBY
        let rBy = pair.sB * p.pointee.localAnchorBX + pair.cB * p.pointee.localAnchorBY
        // Both anchors started at the same world point; their drift along the normal since
        // then changes the separation.
        let s = p.pointee.base + nx * ((pair.dBx - pair.dAx) + (rBx - rAx)) + ny * ((pair.dBy - pair.dAy) + (rBy - rAy))
        minSeparation = laneMin(minSeparation, s)
        // swift-format-ignore: AlwaysUseLowerCamelCase
        // C, the constraint, as Box2D names it.
        let C = laneMin(laneMax(baumgarte * (s + slop), maxCorrection), .zero)
        let rnA = rAx * ny - rAy * nx, rnB = rBx * ny - rBy * nx
        let k = mA + mB + iA * rnA * rnA + iB * rnB * rnB
        let corrects = (k .> 0) .& (C .< 0)
        guard anyLane(corrects) else { return }
        let magnitude = Lanes.zero.replacing(with: -C / k, where: corrects)
        let px = magnitude * nx, py = magnitude * ny
        let turnA = -iA * (rAx * py - rAy * px)
        let turnB = iB * (rBx * py - rBy * px)
        pair.dAx -= mA * px
        pair.dAy -= mA * py
        pair.dBx += mB * px
        pair.dBy += mB * py
        pair.turnA += turnA
        pair.turnB += turnB
        let qA = turned(pair.cA, pair.sA, by: turnA), qB = turned(pair.cB, pair.sB, by: turnB)
        // Lanes that made no correction keep their rotation untouched.
        pair.cA.replace(with: qA.c, where: corrects)
        pair.sA.replace(with: qA.s, where: corrects)
        pair.cB.replace(with: qB.c, where: corrects)
        pair.sB.replace(with: qB.s, where: corrects)
    }

    private static var slop: Lanes { Lanes(repeating: LaneScalar(Settings.linearSlop)) }
    private static var maxCorrection: Lanes { Lanes(repeating: LaneScalar(-Settings.maxLinearCorrection)) }
    private static var baumgarte: Lanes { Lanes(repeating: LaneScalar(ContactSolver.baumgarte)) }

    /// (cos, sin) turned by a small angle and renormalised, without trigonometry: exact to
    /// second order, and position corrections are small.
    @inline(__always) private static func turned(_ c: Lanes, _ s: Lanes, by delta: Lanes) -> (c: Lanes, s: Lanes) {
        let x = c - delta * s, y = s + delta * c
        let inverseLength = 1 / (x * x + y * y).squareRoot()
        return (x * inverseLength, y * inverseLength)
    }
}
