/// Circle A against circle B: one point on the line of centres, normal from A's centre to B's.
/// Id 0: a circle pair has one feature pair only.
func collideCircles(_ a: Circle, _ xfA: Transform, _ b: Circle, _ xfB: Transform, speculativeDistance: Double)
    -> Manifold
{
    let cA = xfA.apply(a.center), cB = xfB.apply(b.center)
    let d = cB - cA
    let distance = length(d)
    let separation = distance - a.radius - b.radius
    guard separation < speculativeDistance else { return .empty }
    // Coincident centres have no direction; any unit normal keeps the solver finite, and the
    // overlap (the sum of the radii) is right whichever way they are pushed apart.
    let normal = distance > 1e-12 ? d / distance : Vec2(0, 1)
    var m = Manifold()
    m.normal = normal
    // Midway between cA + rA·n and cB − rB·n.
    let point = 0.5 * (cA + cB) + 0.5 * (a.radius - b.radius) * normal
    m.add(point: point, separation: separation, id: 0, xfA, xfB)
    return m
}

/// Convex polygon A (any vertex count ≥ 2, possibly rounded) against circle B: one point,
/// normal from the polygon to the circle. The polygon must be A; id 0.
///
/// Closest feature: the face along whose normal the centre lies farthest out is the only face
/// whose closed edge can hold the nearest point (the nearest point's outward direction falls
/// between the normals of the edges that hold it, and any other face's normal is farther from
/// it). So one pass finds that face, then its edge's Voronoi regions decide: face interior, or
/// one of its two vertices. A centre inside the polygon (possible only with area) is pushed
/// out through that same least-deep face.
func collidePolygonAndCircle(
    _ a: ShapeRef, _ xfA: Transform, _ b: Circle, _ xfB: Transform, speculativeDistance: Double
) -> Manifold {
    // The circle's centre in A's frame: one transform instead of one per polygon feature.
    let c = xfA.applyInverse(xfB.apply(b.center))
    let radius = a.radius + b.radius
    var best = 0
    var bestSeparation = -Double.infinity
    for i in 0..<a.count {
        let s = dot(a.normals[i], c - a.vertices[i])
        if s > bestSeparation {
            bestSeparation = s
            best = i
        }
    }
    // The face separation never exceeds the true distance, so this rejection is safe.
    guard bestSeparation - radius < speculativeDistance else { return .empty }

    let v1 = a.vertices[best], v2 = a.vertices[best + 1 == a.count ? 0 : best + 1]
    var normal = a.normals[best]
    var surface: Vec2  // nearest point of A's core (unrounded) boundary
    var separation: Double
    // Inside needs a negative separation from every face, which a segment (whose two faces
    // are one line seen from both sides) can never have: a centre on a segment's line beyond
    // its end must go to the end's vertex region, not be reported as overlapping.
    if bestSeparation < 0 && a.count > 2 {
        surface = c - bestSeparation * normal
        separation = bestSeparation - radius
    } else {
        let e = v2 - v1
        let along1 = dot(c - v1, e), along2 = dot(c - v2, -e)
        if along1 <= 0 || along2 <= 0 {
            surface = along1 <= 0 ? v1 : v2
            let d = c - surface
            let distance = length(d)
            separation = distance - radius
            guard separation < speculativeDistance else { return .empty }
            // On the vertex itself the direction is arbitrary; the face normal is as good as any.
            if distance > 1e-12 { normal = d / distance }
        } else {
            surface = c - bestSeparation * normal
            separation = bestSeparation - radius
        }
    }
    // Midway between A's rounded surface and the circle's surface.
    let point = 0.5 * (surface + c) + 0.5 * (a.radius - b.radius) * normal
    var m = Manifold()
    m.normal = rotate(xfA.q, normal)
    m.add(point: xfA.apply(point), separation: separation, id: 0, xfA, xfB)
    return m
}
