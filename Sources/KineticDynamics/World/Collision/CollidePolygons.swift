/// Convex polygon A against convex polygon B (either may be a 2-vertex segment; either may be
/// rounded by its `radius`). Returns up to two points whose separation is below
/// `speculativeDistance`; the normal points from A to B.
///
/// The method is the separating-axis test over both shapes' face normals, then reference/incident
/// face clipping:
/// 1. For each face of each shape, the separation is how far the other shape's deepest vertex
///    lies outside that face's line. The largest is the best axis (the least overlap, or the
///    widest gap); if even that exceeds the speculative distance the shapes cannot touch this
///    step.
/// 2. The face with that separation is the *reference* face; the other shape's face most
///    anti-parallel to it is the *incident* face. The incident edge is clipped to the slab
///    between the reference face's side planes, and each surviving end is a contact point with
///    its own separation along the reference normal.
/// 3. When the shapes are clearly apart (face separation > 0.1 slop), the face separation
///    understates a corner-to-corner gap (the gap is diagonal), and clipping may leave nothing,
///    or only side-plane points much farther than the gap. So the reference and incident
///    edges' closest points are found too, and when they are nearer than the face answer by
///    more than 0.1 slop they become the one point, with the true distance and direction: a
///    corner approaching a corner is caught speculatively, at the right distance. A separated
///    manifold's nearest point is thus within 0.1 slop (0.5 mm) of the true gap.
///
/// Allocation-free: both shapes are read in place through their pools; the work happens in the
/// reference shape's frame, so only the other shape's features are transformed.
func collidePolygons(_ a: ShapeRef, _ xfA: Transform, _ b: ShapeRef, _ xfB: Transform, speculativeDistance: Double)
    -> Manifold
{
    let radius = a.radius + b.radius
    // A face whose separation reaches this ends the test: the shapes are out of reach.
    let cutoff = speculativeDistance + radius
    let bInA = xfA.inverseTimes(xfB)
    let aInB = xfB.inverseTimes(xfA)
    let edgeA: Int, separationA: Double, edgeB: Int, separationB: Double
    if a.box.x > 0 && b.box.x > 0 {
        (edgeA, separationA) = deepestBoxFace(of: a.box, against: b.box, otherInBox: bInA)
        if separationA >= cutoff { return .empty }
        (edgeB, separationB) = deepestBoxFace(of: b.box, against: a.box, otherInBox: aInB)
        if separationB >= cutoff { return .empty }
    } else {
        (edgeA, separationA) = deepestFace(of: a, against: b, otherInPoly: bInA, cutoff: cutoff)
        if separationA >= cutoff { return .empty }
        (edgeB, separationB) = deepestFace(of: b, against: a, otherInPoly: aInB, cutoff: cutoff)
        if separationB >= cutoff { return .empty }
    }

    // Prefer A's face unless B's is clearly better: two nearly equal faces would otherwise take
    // turns from step to step, changing the feature ids and wasting the warm start.
    if a.box.x > 0 && b.box.x > 0 {
        if separationB > separationA + 0.1 * Settings.linearSlop {
            return boxFaceContact(
                reference: b, edge: edgeB, separation: separationB, incident: a, incidentInReference: aInB,
                referenceToWorld: xfB, referenceIsB: true, speculativeDistance: speculativeDistance, xfA, xfB)
        }
        return boxFaceContact(
            reference: a, edge: edgeA, separation: separationA, incident: b, incidentInReference: bInA,
            referenceToWorld: xfA, referenceIsB: false, speculativeDistance: speculativeDistance, xfA, xfB)
    }
    if separationB > separationA + 0.1 * Settings.linearSlop {
        return faceContact(
            reference: b, edge: edgeB, separation: separationB, incident: a, incidentInReference: aInB,
            referenceToWorld: xfB, referenceIsB: true, speculativeDistance: speculativeDistance, xfA, xfB)
    }
    return faceContact(
        reference: a, edge: edgeA, separation: separationA, incident: b, incidentInReference: bInA,
        referenceToWorld: xfA, referenceIsB: false, speculativeDistance: speculativeDistance, xfA, xfB)
}

/// The face of `poly` along whose normal `other` lies farthest out, and that separation
/// (unrounded). `otherInPoly` places `other`'s frame in `poly`'s. Each face normal is turned
/// into `other`'s frame once, so the inner loop reads `other`'s vertices untransformed. Stops at
/// the first face reaching `cutoff`, which already proves the shapes apart.
@inline(__always)
private func deepestFace(of poly: ShapeRef, against other: ShapeRef, otherInPoly t: Transform, cutoff: Double) -> (
    edge: Int, separation: Double
) {
    var bestEdge = 0
    var best = -Double.infinity
    for i in 0..<poly.count {
        let n = inverseRotate(t.q, poly.normals[i])
        let v = inverseRotate(t.q, poly.vertices[i] - t.p)
        // The other shape's support point against n: its vertex deepest behind the face.
        var lowest = Double.infinity
        if other.count == 4 {
            // Boxes: four independent products and a tree of minima instead of a chain (the
            // minimum is exact, so the order does not change it).
            let w = other.vertices
            lowest = min(min(dot(n, w[0]), dot(n, w[1])), min(dot(n, w[2]), dot(n, w[3])))
        } else {
            for j in 0..<other.count {
                lowest = min(lowest, dot(n, other.vertices[j]))
            }
        }
        let s = lowest - dot(n, v)
        if s > best {
            best = s
            bestEdge = i
            if s >= cutoff { break }
        }
    }
    return (bestEdge, best)
}

/// `deepestFace` for two centred boxes in `boxPolygon`'s order (faces −y, +x, +y, −x), in
/// closed form: the other box, centred at c and turned by (cos, sin) in this one's frame,
/// reaches `bx·|cos| + by·|sin|` along x and `bx·|sin| + by·|cos|` along y, so face k's
/// separation is ±c minus that reach minus this box's half extent. Same answer as the general
/// loop (first face wins a tie) at a fraction of its cost.
@inline(__always)
private func deepestBoxFace(of box: Vec2, against other: Vec2, otherInBox t: Transform) -> (
    edge: Int, separation: Double
) {
    let c = abs(t.q.x), s = abs(t.q.y)
    let reachX = other.x * c + other.y * s, reachY = other.x * s + other.y * c
    let sx = -reachX - box.x, sy = -reachY - box.y
    var edge = 0
    var best = sy - t.p.y
    if sx + t.p.x > best {
        best = sx + t.p.x
        edge = 1
    }
    if sy + t.p.y > best {
        best = sy + t.p.y
        edge = 2
    }
    if sx - t.p.x > best {
        best = sx - t.p.x
        edge = 3
    }
    return (edge, best)
}

/// Builds the manifold from reference face `edge` of `reference`, in the reference shape's
/// frame, and maps it to world. `separation` is that face's SAT separation (unrounded).
@inline(__always)
private func faceContact(
    reference ref: ShapeRef, edge: Int, separation: Double, incident inc: ShapeRef, incidentInReference t: Transform,
    referenceToWorld xf: Transform, referenceIsB: Bool, speculativeDistance: Double, _ xfA: Transform, _ xfB: Transform
) -> Manifold {
    let i1 = edge, i2 = edge + 1 == ref.count ? 0 : edge + 1
    let v1 = ref.vertices[i1], v2 = ref.vertices[i2]
    let n = ref.normals[i1]

    // Incident edge: the one facing the reference face most squarely.
    let nInIncident = inverseRotate(t.q, n)
    var j1 = 0
    var mostOpposed = Double.infinity
    for j in 0..<inc.count {
        let d = dot(nInIncident, inc.normals[j])
        if d < mostOpposed {
            mostOpposed = d
            j1 = j
        }
    }
    let j2 = j1 + 1 == inc.count ? 0 : j1 + 1
    let u1 = t.apply(inc.vertices[j1]), u2 = t.apply(inc.vertices[j2])

    // Clip the incident edge to the slab tangent·x ∈ [tangent·v1, tangent·v2]. An end cut off
    // by a side plane is named after that plane, so each point keeps its key while the same
    // features touch (a box overhanging its support keeps the support's corner as a feature).
    // The edge's direction: its outward normal turned back by +90° (normals are the edges'
    // directions turned by −90°, see `ShapeRef`), which saves normalising the edge.
    let tangent = Vec2(-n.y, n.x)
    var w1 = u1, w2 = u2
    var id1 = FeatureID.make(reference: i1, incident: j1, kind: FeatureID.incidentVertex, referenceIsB: referenceIsB)
    var id2 = FeatureID.make(reference: i1, incident: j2, kind: FeatureID.incidentVertex, referenceIsB: referenceIsB)
    var survives = true
    // Start side: keep tangent·w ≥ tangent·v1, i.e. d = tangent·(v1 − w) ≤ 0.
    var d1 = dot(tangent, v1 - w1), d2 = dot(tangent, v1 - w2)
    let atStart = FeatureID.make(
        reference: i1, incident: j1, kind: FeatureID.clippedAtStart, referenceIsB: referenceIsB)
    if d1 > 0 && d2 > 0 {
        survives = false
    } else if d1 > 0 {
        w1 += (d1 / (d1 - d2)) * (w2 - w1)
        id1 = atStart
    } else if d2 > 0 {
        w2 += (d2 / (d2 - d1)) * (w1 - w2)
        id2 = atStart
    }
    if survives {
        // End side: keep tangent·w ≤ tangent·v2.
        d1 = dot(tangent, w1 - v2)
        d2 = dot(tangent, w2 - v2)
        let atEnd = FeatureID.make(
            reference: i1, incident: j1, kind: FeatureID.clippedAtEnd, referenceIsB: referenceIsB)
        if d1 > 0 && d2 > 0 {
            survives = false
        } else if d1 > 0 {
            w1 += (d1 / (d1 - d2)) * (w2 - w1)
            id1 = atEnd
        } else if d2 > 0 {
            w2 += (d2 / (d2 - d1)) * (w1 - w2)
            id2 = atEnd
        }
    }

    return clippedEdgeManifold(
        survives: survives, w1, w2, raw1: dot(n, w1 - v1), raw2: dot(n, w2 - v1), id1: id1, id2: id2, normal: n,
        separation: separation, reference: (v1, v2), incident: (u1, u2), ref: ref, inc: inc, referenceEdge: i1,
        incidentEdge: j1,
        referenceToWorld: xf, referenceIsB: referenceIsB, speculativeDistance: speculativeDistance, xfA, xfB)
}

/// The tail of both face clips: the manifold of the clipped incident edge w1–w2 (reference
/// frame; nothing when `survives` is false), whose ends lie `raw1` and `raw2` beyond the
/// reference face line along its normal `n`, unless the edges' closest features are nearer.
@inline(__always)
private func clippedEdgeManifold(
    survives: Bool, _ w1: Vec2, _ w2: Vec2, raw1: Double, raw2: Double, id1: UInt32, id2: UInt32, normal n: Vec2,
    separation: Double, reference: (Vec2, Vec2), incident: (Vec2, Vec2), ref: ShapeRef, inc: ShapeRef,
    referenceEdge: Int,
    incidentEdge: Int, referenceToWorld xf: Transform, referenceIsB: Bool, speculativeDistance: Double,
    _ xfA: Transform, _ xfB: Transform
) -> Manifold {
    let radius = ref.radius + inc.radius
    var m = Manifold()
    // The clipped points' smallest distance from the face line (∞ when nothing survived).
    var nearestRaw = Double.infinity
    if survives {
        let normal = rotate(xf.q, n)
        m.normal = referenceIsB ? -normal : normal
        // Midway between the surfaces: the reference surface lies ref.radius out from the face
        // line, which is `raw` behind w along n; the incident surface lies inc.radius from w
        // back towards the face.
        let shift = 0.5 * (ref.radius - inc.radius)
        nearestRaw = min(raw1, raw2)
        if raw1 - radius < speculativeDistance {
            m.add(point: xf.apply(w1 + (shift - 0.5 * raw1) * n), separation: raw1 - radius, id: id1, xfA, xfB)
        }
        if raw2 - radius < speculativeDistance {
            m.add(point: xf.apply(w2 + (shift - 0.5 * raw2) * n), separation: raw2 - radius, id: id2, xfA, xfB)
        }
    }
    // Clearly apart (face separation > 0.1 slop): the face separation can understate a
    // corner-to-corner gap (the gap is diagonal), and clipping may leave nothing, or only
    // side-plane points much farther than the gap (a steep incident edge). Overstating a
    // speculative gap lets the shapes close past it, so the edges' closest points win whenever
    // they are nearer than every clipped point by more than 0.1 slop, or the gap itself is
    // wider than the face separation by more than that (one point along the diagonal is then
    // the truth). The tolerance matches the face preference in `collidePolygons`, so nearly
    // parallel faces still give two points. Only here is the gap wide enough to normalise the
    // diagonal safely.
    //
    // The closest points are skipped when a clipped point lies within 0.1 slop of the face
    // separation: that point is on the incident edge and inside the reference face's slab, so
    // the edges' distance d is at most its depth, and at least the face separation (a
    // separating axis bounds the distance from below); neither test below can then pass.
    guard separation > 0.1 * Settings.linearSlop && !(nearestRaw <= separation + 0.1 * Settings.linearSlop) else {
        return m
    }
    let c = closestPoints(reference.0, reference.1, incident.0, incident.1)
    var nearest = Double.infinity
    if m.pointCount > 0 { nearest = m.points.0.separation }
    if m.pointCount > 1 { nearest = min(nearest, m.points.1.separation) }
    if c.distance > separation + 0.1 * Settings.linearSlop || nearest > c.distance - radius + 0.1 * Settings.linearSlop
    {
        return closestFeaturesContact(
            c, ref: ref, inc: inc, referenceEdge: referenceEdge, incidentEdge: incidentEdge, referenceToWorld: xf,
            referenceIsB: referenceIsB, speculativeDistance: speculativeDistance, xfA, xfB)
    }
    return m
}

/// `faceContact` for two centred boxes, in scalars along the reference face's axes.
///
/// A box's face normal and tangent are axis vectors (components 0 or ±1), so a point's tangent
/// and normal coordinates are one of its coordinates, negated or not: exactly the numbers
/// `faceContact` gets from its dot products, without the products and the shuffling of
/// two-lane vectors. The incident edge and its corners come in closed form from the incident
/// box's half extents. Every decision (which edge, which end is clipped, which points are in
/// reach, whether the closest points are needed) is taken on the same values, so the manifold
/// is `faceContact`'s.
@inline(__always)
private func boxFaceContact(
    reference ref: ShapeRef, edge i1: Int, separation: Double, incident inc: ShapeRef, incidentInReference t: Transform,
    referenceToWorld xf: Transform, referenceIsB: Bool, speculativeDistance: Double, _ xfA: Transform, _ xfB: Transform
) -> Manifold {
    let i2 = (i1 + 1) & 3
    let v1 = ref.vertices[i1], v2 = ref.vertices[i2]
    let n = ref.normals[i1]
    // Face axes: the tangent (−n.y, n.x) runs from v1 to v2; n points out of the face.
    let tx = -n.y, ty = n.x
    let sv1 = tx * v1.x + ty * v1.y, sv2 = tx * v2.x + ty * v2.y
    let rv = n.x * v1.x + n.y * v1.y

    // Incident edge: the incident box's face most opposed to n. Its normals (0, −1), (1, 0),
    // (0, 1), (−1, 0) give the dot products −m.y, m.x, m.y, −m.x; the first smallest wins, as in
    // the general loop.
    let m = inverseRotate(t.q, n)
    var j1 = 0
    var mostOpposed = -m.y
    if m.x < mostOpposed {
        mostOpposed = m.x
        j1 = 1
    }
    if m.y < mostOpposed {
        mostOpposed = m.y
        j1 = 2
    }
    if -m.x < mostOpposed { j1 = 3 }
    let j2 = (j1 + 1) & 3
    // `boxPolygon`'s corners: (−x, −y), (x, −y), (x, y), (−x, y).
    @inline(__always) func corner(_ j: Int) -> Vec2 {
        Vec2(j == 1 || j == 2 ? inc.box.x : -inc.box.x, j >= 2 ? inc.box.y : -inc.box.y)
    }
    let u1 = t.apply(corner(j1)), u2 = t.apply(corner(j2))
    // Tangent (s) and normal (r) coordinates of the incident edge's ends.
    var s1 = tx * u1.x + ty * u1.y, r1 = n.x * u1.x + n.y * u1.y
    var s2 = tx * u2.x + ty * u2.y, r2 = n.x * u2.x + n.y * u2.y

    // Clip to sv1 ≤ s ≤ sv2, naming a cut end after the side plane that cut it.
    var id1 = FeatureID.make(reference: i1, incident: j1, kind: FeatureID.incidentVertex, referenceIsB: referenceIsB)
    var id2 = FeatureID.make(reference: i1, incident: j2, kind: FeatureID.incidentVertex, referenceIsB: referenceIsB)
    @inline(__always) func clip(_ d1: Double, _ d2: Double, kind: UInt32) -> Bool {
        if d1 > 0 && d2 > 0 { return false }
        if d1 > 0 {
            let f = d1 / (d1 - d2)
            s1 += f * (s2 - s1)
            r1 += f * (r2 - r1)
            id1 = FeatureID.make(reference: i1, incident: j1, kind: kind, referenceIsB: referenceIsB)
        } else if d2 > 0 {
            let f = d2 / (d2 - d1)
            s2 += f * (s1 - s2)
            r2 += f * (r1 - r2)
            id2 = FeatureID.make(reference: i1, incident: j1, kind: kind, referenceIsB: referenceIsB)
        }
        return true
    }
    let survives =
        clip(sv1 - s1, sv1 - s2, kind: FeatureID.clippedAtStart)
        && clip(s1 - sv2, s2 - sv2, kind: FeatureID.clippedAtEnd)

    // Back to the reference frame: the ends' coordinates along the face axes, recombined.
    let w1 = Vec2(tx * s1 + n.x * r1, ty * s1 + n.y * r1), w2 = Vec2(tx * s2 + n.x * r2, ty * s2 + n.y * r2)
    return clippedEdgeManifold(
        survives: survives, w1, w2, raw1: r1 - rv, raw2: r2 - rv, id1: id1, id2: id2, normal: n,
        separation: separation, reference: (v1, v2), incident: (u1, u2), ref: ref, inc: inc, referenceEdge: i1,
        incidentEdge: j1,
        referenceToWorld: xf, referenceIsB: referenceIsB, speculativeDistance: speculativeDistance, xfA, xfB)
}

/// One point between the closest points of the reference and incident edges (reference
/// frame), normal along the gap. Only used when the gap is > 0.1 slop, so it normalises safely.
@inline(__always)
private func closestFeaturesContact(
    _ c: (onReference: Vec2, onIncident: Vec2, distance: Double), ref: ShapeRef, inc: ShapeRef, referenceEdge: Int,
    incidentEdge: Int,
    referenceToWorld xf: Transform, referenceIsB: Bool, speculativeDistance: Double, _ xfA: Transform, _ xfB: Transform
) -> Manifold {
    let separation = c.distance - ref.radius - inc.radius
    guard separation < speculativeDistance else { return .empty }
    let u = (c.onIncident - c.onReference) / c.distance
    let mid = 0.5 * (c.onReference + c.onIncident) + 0.5 * (ref.radius - inc.radius) * u
    var m = Manifold()
    let normal = rotate(xf.q, u)
    m.normal = referenceIsB ? -normal : normal
    let id = FeatureID.make(
        reference: referenceEdge, incident: incidentEdge, kind: FeatureID.closestFeatures, referenceIsB: referenceIsB)
    m.add(point: xf.apply(mid), separation: separation, id: id, xfA, xfB)
    return m
}

/// Closest points of segments p1p2 and q1q2, which must not intersect (the caller knows the
/// shapes are apart): then one of the two closest points is an endpoint, so the nearest of the
/// four endpoint-to-segment projections is the answer.
@inline(__always)
private func closestPoints(_ p1: Vec2, _ p2: Vec2, _ q1: Vec2, _ q2: Vec2) -> (
    onReference: Vec2, onIncident: Vec2, distance: Double
) {
    var onP = p1, onQ = q1
    var best = Double.infinity
    @inline(__always) func consider(_ x: Vec2, on a: Vec2, _ b: Vec2, xIsOnP: Bool) {
        let e = b - a
        let ee = lengthSquared(e)
        let f = ee > 0 ? min(max(dot(x - a, e) / ee, 0), 1) : 0
        let y = a + f * e
        let d = lengthSquared(x - y)
        if d < best {
            best = d
            if xIsOnP {
                onP = x
                onQ = y
            } else {
                onP = y
                onQ = x
            }
        }
    }
    consider(q1, on: p1, p2, xIsOnP: false)
    consider(q2, on: p1, p2, xIsOnP: false)
    consider(p1, on: q1, q2, xIsOnP: true)
    consider(p2, on: q1, q2, xIsOnP: true)
    return (onP, onQ, best.squareRoot())
}
