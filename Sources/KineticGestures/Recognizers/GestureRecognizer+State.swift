import KineticPlatform

extension GestureRecognizer {
    /// The states of UIKit's gesture-recognizer state machine (`UIGestureRecognizer.State`,
    /// with UIKit's raw values).
    ///
    /// A discrete gesture (a tap) goes `.possible → .recognized` or `.possible → .failed`;
    /// a continuous one (a pan, a long press) goes `.possible → .began → .changed… → .ended`,
    /// `.cancelled` or, before beginning, `.failed`. After a final state the arena resets the
    /// recognizer to `.possible` once none of its fingers is down any more.
    public enum State: Int, Hashable, Sendable, CustomStringConvertible {
        /// Touches are being interpreted; nothing recognized yet (the initial state).
        case possible = 0
        /// A continuous gesture was recognized; the action fires.
        case began = 1
        /// A continuous gesture changed; the action fires.
        case changed = 2
        /// A continuous gesture ended, or a discrete one was recognized; the action fires.
        case ended = 3
        /// A continuous gesture was cancelled; the action fires.
        case cancelled = 4
        /// The touches are not this gesture; no action fires.
        case failed = 5

        /// A discrete gesture was recognized: the same state as `.ended`, as in UIKit.
        public static let recognized = State.ended

        /// Whether the state is final: the recognizer waits to be reset.
        public var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }

        /// Whether the recognizer has recognized and is tracking its gesture.
        var isActive: Bool { self == .began || self == .changed }

        /// The name of the case.
        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }
    }
}
