/// Circle against circle: one point on the line of centres.
func collideCircles(_ a: Circle, _ xfA: Transform, _ b: Circle, _ xfB: Transform, speculativeDistance: Double) -> Manifold {
    let cA = xfA.apply(a.center), cB = xfB.apply(b.center)
    let d = cB - cA
    let distance = length(d)
    let separation = distance - a.radius - b.radius
    guard separation <= speculativeDistance else { return .empty }
    // Concentric circles have no direction; any unit normal keeps the maths finite.
    let normal = distance > 1e-12 ? d / distance : Vec2(0, 1)
    let surfaceA = cA + a.radius * normal, surfaceB = cB - b.radius * normal
    var m = Manifold()
    m.normal = normal
    m.add(point: 0.5 * (surfaceA + surfaceB), separation: separation, id: 0, xfA, xfB)
    return m
}

/// Convex polygon A against circle B: the face, or the vertex, nearest the centre.
func collidePolygonAndCircle(_ a: ShapeRef, _ xfA: Transform, _ b: Circle, _ xfB: Transform, speculativeDistance: Double) -> Manifold {
    // Work in A's frame.
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
    guard bestSeparation - radius <= speculativeDistance else { return .empty }

    let v1 = a.vertices[best], v2 = a.vertices[best + 1 < a.count ? best + 1 : 0]
    var normal: Vec2
    var separation: Double
    var surface: Vec2  // on A's (unrounded) boundary
    var id = UInt32(best)
    if bestSeparation < 1e-12 {
        // Centre inside: the deepest face.
        normal = a.normals[best]
        separation = bestSeparation - radius
        surface = c - bestSeparation * normal
    } else {
        // Outside: face region or one of its two vertex regions.
        let u1 = dot(c - v1, v2 - v1), u2 = dot(c - v2, v1 - v2)
        if u1 <= 0 || u2 <= 0 {
            let v = u1 <= 0 ? v1 : v2
            let d = c - v
            let distance = length(d)
            separation = distance - radius
            guard separation <= speculativeDistance else { return .empty }
            normal = distance > 1e-12 ? d / distance : a.normals[best]
            surface = v
            id |= u1 <= 0 ? 0x100 : 0x200
        } else {
            normal = a.normals[best]
            separation = bestSeparation - radius
            surface = c - bestSeparation * normal
        }
    }
    let surfaceA = surface + a.radius * normal, surfaceB = c - b.radius * normal
    var m = Manifold()
    m.normal = rotate(xfA.q, normal)
    m.add(point: xfA.apply(0.5 * (surfaceA + surfaceB)), separation: separation, id: id, xfA, xfB)
    return m
}
