import KineticPlatform

/// One haptic a feedback generator plays, as a value: what UIKit's generators would make the
/// Taptic Engine do, for a headless app to turn into whatever its platform has (the playground
/// vibrates a phone for 10 ms) or for a test to compare.
public enum Feedback: Hashable, Sendable {
    /// A selection changed (`UISelectionFeedbackGenerator.selectionChanged()`): a light tick, as
    /// a picker wheel or a reordered item passing a slot plays.
    case selectionChanged
    /// An impact (`UIImpactFeedbackGenerator(style:).impactOccurred(intensity:)`): something
    /// landed or was lifted, with the generator's style and an intensity from 0 to 1.
    case impactOccurred(style: ImpactFeedbackGenerator.FeedbackStyle, intensity: CGFloat)
}
