import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

/// A delegate that records what it is asked and told, and refuses what it is told to.
final class SelectionRecorder: CollectionViewDelegate {
    var events: [String] = []
    var refuseSelection: Set<IndexPath> = []
    var refuseDeselection: Set<IndexPath> = []

    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        events.append("shouldSelect \(indexPath.item)")
        return !refuseSelection.contains(indexPath)
    }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
        events.append("didSelect \(indexPath.item)")
    }
    func collectionView(_ collectionView: CollectionView, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
        events.append("shouldDeselect \(indexPath.item)")
        return !refuseDeselection.contains(indexPath)
    }
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
        events.append("didDeselect \(indexPath.item)")
    }
}

private func path(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

@Suite("CollectionView selection")
struct CollectionViewSelectionTests {
    @Test func defaultsAreUIKits() {
        let f = CollectionViewFixture(count: 4)
        #expect(f.view.allowsSelection)
        #expect(!f.view.allowsMultipleSelection)
        #expect(f.view.indexPathsForSelectedItems == [])
    }

    @Test func programmaticSelectionTellsNoOne() {
        let f = CollectionViewFixture(count: 8)
        let recorder = SelectionRecorder()
        f.delegate = recorder
        f.view.selectItem(at: path(2), animated: false, scrollPosition: [])
        f.view.selectItem(at: path(5), animated: true, scrollPosition: [])
        #expect(f.view.indexPathsForSelectedItems == [path(5)], "single selection replaces")
        f.view.allowsMultipleSelection = true
        f.view.selectItem(at: path(1), animated: false, scrollPosition: [])
        f.view.selectItem(at: path(1), animated: false, scrollPosition: [])
        #expect(f.view.indexPathsForSelectedItems == [path(1), path(5)], "multiple selection adds, ascending")
        f.view.deselectItem(at: path(5), animated: false)
        f.view.deselectItem(at: path(6), animated: false)
        #expect(f.view.indexPathsForSelectedItems == [path(1)])
        f.view.selectItem(at: nil, animated: false, scrollPosition: [])
        #expect(f.view.indexPathsForSelectedItems == [])
        #expect(recorder.events.isEmpty)
    }

    @Test func nonexistentPathsAreIgnored() {
        let f = CollectionViewFixture(count: 3)
        f.view.allowsMultipleSelection = true
        for bad in [path(3), path(-1), path(0, 1), IndexPath(index: 0), IndexPath(indexes: [0, 0, 0])] {
            f.view.selectItem(at: bad, animated: false, scrollPosition: .top)
            f.view.userDidTapItem(at: bad)
        }
        #expect(f.view.indexPathsForSelectedItems == [])
    }

    @Test func selectingWithAScrollPositionScrolls() {
        let f = CollectionViewFixture(count: 20)
        f.view.selectItem(at: path(9), animated: false, scrollPosition: .top)
        #expect(f.view.contentOffset == CGPoint(x: 0, y: 100))  // item 9 is on row 2
    }

    @Test func tapsInSingleSelection() {
        let f = CollectionViewFixture(count: 8)
        let recorder = SelectionRecorder()
        f.delegate = recorder
        f.view.userDidTapItem(at: path(1))
        #expect(recorder.events == ["shouldSelect 1", "didSelect 1"])
        recorder.events = []
        f.view.userDidTapItem(at: path(4))
        #expect(
            recorder.events == ["shouldSelect 4", "didDeselect 1", "didSelect 4"],
            "the previous item is deselected, not asked")
        #expect(f.view.indexPathsForSelectedItems == [path(4)])
        recorder.events = []
        recorder.refuseSelection = [path(6)]
        f.view.userDidTapItem(at: path(6))
        #expect(recorder.events == ["shouldSelect 6"])
        #expect(f.view.indexPathsForSelectedItems == [path(4)], "a refused tap changes nothing")
        recorder.events = []
        f.view.userDidTapItem(at: path(4))
        #expect(recorder.events == ["shouldSelect 4", "didSelect 4"], "a tap on the selected item selects it again")
        #expect(f.view.indexPathsForSelectedItems == [path(4)])
    }

    @Test func tapsInMultipleSelection() {
        let f = CollectionViewFixture(count: 8)
        let recorder = SelectionRecorder()
        f.delegate = recorder
        f.view.allowsMultipleSelection = true
        f.view.userDidTapItem(at: path(1))
        f.view.userDidTapItem(at: path(3))
        #expect(f.view.indexPathsForSelectedItems == [path(1), path(3)])
        recorder.events = []
        f.view.userDidTapItem(at: path(1))
        #expect(recorder.events == ["shouldDeselect 1", "didDeselect 1"])
        #expect(f.view.indexPathsForSelectedItems == [path(3)])
        recorder.events = []
        recorder.refuseDeselection = [path(3)]
        f.view.userDidTapItem(at: path(3))
        #expect(recorder.events == ["shouldDeselect 3"])
        #expect(f.view.indexPathsForSelectedItems == [path(3)])
    }

    @Test func tapsWithoutAllowsSelectionDoNothing() {
        let f = CollectionViewFixture(count: 4)
        let recorder = SelectionRecorder()
        f.delegate = recorder
        f.view.allowsSelection = false
        f.view.userDidTapItem(at: path(1))
        #expect(f.view.indexPathsForSelectedItems == [])
        #expect(recorder.events.isEmpty)
        f.view.selectItem(at: path(2), animated: false, scrollPosition: [])
        #expect(f.view.indexPathsForSelectedItems == [path(2)], "allowsSelection is about the user only")
    }

    @Test func reloadDataClearsTheSelection() {
        let f = CollectionViewFixture(count: 4)
        f.view.selectItem(at: path(2), animated: false, scrollPosition: [])
        f.view.reloadData()
        #expect(f.view.indexPathsForSelectedItems == [])
    }

    /// Random taps in multiple selection against a set toggled by hand, with some items
    /// refusing selection or deselection.
    @Test func randomTapsToggleLikeASet() {
        let f = CollectionViewFixture(count: 12)
        let recorder = SelectionRecorder()
        f.delegate = recorder
        f.view.allowsMultipleSelection = true
        recorder.refuseSelection = [path(0), path(7)]
        recorder.refuseDeselection = [path(3)]
        var model: Set<Int> = []
        var random = SeededRandom(seed: 7)
        for _ in 0..<400 {
            let item = Int.random(in: 0..<12, using: &random)
            f.view.userDidTapItem(at: path(item))
            if model.contains(item) {
                if item != 3 { model.remove(item) }
            } else if item != 0 && item != 7 {
                model.insert(item)
            }
            #expect(f.view.indexPathsForSelectedItems == model.sorted().map { path($0) })
        }
    }
}
