import KineticDynamics
import KineticLayout
// `DebugOverlay`: the joints, anchors and contacts drawn over a frame of an interactive scene.
import KineticPlatform

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
    /// A scroll view moving on its own: its velocity as an arrow from the view's centre (a tenth
    /// of a second's travel), and where it comes to rest as lines across the view at the content
    /// that will then sit at its top (or left) edge.
    public var scrollVelocity: Line?
    public var scrollTargets: [Line]?

    /// An empty overlay.
    public init() {}

    /// The overlay of a scroll view moving on its own in a `size` view: nothing at rest.
    public init(scrolling view: ScrollView, size: CGSize) {
        addScrolling(view, size: size)
    }

    /// This overlay with `view`'s velocity and target added while it moves on its own.
    public func adding(scrolling view: ScrollView, size: CGSize) -> DebugOverlay {
        var copy = self
        copy.addScrolling(view, size: size)
        return copy
    }

    private mutating func addScrolling(_ view: ScrollView, size: CGSize) {
        guard let target = view.targetContentOffset else { return }
        let cx = Double(size.width) / 2, cy = Double(size.height) / 2
        let v = view.scrollingVelocity
        scrollVelocity = Line(x1: cx, y1: cy, x2: cx + Double(v.x) / 10, y2: cy + Double(v.y) / 10, spring: false)
        var lines: [Line] = []
        let y = Double(target.y - view.contentOffset.y), x = Double(target.x - view.contentOffset.x)
        if target.y != view.contentOffset.y {
            lines.append(Line(x1: 0, y1: y, x2: Double(size.width), y2: y, spring: false))
        }
        if target.x != view.contentOffset.x {
            lines.append(Line(x1: x, y1: 0, x2: x, y2: Double(size.height), spring: false))
        }
        scrollTargets = lines
    }

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
