import Foundation
import KineticDynamics
import KineticGestures
import Testing

@testable import KineticLayout

/// Haptics in the shape of UIKit's feedback generators: the generators alone, then what a
/// reorder plays by finger and by keyboard.
@Suite("Reorder feedback")
@MainActor
struct ReorderFeedbackTests {
    private func path(_ item: Int) -> IndexPath { IndexPath(item: item, section: 0) }

    /// An impact carries its generator's style and an intensity clamped to 0…1; nothing plays
    /// without an observer, which is held weakly.
    @Test func generatorsPlayToTheirObserver() {
        let listener = ReorderListener()
        let impact = ImpactFeedbackGenerator(style: .rigid)
        impact.impactOccurred()
        #expect(listener.feedback.isEmpty)
        impact.observer = listener
        impact.prepare()
        impact.impactOccurred()
        impact.impactOccurred(intensity: 0.4)
        impact.impactOccurred(intensity: 7)
        impact.impactOccurred(intensity: -1)
        impact.impactOccurred(intensity: .nan)
        let selection = SelectionFeedbackGenerator()
        selection.observer = listener
        selection.selectionChanged()
        #expect(
            listener.feedback == [
                .impactOccurred(style: .rigid, intensity: 1), .impactOccurred(style: .rigid, intensity: 0.4),
                .impactOccurred(style: .rigid, intensity: 1), .impactOccurred(style: .rigid, intensity: 0),
                .impactOccurred(style: .rigid, intensity: 1), .selectionChanged,
            ])
        #expect(impact.preparationCount == 1 && ImpactFeedbackGenerator().style == .medium)
        weak var gone: ReorderListener?
        do {
            let short = ReorderListener()
            gone = short
            selection.observer = short
        }
        #expect(gone == nil && selection.observer == nil)
        // UIKit's raw values.
        #expect(ImpactFeedbackGenerator.FeedbackStyle.allCases.map(\.rawValue) == [0, 1, 2, 3, 4])
    }

    /// A finger's drag plays a medium impact on lift, one selection tick per slot change (one
    /// data move each, for a single item) and a light impact on the drop.
    @Test func aFingerDragPlaysLiftTicksAndDrop() {
        let k = KeyboardScene(sections: [Array(0..<40)])
        let start = k.scene.center(path(0))
        k.layout.beginDragging(at: start)
        #expect(k.listener.feedback == [.impactOccurred(style: .medium, intensity: 1)])
        let end = k.scene.center(path(16))
        for step in 1...40 {
            let t = CGFloat(step) / 40
            k.layout.updateDragging(to: CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))
        }
        k.layout.endDragging()
        let ticks = k.listener.feedback.dropFirst().dropLast()
        #expect(k.data.moveCount > 1)
        #expect(ticks.count == k.data.moveCount && ticks.allSatisfy { $0 == .selectionChanged })
        #expect(k.listener.feedback.last == .impactOccurred(style: .light, intensity: 1))
        // A cancel lands too, in the styles the layout is given; a data change ends it silently.
        k.listener.feedback.removeAll()
        k.layout.liftFeedbackStyle = .heavy
        k.layout.dropFeedbackStyle = .soft
        k.layout.beginDragging(at: k.scene.center(path(3)))
        k.layout.cancelDragging()
        #expect(
            k.listener.feedback == [
                .impactOccurred(style: .heavy, intensity: 1), .impactOccurred(style: .soft, intensity: 1),
            ])
        k.listener.feedback.removeAll()
        k.layout.beginDragging(at: k.scene.center(path(3)))
        k.view.reloadData()
        #expect(!k.layout.isDragging && k.listener.feedback == [.impactOccurred(style: .heavy, intensity: 1)])
    }

    /// The keyboard plays the same: lift, a tick per step that moved, the drop; focus moves and
    /// refused keys play nothing.
    @Test func theKeyboardPlaysTheSame() {
        let k = KeyboardScene(sections: [Array(0..<40)])
        k.layout.focusedIndexPath = path(1)
        k.press(.keyboardRightArrow, .keyboardLeftArrow)
        #expect(k.listener.feedback.isEmpty, "moving the focus is silent")
        k.press(.keyboardSpacebar, .keyboardRightArrow, .keyboardDownArrow, .keyboardUpArrow, .keyboardUpArrow)
        k.press(.keyboardSpacebar)
        #expect(
            k.listener.feedback == [
                .impactOccurred(style: .medium, intensity: 1), .selectionChanged, .selectionChanged, .selectionChanged,
                .impactOccurred(style: .light, intensity: 1),
            ], "the second up arrow found no line and played nothing")
    }
}
