import KineticPlatform

// The animator's side of collisions: behaviour filter bits, item shapes, boundary shapes and
// the delegate callbacks.

extension DynamicAnimator {
    /// Gives a collision behaviour a filter bit. Beyond 64 behaviours in one animator the extra
    /// ones collide with nothing (reported).
    func registerCollisionBehavior(_ behavior: CollisionBehavior) -> UInt64 {
        guard let slot = collisionSlots.firstIndex(where: { $0 == nil }) else {
            logger.error("more than 64 collision behaviors in one animator; \(behavior) collides with nothing")
            return 0
        }
        collisionSlots[slot] = behavior
        return 1 << UInt64(slot)
    }

    func unregisterCollisionBehavior(_ behavior: CollisionBehavior) {
        if let slot = collisionSlots.firstIndex(where: { $0 === behavior }) { collisionSlots[slot] = nil }
        boundaryRegistry = boundaryRegistry.filter { $0.value.behavior !== behavior }
    }

    func registerBoundary(identifier: AnyHashable, of behavior: CollisionBehavior) -> Int32 {
        let tag = nextBoundaryTag
        nextBoundaryTag &+= 1
        boundaryRegistry[tag] = (identifier, behavior)
        return tag
    }

    /// Static segment shapes on the ground body, one per segment (points in points). A segment
    /// shorter than a nanometre (distinct points 1e-300 pt apart, say) has no usable direction:
    /// the narrow phase would divide by its length. It is left out.
    func createBoundaryShapes(_ segments: [(CGPoint, CGPoint)], owner: UInt64, tag: Int32) -> [ShapeID] {
        segments.compactMap { p1, p2 in
            let a = p1.meters, b = p2.meters
            guard max(abs(b.x - a.x), abs(b.y - a.y)) > 1e-9, let n = unitVector(Vec2(b.y - a.y, a.x - b.x)) else {
                return nil
            }
            let id = world.createPolygonShape(body: world.ground, vertices: [a, b], normals: [n, -n])
            world.setBoundary(id, owner: owner, tag: tag)
            return id
        }
    }

    /// Recomputes an item's collision filter after it joined (`adding`) or left (`removing`) a
    /// collision behaviour, or after a behaviour's mode changed; creates or removes its shape.
    func updateCollisionFilter(
        of item: any DynamicItem, adding: CollisionBehavior? = nil, removing: CollisionBehavior? = nil
    ) {
        guard let index = recordIndex(of: item) else { return }
        var itemGroups: UInt64 = 0, boundaryGroups: UInt64 = 0
        for case let behavior? in collisionSlots where behavior !== removing && behavior.groupBit != 0 {
            let member = behavior === adding || behavior.items.contains { $0 === item }
            guard member else { continue }
            if behavior.collisionMode.contains(.items) { itemGroups |= behavior.groupBit }
            if behavior.collisionMode.contains(.boundaries) { boundaryGroups |= behavior.groupBit }
        }
        let inAny = collisionSlots.contains { slot in
            guard let b = slot, b !== removing else { return false }
            return b === adding || b.items.contains { $0 === item }
        }
        var shapes = records[index].shapes
        if inAny && shapes.isEmpty {
            let body = records[index].body.index
            if let members = records[index].members {
                shapes = members.map { createItemShape(for: $0.item, body: body, offset: $0.offset, angle: $0.angle) }
            } else {
                shapes = [createItemShape(for: item, body: body, offset: .zero, angle: 0)]
            }
        } else if !inAny {
            for shape in shapes { world.destroyShape(shape) }
            shapes = []
        }
        for shape in shapes { world.setFilter(of: shape, itemGroups: itemGroups, boundaryGroups: boundaryGroups) }
        updateRecord(index) {
            $0.shapes = shapes
            $0.itemGroups = itemGroups
            $0.boundaryGroups = boundaryGroups
        }
    }

    /// The item's collision shape from its bounds type: its rectangle, its inscribed ellipse
    /// (a circle when square), or its convex counter-clockwise path (traps otherwise).
    /// For a group member, the shape is placed at `offset` and turned by `angle` in the body.
    private func createItemShape(for item: any DynamicItem, body: Int32, offset: Vec2, angle: Double) -> ShapeID {
        let q = rotation(angle)
        func polygon(_ p: (vertices: [Vec2], normals: [Vec2])) -> ShapeID {
            world.createPolygonShape(
                body: body, vertices: p.vertices.map { offset + rotate(q, $0) },
                normals: p.normals.map { rotate(q, $0) })
        }
        // Bounds are read as the item has them now (the body keeps its size from joining),
        // within the sizes a body may have: a zero, negative or subnormal side would make a
        // shape without area, whose contact normals are not defined.
        let extents = Self.clampedHalfExtents(item.bounds.size)
        let hw = extents.x, hh = extents.y
        switch item.collisionBoundsType {
        case .rectangle:
            return polygon(boxPolygon(halfWidth: hw, halfHeight: hh))
        case .ellipse:
            if hw == hh { return world.createCircleShape(body: body, center: offset, radius: hw) }
            return polygon(ellipsePolygon(halfWidth: hw, halfHeight: hh, vertexCount: 16))
        case .path:
            let points =
                item.collisionBoundingPath.map { path in
                    path.flattened().first.map { $0.points.map { $0.meters } } ?? []
                } ?? []
            guard let hull = makeConvexPolygon(points) else {
                dynamicsTrap(
                    "The collisionBoundingPath of item \(item) must represent a convex polygon with counter-clockwise "
                        + "winding and no self-intersection. The point (0, 0) in the path corresponds to the dynamic "
                        + "item's center."
                )
            }
            return polygon(hull)
        }
    }

    /// Delivers the frame's touch events: every began first, then every ended.
    func dispatchContactEvents() {
        let events = world.takeContactEvents()
        for began in [true, false] {
            for event in events where event.began == began {
                deliver(event)
            }
        }
    }

    private func deliver(_ event: ContactEvent) {
        let a = world.shape(at: event.shapeA), b = world.shape(at: event.shapeB)
        let point = (event.point * pointsPerMeter).cgPoint
        if a.isBoundary || b.isBoundary {
            let boundary = a.isBoundary ? a : b
            let itemShape = a.isBoundary ? b : a
            guard let index = recordByBody[itemShape.body] else { return }
            let item = records[index].item
            let behavior: CollisionBehavior?
            let identifier: AnyHashable?
            if boundary.boundaryTag < 0 {
                behavior = collisionSlots.first { $0?.groupBit == boundary.boundaryOwner } ?? nil
                identifier = nil
            } else {
                let entry = boundaryRegistry[boundary.boundaryTag]
                behavior = entry?.behavior
                identifier = entry?.identifier
            }
            guard let behavior, let delegate = behavior.collisionDelegate else { return }
            if event.began {
                delegate.collisionBehavior(
                    behavior, beganContactFor: item, withBoundaryIdentifier: identifier, at: point)
            } else {
                delegate.collisionBehavior(behavior, endedContactFor: item, withBoundaryIdentifier: identifier)
            }
            return
        }
        guard let ia = recordByBody[a.body], let ib = recordByBody[b.body] else { return }
        let item1 = records[ia].item, item2 = records[ib].item
        let shared = a.itemGroups & b.itemGroups
        for case let behavior? in collisionSlots where behavior.groupBit & shared != 0 {
            guard let delegate = behavior.collisionDelegate else { continue }
            if event.began {
                delegate.collisionBehavior(behavior, beganContactFor: item1, with: item2, at: point)
            } else {
                delegate.collisionBehavior(behavior, endedContactFor: item1, with: item2)
            }
        }
    }
}
