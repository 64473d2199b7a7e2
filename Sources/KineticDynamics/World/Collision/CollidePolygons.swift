/// Convex polygon against convex polygon (a 2-vertex polygon is a segment): separating-axis
/// test over both shapes' face normals, then the incident face clipped against the reference
/// face's side planes, keeping the points closer than `speculativeDistance`. Up to two points;
/// the normal points from A to B. Allocation-free: the shapes are read through their pools.
func collidePolygons(_ a: ShapeRef, _ xfA: Transform, _ b: ShapeRef, _ xfB: Transform, speculativeDistance: Double) -> Manifold {
    let radius = a.radius + b.radius
    // B in A's frame: one relative transform instead of transforming every vertex twice.
    let q = Vec2(xfA.q.x * xfB.q.x + xfA.q.y * xfB.q.y, xfA.q.x * xfB.q.y - xfA.q.y * xfB.q.x)
    let p = inverseRotate(xfA.q, xfB.p - xfA.p)
    let relative = Transform(p: p, q: q)

    let (edgeA, separationA) = maxSeparation(a, identity: true, b, relative)
    guard separationA - radius <= speculativeDistance else { return .empty }
    let (edgeB, separationB) = maxSeparation(b, identity: false, a, relative)
    guard separationB - radius <= speculativeDistance else { return .empty }

    // Prefer A's face unless B's is clearly better: avoids flip-flopping between equal faces.
    let flip = separationB > separationA + 0.1 * Settings.linearSlop
    var m = Manifold()
    if flip {
        clip(reference: b, referenceEdge: edgeB, referenceInA: false, incident: a, relative: relative, flip: true, radius: radius, speculativeDistance: speculativeDistance, xfA: xfA, xfB: xfB, into: &m)
    } else {
        clip(reference: a, referenceEdge: edgeA, referenceInA: true, incident: b, relative: relative, flip: false, radius: radius, speculativeDistance: speculativeDistance, xfA: xfA, xfB: xfB, into: &m)
    }
    return m
}

/// The face of `poly` whose normal separates it most from `other`, with that separation.
/// Positions are in A's frame: `poly` is A itself when `identity`, else B through `relative`.
@inline(__always)
private func maxSeparation(_ poly: ShapeRef, identity: Bool, _ other: ShapeRef, _ relative: Transform) -> (Int, Double) {
    var bestEdge = 0
    var best = -Double.infinity
    for i in 0..<poly.count {
        let n = identity ? poly.normals[i] : rotate(relative.q, poly.normals[i])
        let v = identity ? poly.vertices[i] : relative.apply(poly.vertices[i])
        var s = Double.infinity
        for j in 0..<other.count {
            let w = identity ? relative.apply(other.vertices[j]) : other.vertices[j]
            s = min(s, dot(n, w - v))
        }
        if s > best {
            best = s
            bestEdge = i
        }
    }
    return (bestEdge, best)
}

/// Clips the incident face of `incident` against face `referenceEdge` of `reference` and adds
/// the surviving points to `m` (normal from A to B).
@inline(__always)
private func clip(
    reference: ShapeRef, referenceEdge: Int, referenceInA: Bool, incident: ShapeRef, relative: Transform,
    flip: Bool, radius: Double, speculativeDistance: Double, xfA: Transform, xfB: Transform, into m: inout Manifold
) {
    // Everything in A's frame.
    func refVertex(_ i: Int) -> Vec2 { referenceInA ? reference.vertices[i] : relative.apply(reference.vertices[i]) }
    func refNormal(_ i: Int) -> Vec2 { referenceInA ? reference.normals[i] : rotate(relative.q, reference.normals[i]) }
    func incVertex(_ i: Int) -> Vec2 { referenceInA ? relative.apply(incident.vertices[i]) : incident.vertices[i] }
    func incNormal(_ i: Int) -> Vec2 { referenceInA ? rotate(relative.q, incident.normals[i]) : incident.normals[i] }

    let i1 = referenceEdge, i2 = referenceEdge + 1 < reference.count ? referenceEdge + 1 : 0
    let v1 = refVertex(i1), v2 = refVertex(i2)
    let normal = refNormal(i1)

    // Incident face: the one most anti-parallel to the reference normal.
    var incidentEdge = 0
    var minDot = Double.infinity
    for i in 0..<incident.count {
        let d = dot(normal, incNormal(i))
        if d < minDot {
            minDot = d
            incidentEdge = i
        }
    }
    let j1 = incidentEdge, j2 = incidentEdge + 1 < incident.count ? incidentEdge + 1 : 0
    var w1 = incVertex(j1), w2 = incVertex(j2)
    // Each point is keyed by the incident vertex it comes from, whether or not it was clipped:
    // with corners exactly aligned (a stack), clipping flips with rounding from step to step, and
    // a key that changed with it would drop the warm start of one point and twist the stack.
    let id1 = UInt32(j1), id2 = UInt32(j2)

    // Clip the incident segment to the slab between the reference face's side planes.
    let edge = v2 - v1
    let edgeLength = length(edge)
    guard edgeLength > 0 else { return }
    let tangent = edge / edgeLength
    func clipSide(_ t: Vec2, _ offset: Double) -> Bool {
        let d1 = dot(t, w1) - offset, d2 = dot(t, w2) - offset
        if d1 > 0 && d2 > 0 { return false }
        if d1 > 0 {
            w1 = w1 + (d1 / (d1 - d2)) * (w2 - w1)
        } else if d2 > 0 {
            w2 = w2 + (d2 / (d2 - d1)) * (w1 - w2)
        }
        return true
    }
    guard clipSide(-tangent, -dot(tangent, v1)), clipSide(tangent, dot(tangent, v2)) else { return }

    let rRef = referenceInA ? (flip ? 0 : reference.radius) : reference.radius
    let rInc = incident.radius
    let worldNormal = rotate(xfA.q, flip ? -normal : normal)
    let base = UInt32(referenceEdge) << 16 | (flip ? 1 << 24 : 0)
    func keep(_ w: Vec2, _ id: UInt32) {
        let raw = dot(normal, w - v1)
        let separation = raw - radius
        guard separation <= speculativeDistance else { return }
        // Midway between the reference surface and the incident surface.
        let onReference = w - (raw - rRef) * normal
        let onIncident = w - rInc * normal
        m.add(point: xfA.apply(0.5 * (onReference + onIncident)), separation: separation, id: base | id << 8, xfA, xfB)
    }
    keep(w1, id1)
    keep(w2, id2)
    m.normal = worldNormal
}
