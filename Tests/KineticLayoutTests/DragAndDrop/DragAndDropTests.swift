import Foundation
import KineticDynamics
import KineticTestSupport
import Testing

@testable import KineticLayout

/// Drag and drop between collection views (iOS 11's model, issue 23), on a board of columns:
/// what each view shows during the drag, and the data after the drop, against the order the
/// moves must produce.
@Suite("Drag and drop")
struct DragAndDropTests {
    /// Column 0: 0…5, column 1: 10…13, column 2: empty.
    func board() -> BoardFixture { BoardFixture(columns: [Array(0..<6), Array(10..<14), []]) }

    /// The identities a view shows, in order; nil for an empty place (a gap).
    func shown(_ board: BoardFixture, _ column: Int) -> [Int?] {
        let view = board.views[column]
        return (0..<view.numberOfItems(inSection: 0)).map { item in
            view.dataIndexPath(forPresentedIndexPath: IndexPath(item: item, section: 0)).map {
                board.columns[column][$0.item]
            }
        }
    }

    /// The centre of the card `id` where it is shown now, in the space.
    func point(of id: Int, _ board: BoardFixture) -> CGPoint? {
        for column in board.columns.indices {
            if let item = shown(board, column).firstIndex(of: id) { return board.point(column: column, item: item) }
        }
        return nil
    }

    @Test func aCardMovesWithinItsColumnAsAReorder() throws {
        let board = board()
        let items = board.space.beginDrag(at: try #require(board.point(column: 0, item: 1)))
        #expect(items.count == 1 && board.views[0].hasActiveDrag && board.views[0].hasActiveDrop)
        // Lifted: the card's place is the gap.
        #expect(shown(board, 0) == [0, nil, 2, 3, 4, 5])
        // Over card 4: the cards between move back, the gap takes 4's place.
        board.space.moveDrag(to: try #require(board.point(column: 0, item: 4)))
        #expect(shown(board, 0) == [0, 2, 3, 4, nil, 5])
        #expect(board.space.endDrag() != nil)
        #expect(board.columns[0] == [0, 2, 3, 4, 1, 5])
        #expect(shown(board, 0) == [0, 2, 3, 4, 1, 5])
        #expect(!board.views[0].hasActiveDrag && board.space.session == nil)
    }

    @Test func aCardMovesToAnotherColumn() throws {
        let board = board()
        board.space.beginDrag(at: try #require(board.point(column: 0, item: 2)))
        board.space.moveDrag(to: try #require(board.point(column: 1, item: 1)))
        // The source closes its gap; the destination opens one where the card would go.
        #expect(shown(board, 0) == [0, 1, 3, 4, 5])
        #expect(shown(board, 1) == [10, nil, 11, 12, 13])
        #expect(board.views[0].hasActiveDrag && !board.views[0].hasActiveDrop && board.views[1].hasActiveDrop)
        board.space.endDrag()
        #expect(board.columns == [[0, 1, 3, 4, 5], [10, 2, 11, 12, 13], []])
        #expect(shown(board, 0) == [0, 1, 3, 4, 5] && shown(board, 1) == [10, 2, 11, 12, 13])
    }

    @Test func cardsAddedByTappingTravelTogether() throws {
        let board = board()
        board.space.beginDrag(at: try #require(board.point(column: 0, item: 0)))
        #expect(board.space.addItems(at: try #require(point(of: 3, board))).count == 1)
        #expect(board.space.addItems(at: try #require(point(of: 12, board))).count == 1)
        // Lifted cards are taken out of their columns (the drag would move them).
        #expect(shown(board, 0).compactMap { $0 } == [1, 2, 4, 5] && shown(board, 1) == [10, 11, 13])
        #expect(board.space.session?.items.count == 3)
        // Into the empty column: three places.
        board.space.moveDrag(to: CGPoint(x: 2.5 * BoardFixture.columnSize.width, y: 100))
        #expect(shown(board, 2) == [nil, nil, nil])
        board.space.endDrag()
        #expect(board.columns == [[1, 2, 4, 5], [10, 11, 13], [0, 3, 12]])
    }

    @Test func aCopyLeavesTheSourceAndAForbiddenDropChangesNothing() throws {
        let board = board()
        board.crossColumnOperation = .copy
        board.space.beginDrag(at: try #require(board.point(column: 0, item: 5)))
        board.space.moveDrag(to: try #require(board.point(column: 1, item: 0)))
        #expect(shown(board, 0) == [0, 1, 2, 3, 4, 5], "a copy takes nothing from the source")
        // So the lifted card shows, and tapping it adds nothing: it is in the session already.
        #expect(board.space.addItems(at: try #require(board.point(column: 0, item: 5))).isEmpty)
        board.space.endDrag()
        #expect(board.columns == [Array(0..<6), [5, 10, 11, 12, 13], []])

        board.crossColumnOperation = .forbidden
        board.space.beginDrag(at: try #require(board.point(column: 0, item: 0)))
        board.space.moveDrag(to: try #require(board.point(column: 1, item: 0)))
        #expect(shown(board, 1) == [5, 10, 11, 12, 13], "no gap for a forbidden drop")
        #expect(board.space.endDrag() == nil)
        #expect(board.columns == [Array(0..<6), [5, 10, 11, 12, 13], []])
        #expect(shown(board, 0) == [0, 1, 2, 3, 4, 5])
    }

    @Test func cancelRestoresEverythingAndKeepsTheSelection() throws {
        let board = board()
        board.views[0].allowsMultipleSelection = true
        board.views[0].selectItem(at: IndexPath(item: 2, section: 0), animated: false, scrollPosition: [])
        board.space.beginDrag(at: try #require(board.point(column: 0, item: 2)))
        board.space.moveDrag(to: try #require(board.point(column: 1, item: 3)))
        #expect(board.views[0].indexPathsForSelectedItems == [], "the lifted card is not shown, so not selected")
        board.space.cancelDrag()
        #expect(board.columns == [Array(0..<6), Array(10..<14), []])
        #expect(shown(board, 0) == (0..<6).map { $0 } && shown(board, 1) == (10..<14).map { $0 })
        #expect(board.views[0].indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
    }

    /// The cadence: with `.slow`, the gap stays where it was until the finger has hovered over
    /// the new place for 0.35 s.
    @Test func theGapWaitsForTheReorderingCadence() throws {
        let board = board()
        board.views[0].reorderingCadence = .slow
        board.space.beginDrag(at: try #require(board.point(column: 0, item: 0)))
        board.space.moveDrag(to: try #require(board.point(column: 0, item: 3)))
        #expect(shown(board, 0) == [nil, 1, 2, 3, 4, 5])
        for _ in 0..<40 { board.space.step(1.0 / 120) }  // 0.33 s
        #expect(shown(board, 0) == [nil, 1, 2, 3, 4, 5])
        for _ in 0..<3 { board.space.step(1.0 / 120) }  // 0.358 s
        #expect(shown(board, 0) == [1, 2, 3, nil, 4, 5])
    }

    /// Held at a column's bottom edge, the column under the finger scrolls.
    @Test func theColumnUnderTheFingerAutoScrolls() throws {
        let board = BoardFixture(columns: [Array(0..<3), Array(100..<160)])
        board.space.beginDrag(at: try #require(board.point(column: 0, item: 0)))
        board.space.moveDrag(to: CGPoint(x: 300, y: BoardFixture.columnSize.height - 5))
        for _ in 0..<60 { board.space.step(1.0 / 120) }
        #expect(board.views[1].contentOffset.y > 100)
        #expect(board.views[0].contentOffset.y == 0)
    }

    /// Held at the right edge of the scroll view the columns are in, the board scrolls sideways
    /// (to its end, and no further).
    @Test func theContainerAutoScrollsAtItsEdges() throws {
        let board = board()
        let container = ScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        container.contentSize = CGSize(width: 600, height: 600)
        board.space.containerScrollView = container
        board.space.beginDrag(at: try #require(board.point(column: 0, item: 0)))
        board.space.moveDrag(to: CGPoint(x: 395, y: 300))
        for _ in 0..<240 { board.space.step(1.0 / 120) }
        #expect(container.contentOffset.x == 200)
        board.space.moveDrag(to: CGPoint(x: 200, y: 300))
        board.space.step(1.0 / 120)
        #expect(container.contentOffset.x == 200)
    }

    /// Drops into placeholders: the place shows until the app commits (the item arrives) or
    /// deletes it (nothing arrives).
    @Test func placeholdersWaitForTheData() throws {
        let board = board()
        board.usesPlaceholders = true
        board.keepPlaceholders = true
        board.space.beginDrag(at: try #require(board.point(column: 0, item: 1)))
        board.space.addItems(at: try #require(board.point(column: 0, item: 4)))
        board.space.moveDrag(to: try #require(board.point(column: 1, item: 2)))
        board.space.endDrag()
        #expect(board.columns == [[0, 2, 3, 5], Array(10..<14), []])
        #expect(shown(board, 1) == [10, 11, nil, nil, 12, 13])
        let (first, second) = (board.placeholders[0], board.placeholders[1])
        #expect(second.commitInsertion { board.columns[1].insert(4, at: $0.item) })
        #expect(shown(board, 1) == [10, 11, nil, 4, 12, 13])
        #expect(first.deletePlaceholder())
        #expect(!first.deletePlaceholder() && !second.commitInsertion { _ in })
        #expect(shown(board, 1) == [10, 11, 4, 12, 13] && board.columns[1] == [10, 11, 4, 12, 13])
    }

    /// A data change in the source during the drag: the lifted card's source path follows an
    /// insert above it; deleted, it is dropped nowhere (never duplicated).
    @Test func dataChangesDuringTheDragKeepEveryItemOnce() throws {
        let board = board()
        board.space.beginDrag(at: try #require(board.point(column: 0, item: 3)))
        board.space.moveDrag(to: try #require(board.point(column: 1, item: 0)))
        board.columns[0].insert(99, at: 0)
        board.views[0].insertItems(at: [IndexPath(item: 0, section: 0)])
        #expect(board.space.session?.items.first?.sourceIndexPath == IndexPath(item: 4, section: 0))
        #expect(shown(board, 0) == [99, 0, 1, 2, 4, 5], "the lifted card is still taken out")
        board.space.endDrag()
        #expect(board.columns == [[99, 0, 1, 2, 4, 5], [3, 10, 11, 12, 13], []])

        board.space.beginDrag(at: try #require(board.point(column: 0, item: 1)))
        board.space.moveDrag(to: try #require(board.point(column: 2, item: 0)) ?? CGPoint(x: 500, y: 50))
        board.columns[0].remove(at: 1)
        board.views[0].deleteItems(at: [IndexPath(item: 1, section: 0)])
        #expect(board.space.session?.items.first?.sourceIndexPath == nil)
        board.space.endDrag()
        #expect(board.columns == [[99, 1, 2, 4, 5], [3, 10, 11, 12, 13], []])
    }

    /// A data change in the destination during the drag: the gap stays before the card it was
    /// shown before (an insertion above it moves it down, a deletion above it up; the card after
    /// it deleted, it goes before the next, or to the end), so the drop lands between the cards
    /// the person saw it between. The finger holds still and the cadence (slow: 0.35 s) has not
    /// let a new place be taken, so only the change can move the gap.
    @Test func theGapStaysBetweenItsCardsWhenTheDestinationChanges() throws {
        let board = board()
        board.views[1].reorderingCadence = .slow
        board.space.beginDrag(at: try #require(board.point(column: 0, item: 2)))
        board.space.moveDrag(to: try #require(board.point(column: 1, item: 2)))
        #expect(shown(board, 1) == [10, 11, nil, 12, 13])
        board.columns[1].insert(98, at: 0)
        board.views[1].insertItems(at: [IndexPath(item: 0, section: 0)])
        #expect(shown(board, 1) == [98, 10, 11, nil, 12, 13], "an insertion above: the gap moves down")
        board.columns[1].removeFirst(2)
        board.views[1].deleteItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
        #expect(shown(board, 1) == [11, nil, 12, 13], "a deletion above: up")
        board.columns[1].remove(at: 1)
        board.views[1].deleteItems(at: [IndexPath(item: 1, section: 0)])
        #expect(shown(board, 1) == [11, nil, 13], "the card after it deleted: before the next")
        board.columns[1].append(97)
        board.views[1].insertItems(at: [IndexPath(item: 2, section: 0)])
        #expect(shown(board, 1) == [11, nil, 13, 97], "an insertion below changes nothing")
        board.space.endDrag()
        #expect(board.columns == [[0, 1, 3, 4, 5], [11, 2, 13, 97], []])
    }

    /// Within one column (a move: the lifted card's place is taken out of the count), an
    /// insertion above both the lifted card and the gap keeps the gap between the same cards.
    @Test func theGapFollowsItsCardsInTheSourceColumnToo() throws {
        let board = board()
        board.views[0].reorderingCadence = .slow
        board.space.beginDrag(at: try #require(board.point(column: 0, item: 1)))
        board.space.moveDrag(to: try #require(board.point(column: 0, item: 4)))
        board.space.step(1)  // past the cadence: the gap takes card 4's place
        #expect(shown(board, 0) == [0, 2, 3, 4, nil, 5])
        board.columns[0].insert(99, at: 0)
        board.views[0].insertItems(at: [IndexPath(item: 0, section: 0)])
        #expect(shown(board, 0) == [99, 0, 2, 3, 4, nil, 5])
        board.space.endDrag()
        #expect(board.columns[0] == [99, 0, 2, 3, 4, 1, 5])
    }

    /// Random batch updates of the destination while the gap rests, its card lifted from the same
    /// column or another. The model, kept in identities rather than index paths: the card shown
    /// after the gap (nil: the gap is last) stays after it through insertions anywhere; deleted,
    /// the next card after it in the old order that is left takes its place. Checked after every
    /// update against what the view shows, and at the drop against where the card lands.
    @Test func theGapFollowsItsCardThroughRandomUpdates() throws {
        var random = SeededRandom(seed: 23)
        var next = 100
        for session in 0..<60 {
            let board = board()
            let source = session % 2, from = Int(random.next() % 4)
            board.views[1].reorderingCadence = .slow
            let lifted = board.columns[source][from]
            board.space.beginDrag(at: try #require(board.point(column: source, item: from)))
            board.space.moveDrag(to: try #require(board.point(column: 1, item: Int(random.next() % 3))))
            board.space.step(1)  // past the cadence: the gap is where the finger is
            func after() -> Int?? {
                let cards = shown(board, 1)
                guard let gap = cards.firstIndex(of: nil) else { return .none }
                return .some(gap + 1 < cards.count ? cards[gap + 1] : nil)
            }
            guard case .some(var anchor) = after() else {
                Issue.record("session \(session): no gap")
                continue
            }
            for step in 0..<8 {
                let others = board.columns[1].indices.filter { board.columns[1][$0] != lifted }
                var deleted: [Int] = [], inserted: [Int] = []
                let deletes = others.isEmpty ? 0 : Int(random.next() % 3)
                for _ in 0..<deletes {
                    let place = others[Int(random.next() % UInt64(others.count))]
                    if !deleted.contains(place) { deleted.append(place) }
                }
                let old = board.columns[1]
                var new = old.enumerated().filter { !deleted.contains($0.offset) }.map { $0.element }
                for _ in 0..<Int(random.next() % 3) {
                    let place = Int(random.next() % UInt64(new.count + 1))
                    new.insert(next, at: place)
                    next += 1
                }
                inserted = new.indices.filter { new[$0] >= 100 && !old.contains(new[$0]) }
                board.views[1].performBatchUpdates {
                    board.columns[1] = new
                    board.views[1].deleteItems(at: deleted.map { IndexPath(item: $0, section: 0) })
                    board.views[1].insertItems(at: inserted.map { IndexPath(item: $0, section: 0) })
                }
                if let card = anchor, !new.contains(card) {
                    let start = old.firstIndex(of: card)! + 1
                    anchor = old[start...].first { new.contains($0) && $0 != lifted }
                }
                #expect(
                    after() == .some(anchor), "session \(session) step \(step): \(shown(board, 1)), \(anchor as Any)")
            }
            board.space.endDrag()
            let landed = board.columns[1].firstIndex(of: lifted)
            #expect(landed.map { $0 + 1 < board.columns[1].count ? board.columns[1][$0 + 1] : nil } == .some(anchor))
        }
    }

    /// A reorderable layout's rules apply across views: an item its delegate says cannot move is
    /// not lifted, a destination it refuses (nil) forbids the drop there, one it redirects
    /// takes the cards elsewhere.
    @Test func reorderRulesApplyAcrossViews() throws {
        let board = BoardFixture(columns: [Array(0..<6), Array(10..<14), []], reorderable: true)
        board.canMove = { $0.item != 2 }
        board.destination = { $0.item == 0 ? nil : $0.item == 1 ? IndexPath(item: 3, section: 0) : $0 }
        #expect(board.space.beginDrag(at: try #require(board.point(column: 0, item: 2))).isEmpty)
        board.space.beginDrag(at: try #require(board.point(column: 0, item: 3)))
        board.space.moveDrag(to: try #require(board.point(column: 1, item: 0)))
        #expect(board.space.proposal?.operation == .forbidden)
        #expect(shown(board, 1) == [10, 11, 12, 13], "no gap where the rules keep the card out")
        board.space.moveDrag(to: try #require(board.point(column: 1, item: 1)))
        #expect(shown(board, 1) == [10, 11, 12, nil, 13], "sent to the place the rules chose")
        board.space.endDrag()
        #expect(board.columns == [[0, 1, 2, 4, 5], [10, 11, 12, 3, 13], []])
    }

    /// The drag delegate's preview parameters travel with the item.
    @Test func previewParametersTravelWithTheItem() throws {
        let board = board()
        let parameters = DragPreviewParameters(
            visiblePath: BezierPath(rect: CGRect(x: 0, y: 0, width: 180, height: 50)))
        board.previewParameters = parameters
        let items = board.space.beginDrag(at: try #require(board.point(column: 0, item: 0)))
        #expect(items.first?.previewParameters === parameters)
    }

    @Test func nothingBeginsWhereNothingCanBeDragged() throws {
        let board = board()
        #expect(board.space.beginDrag(at: CGPoint(x: 500, y: 50)).isEmpty, "an empty column")
        #expect(board.space.beginDrag(at: CGPoint(x: 100, y: 590)).isEmpty, "below the cards")
        #expect(board.space.beginDrag(at: CGPoint(x: CGFloat.nan, y: 0)).isEmpty)
        board.views[0].dragInteractionEnabled = false
        #expect(board.space.beginDrag(at: try #require(board.point(column: 0, item: 0))).isEmpty)
        #expect(board.space.endDrag() == nil)
        board.space.moveDrag(to: .zero)
        board.space.step(1)
        #expect(board.columns == [Array(0..<6), Array(10..<14), []])
    }

    final class Haptics: FeedbackObserver {
        var played: [Feedback] = []
        func feedbackGenerator(_ generator: FeedbackGenerator, didPlay feedback: Feedback) { played.append(feedback) }
    }

    /// The haptics of a drag: a medium impact at the lift and at each card added, a tick each
    /// time the gap moves to another place, a light impact at the drop.
    @Test func aDragPlaysUIKitsHaptics() throws {
        let board = board()
        let haptics = Haptics()
        board.space.feedbackObserver = haptics
        board.space.beginDrag(at: try #require(board.point(column: 0, item: 0)))
        board.space.addItems(at: try #require(board.point(column: 1, item: 0)))
        board.space.moveDrag(to: try #require(board.point(column: 1, item: 2)))
        board.space.moveDrag(to: try #require(board.point(column: 1, item: 2)))  // the same place: no tick
        board.space.moveDrag(to: CGPoint(x: 500, y: 30))
        board.space.endDrag()
        let lift = Feedback.impactOccurred(style: .medium, intensity: 1)
        let drop = Feedback.impactOccurred(style: .light, intensity: 1)
        #expect(haptics.played == [lift, lift, .selectionChanged, .selectionChanged, drop], "\(haptics.played)")
    }
}
