import KineticPlatform

/// Told each time a ``FeedbackGenerator`` plays: where a headless generator's haptics go.
///
/// Without an observer a generator plays nothing, as a device without a Taptic Engine does.
public protocol FeedbackObserver: AnyObject {
    /// `generator` played `feedback`.
    func feedbackGenerator(_ generator: FeedbackGenerator, didPlay feedback: Feedback)
}
