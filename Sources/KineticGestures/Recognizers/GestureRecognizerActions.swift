import KineticPlatform

/// Gives every recognizer class an `addAction` whose closure receives the recognizer with its
/// own type, so `pan.addAction { pan in pan.translation(in: nil) }` needs no cast. All
/// ``GestureRecognizer`` subclasses conform through the base class.
public protocol GestureRecognizerActions: AnyObject {}

extension GestureRecognizer: GestureRecognizerActions {}

extension GestureRecognizerActions where Self: GestureRecognizer {
    /// Adds an action, UIKit's `addTarget(_:action:)`: called on every state transition UIKit
    /// reports — `.began`, `.changed`, `.ended` (`.recognized`) and `.cancelled`; never for
    /// `.possible` or `.failed`. Actions run in the order they were added.
    @discardableResult
    public func addAction(_ handler: @escaping (Self) -> Void) -> GestureRecognizer.ActionIdentifier {
        appendAction { recognizer in
            // The base class only ever passes the recognizer itself.
            if let typed = recognizer as? Self { handler(typed) }
        }
    }
}
