import Foundation
import Testing
import UIKitCompat

/// A reorder's haptics as UIKit code writes them (only the import changed): a view controller
/// keeps an impact and a selection generator, prepares them when a drag begins and plays them
/// as it goes; here an observer hears what the Taptic Engine would play.
final class HapticReorder: FeedbackObserver {
    let lift = UIImpactFeedbackGenerator(style: .medium)
    let drop = UIImpactFeedbackGenerator(style: UIImpactFeedbackGenerator.FeedbackStyle.light)
    let slot = UISelectionFeedbackGenerator()
    var played: [Feedback] = []

    init() {
        for generator: UIFeedbackGenerator in [lift, drop, slot] { generator.observer = self }
    }

    func feedbackGenerator(_ generator: FeedbackGenerator, didPlay feedback: Feedback) { played.append(feedback) }

    /// UIKit's key handling: `presses.first?.key?.keyCode`.
    func pressed(_ keyCode: UIKeyboardHIDUsage) {
        switch keyCode {
        case .keyboardSpacebar:
            lift.prepare()
            lift.impactOccurred()
        case .keyboardRightArrow: slot.selectionChanged()
        case .keyboardReturnOrEnter: drop.impactOccurred(intensity: 0.5)
        default: break
        }
    }
}

@Suite("Porting UIKit's feedback generators and key codes")
struct FeedbackPortTests {
    @Test func generatorsAndKeyCodesPort() {
        let reorder = HapticReorder()
        for key: UIKeyboardHIDUsage in [
            .keyboardSpacebar, .keyboardRightArrow, .keyboardEscape, .keyboardReturnOrEnter,
        ] {
            reorder.pressed(key)
        }
        #expect(
            reorder.played == [
                .impactOccurred(style: .medium, intensity: 1), .selectionChanged,
                .impactOccurred(style: .light, intensity: 0.5),
            ])
        // UIKit's HID usage codes (USB HID Usage Tables, keyboard page 0x07).
        #expect(
            UIKeyboardHIDUsage.keyboardSpacebar.rawValue == 0x2C && UIKeyboardHIDUsage.keyboardEscape.rawValue == 0x29)
        #expect(UIKeyboardHIDUsage(code: "ArrowUp") == .keyboardUpArrow && UIKeyboardHIDUsage(code: "KeyA") == nil)
        #expect(UIKeyboardHIDUsage.allCases.allSatisfy { UIKeyboardHIDUsage(code: $0.code) == $0 })
        #expect(Set(UIKeyboardHIDUsage.allCases.map(\.code)).count == UIKeyboardHIDUsage.allCases.count)
    }
}
