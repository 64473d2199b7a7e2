// The world's collision pipeline: shapes, fat boxes, pair finding, manifolds and touch events.
// Storage is declared in World.swift; the contact solver is in Solver/.

extension World {
    /// Margin by which a shape's broad-phase box exceeds its tight box: 0.05 m = 5 pt, Box2D
    /// v3's largest (2.x used 0.1 m). A contact lives while the boxes overlap, so the margin
    /// sets how many neighbours that do not touch still hold one. On the pile, 0.1 m kept
    /// about 1840 contacts for 580 touching ones and the manifold pass cost 8 µs a step more;
    /// 0.03 m refreshed so many boxes that finding pairs cost more than it saved.
    /// `items(in:)` keeps UIKit's ~10 pt fattening by growing its query by the difference.
    static let aabbMargin = 0.05
    /// The fattening `items(in:)` answers with: about 10 pt, as UIKit's.
    static let queryMargin = 0.1
    /// Predicted motion is added to the fat box this many times over, so fast bodies find their
    /// partners before they reach them.
    static let displacementMultiplier = 2.0

    // MARK: Shapes

    /// Adds a convex polygon (body frame; counter-clockwise in y-up maths with outward normals,
    /// as `makeConvexPolygon` returns it; two vertices make a segment) to `body`.
    func createPolygonShape(body: Int32, vertices: [Vec2], normals: [Vec2], radius: Double = 0) -> ShapeID {
        var shape = Shape()
        shape.kind = .polygon
        shape.body = body
        shape.vertexStart = Int32(vertexPool.count)
        shape.vertexCount = Int32(vertices.count)
        shape.radius = radius
        shape.extent = vertices.reduce(0) { max($0, length($1)) } + radius
        if vertices.count == 4 && vertices[2].x > 0 && vertices[2].y > 0 {
            let box = boxPolygon(halfWidth: vertices[2].x, halfHeight: vertices[2].y)
            if box.vertices == vertices && box.normals == normals { shape.boxHalfExtents = vertices[2] }
        }
        vertexPool.append(contentsOf: vertices)
        normalPool.append(contentsOf: normals)
        return insertShape(shape)
    }

    /// Adds a circle (center in the body frame) to `body`.
    func createCircleShape(body: Int32, center: Vec2, radius: Double) -> ShapeID {
        var shape = Shape()
        shape.kind = .circle
        shape.body = body
        shape.center = center
        shape.radius = radius
        shape.extent = length(center) + radius
        return insertShape(shape)
    }

    private func insertShape(_ shape: Shape) -> ShapeID {
        var shape = shape
        shape.isAlive = true
        shape.moved = true
        if shape.kind == .polygon { liveVertexCount += Int(shape.vertexCount) }
        shape.fatAABB = fatBox(for: shape, velocityStep: .zero)
        let (slot, generation) = shapeSlots.insert(shape, into: &shapes)
        broadPhase.insert(slot)
        liveShapeCount += 1
        wake()
        return ShapeID(index: slot, generation: generation)
    }

    func contains(_ id: ShapeID) -> Bool {
        let i = Int(id.index)
        return i >= 0 && i < shapes.count && shapes[i].isAlive && shapes[i].generation == id.generation
    }

    /// Sets which collision behaviours a shape collides with; contacts the new filter forbids
    /// end at the next step.
    func setFilter(of id: ShapeID, itemGroups: UInt64, boundaryGroups: UInt64) {
        guard contains(id) else { return }
        shapes[Int(id.index)].itemGroups = itemGroups
        shapes[Int(id.index)].boundaryGroups = boundaryGroups
        shapes[Int(id.index)].moved = true
        wake()
    }

    /// Marks a shape as a boundary of the behaviour `owner` (a bit), tagged for the façade.
    func setBoundary(_ id: ShapeID, owner: UInt64, tag: Int32) {
        guard contains(id) else { return }
        shapes[Int(id.index)].boundaryOwner = owner
        shapes[Int(id.index)].boundaryTag = tag
    }

    /// Removes a shape and its contacts (a touching contact reports its end).
    func destroyShape(_ id: ShapeID) {
        guard contains(id) else { return }
        let slot = id.index
        while shapes[Int(slot)].contactHead >= 0 {
            destroyContact(shapes[Int(slot)].contactHead)
        }
        broadPhase.remove(slot)
        if shapes[Int(slot)].kind == .polygon { liveVertexCount -= Int(shapes[Int(slot)].vertexCount) }
        shapeSlots.release(slot, in: &shapes)
        liveShapeCount -= 1
        compactVertexPoolIfSparse()
        wake()
    }

    /// Removes every shape of a body (the body is going away).
    func destroyShapes(ofBody body: Int32) {
        guard liveShapeCount > 0 else { return }
        for i in shapes.indices where shapes[i].isAlive && shapes[i].body == body {
            destroyShape(ShapeID(index: Int32(i), generation: shapes[i].generation))
        }
    }

    /// Rebuilds the vertex pools when most of them belong to dead shapes.
    private func compactVertexPoolIfSparse() {
        // The live count is kept as shapes come and go: summing it here made removing n shapes
        // cost n² (a collision behaviour of 10 000 items took 10⁸ steps to remove).
        let live = liveVertexCount
        guard vertexPool.count > 64, live * 2 < vertexPool.count else { return }
        var vertices: [Vec2] = []
        var normals: [Vec2] = []
        vertices.reserveCapacity(live)
        normals.reserveCapacity(live)
        for i in shapes.indices where shapes[i].isAlive && shapes[i].kind == .polygon {
            let start = Int(shapes[i].vertexStart), count = Int(shapes[i].vertexCount)
            shapes[i].vertexStart = Int32(vertices.count)
            vertices.append(contentsOf: vertexPool[start..<start + count])
            normals.append(contentsOf: normalPool[start..<start + count])
        }
        vertexPool = vertices
        normalPool = normals
    }

    // MARK: The façade's view of shapes and touches

    /// The shape in slot `slot` (a contact event names its shapes by slot).
    func shape(at slot: Int32) -> Shape { shapes[Int(slot)] }

    /// Calls `visit` with every shape whose fat box overlaps `box` (the broad phase's query).
    func forEachShape(overlapping box: AABB, _ visit: (Shape) -> Void) {
        shapes.withReadOnlyBoundedPointer { shapes in
            broadPhase.query(shapes, box) { slot in visit(shapes[slot]) }
        }
    }

    /// Whether touches began or ended since the animator last took them.
    var hasContactEvents: Bool { !contactEvents.isEmpty }

    /// The touches that began or ended since the last call, in the order they happened.
    func takeContactEvents() -> [ContactEvent] {
        let events = contactEvents
        contactEvents.removeAll(keepingCapacity: true)
        return events
    }

    // MARK: Boxes

    /// The shape's tight world box.
    func tightBox(for shape: Shape) -> AABB {
        let body = bodies[Int(shape.body)]
        return vertexPool.withReadOnlyBoundedPointer { Self.tightBox(shape, body.position, body.rotation, $0) }
    }

    /// The tight world box of `shape` on a body at `p` turned by `q`.
    @inline(__always)
    static func tightBox(_ shape: Shape, _ p: Vec2, _ q: Vec2, _ vertexPool: BoundedPointer<Vec2>) -> AABB {
        switch shape.kind {
        case .circle:
            let c = p + rotate(q, shape.center)
            let r = Vec2(repeating: shape.radius)
            return AABB(lower: c - r, upper: c + r)
        case .polygon where shape.boxHalfExtents.x > 0:
            // A centred box turned by (cos, sin) reaches hx·|cos| + hy·|sin| along x and
            // hx·|sin| + hy·|cos| along y (its corners' extremes, without turning them).
            let h = shape.boxHalfExtents, c = abs(q.x), s = abs(q.y)
            let reach = Vec2(h.x * c + h.y * s, h.x * s + h.y * c) + Vec2(repeating: shape.radius)
            return AABB(lower: p - reach, upper: p + reach)
        case .polygon:
            var lower = Vec2(repeating: .infinity), upper = Vec2(repeating: -.infinity)
            let start = Int(shape.vertexStart)
            for i in start..<start + Int(shape.vertexCount) {
                let v = p + rotate(q, vertexPool[i])
                lower = pointwiseMin(lower, v)
                upper = pointwiseMax(upper, v)
            }
            let r = Vec2(repeating: shape.radius)
            return AABB(lower: lower - r, upper: upper + r)
        }
    }

    /// The tight box grown by the margin and stretched along the predicted motion `d` (one
    /// sub-step's displacement).
    @inline(__always)
    static func fatten(_ tight: AABB, by d: Vec2) -> AABB {
        let m = Vec2(repeating: aabbMargin)
        let reach = displacementMultiplier * d
        return AABB(
            lower: tight.lower - m + pointwiseMin(reach, .zero), upper: tight.upper + m + pointwiseMax(reach, .zero))
    }

    private func fatBox(for shape: Shape, velocityStep d: Vec2) -> AABB {
        Self.fatten(tightBox(for: shape), by: d)
    }

    // MARK: Step

    /// Refreshes fat boxes, creates contacts for new overlapping pairs, updates every contact's
    /// manifold, destroys contacts whose boxes parted and records touch events.
    func collide(_ h: Double) {
        // 1. Fat boxes: only re-fattened when the tight box (with this step's motion) escapes.
        bodies.withReadOnlyBoundedPointer { bodies in
            vertexPool.withReadOnlyBoundedPointer { vertices in
                shapes.withBoundedPointer { shapes in
                    for i in 0..<shapes.count where shapes[i].isAlive {
                        let body = bodies.pointer(at: shapes[i].body)
                        let d = h * body.pointee.linearVelocity
                        let tight = Self.tightBox(shapes[i], body.pointee.position, body.pointee.rotation, vertices)
                        shapes[i].tightAABB = tight
                        shapes[i].reach =
                            h
                            * (length(body.pointee.linearVelocity) + abs(body.pointee.angularVelocity)
                                * Self.reachFromCentre(body.pointee.halfExtents))
                        var swept = tight
                        swept.lower += pointwiseMin(d, .zero)
                        swept.upper += pointwiseMax(d, .zero)
                        if !shapes[i].fatAABB.contains(swept) {
                            shapes[i].fatAABB = Self.fatten(tight, by: d)
                            shapes[i].moved = true
                        }
                    }
                }
            }
        }

        // 2. New pairs.
        shapes.withBoundedPointer { broadPhase.findPairs($0, into: &pairScratch) }
        for pair in pairScratch {
            let a = Int32(truncatingIfNeeded: pair >> 32), b = Int32(truncatingIfNeeded: pair & 0xffff_ffff)
            if !hasContact(between: a, and: b) { createContact(a, b) }
        }

        // 3. Manifolds for every contact; contacts whose boxes parted go. The pools do not
        // change during this pass, so their base addresses are borrowed once.
        activeContacts.removeAll(keepingCapacity: true)
        vertexPool.withReadOnlyBoundedPointer { v in
            normalPool.withReadOnlyBoundedPointer { n in
                vertexPoolBase = v
                normalPoolBase = n
                updateManifolds(h)
                vertexPoolBase = v.prefix(0)
                normalPoolBase = n.prefix(0)
            }
        }
    }

    private func updateManifolds(_ h: Double) {
        // In place through pointers (a contact is 400 bytes, a body 250: copying them per
        // contact per sub-step cost more than the collision test). Contacts whose boxes parted
        // are destroyed after the pass, since destruction relinks other contacts' lists.
        doomedScratch.removeAll(keepingCapacity: true)
        recycledManifoldCount = 0
        computedManifoldCount = 0
        bodies.withReadOnlyBoundedPointer { bodies in
            shapes.withReadOnlyBoundedPointer { shapes in
                contacts.withBoundedPointer { contacts in
                    for i in 0..<contacts.count where contacts[i].isAlive {
                        let c = contacts.pointer(at: i)
                        let a = shapes.pointer(at: c.pointee.shapeA), b = shapes.pointer(at: c.pointee.shapeB)
                        guard a.pointee.fatAABB.overlaps(b.pointee.fatAABB), Shape.shouldCollide(a.pointee, b.pointee)
                        else {
                            doomedScratch.append(Int32(i))
                            continue
                        }
                        // Most contacts are neighbours whose fat boxes overlap while the shapes
                        // are well apart (in a pile, four per item, two of them not touching).
                        // Every point a collision routine reports is at least the shapes'
                        // distance apart, and so at least the tight boxes' gap. The shapes'
                        // reaches bound the speculative distance from above (|vB − vA| ≤
                        // |vA| + |vB|), so a pair that was and stays empty is settled here from
                        // the two shapes alone, without reading the bodies or calling out.
                        let gapBound = 4 * Settings.linearSlop + a.pointee.reach + b.pointee.reach + 1e-9
                        if c.pointee.pointCount == 0
                            && a.pointee.tightAABB.isApart(from: b.pointee.tightAABB, by: gapBound)
                        {
                            continue
                        }
                        if recycleDistance > 0 && recycleManifold(c, a, b, bodies, h: h) {
                            recycledManifoldCount += 1
                        } else {
                            updateManifold(c, a, b, bodies, h: h)
                        }
                        if c.pointee.pointCount > 0 {
                            activeContacts.append(ActiveContact(Int32(i), c.pointee, bodies))
                        }
                    }
                }
            }
        }
        for index in doomedScratch { destroyContact(index) }
    }

    /// How far a body of these half extents reaches from its centre, with room to spare: 1.5 ×
    /// the largest half extent, beyond the √2 × that reaches a box's corners. It turns spin into
    /// surface speed for the speculative distance, and pads the continuous sweep.
    @inline(__always)
    static func reachFromCentre(_ halfExtents: Vec2) -> Double {
        max(halfExtents.x, halfExtents.y) * 1.5
    }

    /// Speculative reach: how far two bodies could close in one step, plus a few slops. Points
    /// farther apart than this are left out of a manifold.
    @inline(__always)
    static func speculativeDistance(_ bodyA: UnsafePointer<Body>, _ bodyB: UnsafePointer<Body>, h: Double) -> Double {
        let closing =
            length(bodyB.pointee.linearVelocity - bodyA.pointee.linearVelocity)
            + abs(bodyA.pointee.angularVelocity) * reachFromCentre(bodyA.pointee.halfExtents) + abs(
                bodyB.pointee.angularVelocity) * reachFromCentre(bodyB.pointee.halfExtents)
        return 4 * Settings.linearSlop + h * closing
    }

    @inline(__always)
    private static func ref(_ s: Shape, _ v: BoundedPointer<Vec2>, _ n: BoundedPointer<Vec2>) -> ShapeRef {
        let start = Int(s.vertexStart), count = Int(s.vertexCount)
        return ShapeRef(
            vertices: v.suffix(from: start).prefix(count), normals: n.suffix(from: start).prefix(count), count: count,
            radius: s.radius, box: s.boxHalfExtents)
    }

    /// Whether shapes a and b hold a contact (either way round): one probe of `contactPairs`.
    @inline(__always)
    private func hasContact(between a: Int32, and b: Int32) -> Bool {
        contactPairs.contains(a, b)
    }

    private func createContact(_ s1: Int32, _ s2: Int32) {
        // A circle against a polygon is solved polygon-first.
        var a = s1, b = s2
        if shapes[Int(a)].kind == .circle && shapes[Int(b)].kind == .polygon { swap(&a, &b) }
        var contact = Contact()
        contact.shapeA = a
        contact.shapeB = b
        contact.bodyA = shapes[Int(a)].body
        contact.bodyB = shapes[Int(b)].body
        contact.isAlive = true
        let slot: Int32
        if let free = freeContacts.popLast() {
            slot = free
        } else {
            slot = Int32(contacts.count)
            contacts.append(contact)
        }
        // Link at the head of both shapes' lists.
        contact.nextA = shapes[Int(a)].contactHead
        contact.nextB = shapes[Int(b)].contactHead
        contacts[Int(slot)] = contact
        link(slot, asHeadOf: a)
        link(slot, asHeadOf: b)
        contactPairs.insert(a, b)
    }

    private func link(_ contact: Int32, asHeadOf shape: Int32) {
        let oldHead = shapes[Int(shape)].contactHead
        if oldHead >= 0 {
            if contacts[Int(oldHead)].shapeA == shape {
                contacts[Int(oldHead)].prevA = contact
            } else {
                contacts[Int(oldHead)].prevB = contact
            }
        }
        shapes[Int(shape)].contactHead = contact
    }

    func destroyContact(_ index: Int32) {
        let c = contacts[Int(index)]
        if c.isTouching {
            contactEvents.append(ContactEvent(shapeA: c.shapeA, shapeB: c.shapeB, point: c.p0.point, began: false))
        }
        unlink(index, from: c.shapeA, prev: c.prevA, next: c.nextA)
        unlink(index, from: c.shapeB, prev: c.prevB, next: c.nextB)
        contactPairs.remove(c.shapeA, c.shapeB)
        contacts[Int(index)] = Contact()
        freeContacts.append(index)
    }

    private func unlink(_ index: Int32, from shape: Int32, prev: Int32, next: Int32) {
        if prev >= 0 {
            if contacts[Int(prev)].shapeA == shape {
                contacts[Int(prev)].nextA = next
            } else {
                contacts[Int(prev)].nextB = next
            }
        } else {
            shapes[Int(shape)].contactHead = next
        }
        if next >= 0 {
            if contacts[Int(next)].shapeA == shape {
                contacts[Int(next)].prevA = prev
            } else {
                contacts[Int(next)].prevB = prev
            }
        }
    }

    /// Recomputes a contact's manifold, carrying impulses over by feature id, and its touch
    /// state.
    private func updateManifold(
        _ c: UnsafeMutablePointer<Contact>, _ shapeA: UnsafePointer<Shape>, _ shapeB: UnsafePointer<Shape>,
        _ bodies: BoundedPointer<Body>, h: Double
    ) {
        let bodyA = bodies.pointer(at: c.pointee.bodyA), bodyB = bodies.pointer(at: c.pointee.bodyB)
        let xfA = Transform(p: bodyA.pointee.position, q: bodyA.pointee.rotation)
        let xfB = Transform(p: bodyB.pointee.position, q: bodyB.pointee.rotation)
        let speculative = Self.speculativeDistance(bodyA, bodyB, h: h)

        let manifold: Manifold
        let v = vertexPoolBase, nrm = normalPoolBase
        computedManifoldCount += 1
        // The tight boxes' gap bounds every point's separation from below: beyond the exact
        // speculative distance (and a margin far above rounding) the manifold is empty.
        if shapeA.pointee.tightAABB.isApart(from: shapeB.pointee.tightAABB, by: speculative + 1e-9) {
            // Empty before and after: nothing below would change (the materials and mobility
            // are only read while the manifold has points, and are set when it gains them),
            // but recycling must know where the bodies stood.
            if c.pointee.pointCount == 0 {
                recordOrigin(of: c, shapeA, shapeB, bodyA, bodyB, xfA, xfB, speculativeDistance: speculative)
                return
            }
            manifold = .empty
        } else {
            switch (shapeA.pointee.kind, shapeB.pointee.kind) {
            case (.polygon, .polygon):
                manifold = collidePolygons(
                    Self.ref(shapeA.pointee, v, nrm), xfA, Self.ref(shapeB.pointee, v, nrm), xfB,
                    speculativeDistance: speculative)
            case (.polygon, .circle):
                manifold = collidePolygonAndCircle(
                    Self.ref(shapeA.pointee, v, nrm), xfA,
                    Circle(center: shapeB.pointee.center, radius: shapeB.pointee.radius), xfB,
                    speculativeDistance: speculative)
            default:
                manifold = collideCircles(
                    Circle(center: shapeA.pointee.center, radius: shapeA.pointee.radius), xfA,
                    Circle(center: shapeB.pointee.center, radius: shapeB.pointee.radius), xfB,
                    speculativeDistance: speculative)
            }
        }

        // Warm start from the point with the same features last sub-step: only the old ids and
        // impulses are needed, not the old points.
        let oldCount = c.pointee.pointCount
        let oldID0 = c.pointee.p0.id, oldID1 = c.pointee.p1.id
        let oldImpulse0 = (c.pointee.p0.normalImpulse, c.pointee.p0.tangentImpulse)
        let oldImpulse1 = (c.pointee.p1.normalImpulse, c.pointee.p1.tangentImpulse)
        c.pointee.normal = manifold.normal
        c.pointee.pointCount = manifold.pointCount
        var minSeparation = Double.infinity
        @inline(__always) func make(_ m: ManifoldPoint) -> ContactPoint {
            var p = ContactPoint()
            p.point = m.point
            p.anchorA = m.anchorA
            p.anchorB = m.anchorB
            p.localAnchorA = inverseRotate(xfA.q, m.anchorA)
            p.localAnchorB = inverseRotate(xfB.q, m.anchorB)
            p.separation = m.separation
            p.baseSeparation = m.separation
            p.id = m.id
            minSeparation = min(minSeparation, m.separation)
            if oldCount > 0 && oldID0 == m.id {
                (p.normalImpulse, p.tangentImpulse) = oldImpulse0
            } else if oldCount > 1 && oldID1 == m.id {
                (p.normalImpulse, p.tangentImpulse) = oldImpulse1
            }
            return p
        }
        if manifold.pointCount > 0 { c.pointee.p0 = make(manifold.points.0) }
        if manifold.pointCount > 1 { c.pointee.p1 = make(manifold.points.1) }

        // Materials and mobility are read only while the manifold has points.
        if manifold.pointCount > 0 { adoptMaterials(c, shapeA, shapeB, bodyA, bodyB) }
        recordOrigin(of: c, shapeA, shapeB, bodyA, bodyB, xfA, xfB, speculativeDistance: speculative)

        c.pointee.minSeparation = minSeparation
        // A contact whose points all went away ends here; new touches are decided after the
        // solve (`updateTouching`), once impulses are known.
        if manifold.pointCount == 0 && c.pointee.isTouching {
            contactEvents.append(
                ContactEvent(
                    shapeA: c.pointee.shapeA, shapeB: c.pointee.shapeB, point: c.pointee.p0.point, began: false))
            c.pointee.isTouching = false
        }
    }

    /// The contact's friction, restitution and mobility from its bodies as they are now (a
    /// behaviour may change them between frames). Item against item mixes as Box2D does;
    /// against a boundary, the item's own.
    @inline(__always)
    func adoptMaterials(
        _ c: UnsafeMutablePointer<Contact>, _ shapeA: UnsafePointer<Shape>, _ shapeB: UnsafePointer<Shape>,
        _ bodyA: UnsafePointer<Body>, _ bodyB: UnsafePointer<Body>
    ) {
        if shapeA.pointee.isBoundary || shapeB.pointee.isBoundary {
            let item = shapeA.pointee.isBoundary ? bodyB : bodyA
            c.pointee.friction = item.pointee.friction
            c.pointee.restitution = item.pointee.restitution
        } else {
            c.pointee.friction = (bodyA.pointee.friction * bodyB.pointee.friction).squareRoot()
            c.pointee.restitution = max(bodyA.pointee.restitution, bodyB.pointee.restitution)
        }
        c.pointee.aMoves = bodyA.pointee.kind == .dynamic
        c.pointee.bMoves = bodyB.pointee.kind == .dynamic
        c.pointee.materialsGeneration = materialsGeneration
    }

    /// After the velocity solve: records began events (at the point that took the larger
    /// impulse) and ended ones for the contacts whose touch state changed, in contact order
    /// (the order of `activeContacts`, and of the events before the solver listed the changes).
    func updateTouching() {
        touchChanges.sort()
        contacts.withBoundedPointer { contacts in
            for index in touchChanges {
                let c = contacts.pointer(at: index)
                if c.pointee.isTouching {
                    contactEvents.append(
                        ContactEvent(
                            shapeA: c.pointee.shapeA, shapeB: c.pointee.shapeB, point: c.pointee.p0.point, began: false)
                    )
                } else {
                    let point =
                        c.pointee.pointCount > 1 && c.pointee.p1.maxNormalImpulse > c.pointee.p0.maxNormalImpulse
                        ? c.pointee.p1.point : c.pointee.p0.point
                    contactEvents.append(
                        ContactEvent(shapeA: c.pointee.shapeA, shapeB: c.pointee.shapeB, point: point, began: true))
                }
                c.pointee.isTouching.toggle()
            }
        }
    }
}
