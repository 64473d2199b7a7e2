import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

/// A flow layout with per-item sizes lays a batch update out from the first changed line only;
/// checked against the truth: a fresh layout built from scratch on the final data, frame for frame,
/// after every batch of a random sequence; and the work a move between two visible slots costs,
/// counted in item sizes asked of the delegate.
@Suite("Incremental flow layout")
struct IncrementalFlowLayoutTests {
    /// Items with stable identities and sizes; sections with their own insets and spacings.
    final class Items: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
        var sections: [[Int]]
        var sizes: [Int: CGSize] = [:]
        var sizeRequests = 0
        init(sections: [[Int]], random: inout some RandomNumberGenerator) {
            self.sections = sections
            for id in sections.joined() { sizes[id] = Self.size(&random) }
        }
        static func size(_ random: inout some RandomNumberGenerator) -> CGSize {
            CGSize(
                width: Double.random(in: 20...180, using: &random).rounded(),
                height: Double.random(in: 20...120, using: &random).rounded())
        }
        func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
        func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
            sections[section].count
        }
        /// Sizes are asked by presented index path: during an interactive movement, the item
        /// shown there is the data source's item at the matching data path.
        func collectionView(
            _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
            sizeForItemAt indexPath: IndexPath
        ) -> CGSize {
            sizeRequests += 1
            let path = collectionView.dataIndexPath(forPresentedIndexPath: indexPath) ?? indexPath
            return sizes[sections[path.section][path.item]]!
        }
        func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
            let id = sections[source.section].remove(at: source.item)
            sections[destination.section].insert(id, at: destination.item)
        }
        func collectionView(
            _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
            insetForSectionAt section: Int
        ) -> EdgeInsets {
            EdgeInsets(top: 10, left: 8 + CGFloat(section), bottom: 12, right: 6)
        }
        func collectionView(
            _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
            minimumLineSpacingForSectionAt section: Int
        ) -> CGFloat { 7 + CGFloat(section) }
    }

    static func makeView(_ items: Items) -> CollectionView {
        let view = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: FlowLayout())
        view.dataSource = items
        view.delegate = items
        view.layoutIfNeeded()
        return view
    }

    /// Every cell's frame, by index path, and the content size.
    static func snapshot(_ view: CollectionView) -> (frames: [IndexPath: CGRect], size: CGSize) {
        let layout = view.collectionViewLayout
        let size = layout.collectionViewContentSize
        let all =
            layout.layoutAttributesForElements(
                in: CGRect(x: -10, y: -10, width: size.width + 20, height: size.height + 20)) ?? []
        var frames: [IndexPath: CGRect] = [:]
        for a in all where a.representedElementCategory == .cell {
            #expect(frames[a.indexPath] == nil, "\(a.indexPath) twice")
            frames[a.indexPath] = a.frame
        }
        return (frames, size)
    }

    @Test func randomBatchesLayOutAsAFreshLayoutDoes() throws {
        var random = SeededRandom(seed: 0x1F0)
        var next = 0
        let iterations = Int(ProcessInfo.processInfo.environment["KINETIC_FUZZ_ITERATIONS"] ?? "") ?? 60
        for _ in 0..<iterations {
            let sectionCount = Int.random(in: 1...3, using: &random)
            let initial = (0..<sectionCount).map { _ in
                (0..<Int.random(in: 0...60, using: &random)).map { _ in
                    next += 1
                    return next
                }
            }
            let items = Items(sections: initial, random: &random)
            let view = Self.makeView(items)
            for _ in 0..<8 {
                let section = Int.random(in: 0..<sectionCount, using: &random)
                let count = items.sections[section].count
                switch Int.random(in: 0..<5, using: &random) {
                case 0:  // insert a few
                    var places: [Int] = []
                    for _ in 0..<Int.random(in: 1...3, using: &random) {
                        let place = Int.random(in: 0...items.sections[section].count, using: &random)
                        next += 1
                        items.sizes[next] = Items.size(&random)
                        items.sections[section].insert(next, at: place)
                        places = places.map { $0 >= place ? $0 + 1 : $0 } + [place]
                    }
                    view.insertItems(at: places.map { IndexPath(item: $0, section: section) })
                case 1 where count > 0:  // delete one
                    let place = Int.random(in: 0..<count, using: &random)
                    items.sections[section].remove(at: place)
                    view.deleteItems(at: [IndexPath(item: place, section: section)])
                case 2 where count > 1:  // move, near or far
                    let from = Int.random(in: 0..<count, using: &random)
                    let to =
                        Bool.random(using: &random)
                        ? min(count - 1, max(0, from + Int.random(in: -3...3, using: &random)))
                        : Int.random(in: 0..<count, using: &random)
                    items.sections[section].insert(items.sections[section].remove(at: from), at: to)
                    view.moveItem(
                        at: IndexPath(item: from, section: section), to: IndexPath(item: to, section: section))
                case 3 where count > 0 && sectionCount > 1:  // across sections
                    let from = Int.random(in: 0..<count, using: &random)
                    let other = (section + 1) % sectionCount
                    let to = Int.random(in: 0...items.sections[other].count, using: &random)
                    items.sections[other].insert(items.sections[section].remove(at: from), at: to)
                    view.moveItem(at: IndexPath(item: from, section: section), to: IndexPath(item: to, section: other))
                default:  // reload one with a new size
                    guard count > 0 else { continue }
                    let place = Int.random(in: 0..<count, using: &random)
                    items.sizes[items.sections[section][place]] = Items.size(&random)
                    view.reloadItems(at: [IndexPath(item: place, section: section)])
                }
                let fresh = Self.makeView(Items(copying: items))
                let (got, expected) = (Self.snapshot(view), Self.snapshot(fresh))
                #expect(got.size == expected.size)
                let wrong = expected.frames.filter { got.frames[$0.key] != $0.value }.map(\.key).sorted()
                #expect(wrong.isEmpty, "after \(items.sections.map(\.count)) items, wrong frames at \(wrong.prefix(5))")
                #expect(got.frames.count == items.sections.joined().count)
            }
        }
    }

    /// Batches of several changes (deletes, inserts and moves together) in a long section followed
    /// by others: laid out around each change in turn, the later sections moved by what the
    /// section gained or lost; checked against a fresh layout of the final data, and the final
    /// data against a model of UIKit's batch rule (the staying items keep their order and fill
    /// the places not claimed by an insert or a move's destination).
    @Test func multiChangeBatchesLayOutAsAFreshLayoutDoes() throws {
        var random = SeededRandom(seed: 0x1F5)
        var next = 100_000
        let iterations = Int(ProcessInfo.processInfo.environment["KINETIC_FUZZ_ITERATIONS"] ?? "") ?? 40
        for _ in 0..<iterations {
            let long = Array(0..<Int.random(in: 150...500, using: &random))
            let items = Items(sections: [long, Array(10_000..<10_030), Array(20_000..<20_040)], random: &random)
            let view = Self.makeView(items)
            for _ in 0..<6 {
                let old = items.sections[0]
                var sources = Set<Int>()
                while sources.count < Int.random(in: 1...6, using: &random) {
                    sources.insert(Int.random(in: 0..<old.count, using: &random))
                }
                // Each source is deleted or moved; some items are inserted.
                var moved: [(from: Int, id: Int)] = []
                var deleted: [Int] = []
                for source in sources.sorted() {
                    if Bool.random(using: &random) {
                        moved.append((source, old[source]))
                    } else {
                        deleted.append(source)
                    }
                }
                var incoming: [Int] = moved.map(\.id)
                for _ in 0..<Int.random(in: 0...4, using: &random) {
                    next += 1
                    items.sizes[next] = Items.size(&random)
                    incoming.append(next)
                }
                let staying = old.enumerated().filter { !sources.contains($0.offset) }.map(\.element)
                let finalCount = staying.count + incoming.count
                var places = Set<Int>()
                while places.count < incoming.count { places.insert(Int.random(in: 0..<finalCount, using: &random)) }
                let placed = Dictionary(uniqueKeysWithValues: zip(places.shuffled(using: &random), incoming))
                var rest = staying.makeIterator()
                let final = (0..<finalCount).map { placed[$0] ?? rest.next()! }
                items.sections[0] = final
                try view.applyBatchUpdates {
                    view.deleteItems(at: deleted.map { IndexPath(item: $0, section: 0) })
                    for (place, id) in placed {
                        if let from = moved.first(where: { $0.id == id })?.from {
                            view.moveItem(at: IndexPath(item: from, section: 0), to: IndexPath(item: place, section: 0))
                        } else {
                            view.insertItems(at: [IndexPath(item: place, section: 0)])
                        }
                    }
                }
                #expect(
                    Set(final).count == final.count
                        && final.count == old.count - deleted.count + incoming.count - moved.count)
                let (got, expected) = (Self.snapshot(view), Self.snapshot(Self.makeView(Items(copying: items))))
                #expect(got.size == expected.size)
                let wrong = expected.frames.filter { got.frames[$0.key] != $0.value }.map(\.key).sorted()
                #expect(
                    wrong.isEmpty, "\(deleted.count) deleted, \(moved.count) moved: wrong frames at \(wrong.prefix(5))")
            }
        }
    }

    /// Interactive movement steps (iOS 9's API) lay out only the lines between the place the
    /// item left and the one it took: checked against a fresh layout of the presented order
    /// after every step, and when the movement ends or is cancelled against one of the data.
    @Test func interactiveMovementLaysOutAsAFreshLayoutDoes() {
        var random = SeededRandom(seed: 0x1F1)
        let iterations = Int(ProcessInfo.processInfo.environment["KINETIC_FUZZ_ITERATIONS"] ?? "") ?? 40
        for _ in 0..<iterations {
            let count = Int.random(in: 2...120, using: &random)
            let other = Int.random(in: 0...20, using: &random)
            let items = Items(sections: [Array(0..<count), Array(1000..<(1000 + other))], random: &random)
            let view = Self.makeView(items)
            let start = IndexPath(item: Int.random(in: 0..<count, using: &random), section: 0)
            #expect(view.beginInteractiveMovementForItem(at: start))
            for _ in 0..<6 {
                let size = view.contentSize
                let point = CGPoint(
                    x: Double.random(in: 0...size.width, using: &random),
                    y: Double.random(in: 0...size.height, using: &random))
                view.updateInteractiveMovementTargetPosition(point)
                // The presented order: the data with the moving item where it is shown.
                let shown = Items(copying: items)
                if let current = view.indexPathForInteractivelyMovingItem {
                    let id = shown.sections[start.section].remove(at: start.item)
                    shown.sections[current.section].insert(id, at: current.item)
                }
                let (got, expected) = (Self.snapshot(view), Self.snapshot(Self.makeView(shown)))
                #expect(got.size == expected.size)
                let wrong = expected.frames.filter { got.frames[$0.key] != $0.value }.map(\.key).sorted()
                #expect(
                    wrong.isEmpty, "moving \(start) to \(String(describing: view.indexPathForInteractivelyMovingItem))")
            }
            if Bool.random(using: &random) { view.endInteractiveMovement() } else { view.cancelInteractiveMovement() }
            let (got, expected) = (Self.snapshot(view), Self.snapshot(Self.makeView(Items(copying: items))))
            #expect(got.frames == expected.frames && got.size == expected.size)
            #expect(items.sections.joined().count == count + other)
        }
    }

    /// When an update leaves a section's items all one size (its only odd-sized item deleted, or
    /// one item left), a fresh layout stores it as uniform, which places its last line on the
    /// grid; the update must give the same frames (found by the random test: a section cut to
    /// one item).
    @Test(arguments: [[3], [0, 1, 2, 4, 5, 6]])
    func aSectionLeftWithOneSizeIsLaidOutAsAFreshOne(deleting: [Int]) throws {
        var random = SeededRandom(seed: 0x1F2)
        let items = Items(sections: [Array(0..<7)], random: &random)
        for id in 0..<7 { items.sizes[id] = CGSize(width: 90, height: 40) }
        items.sizes[3] = CGSize(width: 150, height: 60)
        let view = Self.makeView(items)
        for place in deleting.sorted(by: >) { items.sections[0].remove(at: place) }
        view.deleteItems(at: deleting.map { IndexPath(item: $0, section: 0) })
        let fresh = Self.makeView(Items(copying: items))
        let (got, expected) = (Self.snapshot(view), Self.snapshot(fresh))
        #expect(got.frames == expected.frames)
        #expect(got.size == expected.size)
    }

    /// Work in a 100,000-item section, counted in item sizes asked of the delegate: a move within
    /// one line lays out that line; an insert, a delete and a move from one end to the other lay
    /// out the lines around their places; the rest is kept. The frames are checked against a fresh
    /// layout at the end.
    @Test func updatesLayOutFromTheFirstChangedLineOnly() {
        var random = SeededRandom(seed: 0x1F3)
        let count = 100_000
        let items = Items(sections: [Array(0..<count)], random: &random)
        let view = Self.makeView(items)
        view.contentOffset = CGPoint(x: 0, y: (view.contentSize.height / 2).rounded())
        let visible = view.visibleLayoutAttributes().sorted { $0.indexPath < $1.indexPath }
        // Two items in the middle of one line (not its first: moving a line's first item can
        // let the line before take an item more, and then every line after shifts).
        let triples = zip(zip(visible, visible.dropFirst()), visible.dropFirst(2)).map { ($0.0, $0.1, $1) }
        guard let triple = triples.first(where: { $0.0.center.y == $0.1.center.y && $0.1.center.y == $0.2.center.y })
        else {
            Issue.record("no three items share a line")
            return
        }
        let pair = (triple.1, triple.2)
        let (from, to) = (pair.0.indexPath.item, pair.1.indexPath.item)
        items.sizeRequests = 0
        items.sections[0].swapAt(from, to)
        view.moveItem(at: IndexPath(item: from, section: 0), to: IndexPath(item: to, section: 0))
        _ = view.visibleLayoutAttributes()
        #expect(items.sizeRequests <= 30, "a move within a line asked \(items.sizeRequests) sizes")

        // An insert, a delete and a move across the section lay out the lines around each place,
        // never the lines between or after: the old lines come back as soon as a new line starts
        // where an old one did. Two greedy line sequences over the same sizes, one shifted by an
        // item, meet at a common line start after a few lines (this seed: 109 sizes for the insert,
        // 3 for the delete, 28 for the move); 500 sizes, over a hundred lines, bounds that with
        // room against the 100 000 of a pass to the end.
        let lineBound = 500
        items.sizeRequests = 0
        items.sizes[-1] = CGSize(width: 50, height: 50)
        items.sections[0].insert(-1, at: count / 3)
        view.insertItems(at: [IndexPath(item: count / 3, section: 0)])
        _ = view.visibleLayoutAttributes()
        #expect(items.sizeRequests > 0 && items.sizeRequests <= lineBound, "an insert asked \(items.sizeRequests)")
        items.sizeRequests = 0
        items.sections[0].remove(at: 7)
        view.deleteItems(at: [IndexPath(item: 7, section: 0)])
        _ = view.visibleLayoutAttributes()
        #expect(items.sizeRequests > 0 && items.sizeRequests <= lineBound, "a delete asked \(items.sizeRequests)")
        items.sizeRequests = 0
        let far = items.sections[0].count - 10
        items.sections[0].insert(items.sections[0].remove(at: 10), at: far)
        view.moveItem(at: IndexPath(item: 10, section: 0), to: IndexPath(item: far, section: 0))
        _ = view.visibleLayoutAttributes()
        #expect(
            items.sizeRequests > 0 && items.sizeRequests <= lineBound, "a far move asked \(items.sizeRequests)")

        // An interactive movement across the screen and its end: each step lays out the lines
        // between the two places (a screenful at most), never the rest of the section.
        let first = visible[0].indexPath
        #expect(view.beginInteractiveMovementForItem(at: first))
        items.sizeRequests = 0
        for target in visible.suffix(6) { view.updateInteractiveMovementTargetPosition(target.center) }
        view.endInteractiveMovement()
        _ = view.visibleLayoutAttributes()
        #expect(
            items.sizeRequests > 0 && items.sizeRequests <= 6 * 2 * visible.count,
            "an interactive movement of 6 steps asked \(items.sizeRequests) sizes")
        let (got, expected) = (Self.snapshot(view), Self.snapshot(Self.makeView(Items(copying: items))))
        #expect(got.size == expected.size)
        #expect(got.frames == expected.frames)
    }
}

extension IncrementalFlowLayoutTests.Items {
    /// The same data, for a fresh collection view.
    convenience init(copying other: IncrementalFlowLayoutTests.Items) {
        var random = SeededRandom(seed: 0x1F4)
        self.init(sections: [], random: &random)
        sections = other.sections
        sizes = other.sizes
    }
}
