import KineticPlatform

/// What the engine would draw to show its state, in the animator's reference coordinates
/// (points): the joints behind attachments, snaps and rectangle attachments, the fixed anchor
/// points they hang from, and the points where items touch. UIKit has no such API; Box2D's
/// debug draw is the model. For overlays and for people chasing a behaviour.
public struct DynamicAnimatorDebugDrawing: Equatable, Sendable {
    /// A joint between two points: an attachment's point on its item, and its anchor or the
    /// other item's point.
    public struct Joint: Equatable, Sendable {
        /// The first end.
        public var start: CGPoint
        /// The second end.
        public var end: CGPoint
        /// Whether the joint is a spring (an attachment with a frequency) rather than rigid.
        public var isSpring: Bool
    }

    /// Every joint in the animator.
    public var joints: [Joint] = []
    /// The fixed points joints hang from (attachments to an anchor, snaps).
    public var anchors: [CGPoint] = []
    /// The points where items touch each other or a boundary, as of the last step.
    public var contacts: [CGPoint] = []
}

extension DynamicAnimator {
    /// The animator's state as lines and points, in reference coordinates. Reads the solver
    /// without changing it.
    public func debugDrawing() -> DynamicAnimatorDebugDrawing {
        var drawing = DynamicAnimatorDebugDrawing()
        world.debugDraw(
            joint: { joint in
                let start = (joint.a * pointsPerMeter).cgPoint, end = (joint.b * pointsPerMeter).cgPoint
                drawing.joints.append(.init(start: start, end: end, isSpring: joint.isSpring))
                if let anchor = joint.anchor { drawing.anchors.append((anchor * pointsPerMeter).cgPoint) }
            },
            contact: { point in
                drawing.contacts.append((point * pointsPerMeter).cgPoint)
            })
        return drawing
    }
}
