import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

/// Compositional layout frames against values worked out by hand from UIKit's documented rules:
/// fractional dimensions of the container (the section's content area for a group, the group's
/// content area for its subitems), insets subtracted, fixed and flexible spacing, groups
/// repeated along the scroll axis, headers before and footers after the content.
@Suite("Compositional layout")
struct CompositionalLayoutTests {
    typealias Size = CollectionLayoutSize
    typealias Item = CollectionLayoutItem
    typealias Group = CollectionLayoutGroup
    typealias Section = CollectionLayoutSection

    static func path(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

    /// A collection view of `counts` items per section, `width` × `height`, laid out by `layout`.
    static func view(_ layout: CompositionalLayout, counts: [Int], width: CGFloat = 400, height: CGFloat = 800)
        -> (CollectionView, SectionsDataSource)
    {
        let data = SectionsDataSource(counts.map { Array(0..<$0) })
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
        view.dataSource = data
        return (view, data)
    }

    static func frame(_ layout: CompositionalLayout, _ item: Int, _ section: Int = 0) -> CGRect? {
        layout.layoutAttributesForItem(at: path(item, section))?.frame
    }

    /// Four items a row, each a quarter of the section's content width, in groups 100 tall.
    /// Section insets (10, 20, 10, 20) narrow the container to 360; item insets of 5 shrink
    /// each cell inside its 90-wide place; groups are 8 apart.
    @Test func aGridOfQuarterWidthItems() throws {
        let item = Item(layoutSize: Size(widthDimension: .fractionalWidth(0.25), heightDimension: .fractionalHeight(1)))
        item.contentInsets = DirectionalEdgeInsets(top: 5, leading: 5, bottom: 5, trailing: 5)
        let group = Group.horizontal(
            layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitems: [item])
        let section = Section(group: group)
        section.contentInsets = DirectionalEdgeInsets(top: 10, leading: 20, bottom: 10, trailing: 20)
        section.interGroupSpacing = 8
        let layout = CompositionalLayout(section: section)
        let (view, data) = Self.view(layout, counts: [10])
        for i in 0..<10 {
            let row = CGFloat(i / 4), column = CGFloat(i % 4)
            let expected = CGRect(x: 20 + column * 90 + 5, y: 10 + row * 108 + 5, width: 80, height: 90)
            #expect(Self.frame(layout, i) == expected, "item \(i)")
        }
        // Three groups (4 + 4 + 2): 10 + 3·100 + 2·8 + 10.
        #expect(layout.collectionViewContentSize == CGSize(width: 400, height: 336))
        #expect(Self.frame(layout, 10) == nil)
        withExtendedLifetime((view, data)) {}
    }

    /// `repeatingSubitem:count:` sizes each of `count` items to share the group's width less the
    /// spacing: (320 − 2·10) / 3 = 100, whatever the item's own width says.
    @Test func aRepeatingSubitemSharesTheWidth() {
        let item = Item(layoutSize: Size(widthDimension: .absolute(999), heightDimension: .fractionalHeight(0.5)))
        let group = Group.horizontal(
            layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(60)),
            repeatingSubitem: item, count: 3)
        group.interItemSpacing = .fixed(10)
        let layout = CompositionalLayout(section: Section(group: group))
        let kept1 = Self.view(layout, counts: [5], width: 320)
        defer { withExtendedLifetime(kept1) {} }
        #expect(
            (0..<5).map { Self.frame(layout, $0) } == [
                CGRect(x: 0, y: 0, width: 100, height: 30), CGRect(x: 110, y: 0, width: 100, height: 30),
                CGRect(x: 220, y: 0, width: 100, height: 30), CGRect(x: 0, y: 60, width: 100, height: 30),
                CGRect(x: 110, y: 60, width: 100, height: 30),
            ])
    }

    /// Apple's nested-groups sample: a leading item 0.7 of the width beside a vertical group 0.3
    /// wide of two items half its height each, in a group 0.4 of the width tall. At 500 wide:
    /// the group is 200 tall; the leading item 350 × 200, the pair 150 × 100 each.
    @Test func nestedGroups() {
        let leading = Item(
            layoutSize: Size(widthDimension: .fractionalWidth(0.7), heightDimension: .fractionalHeight(1)))
        let pairItem = Item(
            layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5)))
        let pair = Group.vertical(
            layoutSize: Size(widthDimension: .fractionalWidth(0.3), heightDimension: .fractionalHeight(1)),
            subitems: [pairItem])
        let nested = Group.horizontal(
            layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .fractionalWidth(0.4)),
            subitems: [leading, pair])
        let layout = CompositionalLayout(section: Section(group: nested))
        let kept2 = Self.view(layout, counts: [6], width: 500)
        defer { withExtendedLifetime(kept2) {} }
        #expect(Self.frame(layout, 0) == CGRect(x: 0, y: 0, width: 350, height: 200))
        #expect(Self.frame(layout, 1) == CGRect(x: 350, y: 0, width: 150, height: 100))
        #expect(Self.frame(layout, 2) == CGRect(x: 350, y: 100, width: 150, height: 100))
        #expect(Self.frame(layout, 3) == CGRect(x: 0, y: 200, width: 350, height: 200))
        #expect(Self.frame(layout, 5) == CGRect(x: 350, y: 300, width: 150, height: 100))
    }

    /// Flexible spacing shares what is left: three 50-wide items in 300 leave 150 for two gaps
    /// of 75; a single item with flexible leading and trailing edges is centred.
    @Test func flexibleSpacingSharesWhatIsLeft() {
        let item = Item(layoutSize: Size(widthDimension: .absolute(50), heightDimension: .absolute(50)))
        let group = Group.horizontal(
            layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
            repeatingSubitem: item, count: 3)
        group.interItemSpacing = .flexible(0)
        let layout = CompositionalLayout(section: Section(group: group))
        let kept3 = Self.view(layout, counts: [3], width: 300)
        defer { withExtendedLifetime(kept3) {} }
        // The repeating count sizes each to (300 − 0) / 3 = 100: nothing left to share.
        #expect((0..<3).map { Self.frame(layout, $0)?.minX } == [0, 100, 200])

        let free = Group.horizontal(
            layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)), subitems: [item])
        free.interItemSpacing = .flexible(0)
        let freeLayout = CompositionalLayout(section: Section(group: free))
        let kept4 = Self.view(freeLayout, counts: [6], width: 300)
        defer { withExtendedLifetime(kept4) {} }
        // Six 50-wide items fit in 300 exactly: no gaps. With 10-point minimum gaps, five fit
        // (5·50 + 4·10 = 290) and the 10 left widen the four gaps by 2.5.
        #expect((0..<6).map { Self.frame(freeLayout, $0)?.minX } == [0, 50, 100, 150, 200, 250])
        free.interItemSpacing = .flexible(10)
        freeLayout.invalidateLayout()
        #expect((0..<5).map { Self.frame(freeLayout, $0)?.minX } == [0, 62.5, 125, 187.5, 250])
        #expect(Self.frame(freeLayout, 5)?.minY == 50, "the sixth starts the next group")

        let centred = Item(layoutSize: Size(widthDimension: .absolute(120), heightDimension: .absolute(40)))
        centred.edgeSpacing = CollectionLayoutEdgeSpacing(
            leading: .flexible(0), top: .fixed(5), trailing: .flexible(0), bottom: nil)
        let one = Group.horizontal(
            layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)),
            repeatingSubitem: centred, count: 1)
        let centredLayout = CompositionalLayout(section: Section(group: one))
        let kept5 = Self.view(centredLayout, counts: [1], width: 300)
        defer { withExtendedLifetime(kept5) {} }
        // count 1 sizes it to the whole 300: nothing left for the flexible edges.
        #expect(Self.frame(centredLayout, 0) == CGRect(x: 0, y: 5, width: 300, height: 40))
        let plain = Group.horizontal(
            layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)), subitems: [centred])
        let plainLayout = CompositionalLayout(section: Section(group: plain))
        let kept6 = Self.view(plainLayout, counts: [2], width: 300)
        defer { withExtendedLifetime(kept6) {} }
        // Repeated while it fits: two 120-wide items (a third would need 360). The 60 left
        // are shared by four flexible edges: 15 each.
        #expect(Self.frame(plainLayout, 0) == CGRect(x: 15, y: 5, width: 120, height: 40))
        #expect(Self.frame(plainLayout, 1) == CGRect(x: 165, y: 5, width: 120, height: 40))
    }

    /// Headers before and footers after each section's content, insets between; sections
    /// separated by the configuration's spacing; a background over the content area.
    @Test func headersFootersAndBackgrounds() throws {
        let item = Item(layoutSize: Size(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(50)))
        let group = Group.horizontal(
            layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(50)), subitems: [item])
        let section = Section(group: group)
        section.contentInsets = DirectionalEdgeInsets(top: 10, leading: 16, bottom: 12, trailing: 16)
        let header = CollectionLayoutBoundarySupplementaryItem(
            layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)),
            elementKind: CollectionElementKind.sectionHeader, alignment: .top)
        let footer = CollectionLayoutBoundarySupplementaryItem(
            layoutSize: Size(widthDimension: .absolute(100), heightDimension: .absolute(30)),
            elementKind: CollectionElementKind.sectionFooter, alignment: .bottomTrailing)
        section.boundarySupplementaryItems = [header, footer]
        let background = CollectionLayoutDecorationItem.background(elementKind: "background")
        background.contentInsets = DirectionalEdgeInsets(top: 2, leading: 4, bottom: 2, trailing: 4)
        section.decorationItems = [background]
        var configuration = CompositionalLayoutConfiguration()
        configuration.interSectionSpacing = 20
        let layout = CompositionalLayout(section: section, configuration: configuration)
        let kept7 = Self.view(layout, counts: [3, 1], width: 400)
        defer { withExtendedLifetime(kept7) {} }
        // Section 0: header 0–40 across the content width (16…384); insets' top to 50; rows at
        // 50 and 100; insets' bottom to 162; footer 162–192 at the trailing edge (384 − 100).
        func supplementary(_ kind: String, _ section: Int) -> CGRect? {
            layout.layoutAttributesForSupplementaryView(ofKind: kind, at: Self.path(0, section))?.frame
        }
        #expect(supplementary(CollectionElementKind.sectionHeader, 0) == CGRect(x: 16, y: 0, width: 368, height: 40))
        #expect(Self.frame(layout, 0) == CGRect(x: 16, y: 50, width: 184, height: 50))
        #expect(Self.frame(layout, 2) == CGRect(x: 16, y: 100, width: 184, height: 50))
        #expect(supplementary(CollectionElementKind.sectionFooter, 0) == CGRect(x: 284, y: 162, width: 100, height: 30))
        // The background: the content area (40–162 along, the whole width across) less its insets.
        let decoration = layout.layoutAttributesForDecorationView(ofKind: "background", at: Self.path(0, 0))
        #expect(decoration?.frame == CGRect(x: 4, y: 42, width: 392, height: 118))
        #expect(decoration?.zIndex == -1)
        // Section 1 starts 20 after 192.
        #expect(supplementary(CollectionElementKind.sectionHeader, 1)?.minY == 212)
        #expect(Self.frame(layout, 0, 1)?.minY == 262)
        #expect(layout.collectionViewContentSize.height == CGFloat(212 + 40 + 10 + 50 + 12 + 30))
        let all = try #require(
            layout.layoutAttributesForElements(in: CGRect(origin: .zero, size: layout.collectionViewContentSize)))
        #expect(all.filter { $0.representedElementCategory == .cell }.count == 4)
        #expect(all.filter { $0.representedElementCategory == .supplementaryView }.count == 4)
        #expect(all.filter { $0.representedElementCategory == .decorationView }.count == 2)
    }

    /// A pinned header stays at the top of the visible bounds while its section is there, and
    /// leaves with its section's end.
    @Test func aPinnedHeaderStaysInView() {
        let item = Item(layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)))
        let group = Group.vertical(
            layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(100)), subitems: [item])
        let section = Section(group: group)
        let header = CollectionLayoutBoundarySupplementaryItem(
            layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)),
            elementKind: CollectionElementKind.sectionHeader, alignment: .top)
        header.pinToVisibleBounds = true
        header.zIndex = 2
        section.boundarySupplementaryItems = [header]
        let layout = CompositionalLayout(section: section)
        let (view, data) = Self.view(layout, counts: [5, 5], width: 300, height: 200)
        defer { withExtendedLifetime(data) {} }
        // Section 0 spans 0–540 (header 40 + 5·100); section 1 starts at 540.
        func headerY(_ section: Int) -> CGFloat? {
            let rect = CGRect(origin: view.contentOffset, size: view.bounds.size)
            return layout.layoutAttributesForElements(in: rect)?.first {
                $0.representedElementKind == CollectionElementKind.sectionHeader && $0.indexPath.section == section
            }?.frame.minY
        }
        #expect(headerY(0) == 0)
        view.contentOffset = CGPoint(x: 0, y: 250)
        #expect(headerY(0) == 250, "pinned at the visible top")
        view.contentOffset = CGPoint(x: 0, y: 520)
        #expect(headerY(0) == 500, "pushed up by its section's end (540 − 40)")
        #expect(headerY(1) == 540)
        #expect(
            !layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 10, width: 300, height: 200)),
            "placed at each query")
        #expect(layout.shouldInvalidateLayout(forBoundsChange: CGRect(x: 0, y: 10, width: 310, height: 200)))
    }

    /// Badges anchored to their item: Apple's sample, top-trailing corner, moved 30 % of the
    /// badge's size right and up.
    @Test func aBadgeIsAnchoredToItsItem() {
        let badge = CollectionLayoutSupplementaryItem(
            layoutSize: Size(widthDimension: .absolute(20), heightDimension: .absolute(20)), elementKind: "badge",
            containerAnchor: CollectionLayoutAnchor(
                edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.3, y: -0.3)))
        let item = Item(
            layoutSize: Size(widthDimension: .fractionalWidth(0.5), heightDimension: .fractionalHeight(1)),
            supplementaryItems: [badge])
        let group = Group.horizontal(
            layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(80)), subitems: [item])
        let layout = CompositionalLayout(section: Section(group: group))
        let kept8 = Self.view(layout, counts: [3], width: 200)
        defer { withExtendedLifetime(kept8) {} }
        // Item 2 is at (0, 80, 100, 80): its top-trailing corner (100, 80), less the badge's
        // 20, plus 6 right and 6 up.
        let frame = layout.layoutAttributesForSupplementaryView(ofKind: "badge", at: Self.path(2))?.frame
        #expect(frame == CGRect(x: 86, y: 74, width: 20, height: 20))
        let all = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 200, height: 200)) ?? []
        #expect(
            all.filter { $0.representedElementKind == "badge" }.map(\.indexPath) == [0, 1, 2].map { Self.path($0) })
    }

    /// A custom group places items where its provider says, once per group repetition.
    @Test func aCustomGroup() {
        let group = Group.custom(
            layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(120))
        ) { environment in
            let width = environment.container.effectiveContentSize.width
            return [
                CollectionLayoutGroupCustomItem(frame: CGRect(x: 0, y: 0, width: width / 2, height: 120)),
                CollectionLayoutGroupCustomItem(
                    frame: CGRect(x: width / 2, y: 20, width: width / 2, height: 60), zIndex: 3),
            ]
        }
        let layout = CompositionalLayout(section: Section(group: group))
        let kept9 = Self.view(layout, counts: [3], width: 300)
        defer { withExtendedLifetime(kept9) {} }
        #expect(Self.frame(layout, 1) == CGRect(x: 150, y: 20, width: 150, height: 60))
        #expect(layout.layoutAttributesForItem(at: Self.path(1))?.zIndex == 3)
        #expect(Self.frame(layout, 2) == CGRect(x: 0, y: 120, width: 150, height: 120))
    }

    /// A horizontal layout is the transpose along the scroll axis: groups follow one another to
    /// the right, a leading header before them, fractions still of width and height.
    @Test func aHorizontalLayout() {
        let item = Item(layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(0.5)))
        let group = Group.vertical(
            layoutSize: Size(widthDimension: .absolute(80), heightDimension: .fractionalHeight(1)), subitems: [item])
        let section = Section(group: group)
        section.interGroupSpacing = 10
        section.boundarySupplementaryItems = [
            CollectionLayoutBoundarySupplementaryItem(
                layoutSize: Size(widthDimension: .absolute(30), heightDimension: .fractionalHeight(1)),
                elementKind: "header", alignment: .leading)
        ]
        var configuration = CompositionalLayoutConfiguration()
        configuration.scrollDirection = .horizontal
        let layout = CompositionalLayout(section: section, configuration: configuration)
        let kept10 = Self.view(layout, counts: [5], width: 300, height: 200)
        defer { withExtendedLifetime(kept10) {} }
        #expect(Self.frame(layout, 0) == CGRect(x: 30, y: 0, width: 80, height: 100))
        #expect(Self.frame(layout, 1) == CGRect(x: 30, y: 100, width: 80, height: 100))
        #expect(Self.frame(layout, 2) == CGRect(x: 120, y: 0, width: 80, height: 100))
        #expect(Self.frame(layout, 4) == CGRect(x: 210, y: 0, width: 80, height: 100))
        #expect(layout.collectionViewContentSize == CGSize(width: 290, height: 200))
    }

    /// The section provider is asked once per section with the environment: the container is
    /// the collection view's size, and layout margins narrow it when a section measures its
    /// insets from them.
    @Test func theSectionProviderSeesTheEnvironment() {
        var seen: [(Int, CGSize, CGSize)] = []
        let layout = CompositionalLayout { index, environment in
            seen.append((index, environment.container.contentSize, environment.container.effectiveContentSize))
            let item = Item(layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(10)))
            let section = Section(
                group: .horizontal(
                    layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(10)),
                    subitems: [item]))
            section.contentInsetsReference = index == 1 ? .layoutMargins : .automatic
            return section
        }
        let kept11 = Self.view(layout, counts: [1, 1], width: 320, height: 480)
        defer { withExtendedLifetime(kept11) {} }
        #expect(Self.frame(layout, 0, 0) == CGRect(x: 0, y: 0, width: 320, height: 10))
        #expect(Self.frame(layout, 0, 1) == CGRect(x: 8, y: 10, width: 304, height: 10), "8-point layout margins")
        #expect(seen.map(\.0) == [0, 1])
        #expect(seen.allSatisfy { $0.1 == CGSize(width: 320, height: 480) })
    }

    /// One section object for every section: its group is resolved once, so the geometry holds
    /// one group's frames, however many items (prepare grows with the sections, not the items).
    @Test func aMillionItemsStoreOneGroup() {
        let item = Item(layoutSize: Size(widthDimension: .fractionalWidth(0.2), heightDimension: .fractionalHeight(1)))
        let group = Group.horizontal(
            layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(75)), subitems: [item])
        let layout = CompositionalLayout(section: Section(group: group))
        let (view, data) = Self.view(layout, counts: [1_000_000], width: 375, height: 667)
        defer { withExtendedLifetime(data) {} }
        #expect(layout.collectionViewContentSize.height == CGFloat(200_000 * 75))
        #expect(layout.geometry.frames.count == 5)
        view.contentOffset = CGPoint(x: 0, y: 7_500_000)
        let visible = view.visibleLayoutAttributes()
        // Rows 99 999 to 100 008 meet 7 500 000…7 500 667: the first only by its bottom edge,
        // which counts (Foundation's `intersects`, as the flow layout uses it).
        #expect(visible.count == 50)
        #expect(visible.first?.indexPath == Self.path(499_995))
        #expect(visible.last?.indexPath == Self.path(500_044))
    }

    /// Bad input that UIKit does not trap on keeps every item's frame finite and present: NaN,
    /// negative, infinite and huge dimensions and insets; a custom group that gives no frame; a
    /// repeating count of 0; subitems that overflow their group after the first; a section
    /// provider's nil. (What UIKit traps on: `CompositionalTrapTests`.)
    @Test func badInputKeepsAFiniteCompleteLayout() {
        let bad: [CollectionLayoutDimension] = [
            .fractionalWidth(.nan), .fractionalHeight(-1), .absolute(.infinity), .absolute(1e300), .estimated(-5),
            .fractionalWidth(0),
        ]
        var sections: [Section] = []
        for (index, dimension) in bad.enumerated() {
            let item = Item(layoutSize: Size(widthDimension: dimension, heightDimension: bad[(index + 1) % bad.count]))
            item.contentInsets = DirectionalEdgeInsets(top: .nan, leading: -3, bottom: 1e300, trailing: .infinity)
            let group = Group.horizontal(
                layoutSize: Size(widthDimension: dimension, heightDimension: .absolute(50)), subitems: [item])
            group.interItemSpacing = .flexible(.nan)
            let section = Section(group: group)
            section.interGroupSpacing = -.infinity
            section.contentInsets = DirectionalEdgeInsets(top: 10, leading: .nan, bottom: -4, trailing: .infinity)
            sections.append(section)
        }
        let empty = Group.custom(layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)))
        { _ in
            []
        }
        sections.append(Section(group: empty))
        let zero = Group.horizontal(
            layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)),
            repeatingSubitem: Item(layoutSize: Size(widthDimension: .absolute(10), heightDimension: .absolute(10))),
            count: 0)
        sections.append(Section(group: zero))
        let overflowing = Group.horizontal(
            layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)),
            subitems: [
                Item(layoutSize: Size(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(10))),
                Item(layoutSize: Size(widthDimension: .fractionalWidth(0.75), heightDimension: .absolute(10))),
            ])
        sections.append(Section(group: overflowing))
        let built = sections
        let layout = CompositionalLayout { index, _ in index < built.count ? built[index] : nil }
        let counts = Array(repeating: 7, count: built.count + 1)
        let kept = Self.view(layout, counts: counts, width: 300)
        defer { withExtendedLifetime(kept) {} }
        for section in counts.indices {
            for item in 0..<7 {
                let frame = Self.frame(layout, item, section)
                #expect(frame != nil, "item \(item) of section \(section) has a frame")
                if let frame {
                    #expect(
                        frame.minX.isFinite && frame.minY.isFinite && frame.width.isFinite && frame.height.isFinite,
                        "item \(item) of section \(section): \(frame)")
                    #expect(frame.width >= 0 && frame.height >= 0)
                }
            }
        }
        let content = layout.collectionViewContentSize
        #expect(content.width.isFinite && content.height.isFinite)
        // An empty custom group holds one item filling it: seven groups of 40.
        let emptySection = built.count - 3
        #expect(Self.frame(layout, 6, emptySection)?.size == CGSize(width: 300, height: 40))
        // A repeating count of 0 counts as 1: one item a group, as wide as the group.
        #expect(
            Self.frame(layout, 1, emptySection + 1)
                == CGRect(x: 0, y: Self.frame(layout, 0, emptySection + 1)!.minY + 40, width: 300, height: 10))
        // A half-width item, then a three-quarter one that does not fit after it: each group
        // holds the first alone (the subitems repeat while the next fits), placed at the start.
        #expect(Self.frame(layout, 0, emptySection + 2)?.width == 150)
        #expect(Self.frame(layout, 1, emptySection + 2)?.minX == 0)
        #expect(Self.frame(layout, 1, emptySection + 2)?.width == 150)
        // The provider's nil: full-width rows 44 points tall.
        #expect(Self.frame(layout, 1, built.count)?.size == CGSize(width: 300, height: 44))
        // Queries with non-finite rects meet nothing.
        #expect(
            layout.layoutAttributesForElements(in: CGRect(x: CGFloat.nan, y: 0, width: 10, height: 10))?.isEmpty == true
        )
        #expect(layout.layoutAttributesForItem(at: IndexPath(index: 0)) == nil)
        #expect(layout.layoutAttributesForItem(at: Self.path(-1)) == nil)
        #expect(layout.layoutAttributesForItem(at: Self.path(0, 99)) == nil)
    }

    /// A section provider that answers differently each time it is asked (a new column count on
    /// every preparation): each preparation lays out what it was given, complete and consistent
    /// (the grid rule of that preparation), and a query agrees with the item lookups.
    @Test func aProviderThatChangesItsMindIsLaidOutAsItSays() {
        var calls = 0
        let layout = CompositionalLayout { _, _ in
            calls += 1
            let columns = 1 + calls % 4
            let item = Item(
                layoutSize: Size(widthDimension: .fractionalWidth(1 / CGFloat(columns)), heightDimension: .absolute(40))
            )
            return Section(
                group: .horizontal(
                    layoutSize: Size(widthDimension: .fractionalWidth(1), heightDimension: .absolute(40)),
                    subitems: [item]))
        }
        let kept = Self.view(layout, counts: [9], width: 360)
        defer { withExtendedLifetime(kept) {} }
        for _ in 0..<4 {
            layout.invalidateLayout()
            let frames = (0..<9).compactMap { Self.frame(layout, $0) }
            let columns = 1 + calls % 4
            #expect(frames.count == 9)
            for (item, frame) in frames.enumerated() {
                let width = 360 / CGFloat(columns)
                let expected = CGRect(
                    x: CGFloat(item % columns) * width, y: CGFloat(item / columns) * 40, width: width, height: 40)
                #expect(abs(frame.minX - expected.minX) < 1e-9 && frame.minY == expected.minY, "item \(item)")
            }
            let queried = layout.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 360, height: 400)) ?? []
            #expect(queried.map(\.frame) == frames)
        }
    }
}
