import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

private func path(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

private func center(_ rect: CGRect) -> CGPoint { CGPoint(x: rect.midX, y: rect.midY) }

/// A delegate that retargets every move to a fixed path, when it has one.
final class Retargeter: CollectionViewDelegate {
    var target: IndexPath?
    var originals: [IndexPath] = []
    func collectionView(
        _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt originalIndexPath: IndexPath,
        toProposedIndexPath proposedIndexPath: IndexPath
    ) -> IndexPath {
        originals.append(originalIndexPath)
        return target ?? proposedIndexPath
    }
}

/// A fixture for moves: 50×50 cells, 4 columns, 20-point headers so empty sections have room,
/// in a view tall enough to show everything.
private func movementFixture(_ sections: [[Int]]) -> CollectionViewFixture {
    CollectionViewFixture(sections, frame: CGSize(width: 200, height: 2000), layout: GridLayout(headerHeight: 20))
}

@Suite("CollectionView interactive movement")
struct CollectionViewInteractiveMovementTests {
    @Test func beginRefusesWhatCannotMove() {
        let f = movementFixture([[0, 1, 2]])
        f.data.canMove = { $0.item != 1 }
        #expect(!f.view.beginInteractiveMovementForItem(at: path(3)))
        #expect(!f.view.beginInteractiveMovementForItem(at: path(0, 1)))
        #expect(!f.view.beginInteractiveMovementForItem(at: path(1)), "the data source says no")
        #expect(f.view.beginInteractiveMovementForItem(at: path(2)))
        #expect(!f.view.beginInteractiveMovementForItem(at: path(0)), "one movement at a time")
        #expect(f.view.indexPathForInteractivelyMovingItem == path(2))
    }

    @Test func aMoveWithinASectionIsPresentedThenCommittedOnce() {
        let f = movementFixture([Array(0..<8)])
        #expect(f.view.beginInteractiveMovementForItem(at: path(1)))
        let position = center(f.layout.frame(path(5)))
        f.view.updateInteractiveMovementTargetPosition(position)
        #expect(f.view.indexPathForInteractivelyMovingItem == path(5))
        // Presented: 0 2 3 4 5 1 6 7; the data source has not moved anything.
        let presented = [0, 2, 3, 4, 5, 1, 6, 7]
        let shown = (0..<8).map { f.view.dataIndexPath(forPresentedIndexPath: path($0)).map { f.data[$0] } }
        #expect(shown == presented)
        #expect(f.data.sections == [Array(0..<8)] && f.data.moves.isEmpty)
        #expect(f.view.presentedIndexPath(forDataIndexPath: path(1)) == path(5))
        #expect(f.view.presentedIndexPath(forDataIndexPath: path(5)) == path(4))
        // The moving item is drawn under the finger, once, above the others.
        let moving = f.view.visibleLayoutAttributes().filter {
            $0.representedElementCategory == .cell && $0.indexPath == path(5)
        }
        #expect(moving.count == 1 && moving.first?.center == position && moving.first?.zIndex == Int(Int16.max))
        // Nudging within the same slot changes nothing.
        f.view.updateInteractiveMovementTargetPosition(CGPoint(x: position.x + 10, y: position.y - 10))
        #expect(f.view.indexPathForInteractivelyMovingItem == path(5))
        f.view.endInteractiveMovement()
        #expect(f.data.moves.map(\.from) == [path(1)] && f.data.moves.map(\.to) == [path(5)])
        #expect(f.data.sections == [presented])
        #expect(f.view.indexPathForInteractivelyMovingItem == nil)
        #expect(f.counts == [8])
    }

    @Test func cancelRestoresTheOrderWithoutTheDataSource() {
        let f = movementFixture([[0, 1, 2], [3, 4]])
        f.view.beginInteractiveMovementForItem(at: path(0))
        f.view.updateInteractiveMovementTargetPosition(center(f.layout.frame(path(1, 1))))
        #expect(f.counts == [2, 3])
        f.view.cancelInteractiveMovement()
        #expect(f.counts == [3, 2])
        #expect(f.data.moves.isEmpty && f.data.sections == [[0, 1, 2], [3, 4]])
        #expect(f.view.dataIndexPath(forPresentedIndexPath: path(1, 1)) == path(1, 1))
    }

    @Test func anItemBroughtBackIsNotMoved() {
        let f = movementFixture([[0, 1, 2, 3]])
        f.view.beginInteractiveMovementForItem(at: path(0))
        f.view.updateInteractiveMovementTargetPosition(center(f.layout.frame(path(3))))
        f.view.updateInteractiveMovementTargetPosition(center(f.layout.frame(path(0))))
        #expect(f.view.indexPathForInteractivelyMovingItem == path(0))
        f.view.endInteractiveMovement()
        #expect(f.data.moves.isEmpty)
    }

    @Test func anItemMovesIntoAnEmptySectionThroughItsHeader() {
        let f = movementFixture([[0, 1, 2], [], [20, 21]])
        f.view.layoutIfNeeded()
        let emptyHeader = f.layout.headerFrames[1]
        f.view.beginInteractiveMovementForItem(at: path(1))
        f.view.updateInteractiveMovementTargetPosition(center(emptyHeader))
        #expect(f.view.indexPathForInteractivelyMovingItem == path(0, 1))
        #expect(f.counts == [2, 1, 2])
        #expect(f.view.dataIndexPath(forPresentedIndexPath: path(0, 1)) == path(1, 0))
        f.view.endInteractiveMovement()
        #expect(f.data.moves.map(\.from) == [path(1)] && f.data.moves.map(\.to) == [path(0, 1)])
        #expect(f.data.sections == [[0, 2], [1], [20, 21]])
    }

    @Test func theDelegateRetargetsAndBadTargetsAreIgnored() {
        let f = movementFixture([[0, 1, 2], [3, 4]])
        let delegate = Retargeter()
        f.delegate = delegate
        f.view.beginInteractiveMovementForItem(at: path(0))
        delegate.target = path(2, 1)  // one past the end of another section: allowed
        f.view.updateInteractiveMovementTargetPosition(center(f.layout.frame(path(1))))
        #expect(f.view.indexPathForInteractivelyMovingItem == path(2, 1))
        for bad in [path(3, 1), path(0, 2), path(-1), IndexPath(index: 0)] {
            delegate.target = bad  // within its own section, one past the end is not a place
            f.view.updateInteractiveMovementTargetPosition(center(f.layout.frame(path(1))))
        }
        #expect(f.view.indexPathForInteractivelyMovingItem == path(2, 1))
        #expect(Set(delegate.originals) == [path(0)], "the delegate hears the original path")
        f.view.updateInteractiveMovementTargetPosition(CGPoint(x: CGFloat.nan, y: 0))
        #expect(delegate.originals.count == 5, "a non-finite position asks no one")
        f.view.endInteractiveMovement()
        #expect(f.data.sections == [[1, 2], [3, 4, 0]])
    }

    @Test func selectionFollowsTheItems() {
        let f = movementFixture([[0, 1, 2, 3]])
        f.view.allowsMultipleSelection = true
        for item in [0, 3] { f.view.selectItem(at: path(item), animated: false, scrollPosition: []) }
        f.view.beginInteractiveMovementForItem(at: path(0))
        f.view.updateInteractiveMovementTargetPosition(center(f.layout.frame(path(2))))
        #expect(f.view.indexPathsForSelectedItems == [path(2), path(3)])
        f.view.cancelInteractiveMovement()
        #expect(f.view.indexPathsForSelectedItems == [path(0), path(3)])
        f.view.beginInteractiveMovementForItem(at: path(3))
        f.view.updateInteractiveMovementTargetPosition(center(f.layout.frame(path(1))))
        f.view.endInteractiveMovement()
        #expect(f.data.sections == [[0, 3, 1, 2]])
        #expect(f.view.indexPathsForSelectedItems == [path(0), path(1)])
    }

    @Test func dataChangesCancelTheMovementFirst() {
        let f = movementFixture([[0, 1, 2]])
        f.view.beginInteractiveMovementForItem(at: path(0))
        f.view.updateInteractiveMovementTargetPosition(center(f.layout.frame(path(2))))
        f.view.reloadData()
        #expect(f.view.indexPathForInteractivelyMovingItem == nil && f.data.moves.isEmpty)

        f.view.beginInteractiveMovementForItem(at: path(0))
        f.view.updateInteractiveMovementTargetPosition(center(f.layout.frame(path(2))))
        var outcome: Bool?
        f.view.performBatchUpdates(
            {
                // Numbered in the data source's order, which the cancel restored.
                f.data.sections = [[1, 2]]
                f.view.deleteItems(at: [path(0)])
            }, completion: { outcome = $0 })
        #expect(outcome == true)
        #expect(f.view.indexPathForInteractivelyMovingItem == nil && f.data.moves.isEmpty)
        #expect(f.counts == [2])
    }

    /// Random drags over random slots and empty headers, ended or cancelled at random: the
    /// presented order follows a model that moves the item by hand, the mapping agrees with it,
    /// and the data source ends as that model (one move) or as it was (cancel, or no move).
    @Test(arguments: [11, 12, 13] as [UInt64])
    func randomMovementsKeepThePermutation(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let initial: [[Int]] = [Array(0..<6), [], Array(10..<13), [], Array(20..<25)]
        let f = movementFixture(initial)
        f.data.canMove = { [unowned data = f.data] in data[$0] % 7 != 0 }
        let everything = initial.joined().sorted()

        for round in 0..<150 {
            let before = f.data.sections
            let movesBefore = f.data.moves.count
            let candidates = before.enumerated().flatMap { s, items in items.indices.map { path($0, s) } }
            let start = candidates.randomElement(using: &random)!
            let began = f.view.beginInteractiveMovementForItem(at: start)
            #expect(began == (f.data[start] % 7 != 0))
            guard began else { continue }
            var model = before
            var current = start
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let presentedCounts = model.map(\.count)
                let empties = presentedCounts.indices.filter { presentedCounts[$0] == 0 }
                var expected = current
                let position: CGPoint
                switch Int.random(in: 0..<10, using: &random) {
                case 0..<7:
                    let slots = model.enumerated().flatMap { s, items in items.indices.map { path($0, s) } }
                    expected = slots.randomElement(using: &random)!
                    position = center(f.layout.frame(expected))
                case 7..<9 where !empties.isEmpty:
                    let section = empties.randomElement(using: &random)!
                    expected = path(0, section)
                    f.view.layoutIfNeeded()
                    position = center(f.layout.headerFrames[section])
                default:
                    position = CGPoint(x: 500, y: Double.random(in: 0...1000, using: &random))
                }
                f.view.updateInteractiveMovementTargetPosition(position)
                if expected != current {
                    let id = model[current.section].remove(at: current.item)
                    model[expected.section].insert(id, at: expected.item)
                    current = expected
                }
                #expect(f.view.indexPathForInteractivelyMovingItem == current, "round \(round)")
                #expect(f.counts == model.map(\.count), "round \(round)")
                for (s, items) in model.enumerated() {
                    for (i, id) in items.enumerated() {
                        let data = try #require(f.view.dataIndexPath(forPresentedIndexPath: path(i, s)))
                        #expect(f.data[data] == id, "round \(round)")
                        #expect(f.view.presentedIndexPath(forDataIndexPath: data) == path(i, s))
                    }
                }
            }
            if Bool.random(using: &random) {
                f.view.endInteractiveMovement()
                #expect(f.data.sections == model, "round \(round)")
                #expect(f.data.moves.count == movesBefore + (current == start ? 0 : 1))
            } else {
                f.view.cancelInteractiveMovement()
                #expect(f.data.sections == before, "round \(round)")
                #expect(f.data.moves.count == movesBefore)
            }
            #expect(f.counts == f.data.sections.map(\.count))
            #expect(Array(f.data.sections.joined()).sorted() == everything, "the data stays a permutation")
        }
        #expect(f.data.moves.count > 20)
    }
}
