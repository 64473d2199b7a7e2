/// Continuous collision against what does not move: a fast item never crosses a boundary or
/// an anchored item within one sub-step.
///
/// Speculative contacts stop fast items along the motion the step predicted (the broad phase
/// stretches boxes along each body's velocity before the solve). A velocity the solve itself
/// creates has no such contacts: a bounce off one wall sends a box at another it had no
/// contact with, and an item struck by a fast one leaves at a speed it did not have. Box2D v3
/// answers with time of impact against static shapes for fast bodies; this is that idea
/// reduced to translation: after positions are integrated, each fast body's centre path is
/// tested against the edges of static shapes, offset by the body's extent towards the edge,
/// and the body goes back to the first touch. Its velocity is kept, so the next sub-step finds
/// the contact at the surface and the contact solver bounces or stops it with the real
/// approach speed.
extension World {
    /// A body is fast when it moves more than this fraction of its smaller half extent in one
    /// sub-step (Box2D v3's core fraction): slower bodies cannot cross a surface unseen.
    static let coreFraction = 0.25

    /// Whether body `b`, moving by `translation` this sub-step, needs the sweep.
    @inline(__always)
    static func isFast(_ b: UnsafePointer<Body>, translation: Vec2) -> Bool {
        let core = coreFraction * min(b.pointee.halfExtents.x, b.pointee.halfExtents.y)
        return lengthSquared(translation) > core * core
    }

    /// Moves every body in `fastBodies` (slot, position before this sub-step's integration)
    /// back to where it first touches a static shape it collides with, if its path crossed one.
    func sweepFastBodies(_ b: BoundedPointer<Body>) {
        defer { fastBodies.removeAll(keepingCapacity: true) }
        if fastSlot.count < bodies.count { fastSlot = [Int32](repeating: -1, count: bodies.count) }
        for (k, fast) in fastBodies.enumerated() { fastSlot[Int(fast.body)] = Int32(k) }
        defer { for fast in fastBodies { fastSlot[Int(fast.body)] = -1 } }

        // The earliest touch along each fast body's path, as a fraction of the sub-step.
        sweepFractions.removeAll(keepingCapacity: true)
        sweepFractions.append(contentsOf: repeatElement(1, count: fastBodies.count))
        // What cannot move: boundaries and anchored items' polygons, gathered once.
        obstacleScratch.removeAll(keepingCapacity: true)
        for (i, shape) in shapes.enumerated()
        where shape.isAlive && shape.kind == .polygon && !b[shape.body].isDynamic {
            obstacleScratch.append(Int32(i))
        }
        guard !obstacleScratch.isEmpty else { return }
        vertexPool.withReadOnlyBoundedPointer { vertices in
            shapes.withUnsafeBufferPointer { shapes in
                for moving in shapes where moving.isAlive && !moving.isBoundary {
                    let k = Int(fastSlot[Int(moving.body)])
                    guard k >= 0 else { continue }
                    let body = b.pointer(at: moving.body)
                    let p0 = fastBodies[k].start, p1 = body.pointee.position
                    let sweptBox = AABB(lower: pointwiseMin(p0, p1), upper: pointwiseMax(p0, p1))
                    let reach = Self.reachFromCentre(body.pointee.halfExtents)
                    for index in obstacleScratch {
                        let obstacle = shapes[Int(index)]
                        guard Shape.shouldCollide(moving, obstacle),
                            !obstacle.tightAABB.isApart(from: sweptBox, by: reach)
                        else { continue }
                        let t = Self.firstTouch(
                            of: moving, body, from: p0, to: p1, against: obstacle, b.pointer(at: obstacle.body),
                            vertices)
                        sweepFractions[k] = min(sweepFractions[k], t)
                    }
                }
            }
        }
        for (k, fast) in fastBodies.enumerated() where sweepFractions[k] < 1 {
            let body = b.pointer(at: fast.body)
            body.pointee.position = fast.start + sweepFractions[k] * (body.pointee.position - fast.start)
        }
    }

    /// The fraction of the move from `p0` to `p1` at which `moving` (on `body`, at its end
    /// rotation) first touches an edge of `obstacle`, or 1. An edge counts only if the shape
    /// started clear of its line and ends past touching it, within the edge's length.
    private static func firstTouch(
        of moving: Shape, _ body: UnsafePointer<Body>, from p0: Vec2, to p1: Vec2,
        against obstacle: Shape, _ obstacleBody: UnsafePointer<Body>, _ vertices: BoundedPointer<Vec2>
    ) -> Double {
        let q = body.pointee.rotation
        let xf = Transform(p: obstacleBody.pointee.position, q: obstacleBody.pointee.rotation)
        let count = Int(obstacle.vertexCount), start = vertices.suffix(from: Int(obstacle.vertexStart)).prefix(count)
        // A segment has one edge; a polygon's last edge closes it.
        let edges = count == 2 ? 1 : count
        var first = 1.0
        for i in 0..<edges {
            let a = xf.p + rotate(xf.q, start[i]), c = xf.p + rotate(xf.q, start[(i + 1) % count])
            let e = c - a
            let l2 = lengthSquared(e)
            guard l2 > 0 else { continue }
            var n = Vec2(-e.y, e.x) / l2.squareRoot()
            var d0 = dot(p0 - a, n), d1 = dot(p1 - a, n)
            if d0 < 0 {
                n = -n
                d0 = -d0
                d1 = -d1
            }
            // How far the shape reaches from its centre towards the edge.
            let r = support(of: moving, rotation: q, along: -n, vertices)
            guard d0 >= r, d1 < r else { continue }
            let t = (d0 - r) / (d0 - d1)
            let hit = p0 + t * (p1 - p0)
            // Within the edge (the shape's reach beyond either end still touches it).
            let along = dot(hit - a, e) / l2
            let slack = r / l2.squareRoot()
            if along >= -slack && along <= 1 + slack { first = min(first, t) }
        }
        return first
    }

    /// The farthest a shape reaches from its body's centre along unit direction `d`.
    private static func support(of shape: Shape, rotation q: Vec2, along d: Vec2, _ vertices: BoundedPointer<Vec2>)
        -> Double
    {
        if shape.kind == .circle { return dot(rotate(q, shape.center), d) + shape.radius }
        var best = -Double.infinity
        let start = vertices.suffix(from: Int(shape.vertexStart)).prefix(Int(shape.vertexCount))
        for i in 0..<start.count { best = max(best, dot(rotate(q, start[i]), d)) }
        return best + shape.radius
    }
}
