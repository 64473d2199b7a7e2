import Foundation
import KineticDynamics
import KineticLayout
import PropertyBased
import Testing

/// Compositional layouts from random section providers (issue 36): random groups (horizontal,
/// vertical, repeating, nested, custom), dimensions, insets, spacing, headers, footers, badges
/// and backgrounds, in either scroll direction, over random section counts. After preparing:
/// every item has a finite frame; a visible-rect query returns exactly what a scan of every
/// element finds meeting the rect; the content covers every cell and header along the scroll
/// axis; and where every subitem fits its group (fractions of at most 1, no custom group), no
/// two cells of a section overlap.
@Suite("Compositional layouts from random section providers")
@MainActor
struct CompositionalPropertyTests {
    static let counter = FuzzRun.Counter("compositional")

    @Test func queriesEqualAScanAndFramesStayInPlace() async {
        let input = zip(Gen.int(in: 0...1_000_000), Gen.int(in: 1...6), Gen.bool)
        await propertyCheck(count: FuzzRun.iterations(default: 60), input: input) { seed, sections, vertical in
            Self.counter.record(operations: sections)
            if let broken = CompositionalHarness(seed: UInt64(seed), sections: sections, vertical: vertical).check() {
                Issue.record("seed \(seed), \(sections) sections, vertical \(vertical): \(broken)")
            }
        }
        Self.counter.report()
    }
}

/// A random compositional layout over a collection view, and the checks.
final class CompositionalHarness: CollectionViewDataSource {
    var random: SeededRandom
    let counts: [Int]
    let view: CollectionView
    let layout: CompositionalLayout
    /// Whether each section's subitems all fit their groups (no overlap expected).
    var fits: [Bool] = []
    let vertical: Bool

    init(seed: UInt64, sections: Int, vertical: Bool) {
        random = SeededRandom(seed: seed)
        self.vertical = vertical
        var counts: [Int] = []
        for _ in 0..<sections { counts.append(Int.random(in: 0...40, using: &random)) }
        self.counts = counts
        var built: [CollectionLayoutSection] = []
        var fits: [Bool] = []
        for _ in 0..<sections {
            let (section, fit) = Self.section(&random)
            built.append(section)
            fits.append(fit)
        }
        self.fits = fits
        var configuration = CompositionalLayoutConfiguration()
        configuration.scrollDirection = vertical ? .vertical : .horizontal
        configuration.interSectionSpacing = CGFloat(Int.random(in: 0...3, using: &random) * 7)
        let sectionsBuilt = built
        layout = CompositionalLayout(
            sectionProvider: { index, _ in sectionsBuilt[index] }, configuration: configuration)
        let size = CGSize(
            width: CGFloat(Int.random(in: 200...500, using: &random)),
            height: CGFloat(Int.random(in: 200...700, using: &random)))
        view = CollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
        view.dataSource = self
    }

    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        counts[section]
    }

    static let kinds = ["header", "footer", "badge", "background"]

    /// A fraction of at most 1 in quarters, or (when `fit` is false) an absolute length of at
    /// most `longest`.
    static func dimension(_ random: inout SeededRandom, fit: Bool, width: Bool, longest: Int = 150)
        -> CollectionLayoutDimension
    {
        if fit || Bool.random(using: &random) {
            let fraction = CGFloat(Int.random(in: 1...4, using: &random)) / 4
            return width ? .fractionalWidth(fraction) : .fractionalHeight(fraction)
        }
        return .absolute(CGFloat(Int.random(in: 10...max(10, longest), using: &random)))
    }

    /// A random item; its absolute height at most `tallest` (a vertical group's first item must
    /// fit it: one that cannot is UIKit's trap, `CompositionalTrapTests`).
    static func item(_ random: inout SeededRandom, fit: Bool, tallest: Int = 150) -> CollectionLayoutItem {
        let badge = CollectionLayoutSupplementaryItem(
            layoutSize: CollectionLayoutSize(widthDimension: .absolute(12), heightDimension: .absolute(12)),
            elementKind: "badge", containerAnchor: CollectionLayoutAnchor(edges: [.top, .trailing]))
        let item = CollectionLayoutItem(
            layoutSize: CollectionLayoutSize(
                widthDimension: dimension(&random, fit: fit, width: true),
                heightDimension: dimension(&random, fit: fit, width: false, longest: tallest)),
            supplementaryItems: Int.random(in: 0...3, using: &random) == 0 ? [badge] : [])
        let inset = CGFloat(Int.random(in: 0...2, using: &random) * 2)
        item.contentInsets = DirectionalEdgeInsets(top: inset, leading: inset, bottom: inset, trailing: inset)
        return item
    }

    /// A random section, and whether its subitems all fit.
    static func section(_ random: inout SeededRandom) -> (CollectionLayoutSection, Bool) {
        let fit = Bool.random(using: &random)
        let groupHeight = Int.random(in: 40...160, using: &random)
        let groupSize = CollectionLayoutSize(
            widthDimension: .fractionalWidth(1), heightDimension: .absolute(CGFloat(groupHeight)))
        let group: CollectionLayoutGroup
        var fits = fit
        switch Int.random(in: 0...4, using: &random) {
        case 0:
            group = .horizontal(layoutSize: groupSize, subitems: [item(&random, fit: fit), item(&random, fit: fit)])
        case 1:
            group = .vertical(layoutSize: groupSize, subitems: [item(&random, fit: fit, tallest: groupHeight)])
        case 2:
            group = .horizontal(
                layoutSize: groupSize, repeatingSubitem: item(&random, fit: fit),
                count: Int.random(in: 1...5, using: &random))
        case 3:
            let inner = CollectionLayoutGroup.vertical(
                layoutSize: CollectionLayoutSize(
                    widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)),
                repeatingSubitem: item(&random, fit: true), count: 2)
            group = .horizontal(layoutSize: groupSize, subitems: [item(&random, fit: fit), inner])
        default:
            let count = Int.random(in: 0...3, using: &random)
            let frames = (0..<count).map { index in
                CGRect(x: CGFloat(index * 30), y: 0, width: 25, height: 25)
            }
            group = .custom(layoutSize: groupSize) { _ in frames.map { CollectionLayoutGroupCustomItem(frame: $0) } }
            fits = false
        }
        if Bool.random(using: &random) {
            group.interItemSpacing = .fixed(CGFloat(Int.random(in: 0...8, using: &random)))
        }
        let section = CollectionLayoutSection(group: group)
        let inset = CGFloat(Int.random(in: 0...3, using: &random) * 5)
        section.contentInsets = DirectionalEdgeInsets(top: inset, leading: inset, bottom: inset, trailing: inset)
        section.interGroupSpacing = CGFloat(Int.random(in: 0...2, using: &random) * 6)
        if Bool.random(using: &random) {
            section.boundarySupplementaryItems.append(
                CollectionLayoutBoundarySupplementaryItem(
                    layoutSize: CollectionLayoutSize(
                        widthDimension: .fractionalWidth(1), heightDimension: .absolute(30)),
                    elementKind: "header", alignment: .top))
        }
        if Bool.random(using: &random) {
            section.boundarySupplementaryItems.append(
                CollectionLayoutBoundarySupplementaryItem(
                    layoutSize: CollectionLayoutSize(widthDimension: .absolute(60), heightDimension: .absolute(20)),
                    elementKind: "footer", alignment: .bottomTrailing))
        }
        if Bool.random(using: &random) { section.decorationItems = [.background(elementKind: "background")] }
        return (section, fits)
    }

    /// Every element, by a scan of each one's own query.
    func scan() -> [CollectionViewLayoutAttributes] {
        var all: [CollectionViewLayoutAttributes] = []
        for section in counts.indices {
            for item in 0..<counts[section] {
                let path = IndexPath(item: item, section: section)
                if let cell = layout.layoutAttributesForItem(at: path) { all.append(cell) }
                if let badge = layout.layoutAttributesForSupplementaryView(ofKind: "badge", at: path) {
                    all.append(badge)
                }
            }
            let path = IndexPath(item: 0, section: section)
            for kind in ["header", "footer"] {
                if let view = layout.layoutAttributesForSupplementaryView(ofKind: kind, at: path) { all.append(view) }
            }
            if let background = layout.layoutAttributesForDecorationView(ofKind: "background", at: path) {
                all.append(background)
            }
        }
        return all
    }

    struct Key: Hashable {
        let category: String
        let kind: String?
        let path: IndexPath
        init(_ attributes: CollectionViewLayoutAttributes) {
            category = "\(attributes.representedElementCategory)"
            kind = attributes.representedElementKind
            path = attributes.indexPath
        }
    }

    /// The first property that fails, or nil.
    func check() -> String? {
        let all = scan()
        let cells = all.filter { $0.representedElementCategory == .cell }
        guard cells.count == counts.reduce(0, +) else { return "\(cells.count) cells for \(counts.reduce(0, +)) items" }
        if let bad = all.first(where: { !$0.frame.isAllFinite }) { return "not finite: \(bad)" }
        let content = layout.collectionViewContentSize
        guard content.width.isFinite, content.height.isFinite else { return "content size \(content)" }
        let length = vertical ? content.height : content.width
        for attributes in all where attributes.representedElementKind != "badge" {
            let end = vertical ? attributes.frame.maxY : attributes.frame.maxX
            let fromCustom = !fits[attributes.indexPath.section]
            if !fromCustom, end > length + 1e-6 { return "\(attributes) beyond the content (\(length))" }
        }
        // Queries against the scan.
        var random = self.random
        for _ in 0..<6 {
            let rect = CGRect(
                x: CGFloat(Int.random(in: -50...Int(content.width + 50), using: &random)),
                y: CGFloat(Int.random(in: -50...Int(content.height + 50), using: &random)),
                width: CGFloat(Int.random(in: 0...400, using: &random)),
                height: CGFloat(Int.random(in: 0...400, using: &random)))
            let found = Set((layout.layoutAttributesForElements(in: rect) ?? []).map(Key.init))
            let expected = Set(all.filter { $0.frame.intersects(rect) }.map(Key.init))
            guard found == expected else {
                return "query \(rect): missing \(expected.subtracting(found)), extra \(found.subtracting(expected))"
            }
        }
        // No overlap where everything fits.
        for section in counts.indices where fits[section] {
            let frames = cells.filter { $0.indexPath.section == section }.map(\.frame)
            for i in frames.indices {
                for j in frames.indices where j > i {
                    let overlap = frames[i].intersection(frames[j])
                    if !overlap.isNull, overlap.width > 1e-6, overlap.height > 1e-6 {
                        return "section \(section): cells \(i) \(frames[i]) and \(j) \(frames[j]) overlap"
                    }
                }
            }
        }
        return nil
    }
}
