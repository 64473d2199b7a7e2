import KineticPlatform

/// The base class of the feedback generators (UIKit's `UIFeedbackGenerator`): a generator
/// plays ``Feedback`` values to its ``observer``.
///
/// UIKit's generators drive the device's Taptic Engine; these deliver what would be played, so
/// code written against `UIImpactFeedbackGenerator` or `UISelectionFeedbackGenerator` ports as is
/// and the app (or a test) decides what a haptic becomes.
open class FeedbackGenerator {
    // Internal members are final unless overridden: in Embedded Swift another module cannot call the others.
    /// Told each time the generator plays; nil plays nothing. Held weakly (strongly in the
    /// WebAssembly build, which has no weak references: see `WeakReference`).
    @WeakReference public var observer: (any FeedbackObserver)?

    /// How many times `prepare()` was called: UIKit wakes the Taptic Engine ahead of a
    /// haptic, which a headless generator only counts.
    public private(set) var preparationCount = 0

    /// A generator with no observer.
    public init() {}

    /// Readies the generator for a haptic soon (UIKit lowers the latency of the next one).
    /// Headless there is no latency to lower; the call is counted.
    open func prepare() {
        preparationCount += 1
    }

    /// Delivers `feedback` to the observer.
    final func play(_ feedback: Feedback) {
        observer?.feedbackGenerator(self, didPlay: feedback)
    }
}
