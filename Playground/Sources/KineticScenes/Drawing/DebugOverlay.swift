// `DebugOverlay`: the joints, anchors and contacts drawn over a frame of an interactive scene.
import Foundation
import KineticDynamics

/// What the debug overlay draws over a frame, in the scene's view coordinates: the engine's
/// joints (springs and rigid links), the fixed anchors they hang from, and contact points.
/// Plain values, so the playground sends it only when it changed.
public struct DebugOverlay: Hashable, Codable, Sendable {
    /// A line between two view points.
    public struct Line: Hashable, Codable, Sendable {
        public var x1, y1, x2, y2: Double
        /// A spring (an attachment with a frequency), as opposed to a rigid link.
        public var spring: Bool

        /// A line from (x1, y1) to (x2, y2).
        public init(x1: Double, y1: Double, x2: Double, y2: Double, spring: Bool) {
            (self.x1, self.y1, self.x2, self.y2, self.spring) = (x1, y1, x2, y2, spring)
        }
    }

    /// A view point.
    public struct Point: Hashable, Codable, Sendable {
        public var x, y: Double

        /// The point (x, y).
        public init(x: Double, y: Double) { (self.x, self.y) = (x, y) }
    }

    public var joints: [Line] = []
    public var anchors: [Point] = []
    public var contacts: [Point] = []

    /// An empty overlay.
    public init() {}

    /// The overlay of `animators`, whose reference coordinates are view coordinates moved by
    /// `offset` (a collection view's content offset).
    public init(_ animators: [DynamicAnimator], offset: CGPoint = .zero) {
        let dx = Double(offset.x), dy = Double(offset.y)
        for drawing in animators.map({ $0.debugDrawing() }) {
            joints += drawing.joints.map {
                Line(
                    x1: Double($0.start.x) - dx, y1: Double($0.start.y) - dy, x2: Double($0.end.x) - dx,
                    y2: Double($0.end.y) - dy, spring: $0.isSpring)
            }
            anchors += drawing.anchors.map { Point(x: Double($0.x) - dx, y: Double($0.y) - dy) }
            contacts += drawing.contacts.map { Point(x: Double($0.x) - dx, y: Double($0.y) - dy) }
        }
    }
}
