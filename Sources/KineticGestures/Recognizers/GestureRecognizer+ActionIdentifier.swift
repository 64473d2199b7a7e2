import KineticPlatform

extension GestureRecognizer {
    /// Identifies an action added to a recognizer, for ``GestureRecognizer/removeAction(_:)``
    /// (UIKit pairs a target with a selector; a closure needs a handle).
    public struct ActionIdentifier: Hashable, Sendable {
        let rawValue: Int
    }
}
