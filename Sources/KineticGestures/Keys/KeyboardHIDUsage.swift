import KineticPlatform

/// A key on a hardware keyboard, by its USB HID usage (UIKit's `UIKeyboardHIDUsage`, the type of
/// `UIKey.keyCode`): the keys Kinetic's keyboard interactions use, with UIKit's case names and
/// the HID usage codes as raw values.
///
/// Key input is a plain value, as touches are: a browser's `KeyboardEvent.code`, a terminal or
/// a test hands one to whatever handles keys (``init(code:)`` reads the web's names), so a run
/// is deterministic and needs no keyboard.
public enum KeyboardHIDUsage: Int, CaseIterable, Hashable, Sendable {
    /// Return (Enter on the main block).
    case keyboardReturnOrEnter = 0x28
    /// Escape.
    case keyboardEscape = 0x29
    /// Tab.
    case keyboardTab = 0x2B
    /// The space bar.
    case keyboardSpacebar = 0x2C
    /// Home.
    case keyboardHome = 0x4A
    /// Page Up.
    case keyboardPageUp = 0x4B
    /// End.
    case keyboardEnd = 0x4D
    /// Page Down.
    case keyboardPageDown = 0x4E
    /// The right arrow.
    case keyboardRightArrow = 0x4F
    /// The left arrow.
    case keyboardLeftArrow = 0x50
    /// The down arrow.
    case keyboardDownArrow = 0x51
    /// The up arrow.
    case keyboardUpArrow = 0x52
    /// Enter on the numeric keypad.
    case keypadEnter = 0x58

    /// The key the web's `KeyboardEvent.code` names (`"Space"`, `"Enter"`, `"NumpadEnter"`,
    /// `"Escape"`, `"Tab"`, `"ArrowUp"`, `"ArrowDown"`, `"ArrowLeft"`, `"ArrowRight"`, `"Home"`,
    /// `"End"`, `"PageUp"`, `"PageDown"`), or nil for any other name.
    public init?(code: String) {
        guard let key = Self.allCases.first(where: { $0.code == code }) else { return nil }
        self = key
    }

    /// The web's `KeyboardEvent.code` for this key.
    public var code: String {
        switch self {
        case .keyboardReturnOrEnter: "Enter"
        case .keyboardEscape: "Escape"
        case .keyboardTab: "Tab"
        case .keyboardSpacebar: "Space"
        case .keyboardHome: "Home"
        case .keyboardPageUp: "PageUp"
        case .keyboardEnd: "End"
        case .keyboardPageDown: "PageDown"
        case .keyboardRightArrow: "ArrowRight"
        case .keyboardLeftArrow: "ArrowLeft"
        case .keyboardDownArrow: "ArrowDown"
        case .keyboardUpArrow: "ArrowUp"
        case .keypadEnter: "NumpadEnter"
        }
    }
}
