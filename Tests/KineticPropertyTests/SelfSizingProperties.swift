import Foundation
import KineticDynamics
import KineticLayout
import PropertyBased
import Testing

/// Self-sizing cells under random use (issue 35): scrolls (jumps and steps back up), inserts,
/// deletes and moves in a long section followed by a short one, reloads and width changes, each
/// followed by the visible query. After every step: the frames of every item are those of a
/// fresh layout of the true sizes for the items sized so far and the estimate for the rest (the
/// model: a flow delegate of those sizes); every item shown is sized; no item is asked twice
/// until a reload or a width change forgets the sizes; nothing is NaN.
@Suite("Self-sizing cells under random use")
@MainActor
struct SelfSizingPropertyTests {
    static let counter = FuzzRun.Counter("self-sizing")

    @Test func framesAreTheTrueLayoutOfWhatWasShown() async {
        let input = zip(Gen.int(in: 40...400), Gen.int(in: 0...1_000_000), SizingStep.generator.array(of: 1...12))
        await propertyCheck(count: FuzzRun.iterations(default: 40), input: input) { count, seed, steps in
            Self.counter.record(operations: steps.count)
            if let broken = SizingHarness(count: count, seed: UInt64(seed)).run(steps) {
                Issue.record("\(count) items, seed \(seed), steps \(steps): \(broken)")
            }
        }
        Self.counter.report()
    }
}

/// One random step, as raw choices.
struct SizingStep: CustomStringConvertible, Sendable {
    var kind: Int
    var a: Int
    var b: Int

    var description: String { "step\(kind)(\(a), \(b))" }

    static let generator = zip(Gen.int(in: 0...7), Gen.int(in: 0...99), Gen.int(in: 0...99))
        .map { SizingStep(kind: $0.0, a: $0.1, b: $0.2) }
}

/// A collection view of two sections of self-sizing items whose cells report true sizes (whole
/// points, so shifted and recomputed positions agree exactly), and the model of what is sized.
final class SizingHarness: CollectionViewDataSource {
    static let estimate = CGSize(width: 100, height: 50)
    var sections: [[Int]]
    var sizes: [Int: CGSize] = [:]
    /// The items sized since the sizes were last forgotten.
    var sized = Set<Int>()
    var askedTwice: [Int] = []
    var next = 10_000
    var random: SeededRandom
    let view: CollectionView

    init(count: Int, seed: UInt64) {
        random = SeededRandom(seed: seed)
        sections = [Array(0..<count), Array(count..<(count + 12))]
        let layout = FlowLayout()
        layout.estimatedItemSize = Self.estimate
        view = CollectionView(frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
        for id in sections.joined() { sizes[id] = randomSize() }
        view.dataSource = self
    }

    func randomSize() -> CGSize {
        CGSize(
            width: Double.random(in: 30...200, using: &random).rounded(),
            height: Double.random(in: 20...140, using: &random).rounded())
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section].count
    }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell? {
        let id = sections[indexPath.section][indexPath.item]
        if !sized.insert(id).inserted { askedTwice.append(id) }
        let cell = CollectionViewCell()
        let size = sizes[id]!
        cell.sizing = { _ in size }
        return cell
    }

    /// Runs `steps`, checking after each; the first broken rule, or nil.
    func run(_ steps: [SizingStep]) -> String? {
        _ = view.visibleLayoutAttributes()
        if let broken = check() { return "at the start: \(broken)" }
        for (index, step) in steps.enumerated() {
            perform(step)
            if let broken = check() { return "after step \(index) \(step): \(broken)" }
        }
        return nil
    }

    func perform(_ step: SizingStep) {
        let long = sections[0].count
        switch step.kind {
        case 0, 1:  // jump to a place in the content
            let range = max(0, view.contentSize.height - view.bounds.height)
            view.contentOffset = CGPoint(x: 0, y: (range * CGFloat(step.a) / 99).rounded())
        case 2:  // step back up
            view.contentOffset.y = max(0, view.contentOffset.y - CGFloat(step.a * 4))
        case 3:  // insert
            next += 1
            sizes[next] = randomSize()
            let place = step.a * (long + 1) / 100
            sections[0].insert(next, at: place)
            view.insertItems(at: [IndexPath(item: place, section: 0)])
        case 4 where long > 1:  // delete
            let place = step.a * long / 100
            sections[0].remove(at: place)
            view.deleteItems(at: [IndexPath(item: place, section: 0)])
        case 5 where long > 1:  // move
            let (from, to) = (step.a * long / 100, step.b * long / 100)
            sections[0].insert(sections[0].remove(at: from), at: to)
            view.moveItem(at: IndexPath(item: from, section: 0), to: IndexPath(item: to, section: 0))
        case 6:  // reload: every size is asked again
            sized = []
            view.reloadData()
        case 7:  // a new width refits every cell
            let width = CGFloat(200 + step.a * 3)
            if width != view.frame.size.width {
                sized = []
                view.frame.size.width = width
            }
        default:
            break
        }
        _ = view.visibleLayoutAttributes()
    }

    /// The first rule broken now, or nil.
    func check() -> String? {
        if !askedTwice.isEmpty { return "items asked twice: \(askedTwice.prefix(5))" }
        for attributes in view.visibleLayoutAttributes() where attributes.representedElementCategory == .cell {
            let path = attributes.indexPath
            let id = sections[path.section][path.item]
            guard sized.contains(id) else { return "item \(id) shown at \(path) is not sized" }
            guard attributes.size == sizes[id]! else { return "item \(id) shown at \(attributes.size)" }
        }
        let got = Self.frames(view)
        let model = sections.map { $0.map { sized.contains($0) ? sizes[$0]! : Self.estimate } }
        let truth = ModelSizes(model)
        let fresh = CollectionView(frame: view.frame, collectionViewLayout: FlowLayout())
        fresh.dataSource = truth
        fresh.delegate = truth
        let expected = Self.frames(fresh)
        guard got.count == expected.count else { return "\(got.count) cells, \(expected.count) expected" }
        for (path, frame) in expected {
            guard let actual = got[path] else { return "no cell at \(path)" }
            guard actual.origin.x.isFinite, actual.origin.y.isFinite else { return "\(path) at \(actual)" }
            // A section of one size is a grid in a fresh layout (its last line on the columns) but
            // a self-sizing section lays its last line from the inset: compare those lines' rows.
            let uniform = Set(model[path.section]).count == 1
            let lastLine = frame.minY == expected.filter { $0.key.section == path.section }.map(\.value.minY).max()
            if uniform && lastLine {
                guard actual.minY == frame.minY, actual.size == frame.size else {
                    return "\(path) at \(actual), expected the row of \(frame)"
                }
            } else if actual != frame {
                return "\(path) at \(actual), expected \(frame)"
            }
        }
        return nil
    }

    /// Every cell's frame.
    static func frames(_ view: CollectionView) -> [IndexPath: CGRect] {
        let layout = view.collectionViewLayout
        let size = layout.collectionViewContentSize
        var frames: [IndexPath: CGRect] = [:]
        for a in layout.layoutAttributesForElements(
            in: CGRect(x: -1, y: -1, width: size.width + 2, height: size.height + 2))
            ?? [] where a.representedElementCategory == .cell
        {
            frames[a.indexPath] = a.frame
        }
        return frames
    }
}

/// A flow delegate of given sizes: the model's layout.
final class ModelSizes: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
    let sizes: [[CGSize]]
    init(_ sizes: [[CGSize]]) { self.sizes = sizes }
    func numberOfSections(in collectionView: CollectionView) -> Int { sizes.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        sizes[section].count
    }
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize { sizes[indexPath.section][indexPath.item] }
}
