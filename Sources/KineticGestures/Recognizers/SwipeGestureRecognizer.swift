import KineticDynamics
import KineticPlatform

/// Recognizes a quick, straight stroke in one of the allowed directions (UIKit's
/// `UISwipeGestureRecognizer`): a discrete gesture, recognized (`.ended`) once, while the
/// fingers are still moving.
///
/// **Rules.** With exactly ``numberOfTouchesRequired`` fingers down, their centroid must travel
/// ``minimumDistance`` points along one of the ``direction``s within ``maximumDuration`` seconds
/// of the last finger coming down, never straying more than ``maximumAngle`` from that
/// direction once it has moved 10 points. Otherwise it fails: *too slow* when the time runs
/// out first (the arena's clock fires the deadline with no further touch), *too crooked* when
/// the stroke leaves the angle, and when the fingers lift early or more fingers come down.
///
/// UIKit publishes none of its figures. Ours — 50 pt in 0.5 s within 30° — are our choice:
/// a deliberate flick covers 50 pt in well under 0.3 s, while a slow drag of the same distance
/// (a pan) takes longer than half a second; 30° keeps the four directions apart with room for
/// a thumb's arc.
open class SwipeGestureRecognizer: GestureRecognizer {
    /// The directions a swipe may go (UIKit's `UISwipeGestureRecognizer.Direction`, with its raw
    /// values).
    public struct Direction: OptionSet, Hashable, Sendable {
        /// The raw bits.
        public let rawValue: UInt

        /// Creates directions from raw bits.
        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// Towards +x.
        public static let right = Direction(rawValue: 1 << 0)
        /// Towards −x.
        public static let left = Direction(rawValue: 1 << 1)
        /// Towards −y.
        public static let up = Direction(rawValue: 1 << 2)
        /// Towards +y.
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The distance the centroid must travel, in points: 50 (our choice; see above).
    public static let minimumDistance: CGFloat = 50
    /// The time the stroke may take, in seconds: 0.5 (our choice).
    public static let maximumDuration: TimeInterval = 0.5
    /// How far, in radians, the stroke may stray from its direction: π/6, 30° (our choice).
    public static let maximumAngle: CGFloat = .pi / 6

    /// The allowed directions. Default `.right`, as UIKit's; empty never recognizes.
    public final var direction: Direction = .right

    /// The number of fingers the swipe takes. Default 1; values below 1 count as 1.
    public final var numberOfTouchesRequired = 1

    private static let deadlineTimer = 1
    /// The centroid when the required fingers were all down.
    private final var start: CGPoint?

    /// Creates a swipe recognizer for one finger to the right.
    public override init() {
        super.init()
    }

    private final var touchesRequired: Int { max(numberOfTouchesRequired, 1) }

    /// Starts the clock when the required fingers are down; fails when more come down.
    open override func touchesBegan(_ touches: [Touch]) {
        guard effectiveState == .possible else { return }
        if numberOfTouches > touchesRequired {
            state = .failed
        } else if numberOfTouches == touchesRequired {
            start = touchCentroid
            scheduleTimer(Self.deadlineTimer, at: currentTime + Self.maximumDuration)
        }
    }

    /// Checks the stroke: recognized at the distance, failed when crooked.
    open override func touchesMoved(_ touches: [Touch]) {
        guard effectiveState == .possible, let start, let here = touchCentroid else { return }
        let dx = Double(here.x - start.x), dy = Double(here.y - start.y)
        let distance = (dx * dx + dy * dy).squareRoot()
        guard distance >= 10 else { return }
        // The allowed direction nearest the stroke, and the angle between them.
        var best: (along: Double, angle: Double)?
        for (allowed, ux, uy) in [(Direction.right, 1.0, 0.0), (.left, -1, 0), (.up, 0, -1), (.down, 0, 1)]
        where direction.contains(allowed) {
            let along = dx * ux + dy * uy
            let angle = Elementary.atan2(abs(dx * uy - dy * ux), along)
            if best == nil || angle < best!.angle { best = (along, angle) }
        }
        guard let best, best.angle <= Double(Self.maximumAngle) else {
            state = .failed
            return
        }
        if best.along >= Double(Self.minimumDistance) { state = .ended }
    }

    /// Lifting before the distance fails the swipe.
    open override func touchesEnded(_ touches: [Touch]) {
        if effectiveState == .possible { state = .failed }
    }

    /// Cancelled touches fail the swipe.
    open override func touchesCancelled(_ touches: [Touch]) {
        if effectiveState == .possible { state = .failed }
    }

    /// Forgets the start.
    open override func reset() {
        super.reset()
        start = nil
    }

    /// Too slow: the time ran out before the distance.
    override func timerFired(_ tag: Int) {
        guard tag == Self.deadlineTimer, effectiveState == .possible else { return }
        state = .failed
    }
}
