import Foundation
import Testing

@testable import KineticDynamics

/// A polygon's vertices and normals in stable memory, standing in for the world's pools.
/// Pass the object itself to `collide`: a caller-held parameter outlives the call, so the
/// `ShapeRef` built inside never dangles.
private final class TestPolygon {
    let vertices: UnsafeMutablePointer<Vec2>
    let normals: UnsafeMutablePointer<Vec2>
    let count: Int
    let radius: Double

    init(_ p: (vertices: [Vec2], normals: [Vec2]), radius: Double = 0) {
        count = p.vertices.count
        vertices = .allocate(capacity: count)
        vertices.initialize(from: p.vertices, count: count)
        normals = .allocate(capacity: count)
        normals.initialize(from: p.normals, count: count)
        self.radius = radius
    }

    /// A segment p0 → p1: its two normals are the two perpendiculars, one per side.
    convenience init(segment p0: Vec2, _ p1: Vec2) {
        let e = (p1 - p0) / length(p1 - p0)
        self.init(([p0, p1], [Vec2(e.y, -e.x), Vec2(-e.y, e.x)]))
    }

    static func box(_ hw: Double, _ hh: Double, radius: Double = 0) -> TestPolygon {
        TestPolygon(boxPolygon(halfWidth: hw, halfHeight: hh), radius: radius)
    }

    var ref: ShapeRef {
        ShapeRef(
            vertices: BoundedPointer(vertices, count: count), normals: BoundedPointer(normals, count: count),
            count: count,
            radius: radius)
    }
    /// The same polygon flagged as a centred box, as the world flags items' default bounds.
    var boxRef: ShapeRef {
        ShapeRef(
            vertices: BoundedPointer(vertices, count: count), normals: BoundedPointer(normals, count: count),
            count: count,
            radius: radius, box: vertices[2])
    }
    var vertexList: [Vec2] { (0..<count).map { vertices[$0] } }

    deinit {
        vertices.deallocate()
        normals.deallocate()
    }
}

private func collide(
    _ a: TestPolygon, _ xfA: Transform, _ b: TestPolygon, _ xfB: Transform, _ speculative: Double = 0.04
) -> Manifold {
    collidePolygons(a.ref, xfA, b.ref, xfB, speculativeDistance: speculative)
}

private func xf(_ x: Double, _ y: Double, angle: Double = 0) -> Transform {
    Transform(p: Vec2(x, y), q: rotation(angle))
}

private func points(_ m: Manifold) -> [ManifoldPoint] {
    [m.points.0, m.points.1].prefix(m.pointCount).map { $0 }
}

private func close(_ a: Vec2, _ b: Vec2, _ tolerance: Double) -> Bool { length(a - b) <= tolerance }

/// Every manifold point's anchors are its offsets from the two bodies' origins.
private func anchorsConsistent(_ m: Manifold, _ xfA: Transform, _ xfB: Transform) -> Bool {
    points(m).allSatisfy { close($0.anchorA, $0.point - xfA.p, 1e-15) && close($0.anchorB, $0.point - xfB.p, 1e-15) }
}

/// Reference separation of two convex polygons: the separating-axis maximum over both shapes'
/// face normals, computed independently in world coordinates. It is the exact signed distance
/// whenever the polygons overlap or touch (it is 0 exactly when they just touch).
private func bruteSeparation(_ a: TestPolygon, _ xfA: Transform, _ b: TestPolygon, _ xfB: Transform) -> Double {
    func faces(_ p: TestPolygon, _ xp: Transform, _ o: TestPolygon, _ xo: Transform) -> Double {
        var best = -Double.infinity
        for i in 0..<p.count {
            let n = rotate(xp.q, p.normals[i]), v = xp.apply(p.vertices[i])
            var lowest = Double.infinity
            for j in 0..<o.count { lowest = min(lowest, dot(n, xo.apply(o.vertices[j]) - v)) }
            best = max(best, lowest)
        }
        return best
    }
    return max(faces(a, xfA, b, xfB), faces(b, xfB, a, xfA))
}

/// Distance between two separated convex polygons, placed by their transforms
/// (`convexPolygonDistance`, independent of the collision routines).
private func polygonDistance(_ a: TestPolygon, _ xfA: Transform, _ b: TestPolygon, _ xfB: Transform) -> Double {
    convexPolygonDistance(a.vertexList.map { xfA.apply($0) }, b.vertexList.map { xfB.apply($0) })
}

// Tolerances: every expected value below is a short closed-form expression of O(1) numbers, so
// a correct result differs from it only by double rounding, ~1e-16 per operation over a few
// dozen operations; 1e-12 leaves a wide margin yet catches any real geometric error (which is
// at least millimetres, 1e-3).
private let tight = 1e-12

@Suite("Narrow phase: contact manifolds")
struct NarrowPhaseTests {
    // MARK: Polygons

    /// A 1 × 1 box sunk 1 cm into the top face of a 2 × 1 box: the incident face lies wholly
    /// inside the reference face, so both of its corners are points, each 1 cm deep, midway
    /// (0.5 cm) between the surfaces; the normal is the ground's face normal, from A to B.
    @Test func boxRestingOnBox() {
        let ground = TestPolygon.box(1, 0.5), box = TestPolygon.box(0.5, 0.5)
        let xfA = xf(0, 0), xfB = xf(0.2, 0.99)
        let m = collide(ground, xfA, box, xfB)
        #expect(m.pointCount == 2)
        #expect(close(m.normal, Vec2(0, 1), tight))
        let ps = points(m).sorted { $0.point.x < $1.point.x }
        #expect(ps.count == 2)
        for (p, x) in zip(ps, [-0.3, 0.7]) {
            #expect(abs(p.separation + 0.01) < tight)
            #expect(close(p.point, Vec2(x, 0.495), tight))
        }
        #expect(ps[0].id != ps[1].id)
        #expect(anchorsConsistent(m, xfA, xfB))

        // The same pair the other way round: the normal reverses, the points do not move.
        let r = collide(box, xfB, ground, xfA)
        #expect(r.pointCount == 2)
        #expect(close(r.normal, Vec2(0, -1), tight))
        let rs = points(r).sorted { $0.point.x < $1.point.x }
        for (p, q) in zip(rs, ps) {
            #expect(close(p.point, q.point, tight))
            #expect(abs(p.separation - q.separation) < tight)
        }
        #expect(anchorsConsistent(r, xfB, xfA))
    }

    /// The same resting box with the whole scene turned and moved: the manifold turns with it
    /// (frames are handled consistently for both shapes).
    @Test(arguments: [0.3, -2.0, 3.0])
    func manifoldFollowsRigidMotionOfScene(angle: Double) {
        let ground = TestPolygon.box(1, 0.5), box = TestPolygon.box(0.5, 0.5)
        let q = rotation(angle), shift = Vec2(3, -7)
        let xfA = Transform(p: shift, q: q), xfB = Transform(p: shift + rotate(q, Vec2(0.2, 0.99)), q: q)
        let m = collide(ground, xfA, box, xfB)
        #expect(m.pointCount == 2)
        #expect(close(m.normal, rotate(q, Vec2(0, 1)), tight))
        let expected = [Vec2(-0.3, 0.495), Vec2(0.7, 0.495)].map { shift + rotate(q, $0) }
        for p in points(m) {
            #expect(expected.contains { close($0, p.point, 1e-11) })
            #expect(abs(p.separation + 0.01) < 1e-11)
        }
    }

    /// A box turned 30° with its lowest corner 1 cm below a long segment's line: one point, at
    /// that corner, 1 cm deep, midway (0.5 cm) below the line; the next corner is 0.5 m up, far
    /// beyond the speculative distance.
    @Test func rotatedBoxOnSegment() {
        let segment = TestPolygon(segment: Vec2(-2, 0), Vec2(2, 0))
        let box = TestPolygon.box(0.5, 0.5)
        let angle = Double.pi / 6
        let lowest = rotate(rotation(angle), Vec2(-0.5, -0.5))  // the corner pointing down
        let xfB = xf(0.3, -lowest.y - 0.01, angle: angle)
        let corner = xfB.apply(Vec2(-0.5, -0.5))
        let m = collide(segment, .identity, box, xfB)
        #expect(m.pointCount == 1)
        #expect(close(m.normal, Vec2(0, 1), tight))
        #expect(abs(m.points.0.separation + 0.01) < tight)
        #expect(close(m.points.0.point, Vec2(corner.x, -0.005), tight))
        #expect(anchorsConsistent(m, .identity, xfB))

        // Box as A: the normal points from the box to the segment.
        let r = collide(box, xfB, segment, .identity)
        #expect(r.pointCount == 1)
        #expect(close(r.normal, Vec2(0, -1), tight))
        #expect(abs(r.points.0.separation + 0.01) < tight)
        #expect(close(r.points.0.point, Vec2(corner.x, -0.005), tight))
    }

    /// A segment touches a box from either side, and either shape may be A: the segment's
    /// face towards the box is chosen, the normal runs from A to B, and the box's face gives
    /// two points 1 cm deep.
    @Test(arguments: [1.0, -1.0])
    func segmentAgainstBoxFromBothSides(side: Double) {
        let segment = TestPolygon(segment: Vec2(-2, 0), Vec2(2, 0))
        let box = TestPolygon.box(0.5, 0.5)
        let xfB = xf(0.4, side * 0.49)
        for segmentIsA in [true, false] {
            let m = segmentIsA ? collide(segment, .identity, box, xfB) : collide(box, xfB, segment, .identity)
            #expect(m.pointCount == 2)
            let fromSegmentToBox = Vec2(0, side)
            #expect(close(m.normal, segmentIsA ? fromSegmentToBox : -fromSegmentToBox, tight))
            let xs = points(m).map(\.point.x).sorted()
            #expect(abs(xs[0] + 0.1) < tight && abs(xs[1] - 0.9) < tight)
            for p in points(m) {
                #expect(abs(p.separation + 0.01) < tight)
                #expect(abs(p.point.y - side * -0.005) < tight)
            }
        }
    }

    /// A box lying across the end of a segment: only the part over the segment touches, so the
    /// box's face is clipped at the segment's end.
    @Test func boxOverhangingSegmentEndIsClipped() {
        let segment = TestPolygon(segment: Vec2(-2, 0), Vec2(0, 0))
        let box = TestPolygon.box(0.5, 0.5)
        let m = collide(segment, .identity, box, xf(0.2, 0.49))
        #expect(m.pointCount == 2)
        let xs = points(m).map(\.point.x).sorted()
        #expect(abs(xs[0] + 0.3) < tight && abs(xs[1] - 0) < tight)
        for p in points(m) { #expect(abs(p.separation + 0.01) < tight) }
    }

    /// Speculative contact: two unit boxes 3 cm apart (face to face) get both points with
    /// separation +0.03 when the speculative distance is 4 cm, and nothing at 2 cm.
    @Test func speculativeFaceContact() {
        let a = TestPolygon.box(0.5, 0.5), b = TestPolygon.box(0.5, 0.5)
        let xfB = xf(0.1, 1.03)
        let m = collide(a, .identity, b, xfB, 0.04)
        #expect(m.pointCount == 2)
        #expect(close(m.normal, Vec2(0, 1), tight))
        for p in points(m) {
            #expect(abs(p.separation - 0.03) < tight)
            #expect(abs(p.point.y - 0.515) < tight)
        }
        #expect(collide(a, .identity, b, xfB, 0.02).pointCount == 0)
        // Side by side, B to the left: the same gap along −x.
        let side = collide(a, .identity, b, xf(-1.03, 0.2), 0.04)
        #expect(side.pointCount == 2 && close(side.normal, Vec2(-1, 0), tight))
        for p in points(side) { #expect(abs(p.separation - 0.03) < tight) }
    }

    /// Corner to corner, 3 cm across and 4 cm up: the faces only see 4 cm, but the true gap is
    /// the 5 cm diagonal. One point, separation 0.05, normal (0.6, 0.8), midway on the diagonal;
    /// with a 4.5 cm reach there is no contact, although the face gap (4 cm) is within reach.
    @Test func speculativeCornerToCornerUsesTrueDistance() {
        let a = TestPolygon.box(0.5, 0.5), b = TestPolygon.box(0.5, 0.5)
        let xfB = xf(1.03, 1.04)
        let m = collide(a, .identity, b, xfB, 0.06)
        #expect(m.pointCount == 1)
        #expect(abs(m.points.0.separation - 0.05) < tight)
        #expect(close(m.normal, Vec2(0.6, 0.8), tight))
        #expect(close(m.points.0.point, Vec2(0.515, 0.52), tight))
        #expect(collide(a, .identity, b, xfB, 0.045).pointCount == 0)
    }

    /// A box turned −35° whose lowest corner sits just past a box's top-right corner, its
    /// lower edge sloping up over the top face. The gap is corner to corner (the offset from
    /// corner to corner; B's edge runs away from A's corner), but the top face sees only its
    /// height, and clipping keeps only a point on the sloping edge, higher up. The manifold must
    /// report the true gap: one point, separation |offset|, normal along it, midway. The first
    /// offset is clearly diagonal; the second is within 0.5 mm of the face separation, where only
    /// the comparison with the clipped point exposes the diagonal.
    @Test(arguments: [Vec2(0.01, 0.04), Vec2(0.003, 0.04)])
    func speculativeCornerPastSlopingEdge(offset: Vec2) {
        let a = TestPolygon.box(0.5, 0.5), b = TestPolygon.box(0.5, 0.5)
        let angle = -35 * Double.pi / 180
        let lowest = rotate(rotation(angle), Vec2(0.5, -0.5))  // B's corner pointing down
        let corner = Vec2(0.5, 0.5)
        let xfB = xf(corner.x + offset.x - lowest.x, corner.y + offset.y - lowest.y, angle: angle)
        let m = collide(a, .identity, b, xfB, 0.06)
        #expect(m.pointCount == 1)
        #expect(abs(m.points.0.separation - length(offset)) < tight)
        #expect(close(m.normal, offset / length(offset), tight))
        #expect(close(m.points.0.point, corner + 0.5 * offset, tight))
        #expect(abs(m.points.0.separation - polygonDistance(a, .identity, b, xfB)) < tight)
    }

    /// Property: for 500 random box pairs (seeded) apart by 1 mm to 8 cm, the manifold's
    /// nearest point reports the true gap, the least vertex-to-edge distance computed
    /// independently, to within 0.1 slop (0.5 mm, the tolerance by which nearly parallel faces
    /// keep a two-point face manifold), and some point is always produced within reach.
    @Test func separatedPairsReportTheirGap() {
        var rng = SeededRandom(seed: 0xD15_7A4CE)
        var tested = 0
        while tested < 500 {
            let a = TestPolygon.box(Double.random(in: 0.05...1, using: &rng), Double.random(in: 0.05...1, using: &rng))
            let b = TestPolygon.box(Double.random(in: 0.05...1, using: &rng), Double.random(in: 0.05...1, using: &rng))
            let xfA = xf(0, 0, angle: Double.random(in: -4...4, using: &rng))
            let xfB = xf(
                Double.random(in: -2.5...2.5, using: &rng), Double.random(in: -2.5...2.5, using: &rng),
                angle: Double.random(in: -4...4, using: &rng))
            guard bruteSeparation(a, xfA, b, xfB) > 0.001 else { continue }
            let gap = polygonDistance(a, xfA, b, xfB)
            guard gap < 0.08 else { continue }
            tested += 1
            let m = collide(a, xfA, b, xfB, 0.1)
            #expect(m.pointCount >= 1)
            #expect(abs(length(m.normal) - 1) < tight)
            let nearest = points(m).map(\.separation).min() ?? .infinity
            #expect(abs(nearest - gap) <= 0.1 * Settings.linearSlop + 1e-12)
        }
    }

    /// Rounded boxes: the rounding radius counts as surface. Two unit boxes rounded by 1 cm,
    /// cores 1 cm apart, overlap by 1 cm; the points lie midway between the rounded surfaces.
    @Test func roundedPolygonsIncludeRadius() {
        let a = TestPolygon.box(0.5, 0.5, radius: 0.01), b = TestPolygon.box(0.5, 0.5, radius: 0.01)
        let m = collide(a, .identity, b, xf(0, 1.01))
        #expect(m.pointCount == 2)
        for p in points(m) {
            #expect(abs(p.separation + 0.01) < tight)
            #expect(abs(p.point.y - 0.505) < tight)  // A's surface 0.51, B's 0.50
        }
        // Corner to corner the rounding is circular: cores 5 cm apart on the diagonal, 3 cm gap.
        let c = collide(a, .identity, b, xf(1.03, 1.04), 0.04)
        #expect(c.pointCount == 1)
        #expect(abs(c.points.0.separation - 0.03) < tight)
        #expect(close(c.normal, Vec2(0.6, 0.8), tight))
    }

    /// Warm starting needs stable keys: a resting box nudged by a millimetre and a milliradian
    /// keeps its points' ids — both when its corners are the points and when it overhangs and
    /// the points are clipped at the support's corners.
    @Test(arguments: [0.5, 1.5])
    func featureIDsStableUnderSmallShift(halfWidth: Double) {
        let ground = TestPolygon.box(1, 0.5), box = TestPolygon.box(halfWidth, 0.5)
        let before = collide(ground, .identity, box, xf(0.2, 0.99))
        let after = collide(ground, .identity, box, xf(0.201, 0.9905, angle: 0.001))
        #expect(before.pointCount == 2 && after.pointCount == 2)
        let idsBefore = points(before).map(\.id), idsAfter = points(after).map(\.id)
        #expect(Set(idsBefore).count == 2)
        #expect(Set(idsBefore) == Set(idsAfter))
        // Each id still names the point on the same side.
        for p in points(before) {
            let q = points(after).first { $0.id == p.id }!
            #expect(abs(q.point.x - p.point.x) < 0.01)
        }
    }

    /// Shapes out of reach produce nothing.
    @Test func farApartPolygonsHaveNoPoints() {
        let a = TestPolygon.box(0.5, 0.5), b = TestPolygon.box(0.5, 0.5)
        #expect(collide(a, .identity, b, xf(3, 0.5, angle: 0.7)).pointCount == 0)
        let segment = TestPolygon(segment: Vec2(-2, 0), Vec2(2, 0))
        #expect(collide(segment, .identity, b, xf(0, 0.6)).pointCount == 0)
        #expect(collide(segment, .identity, b, xf(2.6, 0)).pointCount == 0)
    }

    /// Property: for 200 random overlapping box pairs (seeded), moving B along the normal by the
    /// deepest point's penetration makes them just touch — the separating-axis distance,
    /// computed independently, and the new manifold's deepest point are both 0 to 1e-9 (boxes
    /// up to 2 m and positions up to 5 m: rounding is ~1e-15, so 1e-9 only admits arithmetic
    /// noise). A sweep of 60 000 such pairs found no exception (worst 1.2e-15).
    @Test func movingBOutByDeepestSeparationJustTouches() {
        var rng = SeededRandom(seed: 0x5EED_1234)
        var tested = 0
        var attempts = 0
        while tested < 200 && attempts < 10_000 {
            attempts += 1
            let a = TestPolygon.box(Double.random(in: 0.05...1, using: &rng), Double.random(in: 0.05...1, using: &rng))
            let b = TestPolygon.box(Double.random(in: 0.05...1, using: &rng), Double.random(in: 0.05...1, using: &rng))
            let xfA = xf(
                Double.random(in: -5...5, using: &rng), Double.random(in: -5...5, using: &rng),
                angle: Double.random(in: -4...4, using: &rng))
            let offset = Vec2(Double.random(in: -1.5...1.5, using: &rng), Double.random(in: -1.5...1.5, using: &rng))
            var xfB = xf(xfA.p.x + offset.x, xfA.p.y + offset.y, angle: Double.random(in: -4...4, using: &rng))
            guard bruteSeparation(a, xfA, b, xfB) < -1e-6 else { continue }
            tested += 1

            let m = collide(a, xfA, b, xfB, 0)
            #expect(m.pointCount >= 1)
            #expect(abs(length(m.normal) - 1) < tight)
            #expect(anchorsConsistent(m, xfA, xfB))
            let depth = points(m).map { -$0.separation }.max() ?? 0
            // The deepest point's separation is the overlap along the best axis — or, when B's
            // best face beats A's by less than the 0.1-slop preference for A's face, along A's,
            // which can overstate the least overlap by at most that margin.
            let overlap = -bruteSeparation(a, xfA, b, xfB)
            #expect(depth >= overlap - 1e-9 && depth <= overlap + 0.1 * Settings.linearSlop + 1e-9)
            xfB.p += depth * m.normal
            #expect(abs(bruteSeparation(a, xfA, b, xfB)) < 1e-9)
            let after = collide(a, xfA, b, xfB, 0.04)
            let deepestAfter = points(after).map(\.separation).min() ?? .infinity
            #expect(abs(deepestAfter) < 1e-9)
        }
        #expect(tested == 200)
    }

    // MARK: Circles

    /// Circles of radius 0.5 and 0.3, centres 0.7 apart along (0.6, 0.8): 0.1 overlap, the
    /// normal along the centres, the point midway between the surfaces (0.45 along the line).
    /// At 1.0 apart they are 0.2 apart: a point only if the reach exceeds 0.2.
    @Test func circleAgainstCircle() {
        let a = Circle(center: Vec2(0.1, 0), radius: 0.5), b = Circle(center: .zero, radius: 0.3)
        let u = Vec2(0.6, 0.8)
        let xfA = xf(-0.1, 0), xfB = Transform(p: 0.7 * u, q: rotation(1.0))
        let m = collideCircles(a, xfA, b, xfB, speculativeDistance: 0.04)
        #expect(m.pointCount == 1)
        #expect(close(m.normal, u, tight))
        #expect(abs(m.points.0.separation + 0.1) < tight)
        #expect(close(m.points.0.point, 0.45 * u, tight))
        #expect(anchorsConsistent(m, xfA, xfB))

        let far = Transform(p: u, q: rotation(1.0))
        #expect(collideCircles(a, xfA, b, far, speculativeDistance: 0.04).pointCount == 0)
        let reach = collideCircles(a, xfA, b, far, speculativeDistance: 0.25)
        #expect(reach.pointCount == 1 && abs(reach.points.0.separation - 0.2) < tight)

        // Coincident centres still give a unit normal and the full overlap.
        let same = collideCircles(a, xfA, b, .identity, speculativeDistance: 0)
        #expect(same.pointCount == 1 && abs(length(same.normal) - 1) < tight)
        #expect(abs(same.points.0.separation + 0.8) < tight)
    }

    /// A circle of radius 0.25 sunk 2 cm into a box's top face: normal (0, 1), the point 1 cm
    /// below the face line, above the centre — also with the whole scene turned.
    @Test(arguments: [0.0, 0.9])
    func circleOnBoxFace(angle: Double) {
        let box = TestPolygon.box(1, 0.5)
        let q = rotation(angle)
        let xfA = Transform(p: .zero, q: q)
        let circle = Circle(center: .zero, radius: 0.25)
        let xfB = Transform(p: rotate(q, Vec2(0.3, 0.73)), q: .init(1, 0))
        let m = collidePolygonAndCircle(box.ref, xfA, circle, xfB, speculativeDistance: 0.04)
        #expect(m.pointCount == 1)
        #expect(close(m.normal, rotate(q, Vec2(0, 1)), tight))
        #expect(abs(m.points.0.separation + 0.02) < tight)
        #expect(close(m.points.0.point, rotate(q, Vec2(0.3, 0.49)), tight))
        #expect(anchorsConsistent(m, xfA, xfB))
    }

    /// A circle near a box's corner (centre 0.2 from the corner at 40°, radius 0.25): the
    /// corner is the nearest feature, so the normal runs from the corner to the centre, the
    /// overlap is 5 cm and the point is 2.5 cm inside the corner along that line.
    @Test func circleOnBoxCorner() {
        let box = TestPolygon.box(1, 0.5)
        let corner = Vec2(1, 0.5), u = rotation(40 * Double.pi / 180)
        let xfB = Transform(p: corner + 0.2 * u, q: Vec2(1, 0))
        let m = collidePolygonAndCircle(
            box.ref, .identity, Circle(center: .zero, radius: 0.25), xfB, speculativeDistance: 0.04)
        #expect(m.pointCount == 1)
        #expect(close(m.normal, u, tight))
        #expect(abs(m.points.0.separation + 0.05) < tight)
        #expect(close(m.points.0.point, corner - 0.025 * u, tight))
    }

    /// A circle whose centre is inside the box leaves through the nearest face.
    @Test func circleCentreInsideBox() {
        let box = TestPolygon.box(1, 0.5)
        let m = collidePolygonAndCircle(
            box.ref, .identity, Circle(center: .zero, radius: 0.1), xf(0.9, 0.2), speculativeDistance: 0)
        #expect(m.pointCount == 1)
        #expect(close(m.normal, Vec2(1, 0), tight))
        #expect(abs(m.points.0.separation + 0.2) < tight)  // 0.1 inside the face plus the radius
    }

    /// A segment has no inside: a circle on its line beyond its end touches the end's vertex
    /// (or nothing), never counts as overlapping the whole line.
    @Test func circleAgainstSegment() {
        let segment = TestPolygon(segment: Vec2(-1, 0), Vec2(1, 0))
        let disc = Circle(center: .zero, radius: 0.25)
        #expect(
            collidePolygonAndCircle(segment.ref, .identity, disc, xf(1.5, 0), speculativeDistance: 0.04).pointCount == 0
        )
        let end = collidePolygonAndCircle(segment.ref, .identity, disc, xf(1.2, 0), speculativeDistance: 0.04)
        #expect(end.pointCount == 1 && close(end.normal, Vec2(1, 0), tight))
        #expect(abs(end.points.0.separation + 0.05) < tight)
        for side in [1.0, -1.0] {
            let m = collidePolygonAndCircle(
                segment.ref, .identity, disc, xf(0.3, side * 0.2), speculativeDistance: 0.04)
            #expect(m.pointCount == 1 && close(m.normal, Vec2(0, side), tight))
            #expect(abs(m.points.0.separation + 0.05) < tight)
            #expect(close(m.points.0.point, Vec2(0.3, side * -0.025), tight))
        }
    }

    // MARK: Polygon builders

    /// Normals are unit, perpendicular to their edge, and outward: every vertex lies on or
    /// behind every face. The signed area is positive (the solver's winding).
    private func checkSolverPolygon(_ p: (vertices: [Vec2], normals: [Vec2])) {
        let v = p.vertices, n = p.normals
        #expect(v.count == n.count && v.count >= 3)
        var area = 0.0
        for i in v.indices {
            let e = v[(i + 1) % v.count] - v[i]
            area += cross(v[i], v[(i + 1) % v.count])
            #expect(abs(length(n[i]) - 1) < tight)
            #expect(abs(dot(n[i], e)) < tight * max(1, length(e)))
            for w in v { #expect(dot(n[i], w - v[i]) <= 1e-12) }
        }
        #expect(area > 0)
    }

    /// A square and a regular pentagon given counter-clockwise on a y-down screen are accepted
    /// and returned in the solver's winding (reversed), with duplicate and collinear points
    /// removed; their mirror images (clockwise on screen) are refused.
    @Test func convexHullAcceptsCounterClockwiseOnScreen() {
        // Top-left, bottom-left, bottom-right, top-right: counter-clockwise on screen.
        let square = [Vec2(-0.5, -0.5), Vec2(-0.5, 0.5), Vec2(0.5, 0.5), Vec2(0.5, -0.5)]
        let s = makeConvexPolygon(square)
        #expect(s?.vertices.count == 4)
        if let s {
            checkSolverPolygon(s)
            #expect(Set(s.vertices.map { [$0.x, $0.y] }) == Set(square.map { [$0.x, $0.y] }))
        }
        // Extra points: a midpoint on an edge, a repeated point, a closing repeat.
        let noisy = [
            Vec2(-0.5, -0.5), Vec2(-0.5, 0), Vec2(-0.5, 0.5), Vec2(-0.5, 0.5 + 1e-4), Vec2(0.5, 0.5), Vec2(0.5, -0.5),
            Vec2(-0.5, -0.5),
        ]
        #expect(makeConvexPolygon(noisy)?.vertices.count == 4)

        // Decreasing maths angle is counter-clockwise when y points down.
        let pentagon = (0..<5).map { k in 0.4 * rotation(-2 * Double.pi * Double(k) / 5) }
        let p = makeConvexPolygon(pentagon)
        #expect(p?.vertices.count == 5)
        if let p { checkSolverPolygon(p) }

        #expect(makeConvexPolygon(square.reversed()) == nil)
        #expect(makeConvexPolygon(pentagon.reversed()) == nil)
    }

    /// Concave, self-intersecting and degenerate inputs are refused.
    @Test func convexHullRejectsBadInput() {
        // An arrowhead (counter-clockwise on screen, one reflex corner).
        let concave = [Vec2(-1, -1), Vec2(0, 1), Vec2(1, -1), Vec2(0, 0)]
        #expect(makeConvexPolygon(concave) == nil)
        // A bow tie and a pentagram (all turns one way, but winding twice).
        #expect(makeConvexPolygon([Vec2(0, 0), Vec2(1, 1), Vec2(1, 0), Vec2(0, 1)]) == nil)
        let star = (0..<5).map { k in rotation(-4 * Double.pi * Double(k) / 5) }
        #expect(makeConvexPolygon(star) == nil)
        // Too few distinct points, collinear points, a repeated point, non-finite input.
        #expect(makeConvexPolygon([Vec2(0, 0), Vec2(1, 0)]) == nil)
        #expect(makeConvexPolygon([Vec2(0, 0), Vec2(1, 0), Vec2(2, 0)]) == nil)
        #expect(makeConvexPolygon([Vec2(0, 0), Vec2(0, 0.001), Vec2(0.001, 0)]) == nil)
        #expect(makeConvexPolygon(Array(repeating: Vec2(1, 1), count: 5)) == nil)
        #expect(makeConvexPolygon([Vec2(0, 0), Vec2(0, 1), Vec2(.nan, 1)]) == nil)
        #expect(makeConvexPolygon([]) == nil)
    }

    /// The box and ellipse builders produce solver-wound polygons with unit outward normals; the
    /// 16-gon's flat faces lie exactly on the ellipse's bounding box.
    @Test func boxAndEllipseBuilders() {
        checkSolverPolygon(boxPolygon(halfWidth: 0.3, halfHeight: 0.2))
        let e = ellipsePolygon(halfWidth: 0.6, halfHeight: 0.25, vertexCount: 16)
        #expect(e.vertices.count == 16)
        checkSolverPolygon(e)
        #expect(abs(e.vertices.map(\.x).max()! - 0.6) < tight && abs(e.vertices.map(\.x).min()! + 0.6) < tight)
        #expect(abs(e.vertices.map(\.y).max()! - 0.25) < tight && abs(e.vertices.map(\.y).min()! + 0.25) < tight)
        checkSolverPolygon(ellipsePolygon(halfWidth: 1, halfHeight: 1, vertexCount: 2))
    }
}

@Suite("Narrow phase: the box fast paths against the general routines")
struct BoxFastPathTests {
    /// The box path (closed-form separating axes and the scalar face clip, taken when both
    /// shapes are centred boxes) must give the general routine's manifold: the same points, ids
    /// and normal, within rounding (1e-12 m, far below the 1e-6 m the solver can resolve).
    /// Random sizes, turns and offsets cover overlapping, touching, speculative and separated
    /// pairs, faces and corners; the sample must reach every kind of point (an incident corner,
    /// an edge cut at either side plane, the closest features) with the reference face on
    /// either shape.
    @Test(arguments: [11 as UInt64, 12, 13])
    func closedFormBoxTestMatchesGeneralLoop(seed: UInt64) {
        var rng = SeededRandom(seed: seed)
        var compared = 0, withPoints = 0
        var kinds = Set<UInt32>(), referenceOnB = 0
        for _ in 0..<3000 {
            let a = TestPolygon.box(
                Double.random(in: 0.05...0.5, using: &rng), Double.random(in: 0.05...0.5, using: &rng))
            let b = TestPolygon.box(
                Double.random(in: 0.05...0.5, using: &rng), Double.random(in: 0.05...0.5, using: &rng))
            let angleA = Double.random(in: -4...4, using: &rng)
            let xfA = xf(Double.random(in: -1...1, using: &rng), Double.random(in: -1...1, using: &rng), angle: angleA)
            // B near A: somewhere within the two boxes' reach, so most pairs are close.
            let reach = length(a.vertexList[2]) + length(b.vertexList[2])
            let offset = Vec2(
                Double.random(in: -reach...reach, using: &rng), Double.random(in: -reach...reach, using: &rng))
            // Half the pairs turned alike (flat stacking), where faces tie.
            let angleB = Bool.random(using: &rng) ? angleA : Double.random(in: -4...4, using: &rng)
            let xfB = Transform(p: xfA.p + offset, q: rotation(angleB))
            let speculative = Double.random(in: 0.02...0.2, using: &rng)
            let general = collidePolygons(a.ref, xfA, b.ref, xfB, speculativeDistance: speculative)
            let fast = collidePolygons(a.boxRef, xfA, b.boxRef, xfB, speculativeDistance: speculative)
            compared += 1
            #expect(fast.pointCount == general.pointCount)
            guard fast.pointCount == general.pointCount, general.pointCount > 0 else { continue }
            withPoints += 1
            #expect(close(fast.normal, general.normal, 1e-12))
            for (f, g) in zip(points(fast), points(general)) {
                kinds.insert(g.id >> 16 & 3)
                if g.id >> 31 == 1 { referenceOnB += 1 }
                #expect(f.id == g.id)
                #expect(close(f.point, g.point, 1e-12))
                #expect(abs(f.separation - g.separation) <= 1e-12)
            }
        }
        #expect(withPoints > compared / 4, "the sample must exercise contacts, not only misses")
        #expect(
            kinds == [
                FeatureID.incidentVertex, FeatureID.clippedAtStart, FeatureID.clippedAtEnd, FeatureID.closestFeatures,
            ])
        #expect(referenceOnB > 0)
    }

    /// A box's tight bounds from its half extents equal the bounds of its turned corners.
    @Test func boxTightBoundsMatchTurnedCorners() {
        var rng = SeededRandom(seed: 5)
        let box = boxPolygon(halfWidth: 0.3, halfHeight: 0.12)
        var shape = Shape()
        shape.kind = .polygon
        shape.vertexCount = 4
        box.vertices.withReadOnlyBoundedPointer { pool in
            for _ in 0..<500 {
                let p = Vec2(Double.random(in: -5...5, using: &rng), Double.random(in: -5...5, using: &rng))
                let q = rotation(Double.random(in: -7...7, using: &rng))
                shape.boxHalfExtents = .zero
                let corners = World.tightBox(shape, p, q, pool)
                shape.boxHalfExtents = Vec2(0.3, 0.12)
                let closed = World.tightBox(shape, p, q, pool)
                #expect(close(corners.lower, closed.lower, 1e-14) && close(corners.upper, closed.upper, 1e-14))
            }
        }
    }

    /// Only a centred, axis-aligned rectangle in `boxPolygon`'s order is flagged as a box: an
    /// offset or turned rectangle (a group member) and other polygons take the general path.
    @Test func onlyCentredRectanglesAreFlaggedAsBoxes() {
        let world = World()
        let body = world.createBody(position: .zero, angle: 0, halfExtents: Vec2(0.2, 0.1))
        let box = boxPolygon(halfWidth: 0.2, halfHeight: 0.1)
        let centred = world.createPolygonShape(body: body.index, vertices: box.vertices, normals: box.normals)
        let shifted = world.createPolygonShape(
            body: body.index, vertices: box.vertices.map { $0 + Vec2(0.5, 0) }, normals: box.normals)
        let q = rotation(0.3)
        let turned = world.createPolygonShape(
            body: body.index, vertices: box.vertices.map { rotate(q, $0) }, normals: box.normals.map { rotate(q, $0) })
        #expect(world.shapes[Int(centred.index)].boxHalfExtents == Vec2(0.2, 0.1))
        #expect(world.shapes[Int(shifted.index)].boxHalfExtents == .zero)
        #expect(world.shapes[Int(turned.index)].boxHalfExtents == .zero)
    }
}
