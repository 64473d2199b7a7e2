import KineticPlatform

/// Plays a tick each time a selection changes: a picker's value, a reordered item's slot (UIKit's
/// `UISelectionFeedbackGenerator`).
public final class SelectionFeedbackGenerator: FeedbackGenerator {
    /// A generator with no observer.
    public override init() {
        super.init()
    }

    /// Plays the selection tick.
    public func selectionChanged() {
        play(.selectionChanged)
    }
}
