import KineticGestures
// The `KeyboardScene` protocol: an interactive scene a keyboard can drive.
import KineticPlatform

/// A scene with keyboard control: the page sends keys while the scene has focus (tabbed into).
public protocol KeyboardScene: InteractiveScene {
    /// The scene gained (`true`) or lost keyboard focus.
    func setKeyboardFocus(_ focused: Bool)
    /// One key press while focused; false if the scene does nothing with it.
    @discardableResult
    func handleKey(_ key: KeyboardHIDUsage) -> Bool
}

extension KeyboardScene {
    public var asKeyboardScene: (any KeyboardScene)? { self }
}
