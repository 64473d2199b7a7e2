import Foundation
import KineticDynamics
import Testing

@testable import KineticLayout

/// What UIKit's compositional layout traps on traps with UIKit's message (as UIKit raises it,
/// `NSInternalInconsistencyException`): a group made with no subitems ("At least 1 subitem is
/// required for a group"); a group that cannot fit even one of its items; content insets that
/// leave a negative effective size. The near misses lay out, and a view that has no size yet
/// (before its first layout) never traps.
@Suite("Compositional layout traps")
struct CompositionalTrapTests {
    typealias Size = CollectionLayoutSize
    typealias Item = CollectionLayoutItem
    typealias Group = CollectionLayoutGroup
    typealias Section = CollectionLayoutSection

    static func size(_ width: CollectionLayoutDimension, _ height: CollectionLayoutDimension) -> Size {
        Size(widthDimension: width, heightDimension: height)
    }

    /// A 300 × 600 view of 5 items laid out by `section`, its first item's frame asked for.
    @discardableResult
    static func layOut(_ section: Section, width: CGFloat = 300, height: CGFloat = 600) -> CGRect? {
        let layout = CompositionalLayout(section: section)
        let data = SectionsDataSource([Array(0..<5)])
        let view = CollectionView(frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
        view.dataSource = data
        return withExtendedLifetime((view, data)) {
            layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame
        }
    }

    /// A row of `item`s in a group the section's width and 40 tall.
    static func row(_ item: Item, spacing: CollectionLayoutSpacing? = nil) -> Section {
        let group = Group.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(40)), subitems: [item])
        group.interItemSpacing = spacing
        return Section(group: group)
    }

    static let traps: [(message: String, misuse: @Sendable () -> Void)] = [
        (
            "At least 1 subitem is required for a group",
            { _ = Group.horizontal(layoutSize: size(.fractionalWidth(1), .absolute(40)), subitems: []) }
        ),
        (
            "At least 1 subitem is required for a group",
            { _ = Group.vertical(layoutSize: size(.fractionalWidth(1), .absolute(40)), subitems: []) }
        ),
        (
            // An item 400 wide in a 300-wide group.
            "ran into an error when computing the layout for section at index 0 in container contentSize={300, 600}."
                + "\nError: NSCollectionLayoutItem created with invalid combination of spacing and size specified. "
                + "This group cannot fit even a single item. Inspect the spacing and size of the items in this "
                + "group and ensure that they fit into the group when its effective size is {300, 40}.",
            { layOut(row(Item(layoutSize: size(.absolute(400), .fractionalHeight(1))))) }
        ),
        (
            // An item 250 wide after a fixed edge spacing of 60: 310 of 300.
            "This group cannot fit even a single item. Inspect the spacing and size of the items in this group and "
                + "ensure that they fit into the group when its effective size is {300, 40}.",
            {
                let item = Item(layoutSize: size(.absolute(250), .fractionalHeight(1)))
                item.edgeSpacing = CollectionLayoutEdgeSpacing(
                    leading: .fixed(60), top: nil, trailing: nil, bottom: nil)
                layOut(row(item))
            }
        ),
        (
            // Five in a row with 100 between: the spacing alone is 400 of 300.
            "This group cannot fit even a single item. Inspect the spacing and size of the items in this group and "
                + "ensure that they fit into the group when its effective size is {300, 40}.",
            {
                let group = Group.horizontal(
                    layoutSize: size(.fractionalWidth(1), .absolute(40)),
                    repeatingSubitem: Item(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1))), count: 5)
                group.interItemSpacing = .fixed(100)
                layOut(Section(group: group))
            }
        ),
        (
            // The section's insets, 200 each side, in a view 300 wide.
            "ran into an error when computing the layout for section at index 0 in container contentSize={300, 600}."
                + "\nError: There is no room for this NSCollectionLayoutGroup to fit into its parent group or "
                + "section, or it has no room for any subitems itself. Inspect the parent and ensure the "
                + "contentInsets ({0, 200, 0, 200}) do not result in a negative effectiveContentSize when applied "
                + "to size: {300, 600}.",
            {
                let section = row(Item(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1))))
                section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 200, bottom: 0, trailing: 200)
                layOut(section)
            }
        ),
        (
            // A group 40 tall whose own insets take 30 at the top and 30 at the bottom.
            "ensure the contentInsets ({30, 0, 30, 0}) do not result in a negative effectiveContentSize when applied "
                + "to size: {300, 40}.",
            {
                let group = Group.horizontal(
                    layoutSize: size(.fractionalWidth(1), .absolute(40)),
                    subitems: [Item(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))])
                group.contentInsets = DirectionalEdgeInsets(top: 30, leading: 0, bottom: 30, trailing: 0)
                layOut(Section(group: group))
            }
        ),
        (
            // A nested group that cannot fit its item: the error names the inner group's size.
            "ensure that they fit into the group when its effective size is {150, 40}.",
            {
                let inner = Group.vertical(
                    layoutSize: size(.fractionalWidth(0.5), .fractionalHeight(1)),
                    subitems: [Item(layoutSize: size(.fractionalWidth(1), .absolute(41)))])
                layOut(
                    Section(group: .horizontal(layoutSize: size(.fractionalWidth(1), .absolute(40)), subitems: [inner]))
                )
            }
        ),
    ]

    @Test(arguments: 0..<8) func misusesTrapWithUIKitsMessages(index: Int) async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) { [index] in
            Self.traps[index].misuse()
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains(Self.traps[index].message), "got: \(message.suffix(600))")
    }

    /// The near misses lay out: an item exactly as wide as its group; spacing that leaves each
    /// of five items 0 wide; insets that leave exactly nothing; an estimated item wider than its
    /// estimated group (the cells decide); and any of the traps' descriptions in a view with no
    /// size yet.
    @Test func nearMissesLayOut() {
        #expect(Self.layOut(Self.row(Item(layoutSize: Self.size(.absolute(300), .fractionalHeight(1)))))?.width == 300)
        let tight = Group.horizontal(
            layoutSize: Self.size(.fractionalWidth(1), .absolute(40)),
            repeatingSubitem: Item(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(1))), count: 5)
        tight.interItemSpacing = .fixed(75)
        #expect(Self.layOut(Section(group: tight))?.width == 0)
        let exact = Self.row(Item(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(1))))
        exact.contentInsets = DirectionalEdgeInsets(top: 0, leading: 150, bottom: 0, trailing: 150)
        #expect(Self.layOut(exact) == CGRect(x: 150, y: 0, width: 0, height: 40))
        let estimatedItem = Item(layoutSize: Self.size(.estimated(400), .absolute(40)))
        estimatedItem.edgeSpacing = CollectionLayoutEdgeSpacing(
            leading: nil, top: nil, trailing: .fixed(8), bottom: nil)
        let estimated = Section(
            group: .horizontal(layoutSize: Self.size(.estimated(100), .absolute(40)), subitems: [estimatedItem]))
        #expect(Self.layOut(estimated)?.width == 400)
        // No size yet: a view 0 wide lays out what would trap at 300.
        let wide = Self.row(Item(layoutSize: Self.size(.absolute(400), .fractionalHeight(1))))
        #expect(Self.layOut(wide, width: 0)?.width == 400)
        let inset = Self.row(Item(layoutSize: Self.size(.fractionalWidth(1), .fractionalHeight(1))))
        inset.contentInsets = DirectionalEdgeInsets(top: 0, leading: 200, bottom: 0, trailing: 200)
        #expect(Self.layOut(inset, width: 0, height: 0) != nil)
    }
}
