import KineticLayout
// `SceneEvent`: what a scene tells its player besides what to draw.
import KineticPlatform

/// Something a scene tells the page besides its drawables: a sentence for a screen reader's
/// live region, or a haptic.
public enum SceneEvent: Hashable, Sendable {
    /// A sentence to show in the page's live region (a keyboard reorder's step).
    case announcement(String)
    /// A haptic, as UIKit's feedback generators would play it; the page vibrates a phone.
    case feedback(Feedback)
}
