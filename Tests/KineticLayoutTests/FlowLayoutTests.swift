import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

// MARK: Fixtures

/// A data source of fixed section counts.
private final class Counts: CollectionViewDataSource {
    let counts: [Int]
    init(_ counts: [Int]) { self.counts = counts }
    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        counts[section]
    }
}

/// A delegate that is not a flow delegate: the layout stays uniform.
private final class PlainDelegate: CollectionViewDelegate {}

/// A flow delegate that implements nothing: every answer is the layout's own property.
private final class DefaultFlowDelegate: CollectionViewDelegateFlowLayout {}

/// A flow delegate with per-item sizes and, where given, per-section metrics.
private final class FlowDelegate: CollectionViewDelegateFlowLayout {
    var sizes: [[CGSize]]
    var insets: [EdgeInsets]?
    var lineSpacings: [CGFloat]?
    var interitemSpacings: [CGFloat]?
    var headers: [CGSize]?
    var footers: [CGSize]?

    init(_ sizes: [[CGSize]]) { self.sizes = sizes }

    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        sizes[indexPath.section][indexPath.item]
    }
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        insetForSectionAt section: Int
    ) -> EdgeInsets {
        insets?[section] ?? (collectionViewLayout as! FlowLayout).sectionInset
    }
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumLineSpacingForSectionAt section: Int
    ) -> CGFloat {
        lineSpacings?[section] ?? (collectionViewLayout as! FlowLayout).minimumLineSpacing
    }
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        minimumInteritemSpacingForSectionAt section: Int
    ) -> CGFloat {
        interitemSpacings?[section] ?? (collectionViewLayout as! FlowLayout).minimumInteritemSpacing
    }
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForHeaderInSection section: Int
    ) -> CGSize {
        headers?[section] ?? (collectionViewLayout as! FlowLayout).headerReferenceSize
    }
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        referenceSizeForFooterInSection section: Int
    ) -> CGSize {
        footers?[section] ?? (collectionViewLayout as! FlowLayout).footerReferenceSize
    }
}

/// A collection view with its layout, data source and delegate, all held strongly (the view
/// holds the last two weakly, the layout holds the view weakly).
private final class Fixture {
    let layout: FlowLayout
    let view: CollectionView
    let source: Counts
    let delegate: (any CollectionViewDelegate)?

    init(_ layout: FlowLayout, counts: [Int], size: CGSize, delegate: (any CollectionViewDelegate)? = nil) {
        self.layout = layout
        source = Counts(counts)
        self.delegate = delegate
        view = CollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
        view.dataSource = source
        view.delegate = delegate
    }

    func item(_ item: Int, _ section: Int = 0) -> CGRect? {
        layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }

    func items(_ count: Int, _ section: Int = 0) -> [CGRect?] {
        (0..<count).map { item($0, section) }
    }

    func header(_ section: Int) -> CGRect? {
        layout.layoutAttributesForSupplementaryView(
            ofKind: CollectionElementKind.sectionHeader, at: IndexPath(item: 0, section: section))?.frame
    }

    func footer(_ section: Int) -> CGRect? {
        layout.layoutAttributesForSupplementaryView(
            ofKind: CollectionElementKind.sectionFooter, at: IndexPath(item: 0, section: section))?.frame
    }

    var contentSize: CGSize { layout.collectionViewContentSize }

    func elements(in rect: CGRect) -> [CollectionViewLayoutAttributes] {
        layout.layoutAttributesForElements(in: rect) ?? []
    }

    /// Every element, asked one by one: each item, each section's header and footer.
    func everyElement() -> [CollectionViewLayoutAttributes] {
        var all: [CollectionViewLayoutAttributes] = []
        for section in source.counts.indices {
            let path = IndexPath(item: 0, section: section)
            if let header = layout.layoutAttributesForSupplementaryView(
                ofKind: CollectionElementKind.sectionHeader, at: path)
            {
                all.append(header)
            }
            for item in 0..<source.counts[section] {
                if let attributes = layout.layoutAttributesForItem(at: IndexPath(item: item, section: section)) {
                    all.append(attributes)
                }
            }
            if let footer = layout.layoutAttributesForSupplementaryView(
                ofKind: CollectionElementKind.sectionFooter, at: path)
            {
                all.append(footer)
            }
        }
        return all
    }
}

/// What identifies an element and where it is, for comparing answers as sets.
private struct ElementKey: Hashable, CustomStringConvertible {
    let category: CollectionElementCategory
    let kind: String?
    let indexPath: IndexPath
    let frame: [Double]

    init(_ attributes: CollectionViewLayoutAttributes) {
        category = attributes.representedElementCategory
        kind = attributes.representedElementKind
        indexPath = attributes.indexPath
        let f = attributes.frame
        frame = [f.origin.x, f.origin.y, f.size.width, f.size.height]
    }

    var description: String { "\(kind ?? "cell") \(indexPath) \(frame)" }
}

/// The shared seeded generator (Support/SeededRandom.swift), with the draws these tests use.
extension SeededRandom {
    /// A double in `a..<b`.
    mutating func uniform(_ a: Double, _ b: Double) -> Double {
        a + (b - a) * Double(next() >> 11) * 0x1p-53
    }

    /// An integer in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    mutating func chance(_ p: Double) -> Bool { uniform(0, 1) < p }
}

private let nan = CGFloat.nan
private let inf = CGFloat.infinity

private func rect(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat) -> CGRect {
    CGRect(x: x, y: y, width: w, height: h)
}

// MARK: Tests

@Suite("FlowLayout")
struct FlowLayoutTests {
    // MARK: Defaults and uniform geometry

    @Test func defaultsAreUIKits() {
        let layout = FlowLayout()
        #expect(layout.itemSize == CGSize(width: 50, height: 50))
        #expect(layout.minimumLineSpacing == 10)
        #expect(layout.minimumInteritemSpacing == 10)
        #expect(layout.sectionInset == .zero)
        #expect(layout.headerReferenceSize == .zero)
        #expect(layout.footerReferenceSize == .zero)
        #expect(layout.scrollDirection == .vertical)
        #expect(
            CollectionView.ScrollDirection.vertical.rawValue == 0
                && CollectionView.ScrollDirection.horizontal.rawValue == 1)
    }

    /// 14 items of 50 across 375 pt with 10 pt spacing: 6 fit (6·50 + 5·10 = 350 ≤ 375; 7 need
    /// 410), the 75 pt left over make the gaps 15 pt, so columns at 0, 65, 130, 195, 260, 325.
    /// Rows 60 pt apart; the last row's 2 items sit in the first two columns. Seed 000's grid.
    @Test func defaultGridIsJustifiedAndTheLastRowKeepsTheColumns() {
        let f = Fixture(FlowLayout(), counts: [14], size: CGSize(width: 375, height: 667))
        let xs: [CGFloat] = [0, 65, 130, 195, 260, 325]
        let ys: [CGFloat] = [0, 60, 120]
        for item in 0..<14 {
            #expect(f.item(item) == rect(xs[item % 6], ys[item / 6], 50, 50), "item \(item)")
        }
        #expect(f.item(5)?.maxX == 375)
        #expect(f.item(13) == rect(65, 120, 50, 50))
        #expect(f.contentSize == CGSize(width: 375, height: 170))
    }

    /// Sections [5, 0, 3] of 60×40 items, 325 pt wide, insets top 5 left 10 bottom 15 right 30,
    /// line spacing 20, inter-item 10, header 25 and footer 35 tall.
    /// Available width 325 − 40 = 285: 4 fit (270), leftover 45 → gaps 15, columns 10, 85, 160,
    /// 235. Section 0: header 0…25, lines at 30 and 90 (30 + 40 + 20), lines end 130, footer at
    /// 145 (130 + 15), section ends 180. Section 1 (empty): header 180, no lines (they would
    /// start at 210), footer 225, end 260. Section 2: header 260, line at 290, footer 345, end 380.
    @Test func uniformSectionsWithInsetsHeadersAndFooters() {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 60, height: 40)
        layout.sectionInset = EdgeInsets(top: 5, left: 10, bottom: 15, right: 30)
        layout.minimumLineSpacing = 20
        layout.minimumInteritemSpacing = 10
        layout.headerReferenceSize = CGSize(width: 0, height: 25)
        layout.footerReferenceSize = CGSize(width: 0, height: 35)
        let f = Fixture(layout, counts: [5, 0, 3], size: CGSize(width: 325, height: 600))

        #expect(
            f.items(5, 0) == [
                rect(10, 30, 60, 40), rect(85, 30, 60, 40), rect(160, 30, 60, 40), rect(235, 30, 60, 40),
                rect(10, 90, 60, 40),
            ])
        #expect(f.items(3, 2) == [rect(10, 290, 60, 40), rect(85, 290, 60, 40), rect(160, 290, 60, 40)])
        #expect(
            [f.header(0), f.header(1), f.header(2)] == [
                rect(0, 0, 325, 25), rect(0, 180, 325, 25), rect(0, 260, 325, 25),
            ])
        #expect(
            [f.footer(0), f.footer(1), f.footer(2)] == [
                rect(0, 145, 325, 35), rect(0, 225, 325, 35), rect(0, 345, 325, 35),
            ])
        #expect(f.contentSize == CGSize(width: 325, height: 380))
        #expect(f.item(0, 1) == nil)
        // Each section's band runs from its header's top to its footer's bottom.
        let probes: [(CGPoint, Int?)] = [
            (CGPoint(x: 100, y: 0), 0), (CGPoint(x: 5, y: 179.5), 0), (CGPoint(x: 300, y: 180), 1),
            (CGPoint(x: 1, y: 259), 1),
            (CGPoint(x: 1, y: 260), 2), (CGPoint(x: 325, y: 380), 2), (CGPoint(x: 1, y: 380.5), nil),
            (CGPoint(x: -1, y: 100), nil),
            (CGPoint(x: 326, y: 100), nil), (CGPoint(x: 1, y: -0.5), nil), (CGPoint(x: nan, y: 100), nil),
        ]
        for (point, section) in probes {
            #expect(f.layout.section(containing: point) == section, "\(point)")
        }
    }

    /// The same layout scrolling horizontally, every size transposed: columns of 40×60 items
    /// filled top to bottom within insets top 10, bottom 30; left 5, right 15 along the scroll
    /// axis; headers 25 and footers 35 wide, as tall as the view.
    @Test func horizontalIsTheTranspose() {
        let layout = FlowLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = CGSize(width: 40, height: 60)
        layout.sectionInset = EdgeInsets(top: 10, left: 5, bottom: 30, right: 15)
        layout.minimumLineSpacing = 20
        layout.minimumInteritemSpacing = 10
        layout.headerReferenceSize = CGSize(width: 25, height: 0)
        layout.footerReferenceSize = CGSize(width: 35, height: 0)
        let f = Fixture(layout, counts: [5, 0, 3], size: CGSize(width: 600, height: 325))

        #expect(
            f.items(5, 0) == [
                rect(30, 10, 40, 60), rect(30, 85, 40, 60), rect(30, 160, 40, 60), rect(30, 235, 40, 60),
                rect(90, 10, 40, 60),
            ])
        #expect(f.items(3, 2) == [rect(290, 10, 40, 60), rect(290, 85, 40, 60), rect(290, 160, 40, 60)])
        #expect(
            [f.header(0), f.header(1), f.header(2)] == [
                rect(0, 0, 25, 325), rect(180, 0, 25, 325), rect(260, 0, 25, 325),
            ])
        #expect(
            [f.footer(0), f.footer(1), f.footer(2)] == [
                rect(145, 0, 35, 325), rect(225, 0, 35, 325), rect(345, 0, 35, 325),
            ])
        #expect(f.contentSize == CGSize(width: 380, height: 325))
        #expect(f.layout.section(containing: CGPoint(x: 200, y: 300)) == 1)
        #expect(f.layout.section(containing: CGPoint(x: 200, y: 326)) == nil)
    }

    /// 60 pt items with 50 pt spacing across 100 pt: only one fits a line, so every line (the
    /// last too) centres its item at (100 − 60) / 2 = 20. Lines 20 tall, 10 apart.
    @Test func aLineOfOneUniformItemIsCentred() {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 60, height: 20)
        layout.minimumInteritemSpacing = 50
        let f = Fixture(layout, counts: [3], size: CGSize(width: 100, height: 300))
        #expect(f.items(3) == [rect(20, 0, 60, 20), rect(20, 30, 60, 20), rect(20, 60, 60, 20)])
        #expect(f.contentSize == CGSize(width: 100, height: 80))
    }

    /// Items wider than the view: one per line, at the inset; the content is as wide as they are.
    @Test func oversizedUniformItemsTakeALineEachAtTheInset() {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 150, height: 20)
        layout.sectionInset = EdgeInsets(top: 0, left: 5, bottom: 0, right: 5)
        let f = Fixture(layout, counts: [2], size: CGSize(width: 100, height: 300))
        #expect(f.items(2) == [rect(5, 0, 150, 20), rect(5, 30, 150, 20)])
        #expect(f.contentSize == CGSize(width: 160, height: 50))
    }

    // MARK: Per-item sizes

    /// Sizes across 200 pt, spacing 10 both ways, no insets:
    /// line 0: items 0, 1, 2 (50 + 10 + 60 + 10 + 60 = 190; item 3's 150 does not fit), not the
    /// last, so justified: leftover 200 − 170 = 30 over 2 gaps → x 0, 65, 140; 40 tall, each item
    /// centred: y 10, 0, 5.
    /// line 1 at y 50: item 3 alone (80 more does not fit), not the last: centred at x 25.
    /// line 2 at y 70: items 4, 5, 6 (170), the section's last: x 0, 90, 130 with the minimum
    /// spacing; 50 tall: y 85, 80, 70. Content 200 × 120.
    static let mixedSizes: [CGSize] = [
        CGSize(width: 50, height: 20), CGSize(width: 60, height: 40), CGSize(width: 60, height: 30),
        CGSize(width: 150, height: 10), CGSize(width: 80, height: 20), CGSize(width: 30, height: 30),
        CGSize(width: 40, height: 50),
    ]

    @Test func perItemSizesVertical() {
        let delegate = FlowDelegate([Self.mixedSizes])
        let f = Fixture(FlowLayout(), counts: [7], size: CGSize(width: 200, height: 400), delegate: delegate)
        #expect(
            f.items(7) == [
                rect(0, 10, 50, 20), rect(65, 0, 60, 40), rect(140, 5, 60, 30),
                rect(25, 50, 150, 10),
                rect(0, 85, 80, 20), rect(90, 80, 30, 30), rect(130, 70, 40, 50),
            ])
        #expect(f.contentSize == CGSize(width: 200, height: 120))
    }

    /// The transpose: each size's width and height swapped, 200 pt tall, scrolling sideways.
    @Test func perItemSizesHorizontal() {
        let layout = FlowLayout()
        layout.scrollDirection = .horizontal
        let delegate = FlowDelegate([Self.mixedSizes.map { CGSize(width: $0.height, height: $0.width) }])
        let f = Fixture(layout, counts: [7], size: CGSize(width: 400, height: 200), delegate: delegate)
        #expect(
            f.items(7) == [
                rect(10, 0, 20, 50), rect(0, 65, 40, 60), rect(5, 140, 30, 60),
                rect(50, 25, 10, 150),
                rect(85, 0, 20, 80), rect(80, 90, 30, 30), rect(70, 130, 50, 40),
            ])
        #expect(f.contentSize == CGSize(width: 120, height: 200))
    }

    /// Per-section metrics from the delegate, 100 pt wide.
    /// Section 0: insets top 4 left 6 bottom 8 right 2 (92 available), inter-item 2, lines 6
    /// apart, header 10. Items 0 and 1 (62; a third needs 94): justified, leftover 32 → x 6, 68;
    /// line at 10 + 4 = 14, 20 tall: y 19, 14. Line 2 at 40: items 2, 3 (the last line) at 6 and
    /// 38, y 45, 40. Lines end 60, section ends 68.
    /// Section 1: no insets or spacing, footer 12. Item 0 (100 wide) alone, not last: centred,
    /// leftover 0 → x 0, y 68. Item 1 on the last line: x 0, y 73. Footer 78…90.
    @Test func perSectionMetricsFromTheDelegate() {
        let delegate = FlowDelegate([
            [
                CGSize(width: 30, height: 10), CGSize(width: 30, height: 20), CGSize(width: 30, height: 10),
                CGSize(width: 20, height: 20),
            ],
            [CGSize(width: 100, height: 5), CGSize(width: 50, height: 5)],
        ])
        delegate.insets = [EdgeInsets(top: 4, left: 6, bottom: 8, right: 2), .zero]
        delegate.interitemSpacings = [2, 0]
        delegate.lineSpacings = [6, 0]
        delegate.headers = [CGSize(width: 0, height: 10), .zero]
        delegate.footers = [.zero, CGSize(width: 0, height: 12)]
        let f = Fixture(FlowLayout(), counts: [4, 2], size: CGSize(width: 100, height: 400), delegate: delegate)
        #expect(
            f.items(4, 0) == [rect(6, 19, 30, 10), rect(68, 14, 30, 20), rect(6, 45, 30, 10), rect(38, 40, 20, 20)])
        #expect(f.items(2, 1) == [rect(0, 68, 100, 5), rect(0, 73, 50, 5)])
        #expect(f.header(0) == rect(0, 0, 100, 10))
        #expect(f.header(1) == nil && f.footer(0) == nil)
        #expect(f.footer(1) == rect(0, 78, 100, 12))
        #expect(f.contentSize == CGSize(width: 100, height: 90))
    }

    /// 100 pt wide, insets 10 each side (80 available), spacing 10. Item 0 (30) cannot share with
    /// the 120 pt item 1: alone and centred at 10 + 25 = 35. Item 1 is wider than the room: a
    /// line of its own at the inset. Items 2 and 3 (70) form the last line at 10 and 50.
    /// The content is as wide as the oversized line: 10 + 120 + 10 = 140.
    @Test func anOversizedItemGetsALineOfItsOwn() {
        let layout = FlowLayout()
        layout.sectionInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
        let delegate = FlowDelegate([
            [
                CGSize(width: 30, height: 30), CGSize(width: 120, height: 20), CGSize(width: 30, height: 30),
                CGSize(width: 30, height: 30),
            ]
        ])
        let f = Fixture(layout, counts: [4], size: CGSize(width: 100, height: 400), delegate: delegate)
        #expect(f.items(4) == [rect(35, 0, 30, 30), rect(10, 40, 120, 20), rect(10, 70, 30, 30), rect(50, 70, 30, 30)])
        #expect(f.contentSize == CGSize(width: 140, height: 100))
    }

    /// A flow delegate that answers every item with the same size lays out exactly as no
    /// delegate: equal sizes form the same grid whichever way they arrive.
    @Test(arguments: [CollectionView.ScrollDirection.vertical, .horizontal])
    func aDelegateOfEqualSizesMatchesTheUniformLayout(direction: CollectionView.ScrollDirection) {
        func make(_ delegate: (any CollectionViewDelegate)?) -> Fixture {
            let layout = FlowLayout()
            layout.scrollDirection = direction
            layout.itemSize = CGSize(width: 37, height: 23)
            layout.sectionInset = EdgeInsets(top: 3, left: 7, bottom: 11, right: 13)
            layout.headerReferenceSize = CGSize(width: 17, height: 19)
            return Fixture(layout, counts: [9, 0, 31], size: CGSize(width: 301, height: 299), delegate: delegate)
        }
        let uniform = make(PlainDelegate()), perItem = make(DefaultFlowDelegate())
        #expect(uniform.everyElement().map(ElementKey.init) == perItem.everyElement().map(ElementKey.init))
        #expect(uniform.contentSize == perItem.contentSize)
    }

    // MARK: Queries against brute force

    private enum Mode: CaseIterable { case uniform, perItem }

    /// A random layout: up to 5 sections of up to 30 items, random insets, spacings, headers and
    /// footers (per section with a delegate), sizes now and then wider than the view.
    private static func randomFixture(_ rng: inout SeededRandom, mode: Mode, direction: CollectionView.ScrollDirection)
        -> Fixture
    {
        let layout = FlowLayout()
        layout.scrollDirection = direction
        func insets() -> EdgeInsets {
            EdgeInsets(
                top: rng.uniform(0, 20), left: rng.uniform(0, 20), bottom: rng.uniform(0, 20), right: rng.uniform(0, 20)
            )
        }
        func extent() -> CGSize {
            rng.chance(0.4) ? .zero : CGSize(width: rng.uniform(5, 40), height: rng.uniform(5, 40))
        }
        func size() -> CGSize {
            rng.chance(0.05)
                ? CGSize(width: rng.uniform(300, 500), height: rng.uniform(300, 500))
                : CGSize(width: rng.uniform(5, 120), height: rng.uniform(5, 120))
        }
        func spacing() -> CGFloat { rng.uniform(0, 15) }
        layout.itemSize = size()
        layout.sectionInset = insets()
        layout.minimumLineSpacing = spacing()
        layout.minimumInteritemSpacing = spacing()
        layout.headerReferenceSize = extent()
        layout.footerReferenceSize = extent()
        let counts = (0..<rng.int(1...5)).map { _ in rng.int(0...30) }
        let viewSize = CGSize(width: rng.uniform(150, 400), height: rng.uniform(150, 400))
        switch mode {
        case .uniform:
            return Fixture(layout, counts: counts, size: viewSize, delegate: PlainDelegate())
        case .perItem:
            let delegate = FlowDelegate(counts.map { count in (0..<count).map { _ in size() } })
            delegate.insets = counts.map { _ in insets() }
            delegate.lineSpacings = counts.map { _ in spacing() }
            delegate.interitemSpacings = counts.map { _ in spacing() }
            delegate.headers = counts.map { _ in extent() }
            delegate.footers = counts.map { _ in extent() }
            return Fixture(layout, counts: counts, size: viewSize, delegate: delegate)
        }
    }

    /// `layoutAttributesForElements(in:)` answers exactly the elements a brute-force filter of
    /// every item, header and footer (asked one by one) finds meeting the rect: 200 random rects
    /// (some empty, some outside the content) over 8 random layouts per mode and axis.
    @Test(arguments: [CollectionView.ScrollDirection.vertical, .horizontal])
    func elementsInRectMatchBruteForce(direction: CollectionView.ScrollDirection) {
        for mode in Mode.allCases {
            var rng = SeededRandom(seed: mode == .uniform ? 0xF10 : 0xF11)
            var compared = 0, nonEmpty = 0
            for _ in 0..<8 {
                let f = Self.randomFixture(&rng, mode: mode, direction: direction)
                let all = f.everyElement()
                let content = f.contentSize
                for _ in 0..<25 {
                    let query = CGRect(
                        x: rng.uniform(-60, content.width + 60), y: rng.uniform(-60, content.height + 60),
                        width: rng.chance(0.1) ? 0 : rng.uniform(0, 300),
                        height: rng.chance(0.1) ? 0 : rng.uniform(0, 500)
                    )
                    let expected = all.filter { $0.frame.intersects(query) }.map(ElementKey.init)
                    let answer = f.elements(in: query).map(ElementKey.init)
                    #expect(Set(answer) == Set(expected), "\(mode) \(direction) \(query)")
                    #expect(answer.count == Set(answer).count, "no element twice")
                    compared += 1
                    if !expected.isEmpty { nonEmpty += 1 }
                }
                // Every element lies within the content.
                let bounds = CGRect(origin: .zero, size: content).insetBy(dx: -1e-9, dy: -1e-9)
                #expect(all.allSatisfy { bounds.contains($0.frame) })
            }
            #expect(compared == 200)
            #expect(nonEmpty > 100, "most rects meet something, so the comparison is not vacuous")
        }
    }

    /// A rect covering everything returns every element, in section order: header, items, footer.
    @Test func elementsComeInSectionOrder() {
        let layout = FlowLayout()
        layout.headerReferenceSize = CGSize(width: 0, height: 20)
        layout.footerReferenceSize = CGSize(width: 0, height: 20)
        let f = Fixture(layout, counts: [3, 2], size: CGSize(width: 200, height: 400))
        let answer = f.elements(in: CGRect(x: -1, y: -1, width: 1000, height: 1000))
        let names = answer.map { attributes -> String in
            let kind = attributes.representedElementKind
            let letter = kind == nil ? "c" : kind == CollectionElementKind.sectionHeader ? "h" : "f"
            return "\(letter)\(attributes.indexPath.section).\(attributes.indexPath.item)"
        }
        #expect(names == ["h0.0", "c0.0", "c0.1", "c0.2", "f0.0", "h1.0", "c1.0", "c1.1", "f1.0"])
    }

    // MARK: Content size

    @Test func contentSizeOfNothingIsZero() {
        #expect(Fixture(FlowLayout(), counts: [], size: CGSize(width: 300, height: 300)).contentSize == .zero)
        #expect(Fixture(FlowLayout(), counts: [0, 0], size: CGSize(width: 300, height: 300)).contentSize == .zero)
        let horizontal = FlowLayout()
        horizontal.scrollDirection = .horizontal
        #expect(Fixture(horizontal, counts: [0], size: CGSize(width: 300, height: 300)).contentSize == .zero)
        #expect(FlowLayout().collectionViewContentSize == .zero, "a layout in no collection view")
        #expect(
            FlowLayout().layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 100, height: 100))?.isEmpty == true)
    }

    /// Empty sections still take their insets: two of them with top 3 and bottom 4 are 14 tall.
    @Test func emptySectionsKeepTheirInsets() {
        let layout = FlowLayout()
        layout.sectionInset = EdgeInsets(top: 3, left: 0, bottom: 4, right: 0)
        #expect(
            Fixture(layout, counts: [0, 0], size: CGSize(width: 300, height: 300)).contentSize
                == CGSize(width: 300, height: 14))
    }

    // MARK: Invalidation

    @Test func settingAPropertyInvalidates() {
        let f = Fixture(FlowLayout(), counts: [10], size: CGSize(width: 300, height: 300))
        let setters: [(FlowLayout) -> Void] = [
            { $0.itemSize = CGSize(width: 10, height: 10) },
            { $0.minimumLineSpacing = 3 },
            { $0.minimumInteritemSpacing = 3 },
            { $0.sectionInset = EdgeInsets(top: 1, left: 1, bottom: 1, right: 1) },
            { $0.headerReferenceSize = CGSize(width: 1, height: 1) },
            { $0.footerReferenceSize = CGSize(width: 1, height: 1) },
            { $0.scrollDirection = .horizontal },
        ]
        for set in setters {
            f.view.layoutIfNeeded()
            #expect(!f.layout.needsPrepare)
            set(f.layout)
            #expect(f.layout.needsPrepare)
        }
        // The next query sees the new values: 10 × 10 items, horizontal, spacing 3, inset 1,
        // header 1 wide: item 0 at (1 + 1, 1).
        #expect(f.item(0) == rect(2, 1, 10, 10))
    }

    /// Vertical: a new width reflows the lines and invalidates; a new height or a scroll does not.
    @Test func onlyACrossAxisResizeInvalidatesVertical() {
        let f = Fixture(FlowLayout(), counts: [20], size: CGSize(width: 375, height: 300))
        f.view.layoutIfNeeded()
        f.view.contentOffset = CGPoint(x: 0, y: 120)
        #expect(!f.layout.needsPrepare)
        f.view.frame.size.height = 500
        #expect(!f.layout.needsPrepare)
        #expect(!f.layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 9, y: 99, width: 375, height: 1)))
        #expect(f.layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 0, width: 374, height: 500)))
        f.view.frame.size.width = 170
        #expect(f.layout.needsPrepare)
        // 170 pt: 3 of 50 fit (170), no leftover: columns 0, 60, 120; item 3 starts row 1.
        #expect(f.item(3) == rect(0, 60, 50, 50))
        #expect(f.item(2) == rect(120, 0, 50, 50))
    }

    /// Horizontal: only a new height invalidates.
    @Test func onlyACrossAxisResizeInvalidatesHorizontal() {
        let layout = FlowLayout()
        layout.scrollDirection = .horizontal
        let f = Fixture(layout, counts: [20], size: CGSize(width: 300, height: 375))
        f.view.layoutIfNeeded()
        f.view.contentOffset = CGPoint(x: 200, y: 0)
        f.view.frame.size.width = 100
        #expect(!f.layout.needsPrepare)
        f.view.frame.size.height = 170
        #expect(f.layout.needsPrepare)
        #expect(f.item(3) == rect(60, 0, 50, 50))
    }

    // MARK: Fresh attributes

    /// Every query answers new objects: changing one (as seed 000's DraggableLayout changes
    /// `super`'s answer) changes nothing the layout answers next.
    @Test func answersAreFreshObjects() {
        final class Draggable: FlowLayout {
            func raised(_ indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
                let attributes = super.layoutAttributesForItem(at: indexPath)
                attributes?.zIndex = 1
                attributes?.center.x += 1000
                return attributes
            }
        }
        let layout = Draggable()
        layout.headerReferenceSize = CGSize(width: 0, height: 30)
        let f = Fixture(layout, counts: [4], size: CGSize(width: 200, height: 400))
        let path = IndexPath(item: 3, section: 0)
        let first = layout.raised(path)
        let second = layout.layoutAttributesForItem(at: path)
        #expect(first !== second)
        #expect(first?.zIndex == 1 && second?.zIndex == 0)
        #expect(second?.frame == rect(0, 90, 50, 50), "3 fit 200 pt: gap 25, row 1 below the 30 pt header")
        let inRect = f.elements(in: CGRect(x: 0, y: 0, width: 200, height: 200))
        for attributes in inRect {
            attributes.zIndex = 7
            attributes.alpha = 0
        }
        let again = f.elements(in: CGRect(x: 0, y: 0, width: 200, height: 200))
        #expect(again.count == inRect.count && again.count == 5)
        #expect(again.allSatisfy { $0.zIndex == 0 && $0.alpha == 1 })
        #expect(zip(again, inRect).allSatisfy { $0 !== $1 })
        let header = f.layout.layoutAttributesForSupplementaryView(
            ofKind: CollectionElementKind.sectionHeader, at: IndexPath(item: 0, section: 0))
        #expect(
            header
                !== f.layout.layoutAttributesForSupplementaryView(
                    ofKind: CollectionElementKind.sectionHeader, at: IndexPath(item: 0, section: 0)))
    }

    /// The collection view's own queries go through the flow layout.
    @Test func collectionViewQueriesUseTheLayout() {
        let f = Fixture(FlowLayout(), counts: [100], size: CGSize(width: 375, height: 100))
        f.view.contentOffset = CGPoint(x: 0, y: 55)
        // Rows 0…50, 60…110, 120…170 reach the visible 55…155: rows 1 and 2, 12 items.
        let visible = f.view.visibleLayoutAttributes()
        #expect(visible.map(\.indexPath.item).sorted() == Array(6..<18))
        #expect(f.view.indexPathForItem(at: CGPoint(x: 70, y: 70)) == IndexPath(item: 7, section: 0))
        #expect(f.view.indexPathForItem(at: CGPoint(x: 55, y: 70)) == nil, "in a gap")
        #expect(f.view.contentSize == CGSize(width: 375, height: 17 * 60 - 10))
    }

    // MARK: Bad input

    /// NaN, infinite and negative spacings and insets count as 0: 50 pt items across 100 pt with
    /// no spacing fit 2 to a row, no leftover.
    @Test func badSpacingsAndInsetsCountAsZero() {
        let layout = FlowLayout()
        layout.minimumInteritemSpacing = -10
        layout.minimumLineSpacing = nan
        layout.sectionInset = EdgeInsets(top: inf, left: -5, bottom: nan, right: -inf)
        layout.headerReferenceSize = CGSize(width: 100, height: nan)
        layout.footerReferenceSize = CGSize(width: 100, height: -20)
        let f = Fixture(layout, counts: [3], size: CGSize(width: 100, height: 300))
        #expect(f.items(3) == [rect(0, 0, 50, 50), rect(50, 0, 50, 50), rect(0, 50, 50, 50)])
        #expect(f.header(0) == nil && f.footer(0) == nil)
        #expect(f.contentSize == CGSize(width: 100, height: 100))
    }

    /// Bad item sizes count as 0 in either mode: an item of no width joins any line.
    @Test func badItemSizesCountAsZero() {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: nan, height: -3)
        let uniform = Fixture(layout, counts: [2], size: CGSize(width: 100, height: 300))
        // 0 wide with 10 spacing: 11 fit 100 pt, leftover 100 → gaps 10: x 0 and 10.
        #expect(uniform.items(2) == [rect(0, 0, 0, 0), rect(10, 0, 0, 0)])
        // Nothing along the scroll axis, but items across it: the content holds them.
        #expect(uniform.contentSize == CGSize(width: 100, height: 0))

        let delegate = FlowDelegate([
            [CGSize(width: inf, height: 10), CGSize(width: 40, height: nan), CGSize(width: -1, height: 20)]
        ])
        let perItem = Fixture(FlowLayout(), counts: [3], size: CGSize(width: 100, height: 300), delegate: delegate)
        // Sizes 0×10, 40×0, 0×20: one line (0 + 10 + 40 + 10 + 0 = 60), the last, 20 tall.
        #expect(perItem.items(3) == [rect(0, 5, 0, 10), rect(10, 10, 40, 0), rect(60, 0, 0, 20)])
        #expect(perItem.contentSize == CGSize(width: 100, height: 20))
    }

    /// A bad collection view size counts as 0: every item gets its own line at the inset.
    @Test func aBadViewWidthCountsAsZero() {
        let f = Fixture(FlowLayout(), counts: [2], size: CGSize(width: CGFloat.nan, height: 100))
        #expect(f.items(2) == [rect(0, 0, 50, 50), rect(0, 60, 50, 50)])
        #expect(f.contentSize == CGSize(width: 50, height: 110))
    }

    @Test func badQueriesAnswerNothing() {
        let f = Fixture(FlowLayout(), counts: [30], size: CGSize(width: 300, height: 300))
        for query in [
            CGRect(x: nan, y: 0, width: 100, height: 100), CGRect(x: 0, y: nan, width: 100, height: 100),
            CGRect(x: 0, y: 0, width: inf, height: 100), CGRect(x: 0, y: 0, width: 100, height: -inf),
            CGRect(x: -inf, y: 0, width: 100, height: 100), CGRect.null,
        ] {
            #expect(f.layout.layoutAttributesForElements(in: query)?.isEmpty == true, "\(query)")
        }
        // A rect of negative size is the same rect standardized.
        #expect(
            Set(f.elements(in: CGRect(x: 100, y: 100, width: -100, height: -100)).map(ElementKey.init))
                == Set(f.elements(in: CGRect(x: 0, y: 0, width: 100, height: 100)).map(ElementKey.init)))
    }

    @Test func pathsThatDoNotExistAnswerNil() {
        let layout = FlowLayout()
        layout.headerReferenceSize = CGSize(width: 0, height: 10)
        let f = Fixture(layout, counts: [3, 0], size: CGSize(width: 300, height: 300))
        for path in [
            IndexPath(item: 3, section: 0), IndexPath(item: -1, section: 0), IndexPath(item: 0, section: 1),
            IndexPath(item: 0, section: 2), IndexPath(item: 0, section: -1), IndexPath(index: 0),
            IndexPath(indexes: [0, 0, 0]), IndexPath(),
        ] {
            #expect(f.layout.layoutAttributesForItem(at: path) == nil, "\(path)")
        }
        let header = CollectionElementKind.sectionHeader
        #expect(
            f.layout.layoutAttributesForSupplementaryView(ofKind: header, at: IndexPath(item: 0, section: 1)) != nil,
            "an empty section keeps its header")
        #expect(
            f.layout.layoutAttributesForSupplementaryView(ofKind: header, at: IndexPath(item: 1, section: 0)) == nil)
        #expect(
            f.layout.layoutAttributesForSupplementaryView(ofKind: header, at: IndexPath(item: 0, section: 2)) == nil)
        #expect(f.layout.layoutAttributesForSupplementaryView(ofKind: header, at: IndexPath(index: 0)) == nil)
        #expect(
            f.layout.layoutAttributesForSupplementaryView(ofKind: "Badge", at: IndexPath(item: 0, section: 0)) == nil)
        #expect(f.footer(0) == nil, "no footer of zero height")
    }

    /// The delegate's defaults answer the layout's own properties.
    @Test func delegateDefaultsAnswerTheLayoutsProperties() {
        let layout = FlowLayout()
        layout.itemSize = CGSize(width: 1, height: 2)
        layout.sectionInset = EdgeInsets(top: 3, left: 4, bottom: 5, right: 6)
        layout.minimumLineSpacing = 7
        layout.minimumInteritemSpacing = 8
        layout.headerReferenceSize = CGSize(width: 9, height: 10)
        layout.footerReferenceSize = CGSize(width: 11, height: 12)
        let delegate = DefaultFlowDelegate()
        let f = Fixture(layout, counts: [1], size: CGSize(width: 100, height: 100), delegate: delegate)
        let view = f.view
        #expect(
            delegate.collectionView(view, layout: layout, sizeForItemAt: IndexPath(item: 0, section: 0))
                == CGSize(width: 1, height: 2))
        #expect(
            delegate.collectionView(view, layout: layout, insetForSectionAt: 0)
                == EdgeInsets(top: 3, left: 4, bottom: 5, right: 6))
        #expect(delegate.collectionView(view, layout: layout, minimumLineSpacingForSectionAt: 0) == 7)
        #expect(delegate.collectionView(view, layout: layout, minimumInteritemSpacingForSectionAt: 0) == 8)
        #expect(
            delegate.collectionView(view, layout: layout, referenceSizeForHeaderInSection: 0)
                == CGSize(width: 9, height: 10))
        #expect(
            delegate.collectionView(view, layout: layout, referenceSizeForFooterInSection: 0)
                == CGSize(width: 11, height: 12))
        #expect(
            delegate.collectionView(view, layout: CollectionViewLayout(), sizeForItemAt: IndexPath(item: 0, section: 0))
                == .zero)
    }
}
