import Foundation
import KineticDynamics
import KineticGestures
import Testing

@testable import KineticLayout

/// Hears a reorder layout's announcements and haptics, and names items if told to.
final class ReorderListener: RearrangeableFlowLayoutAccessibilityDelegate, FeedbackObserver {
    var announcements: [ReorderAnnouncement] = []
    var feedback: [Feedback] = []
    var names: ((IndexPath) -> String?)?

    func accessibilityLabel(forItemAt indexPath: IndexPath) -> String? { names?(indexPath) }
    func rearrangeableFlowLayout(_ layout: RearrangeableFlowLayout, didPost announcement: ReorderAnnouncement) {
        announcements.append(announcement)
    }
    func feedbackGenerator(_ generator: FeedbackGenerator, didPlay feedback: Feedback) {
        self.feedback.append(feedback)
    }

    var texts: [String] { announcements.map(\.text) }
}

/// A reorder scene with a listener, driven by keys.
@MainActor
struct KeyboardScene {
    let scene: ReorderScene
    let listener = ReorderListener()
    var layout: RearrangeableFlowLayout { scene.layout }
    var data: ReorderData { scene.data }
    var view: CollectionView { scene.view }

    init(sections: [[Int]], size: CGSize = CGSize(width: 400, height: 800)) {
        scene = ReorderScene(sections: sections, size: size)
        scene.layout.accessibilityDelegate = listener
        scene.layout.feedbackObserver = listener
        scene.view.logger.logLevel = .critical
    }

    /// Presses `keys` in order; returns the text of what each answered ("—" for nil).
    @discardableResult
    func press(_ keys: KeyboardHIDUsage...) -> [String] {
        keys.map { layout.handleKeyPress($0)?.text ?? "—" }
    }

    func path(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }
}

/// The model's answer: `items` with the one at `from` moved to `to` (remove, then insert).
private func moved(_ items: [Int], from: Int, to: Int) -> [Int] {
    var items = items
    items.insert(items.remove(at: from), at: to)
    return items
}

@Suite("Keyboard reorder")
@MainActor
struct KeyboardReorderTests {
    /// The walk-through: focus item 7, space lifts it, four left arrows take it to
    /// position 3, space drops it. The data shows the one move at every step (checked against a
    /// plain array), the delegate hears a drag's lifecycle, and each step is announced.
    @Test func liftMoveAndDropAnnounceEveryStep() {
        let k = KeyboardScene(sections: [Array(0..<40)])
        k.layout.focusedIndexPath = k.path(6)
        #expect(k.listener.texts == ["Item 7. Position 7 of 40. Press space to pick up."])
        #expect(k.press(.keyboardSpacebar) == ["Picked up item 7. Position 7 of 40."])
        #expect(k.layout.isMovingWithKeyboard && k.layout.draggedIndexPaths == [k.path(6)])
        #expect(k.data.sections[0] == Array(0..<40), "lifting moves nothing")
        var expected = Array(0..<40)
        for position in stride(from: 6, through: 3, by: -1) {
            #expect(k.press(.keyboardLeftArrow) == ["Moved to position \(position) of 40."])
            expected = moved(expected, from: position, to: position - 1)
            #expect(k.data.sections[0] == expected)
            #expect(k.layout.focusedIndexPath == k.path(position - 1))
            #expect(k.layout.draggedIndexPaths == [k.path(position - 1)])
        }
        #expect(k.press(.keyboardSpacebar) == ["Item 7 dropped at position 3."])
        #expect(k.data.sections[0] == moved(Array(0..<40), from: 6, to: 2))
        #expect(!k.layout.isDragging && k.layout.focusedIndexPath == k.path(2))
        #expect(k.data.events == ["willBegin", "didBegin", "willEnd", "didEnd"])
        #expect(k.view.visibleLayoutAttributes().allSatisfy { !$0.isHidden }, "dropped: nothing hidden")
        #expect(k.data.moveCount == 4, "one data move per slot")
    }

    /// While lifted, the item's slot is hidden and its lifted copy drawn on the slot, above
    /// the others.
    @Test func theLiftedItemIsDrawnOnItsSlot() throws {
        let k = KeyboardScene(sections: [Array(0..<40)])
        k.layout.focusedIndexPath = k.path(8)
        k.press(.keyboardSpacebar, .keyboardRightArrow)
        let slot = k.view.visibleLayoutAttributes().filter { $0.indexPath == k.path(9) }
        #expect(slot.count == 2 && slot.filter(\.isHidden).count == 1)
        let representation = try #require(k.layout.representation)
        let frame = FlowLayoutFrames(k.layout).frame(k.path(9))
        #expect(representation.center == CGPoint(x: frame.midX, y: frame.midY))
        #expect(representation.zIndex > 0)
    }

    /// Escape after any moves gives back exactly the order at the lift, and says so.
    @Test func escapeRestoresExactly() {
        let k = KeyboardScene(sections: [Array(0..<40)])
        k.layout.focusedIndexPath = k.path(6)
        k.press(.keyboardReturnOrEnter, .keyboardDownArrow, .keyboardDownArrow, .keyboardRightArrow, .keyboardUpArrow)
        #expect(k.data.sections[0] != Array(0..<40))
        #expect(k.press(.keyboardEscape) == ["Movement cancelled. Item 7 returned to position 7."])
        #expect(k.data.sections[0] == Array(0..<40))
        #expect(k.layout.focusedIndexPath == k.path(6) && !k.layout.isDragging)
        #expect(k.data.events.suffix(2) == ["willEnd", "didCancel"])
        #expect(k.press(.keyboardEscape) == ["—"], "escape with nothing lifted is not the reorder's")
    }

    /// Up and down go to the item in the line above or below nearest in x: with 6 columns (50 pt
    /// cells, 10 pt apart, in 400 pt) that is 6 items back or on, and from the last column of the
    /// row above the 4-item last row, its last item (column 3, nearest column 5).
    @Test func upAndDownTakeTheNearestItemOfTheNextLine() {
        let k = KeyboardScene(sections: [Array(0..<40)])
        let frames = FlowLayoutFrames(k.layout)
        #expect(frames.frame(k.path(6)).minY > frames.frame(k.path(5)).maxY, "6 columns")
        k.layout.focusedIndexPath = k.path(8)
        k.press(.keyboardUpArrow)
        #expect(k.layout.focusedIndexPath == k.path(2))
        k.press(.keyboardDownArrow, .keyboardDownArrow)
        #expect(k.layout.focusedIndexPath == k.path(14))
        k.layout.focusedIndexPath = k.path(35)
        k.press(.keyboardDownArrow)
        #expect(k.layout.focusedIndexPath == k.path(39))
        // Moving: the lifted item takes the slot of that item.
        k.layout.focusedIndexPath = k.path(35)
        k.press(.keyboardSpacebar, .keyboardDownArrow)
        #expect(k.data.sections[0] == moved(Array(0..<40), from: 35, to: 39))
        #expect(k.press(.keyboardUpArrow) == ["Moved to position \(39 - 6 + 1) of 40."])
        let columnOf = { (path: IndexPath) in frames.frame(path).midX }
        #expect(abs(columnOf(k.path(33)) - columnOf(k.path(39))) < 0.5, "straight up from column 3")
    }

    /// At the edges there is nowhere to go: a clear refusal, nothing changed.
    @Test func edgesRefuse() {
        let k = KeyboardScene(sections: [Array(0..<40)])
        k.layout.focusedIndexPath = k.path(0)
        #expect(k.press(.keyboardLeftArrow) == ["Item 1 cannot move further left."])
        #expect(k.press(.keyboardUpArrow) == ["Item 1 cannot move further up."])
        k.press(.keyboardSpacebar)
        #expect(k.press(.keyboardLeftArrow) == ["Item 1 cannot move further left."])
        #expect(k.listener.announcements.last?.kind == .refused(.noDestination))
        #expect(k.data.sections[0] == Array(0..<40) && k.data.moveCount == 0)
        k.layout.focusedIndexPath = k.path(39)
        #expect(!k.layout.isDragging, "moving the focus away cancelled the move")
        #expect(
            k.press(.keyboardRightArrow, .keyboardDownArrow) == [
                "Item 40 cannot move further right.", "Item 40 cannot move further down.",
            ])
    }

    /// Keys with no focused item say so and change nothing; keys a reorder does not use are
    /// not taken.
    @Test func keysWithoutFocusAreRefused() {
        let k = KeyboardScene(sections: [Array(0..<40)])
        #expect(k.press(.keyboardSpacebar, .keyboardRightArrow) == ["No item has focus.", "No item has focus."])
        #expect(k.listener.announcements.map(\.kind) == [.refused(.noFocusedItem), .refused(.noFocusedItem)])
        #expect(k.press(.keyboardTab, .keyboardHome, .keyboardEscape) == ["—", "—", "—"])
        #expect(k.data.events.isEmpty && k.data.moveCount == 0)
        // A path that names no item is ignored.
        k.layout.focusedIndexPath = k.path(40)
        k.layout.focusedIndexPath = IndexPath(item: 0, section: 3)
        #expect(k.layout.focusedIndexPath == nil)
    }

    /// canMoveItem keeps an item down; targetIndexPath keeps a lifted one out of a slot.
    @Test func theDelegateDecidesWhatMovesAndWhere() {
        let k = KeyboardScene(sections: [Array(0..<40)])
        k.data.canMove = { $0.item != 3 }
        k.layout.focusedIndexPath = k.path(3)
        #expect(k.press(.keyboardSpacebar) == ["Item 4 cannot be moved."])
        #expect(!k.layout.isDragging && k.data.events.isEmpty)
        // Item 0 is pinned: nothing may go before it.
        k.data.retarget = { $1.item == 0 ? nil : $1 }
        k.layout.focusedIndexPath = k.path(2)
        k.press(.keyboardSpacebar, .keyboardLeftArrow)
        #expect(k.data.sections[0].prefix(3) == [0, 2, 1])
        #expect(k.press(.keyboardLeftArrow) == ["Item 3 cannot move there."])
        #expect(k.data.sections[0].prefix(3) == [0, 2, 1])
        // A delegate that sends the item elsewhere is followed.
        k.data.retarget = { _, _ in IndexPath(item: 10, section: 0) }
        #expect(k.press(.keyboardLeftArrow) == ["Moved to position 11 of 40."])
        #expect(k.data.sections[0][10] == 2)
    }

    /// The app names items; the name stays with the item for the whole move.
    @Test func itemsAreNamedByTheirAccessibilityLabel() {
        let k = KeyboardScene(sections: [Array(0..<40)])
        k.listener.names = { [data = k.data] in "Photo \(data.sections[$0.section][$0.item])" }
        k.layout.focusedIndexPath = k.path(6)
        k.press(.keyboardSpacebar, .keyboardLeftArrow, .keyboardSpacebar)
        #expect(
            k.listener.texts == [
                "Photo 6. Position 7 of 40. Press space to pick up.", "Picked up Photo 6. Position 7 of 40.",
                "Moved to position 6 of 40.", "Photo 6 dropped at position 6.",
            ])
        #expect(k.listener.announcements.last?.itemLabel == "Photo 6")
        #expect(k.listener.announcements.last?.position == 6 && k.listener.announcements.last?.count == 40)
    }

    /// A sentence starts with the label's first letter in upper case when it is a to z; other
    /// first characters are spoken as written (their case depends on a language the layout does
    /// not know), and combining marks stay on their letter.
    @Test func aSentenceCapitalisesOnlyAnASCIIFirstLetter() {
        for (label, start) in [
            ("photo 6", "Photo 6"), ("élan", "élan"), ("a\u{301}b", "A\u{301}b"), ("ıi", "ıi"), ("9 lives", "9 lives"),
            ("Zed", "Zed"),
        ] {
            let k = KeyboardScene(sections: [Array(0..<10)])
            k.listener.names = { _ in label }
            k.layout.focusedIndexPath = k.path(3)
            #expect(k.listener.texts.last == "\(start). Position 4 of 10. Press space to pick up.")
            #expect(k.listener.announcements.last?.itemLabel == label)
        }
    }

    /// The focus stays on its item through batch updates from elsewhere; when the item is
    /// deleted the focus goes, and that is announced.
    @Test func focusFollowsItsItemAndGoesWithIt() {
        let k = KeyboardScene(sections: [Array(0..<40)])
        k.layout.focusedIndexPath = k.path(5)
        k.view.performBatchUpdates {
            k.data.sections[0].insert(100, at: 0)
            k.view.insertItems(at: [k.path(0)])
        }
        #expect(k.layout.focusedIndexPath == k.path(6) && k.data.sections[0][6] == 5)
        k.view.performBatchUpdates {
            k.data.sections[0].remove(at: 6)
            k.view.deleteItems(at: [k.path(6)])
        }
        #expect(k.layout.focusedIndexPath == nil)
        #expect(k.listener.announcements.last?.kind == .focusLost)
        #expect(k.listener.texts.last == "Item 6 was removed.")
        #expect(k.press(.keyboardSpacebar) == ["No item has focus."])
        k.layout.focusedIndexPath = k.path(1)
        k.view.reloadData()
        #expect(k.layout.focusedIndexPath == nil)
        #expect(k.listener.texts.last == "The list was reloaded. No item has focus.")
    }

    /// A data change from elsewhere in the middle of a keyboard move ends it where it is,
    /// announced; nothing is lost or duplicated, and the keys carry on from the new state.
    @Test func aDataChangeMidMoveCancelsCleanly() {
        let k = KeyboardScene(sections: [Array(0..<40)])
        k.layout.focusedIndexPath = k.path(6)
        k.press(.keyboardSpacebar, .keyboardLeftArrow, .keyboardLeftArrow)
        k.view.performBatchUpdates {
            k.data.sections[0].insert(100, at: 0)
            k.view.insertItems(at: [k.path(0)])
        }
        #expect(!k.layout.isDragging && !k.layout.isMovingWithKeyboard)
        #expect(k.listener.announcements.last?.kind == .interrupted)
        #expect(k.listener.texts.last == "Movement cancelled: the list changed. Item 7 is at position 6 of 41.")
        #expect(k.data.sections[0] == [100] + moved(Array(0..<40), from: 6, to: 4))
        #expect(k.layout.focusedIndexPath == k.path(5) && k.data.sections[0][5] == 6)
        #expect(k.data.events.suffix(2) == ["willEnd", "didCancel"])
        #expect(k.press(.keyboardEscape) == ["—"], "nothing left to cancel")
        // Deleting the lifted item, and reloading, mid-move.
        k.press(.keyboardSpacebar, .keyboardRightArrow)
        k.view.performBatchUpdates {
            k.data.sections[0].remove(at: 6)
            k.view.deleteItems(at: [k.path(6)])
        }
        // The default name is the position at the lift: this lift was at position 6.
        #expect(k.listener.texts.last == "Movement cancelled: the list changed. Item 6 was removed.")
        #expect(k.layout.focusedIndexPath == nil && !k.layout.isDragging)
        k.layout.focusedIndexPath = k.path(0)
        k.press(.keyboardSpacebar, .keyboardRightArrow)
        k.view.reloadData()
        #expect(k.listener.texts.last == "Movement cancelled: the list changed. The list was reloaded.")
        #expect(!k.layout.isDragging)
        #expect(k.data.sections[0].sorted() == (0..<40).filter { $0 != 6 } + [100])
    }

    /// Each step scrolls the item into view: 40 steps down a 200-item grid take the content along.
    @Test func movesScrollToKeepTheItemVisible() throws {
        let k = KeyboardScene(sections: [Array(0..<200)])
        k.layout.focusedIndexPath = k.path(1)
        k.press(.keyboardSpacebar)
        for _ in 0..<30 {
            k.press(.keyboardDownArrow)
            let path = try #require(k.layout.focusedIndexPath)
            let frame = FlowLayoutFrames(k.layout).frame(path)
            let visible = CGRect(origin: k.view.contentOffset, size: k.view.bounds.size)
            #expect(visible.contains(frame), "\(frame) in \(visible)")
        }
        #expect(k.view.contentOffset.y > 900)
        k.press(.keyboardEscape)
        let visible = CGRect(origin: k.view.contentOffset, size: k.view.bounds.size)
        #expect(visible.contains(FlowLayoutFrames(k.layout).frame(k.path(1))), "cancel scrolls back to it")
        #expect(k.data.sections[0] == Array(0..<200))
    }

    /// Across sections: a lifted item steps into an empty section and on into the next; the
    /// focus skips the empty one. Announcements name the section when there are several.
    @Test func stepsCrossSections() {
        let k = KeyboardScene(sections: [[0, 1, 2], [], [3, 4]])
        k.layout.focusedIndexPath = k.path(2)
        k.press(.keyboardRightArrow)
        #expect(k.layout.focusedIndexPath == k.path(0, 2), "the focus skips the empty section")
        k.press(.keyboardLeftArrow)
        #expect(
            k.press(.keyboardSpacebar, .keyboardRightArrow) == [
                "Picked up item 3. Position 3 of 3 in section 1.", "Moved to position 1 of 1 in section 2.",
            ])
        #expect(k.data.sections == [[0, 1], [2], [3, 4]])
        k.press(.keyboardRightArrow)
        #expect(k.data.sections == [[0, 1], [], [2, 3, 4]])
        k.press(.keyboardLeftArrow, .keyboardLeftArrow)
        #expect(k.data.sections == [[0, 1, 2], [], [3, 4]], "onto the end of the previous section")
        #expect(k.press(.keyboardSpacebar) == ["Item 3 dropped at position 3 in section 1."])
    }

    /// In a horizontal flow the lines are columns: up and down step through positions, left
    /// and right go to the next column.
    @Test func aHorizontalFlowTurnsTheArrows() {
        let k = KeyboardScene(sections: [Array(0..<40)], size: CGSize(width: 800, height: 400))
        k.layout.scrollDirection = .horizontal
        k.view.layoutIfNeeded()
        k.layout.focusedIndexPath = k.path(8)
        k.press(.keyboardDownArrow)
        #expect(k.layout.focusedIndexPath == k.path(9))
        k.press(.keyboardRightArrow)
        #expect(k.layout.focusedIndexPath == k.path(15), "6 rows a column")
        k.press(.keyboardLeftArrow, .keyboardUpArrow)
        #expect(k.layout.focusedIndexPath == k.path(8))
    }

    /// A finger and the keyboard never drag at once: keys wait for the finger, the finger for
    /// the keyboard.
    @Test func fingerAndKeyboardTakeTurns() {
        let k = KeyboardScene(sections: [Array(0..<40)])
        k.layout.focusedIndexPath = k.path(6)
        #expect(k.layout.beginDragging(at: k.scene.center(k.path(0))))
        #expect(
            k.press(.keyboardSpacebar, .keyboardRightArrow) == [
                "An item is being dragged.", "An item is being dragged.",
            ])
        k.layout.endDragging()
        k.press(.keyboardSpacebar)
        #expect(!k.layout.beginDragging(at: k.scene.center(k.path(0))))
        k.layout.updateDragging(to: .zero)
        k.layout.step(1)
        #expect(k.layout.draggedIndexPaths == [k.path(6)], "the finger's calls do not move a keyboard drag")
        // Focus taken away (the grid lost focus) cancels the move.
        k.press(.keyboardLeftArrow)
        k.layout.focusedIndexPath = nil
        #expect(k.data.sections[0] == Array(0..<40) && !k.layout.isDragging)
    }
}

/// The flow layout's own frames (the slots, hidden or not).
@MainActor
struct FlowLayoutFrames {
    let layout: RearrangeableFlowLayout
    init(_ layout: RearrangeableFlowLayout) { self.layout = layout }
    func frame(_ path: IndexPath) -> CGRect {
        layout.collectionView?.layoutIfNeeded()
        return layout.layoutAttributesForItem(at: path)!.frame
    }
}
