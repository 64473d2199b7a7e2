import Foundation
import Testing

@testable import KineticDynamics

/// The wide contact solver's packing: rows are reused from step to step, so a row's solution
/// must not depend on what an earlier step left in it, and the impulses it computes must be
/// equal and opposite.
@Suite("Wide contact solver: packing and finishing rows")
struct WideContactSolverTests {
    /// Random bodies (the last one static) and contacts between them; `allDynamic` keeps the
    /// static body out of every contact.
    static func scene(seed: UInt64, bodyCount: Int, contactCount: Int, allDynamic: Bool) -> ([Body], [Contact]) {
        var rng = SeededRandom(seed: seed)
        func unit() -> Double { Double(rng.next() >> 11) * 0x1p-53 }
        func uniform(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }
        var bodies: [Body] = (0..<bodyCount).map { i in
            var b = Body()
            b.isAlive = true
            b.position = Vec2(uniform(-10, 10), uniform(-10, 10))
            b.linearVelocity = Vec2(uniform(-2, 2), uniform(-2, 2))
            b.angularVelocity = uniform(-3, 3)
            b.invMass = 1 / uniform(0.5, 4)
            b.invInertia = 1 / uniform(0.05, 0.5)
            return b
        }
        bodies[bodyCount - 1].kind = .static
        bodies[bodyCount - 1].invMass = 0
        bodies[bodyCount - 1].invInertia = 0
        bodies[bodyCount - 1].linearVelocity = .zero
        bodies[bodyCount - 1].angularVelocity = 0
        let movable = allDynamic ? bodyCount - 1 : bodyCount
        let contacts: [Contact] = (0..<contactCount).map { _ in
            var c = Contact()
            c.isAlive = true
            c.bodyA = Int32(Int(unit() * Double(bodyCount - 1)))
            repeat { c.bodyB = Int32(Int(unit() * Double(movable))) } while c.bodyB == c.bodyA
            c.aMoves = bodies[Int(c.bodyA)].kind == .dynamic
            c.bMoves = bodies[Int(c.bodyB)].kind == .dynamic
            let angle = uniform(0, 2 * .pi)
            c.normal = Vec2(cos(angle), sin(angle))
            c.friction = uniform(0, 1)
            c.restitution = unit() < 0.5 ? 0 : uniform(0, 1)
            c.pointCount = unit() < 0.5 ? 1 : 2
            func point() -> ContactPoint {
                var p = ContactPoint()
                p.anchorA = Vec2(uniform(-0.3, 0.3), uniform(-0.3, 0.3))
                p.anchorB = Vec2(uniform(-0.3, 0.3), uniform(-0.3, 0.3))
                p.localAnchorA = p.anchorA
                p.localAnchorB = p.anchorB
                p.separation = uniform(-0.02, 0.01)
                p.baseSeparation = p.separation
                p.normalImpulse = uniform(0, 0.5)
                p.tangentImpulse = uniform(-0.1, 0.1)
                return p
            }
            c.p0 = point()
            c.p1 = point()
            return c
        }
        return (bodies, contacts)
    }

    /// Velocities after packing `active`, warm starting, eight iterations and restitution.
    /// `sideBySide: false` clears the rows' pairing flags, so every row is solved alone.
    static func solve(
        _ bodies: inout [Body], _ contacts: inout [Contact], _ active: [Int32], rows: inout [WideContactRow],
        positionRows: inout [WidePositionRow], sideBySide: Bool = true
    ) -> [WideContactSolver.Velocity] {
        let n = bodies.count
        var v = [WideContactSolver.Velocity](repeating: .zero, count: n + 1)
        var masks: [UInt64] = [], colours: [UInt8] = []
        var setups: [WideContactSetup] = []
        bodies.withUnsafeMutableBufferPointer { b in
            contacts.withUnsafeMutableBufferPointer { c in
                v.withUnsafeMutableBufferPointer { v in
                    active.map { ActiveContact($0, c[Int($0)], BoundedPointer(b)) }.withUnsafeBufferPointer { active in
                        WideContactSolver.loadVelocities(BoundedPointer(b), into: BoundedPointer(v))
                        let rowCount = WideContactSolver.prepare(
                            BoundedPointer(c), BoundedPointer(active), BoundedPointer(b), BoundedPointer(v),
                            inverseH: 120,
                            rows: &rows, setups: &setups, positionRows: &positionRows, colourMasks: &masks,
                            colours: &colours)
                        if !sideBySide {
                            for i in 0..<rowCount {
                                rows[i].sharesColourWithNext = false
                                positionRows[i].sharesColourWithNext = false
                            }
                        }
                        rows.withUnsafeMutableBufferPointer { r in
                            WideContactSolver.warmStart(BoundedPointer(r).prefix(rowCount), BoundedPointer(v))
                            for _ in 0..<Settings.velocityIterations {
                                WideContactSolver.solveVelocity(BoundedPointer(r).prefix(rowCount), BoundedPointer(v))
                            }
                            setups.withUnsafeMutableBufferPointer { s in
                                WideContactSolver.applyRestitution(
                                    BoundedPointer(r).prefix(rowCount), BoundedPointer(s).prefix(rowCount),
                                    BoundedPointer(v))
                            }
                        }
                    }
                }
            }
        }
        return v
    }

    /// Rows that held more contacts, with two points, on an earlier step give exactly the
    /// velocities of fresh rows: unfilled lanes become padding and a one-point contact's second
    /// point is inert, whatever the lanes held.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func reusedRowsSolveLikeFreshOnes(seed: UInt64) {
        var (bodies, contacts) = Self.scene(seed: seed, bodyCount: 24, contactCount: 60, allDynamic: false)
        var reusedRows: [WideContactRow] = [], reusedPositionRows: [WidePositionRow] = []
        var before = bodies
        for i in contacts.indices { contacts[i].pointCount = 2 }
        _ = Self.solve(
            &before, &contacts, contacts.indices.map { Int32($0) }, rows: &reusedRows, positionRows: &reusedPositionRows
        )

        // The next step: a third of the contacts, some of them down to one point.
        for i in contacts.indices where i % 2 == 1 { contacts[i].pointCount = 1 }
        let active = contacts.indices.filter { $0 % 3 == 0 }.map { Int32($0) }
        var freshRows: [WideContactRow] = [], freshPositionRows: [WidePositionRow] = []
        var bodiesA = bodies, bodiesB = bodies, contactsA = contacts, contactsB = contacts
        let reused = Self.solve(&bodiesA, &contactsA, active, rows: &reusedRows, positionRows: &reusedPositionRows)
        let fresh = Self.solve(&bodiesB, &contactsB, active, rows: &freshRows, positionRows: &freshPositionRows)
        #expect(reused == fresh)
        #expect(reused[bodies.count] == .zero, "the dummy slot, written by padding and static sides, stays at rest")
        #expect(reused.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite })
    }

    /// Two rows of one colour solved side by side give exactly what solving them one after
    /// the other gives (they share no movable body), for the velocity iterations and for the
    /// position iterations; and the scene does pair rows, so the comparison is not vacuous.
    @Test(arguments: [4, 5] as [UInt64])
    func rowsSolvedSideBySideMatchRowsSolvedAlone(seed: UInt64) {
        // Many bodies, few contacts each: few colours with several rows apiece.
        let (bodies, contacts) = Self.scene(seed: seed, bodyCount: 200, contactCount: 300, allDynamic: false)
        let active = contacts.indices.map { Int32($0) }
        var results: [[WideContactSolver.Velocity]] = [], positions: [[WidePositionSolver.State]] = []
        var pairedRows = 0
        for sideBySide in [true, false] {
            var b = bodies, c = contacts
            var rows: [WideContactRow] = [], positionRows: [WidePositionRow] = []
            results.append(Self.solve(&b, &c, active, rows: &rows, positionRows: &positionRows, sideBySide: sideBySide))
            if sideBySide { pairedRows = rows.filter(\.sharesColourWithNext).count }
            // Three position iterations from the same start.
            var state = [WidePositionSolver.State](repeating: .zero, count: b.count + 1)
            let rowCount = rows.count
            b.withUnsafeMutableBufferPointer { b in
                positionRows.withUnsafeMutableBufferPointer { r in
                    state.withUnsafeMutableBufferPointer { s in
                        WidePositionSolver.begin(
                            BoundedPointer(r).prefix(rowCount), BoundedPointer(b), BoundedPointer(s))
                        for _ in 0..<Settings.positionIterations {
                            _ = WidePositionSolver.solve(BoundedPointer(r).prefix(rowCount), BoundedPointer(s))
                        }
                    }
                }
            }
            positions.append(state)
        }
        #expect(pairedRows > 10)
        #expect(results[0] == results[1])
        #expect(positions[0] == positions[1])
        #expect(
            positions[0].prefix(bodies.count).contains { $0[0] != 0 || $0[1] != 0 }, "the position pass did move bodies"
        )
    }

    /// Between movable bodies every impulse is applied equal and opposite, so the solve keeps
    /// the total linear momentum. Tolerance: the lanes compute in Float (relative rounding
    /// 6e-8 per operation); 1e-4 of the momentum scale Σ m|v| leaves room for the few hundred
    /// operations each body takes part in, and is far below a single missing impulse.
    @Test func impulsesBetweenMovableBodiesConserveMomentum() {
        var (bodies, contacts) = Self.scene(seed: 7, bodyCount: 24, contactCount: 60, allDynamic: true)
        var rows: [WideContactRow] = [], positionRows: [WidePositionRow] = []
        let active = contacts.indices.map { Int32($0) }
        let after = Self.solve(&bodies, &contacts, active, rows: &rows, positionRows: &positionRows)
        var p0 = Vec2.zero, p1 = Vec2.zero, scale = 0.0
        for (i, b) in bodies.enumerated() where b.kind == .dynamic {
            let m = 1 / b.invMass
            p0 += m * b.linearVelocity
            p1 += m * Vec2(Double(after[i].x), Double(after[i].y))
            scale += m * length(b.linearVelocity)
        }
        #expect(length(p1 - p0) < 1e-4 * scale)
        let changed = bodies.indices.filter {
            bodies[$0].kind == .dynamic && Double(after[$0].x) != Double(Float(bodies[$0].linearVelocity.x))
        }
        #expect(changed.count > bodies.count / 2, "the contacts did push the bodies")
    }

    /// Packs `active` and returns the rows in use and their setups, without solving.
    static func pack(
        _ bodies: inout [Body], _ contacts: inout [Contact], _ active: [Int32]
    ) -> (rows: [WideContactRow], setups: [WideContactSetup]) {
        let n = bodies.count
        var v = [WideContactSolver.Velocity](repeating: .zero, count: n + 1)
        var masks: [UInt64] = [], colours: [UInt8] = []
        var rows: [WideContactRow] = [], positionRows: [WidePositionRow] = [], setups: [WideContactSetup] = []
        let rowCount = bodies.withUnsafeMutableBufferPointer { b in
            contacts.withUnsafeMutableBufferPointer { c in
                v.withUnsafeMutableBufferPointer { v in
                    active.map { ActiveContact($0, c[Int($0)], BoundedPointer(b)) }.withUnsafeBufferPointer { active in
                        WideContactSolver.loadVelocities(BoundedPointer(b), into: BoundedPointer(v))
                        return WideContactSolver.prepare(
                            BoundedPointer(c), BoundedPointer(active), BoundedPointer(b), BoundedPointer(v),
                            inverseH: 120,
                            rows: &rows, setups: &setups, positionRows: &positionRows, colourMasks: &masks,
                            colours: &colours)
                    }
                }
            }
        }
        for r in 0..<rowCount { #expect(rows[r].hasSecondPoint == positionRows[r].hasSecondPoint) }
        return (Array(rows.prefix(rowCount)), Array(setups.prefix(rowCount)))
    }

    /// Within a colour, the two-point contacts fill rows of their own and the one-point ones
    /// theirs, so no row pays for both normal solvers; every active contact still takes exactly
    /// one lane, and the rows of a colour (a run of rows linked by `sharesColourWithNext`) share
    /// no movable body, which is what lets them be solved side by side.
    @Test(arguments: [11, 12, 13] as [UInt64])
    func rowsHoldOneKindOfContact(seed: UInt64) {
        var (bodies, contacts) = Self.scene(seed: seed, bodyCount: 300, contactCount: 500, allDynamic: false)
        let active = contacts.indices.filter { $0 % 7 != 3 }.map { Int32($0) }
        let rows = Self.pack(&bodies, &contacts, active).rows
        var seen: [Int32] = []
        var onePointRows = 0, twoPointRows = 0
        var colourBodies = Set<Int32>()
        for row in rows {
            let lanes = (0..<WideContactSolver.width).filter { row.contact[$0] >= 0 }
            seen += lanes.map { row.contact[$0] }
            let kinds = Set(lanes.map { contacts[Int(row.contact[$0])].pointCount })
            #expect(kinds.count == 1, "a row holds one kind of contact")
            #expect(row.hasSecondPoint == (kinds == [2]))
            if kinds == [1] { onePointRows += 1 } else { twoPointRows += 1 }
            for l in lanes {
                let c = contacts[Int(row.contact[l])]
                for (body, moves) in [(c.bodyA, c.aMoves), (c.bodyB, c.bMoves)] where moves {
                    #expect(colourBodies.insert(body).inserted, "a movable body appears once in a colour")
                }
            }
            if !row.sharesColourWithNext { colourBodies.removeAll() }
        }
        #expect(seen.sorted() == active, "every active contact takes exactly one lane")
        #expect(onePointRows > 2 && twoPointRows > 2, "the scene has both kinds, so the test is not vacuous")
    }

    /// Which row of its colour a contact takes changes nothing: the rows of every colour solved
    /// in reverse order give the same velocities bit for bit (the contacts of a colour share no
    /// movable body), which is why grouping a colour's contacts by kind is exact.
    @Test(arguments: [21, 22] as [UInt64])
    func rowOrderWithinAColourChangesNothing(seed: UInt64) {
        var (bodies, contacts) = Self.scene(seed: seed, bodyCount: 200, contactCount: 300, allDynamic: false)
        let active = contacts.indices.map { Int32($0) }
        var results: [[WideContactSolver.Velocity]] = []
        for reversed in [false, true] {
            var b = bodies, c = contacts
            var (rows, setups) = Self.pack(&b, &c, active)
            // Colours are runs of rows linked by `sharesColourWithNext`; solved alone, row by row.
            var start = 0
            for r in rows.indices where !rows[r].sharesColourWithNext {
                if reversed {
                    rows[start...r].reverse()
                    setups[start...r].reverse()
                }
                start = r + 1
            }
            for r in rows.indices { rows[r].sharesColourWithNext = false }
            var v = [WideContactSolver.Velocity](repeating: .zero, count: b.count + 1)
            let n = b.count
            b.withUnsafeBufferPointer { bb in
                v.withUnsafeMutableBufferPointer { v in
                    WideContactSolver.loadVelocities(BoundedPointer(bb), into: BoundedPointer(v))
                    rows.withUnsafeMutableBufferPointer { r in
                        WideContactSolver.warmStart(BoundedPointer(r).prefix(r.count), BoundedPointer(v))
                        for _ in 0..<Settings.velocityIterations {
                            WideContactSolver.solveVelocity(BoundedPointer(r).prefix(r.count), BoundedPointer(v))
                        }
                        setups.withUnsafeMutableBufferPointer { s in
                            WideContactSolver.applyRestitution(
                                BoundedPointer(r).prefix(r.count), BoundedPointer(s).prefix(s.count), BoundedPointer(v))
                        }
                    }
                }
            }
            results.append(v)
        }
        #expect(results[0] == results[1])
        #expect(
            results[0].prefix(bodies.count).enumerated().contains { i, v in
                Double(v.x) != Double(Float(bodies[i].linearVelocity.x))
            }, "the contacts did push the bodies")
    }

    /// Boxes resting on the ground by a face, each its own contact with two points 0.4 apart
    /// (normal +y, from the ground to the box), frictionless, no bias, nothing to warm start;
    /// box k falls at `fall` and spins at `spin(k)`. The contacts share only the static ground,
    /// so they take rows of their own colour and each lane's solve is exact.
    static func restingFaces(count: Int, fall: Double, spin: (Int) -> Double) -> ([Body], [Contact]) {
        var bodies: [Body] = (0..<count).map { k in
            var b = Body()
            b.isAlive = true
            b.position = Vec2(Double(k), 0.2)
            b.linearVelocity = Vec2(0, -fall)
            b.angularVelocity = spin(k)
            b.invMass = 1
            b.invInertia = 1 / 0.027
            return b
        }
        var ground = Body()
        ground.isAlive = true
        ground.kind = .static
        bodies.append(ground)
        let contacts: [Contact] = (0..<count).map { k in
            var c = Contact()
            c.isAlive = true
            c.bodyA = Int32(count)
            c.bodyB = Int32(k)
            c.aMoves = false
            c.bMoves = true
            c.normal = Vec2(0, 1)
            c.pointCount = 2
            for (x, p) in [(-0.2, \Contact.p0), (0.2, \Contact.p1)] {
                c[keyPath: p].anchorA = Vec2(Double(k) + x, 0)
                c[keyPath: p].anchorB = Vec2(x, -0.2)
                c[keyPath: p].localAnchorA = c[keyPath: p].anchorA
                c[keyPath: p].localAnchorB = c[keyPath: p].anchorB
            }
            return c
        }
        return (bodies, contacts)
    }

    /// The two-point block solver answers the linear complementarity problem of each face: at
    /// each point an impulse λ ≥ 0, a normal speed vn ≥ 0 afterwards, and λ·vn = 0 (pushing
    /// only where the point would otherwise approach). Checked where every lane takes the
    /// first case (both points pushing: the shortcut that skips the other three) and where
    /// spins make some lanes fall through to one point or none. Tolerance: the lanes are Float
    /// (relative rounding 6e-8 an operation, a few dozen operations to a point, speeds and
    /// impulses of order 1): 1e-5 m/s and 1e-5 N·s.
    @Test(arguments: [false, true])
    func blockSolverAnswersEachFacesComplementarityProblem(spinning: Bool) {
        // A spin w moves an end (0.2 m from the centre) by ±0.2·w against the fall of 1 m/s:
        // at ±2 rad/s both ends approach; at ±9 one end leaves even after the other end's
        // impulse has slowed the spin.
        // Seven faces: the second row has a padding lane, which either path must leave at zero.
        let spins: [Double] = [0, 2, -2, 6, -6, 9, -9]
        var (bodies, contacts) = Self.restingFaces(count: 7, fall: 1) { spinning ? spins[$0] : 0 }
        var rows: [WideContactRow] = [], positionRows: [WidePositionRow] = []
        let v = Self.solve(
            &bodies, &contacts, contacts.indices.map { Int32($0) }, rows: &rows, positionRows: &positionRows)
        var pushing = 0, lifted = 0
        for row in rows {
            for lane in 0..<WideContactSolver.width where row.contact[lane] >= 0 {
                let b = v[Int(row.gatherB[lane])]
                for p in [row.p0, row.p1] {
                    // The ground does not move: vn = vB·n + wB (rB × n).
                    let vn = b.x * row.normalX[lane] + b.y * row.normalY[lane] + b.z * p.armBN[lane]
                    let lambda = p.normalImpulse[lane]
                    #expect(lambda >= 0)
                    #expect(vn >= -1e-5, "the point still approaches at \(vn) m/s")
                    #expect(abs(lambda * vn) <= 1e-5, "impulse \(lambda) at a point leaving at \(vn)")
                    if lambda > 0 { pushing += 1 } else { lifted += 1 }
                }
            }
        }
        #expect(pushing + lifted == 14)
        #expect(v[bodies.count] == .zero, "the dummy slot, which the padding lane scatters to, stays at rest")
        if spinning {
            #expect(lifted > 0, "a spinning box lifts an end, so its row takes the later cases")
        } else {
            #expect(lifted == 0, "every lane takes the first case: both points push")
        }
    }

    /// `anyLane` and `allLanes` read a mask's words; they answer as the standard library's
    /// `any(_:)` and `all(_:)` do, for each of the masks a row can have.
    @Test func lanePredicatesAgreeWithTheStandardLibrary() {
        let width = WideContactSolver.width
        for bits in 0..<(1 << width) {
            var mask = LaneMask(repeating: false)
            for lane in 0..<width { mask[lane] = bits & (1 << lane) != 0 }
            #expect(anyLane(mask) == any(mask))
            #expect(allLanes(mask) == all(mask))
        }
    }

    /// The position rows' transpose turns rows into columns (output i, lane j is input j,
    /// lane i) and is its own inverse, bit for bit (it only moves data: NaN payloads and
    /// negative zeros included).
    @Test func transposeTurnsRowsIntoColumns() {
        var rng = SeededRandom(seed: 41)
        func lanes() -> Lanes {
            Lanes((0..<4).map { _ in Float(bitPattern: UInt32(truncatingIfNeeded: rng.next())) })
        }
        for _ in 0..<100 {
            let r = (lanes(), lanes(), lanes(), lanes())
            let t = transposed(r)
            let rows = [r.0, r.1, r.2, r.3], columns = [t.0, t.1, t.2, t.3]
            for i in 0..<4 {
                for j in 0..<4 { #expect(columns[i][j].bitPattern == rows[j][i].bitPattern) }
            }
            let back = transposed(t)
            for (a, b) in zip([back.0, back.1, back.2, back.3], rows) {
                #expect((0..<4).allSatisfy { a[$0].bitPattern == b[$0].bitPattern })
            }
        }
    }
}
