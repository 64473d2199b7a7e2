/// The world drawn as lines and points, as Box2D's debug draw does: what a person chasing a
/// behaviour wants to see (where springs pull, where they hang, where things touch) without
/// reaching into the solver.
extension World {
    /// A joint's two ends in world metres, and whether it is soft (a spring) or rigid.
    struct DebugJoint {
        var a: Vec2
        var b: Vec2
        var isSpring: Bool
        /// The end on the ground (a fixed anchor point), if either is.
        var anchor: Vec2?
    }

    /// Calls `joint` for every joint and `contact` for every touching contact point.
    func debugDraw(joint: (DebugJoint) -> Void, contact: (Vec2) -> Void) {
        joints.forEachJoint { bodyA, bodyB, localA, localB, isSpring in
            let a = bodies[Int(bodyA)], b = bodies[Int(bodyB)]
            let endA = a.position + rotate(a.rotation, localA), endB = b.position + rotate(b.rotation, localB)
            joint(
                DebugJoint(
                    a: endA, b: endB, isSpring: isSpring, anchor: bodyA == ground ? endA : bodyB == ground ? endB : nil)
            )
        }
        for active in activeContacts {
            let c = contacts[Int(active.index)]
            guard c.isAlive, c.isTouching else { continue }
            if c.pointCount > 0 { contact(c.p0.point) }
            if c.pointCount > 1 { contact(c.p1.point) }
        }
    }
}
