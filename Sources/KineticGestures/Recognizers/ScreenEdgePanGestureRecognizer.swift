import KineticDynamics
import KineticPlatform

/// The edges of a rectangle (UIKit's `UIRectEdge`, with its raw values).
public struct RectEdge: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt

    /// Creates edges from raw bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The top edge (−y).
    public static let top = RectEdge(rawValue: 1 << 0)
    /// The left edge (−x).
    public static let left = RectEdge(rawValue: 1 << 1)
    /// The bottom edge (+y).
    public static let bottom = RectEdge(rawValue: 1 << 2)
    /// The right edge (+x).
    public static let right = RectEdge(rawValue: 1 << 3)
    /// All four.
    public static let all: RectEdge = [.top, .left, .bottom, .right]
}

/// A pan that starts at an edge of the screen and moves inwards (UIKit's
/// `UIScreenEdgePanGestureRecognizer`), for interactive transitions and drawers.
///
/// **Rules.** The first finger must come down within ``edgeRegionWidth`` points of one of the
/// ``edges`` of ``screenBounds`` (else it fails at once); the pan then begins, as a pan does,
/// once the fingers have moved its hysteresis, provided the movement points inwards from that
/// edge (more along the inward direction than across it; else it fails).
///
/// **Arbitration.** Every other recognizer that sees its touches waits for it to fail, so from
/// the edge it wins over a scroll view's pan, and elsewhere (where it fails on touch-down) it
/// delays nothing.
///
/// UIKit does not publish its edge region; 20 pt, the width iOS leaves for its system edge
/// gestures (the status bar's height on the first iPhones), is our choice.
open class ScreenEdgePanGestureRecognizer: PanGestureRecognizer {
    /// The width of the band along each edge where the gesture may start: 20 pt (our choice).
    public static let edgeRegionWidth: CGFloat = 20

    /// The edges the gesture starts from. Default none (UIKit's), which never begins.
    public final var edges: RectEdge = []

    /// The screen, in the arena's space. Empty (the default): the frame of the recognizer's
    /// view (its center and bounds size).
    public final var screenBounds: CGRect = .zero

    /// The edge the gesture started from.
    private final var startEdge: RectEdge?
    private final var startCentroid: CGPoint?

    /// Creates a recognizer for no edge; set ``edges``.
    public override init() {
        super.init()
    }

    /// The first finger must be in an edge's band.
    open override func touchesBegan(_ touches: [Touch]) {
        if startEdge == nil, effectiveState == .possible {
            guard let first = touches.first, let edge = edge(at: first.location) else {
                state = .failed
                return
            }
            startEdge = edge
            startCentroid = touchCentroid
        }
        super.touchesBegan(touches)
    }

    /// Fails a movement that does not point inwards; otherwise pans.
    open override func touchesMoved(_ touches: [Touch]) {
        if effectiveState == .possible, let startEdge, let startCentroid, let here = touchCentroid {
            let dx = Double(here.x - startCentroid.x), dy = Double(here.y - startCentroid.y)
            let threshold = hysteresis.isNaN ? 0 : max(Double(hysteresis), 0)
            if (dx * dx + dy * dy).squareRoot() >= threshold {
                let inward: Double, across: Double
                if startEdge == .left {
                    (inward, across) = (dx, abs(dy))
                } else if startEdge == .right {
                    (inward, across) = (-dx, abs(dy))
                } else if startEdge == .top {
                    (inward, across) = (dy, abs(dx))
                } else {
                    (inward, across) = (-dy, abs(dx))
                }
                if inward <= across {
                    state = .failed
                    return
                }
            }
        }
        super.touchesMoved(touches)
    }

    /// Forgets the edge.
    open override func reset() {
        super.reset()
        startEdge = nil
        startCentroid = nil
    }

    /// Every other recognizer waits for this one to fail.
    open override func shouldBeRequiredToFail(by otherGestureRecognizer: GestureRecognizer) -> Bool {
        otherGestureRecognizer !== self
    }

    /// The selected edge whose band contains `point` (the nearest, if several), or nil.
    private final func edge(at point: CGPoint) -> RectEdge? {
        var bounds = screenBounds
        if bounds.isEmpty, let view {
            let size = view.bounds.size
            bounds = CGRect(
                x: view.center.x - size.width / 2, y: view.center.y - size.height / 2, width: size.width,
                height: size.height)
        }
        guard !bounds.isEmpty else { return nil }
        let x = Double(point.x), y = Double(point.y)
        let candidates: [(RectEdge, Double)] = [
            (.left, x - Double(bounds.minX)), (.right, Double(bounds.maxX) - x),
            (.top, y - Double(bounds.minY)), (.bottom, Double(bounds.maxY) - y),
        ]
        var best: (RectEdge, Double)?
        for (edge, distance) in candidates where edges.contains(edge) {
            guard distance >= 0, distance <= Double(Self.edgeRegionWidth) else { continue }
            if best == nil || distance < best!.1 { best = (edge, distance) }
        }
        return best?.0
    }
}
