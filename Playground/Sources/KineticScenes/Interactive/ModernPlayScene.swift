import KineticDynamics
import KineticGestures
import KineticLayout
// `ModernPlayScene` (`modern`): iOS 13's compositional layout: an App Store–like page built by a
// section provider, and an inset grouped list with swipe to delete, fed by a diffable data source.
import KineticPlatform

/// An App Store–like page: a hero carousel that pages group by group, centred; a row of cards that
/// scrolls freely; a grid of tiles with a pinned header and badges; and an inset grouped list whose
/// rows swipe to delete (a full swipe deletes at once). One compositional layout built by a section
/// provider, one diffable data source. Flick the page up and down, the rows sideways.
public final class ModernPlayScene: InteractiveScene {
    public let clock = ManualClock()
    public let arena: GestureArena
    public let collectionView: CollectionView
    public let layout: CompositionalLayout
    public let dataSource: CollectionViewDiffableDataSource<Int, Int>
    /// The sections, in order.
    public static let hero = 0, cards = 1, grid = 2, list = 3
    /// Each section's first identifier and count (identifiers are numbers: the page's WebAssembly
    /// module then needs no Unicode tables).
    static let contents: [(first: Int, count: Int)] = [(100, 5), (200, 10), (300, 12), (400, 10)]
    /// The kinds of the grid's header and of the tiles' badges.
    public static let header = CollectionElementKind.sectionHeader, badge = "badge"

    /// What the list's swipe actions do, set once the scene exists (the section provider is made
    /// before it).
    private let rowActions = RowActions()

    public init() {
        arena = GestureArena(clock: clock)
        let size = InteractiveSceneName.viewSize
        let actions = rowActions
        layout = CompositionalLayout { index, environment in Self.section(index, environment, actions) }
        collectionView = CollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
        dataSource = CollectionViewDiffableDataSource(collectionView: collectionView) { _, _, _ in nil }
        var snapshot = DiffableDataSourceSnapshot<Int, Int>()
        snapshot.appendSections([Self.hero, Self.cards, Self.grid, Self.list])
        for (section, content) in Self.contents.enumerated() {
            snapshot.appendItems(Array(content.first..<(content.first + content.count)), toSection: section)
        }
        dataSource.applySnapshotUsingReloadData(snapshot)
        collectionView.alwaysBounceVertical = true
        collectionView.install(in: arena)
        collectionView.layoutIfNeeded()
        rowActions.delete = { [unowned(unsafe) self] path in self.delete(at: path) }
    }

    /// Deletes the item of the list row at `path`.
    private func delete(at path: IndexPath) {
        guard let item = dataSource.itemIdentifier(for: path) else { return }
        var snapshot = dataSource.snapshot()
        snapshot.deleteItems([item])
        dataSource.apply(snapshot, animatingDifferences: true)
    }

    /// Lets go of what the swipe actions hold (strong in the WebAssembly build).
    public func tearDown() {
        rowActions.delete = { _ in }
    }

    /// The sections, as an app's section provider builds them.
    private static func section(
        _ index: Int, _ environment: CollectionLayoutEnvironment, _ actions: RowActions
    ) -> CollectionLayoutSection? {
        func size(_ width: CollectionLayoutDimension, _ height: CollectionLayoutDimension) -> CollectionLayoutSize {
            CollectionLayoutSize(widthDimension: width, heightDimension: height)
        }
        /// A row of cards `width` of the page wide and `height` tall, scrolling sideways.
        func carousel(
            width: CGFloat, height: CGFloat, _ behavior: CollectionLayoutSection.OrthogonalScrollingBehavior,
            spacing: CGFloat, insets: DirectionalEdgeInsets
        ) -> CollectionLayoutSection {
            let whole = CollectionLayoutItem(layoutSize: size(.fractionalWidth(1), .fractionalHeight(1)))
            let group = CollectionLayoutGroup.horizontal(
                layoutSize: size(.fractionalWidth(width), .absolute(height)), subitems: [whole])
            let section = CollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = behavior
            section.interGroupSpacing = spacing
            section.contentInsets = insets
            return section
        }
        switch index {
        case hero:
            return carousel(
                width: 0.85, height: 200, .groupPagingCentered, spacing: 12,
                insets: DirectionalEdgeInsets(top: 16, leading: 0, bottom: 8, trailing: 0))
        case cards:
            return carousel(
                width: 0.4, height: 120, .continuous, spacing: 10,
                insets: DirectionalEdgeInsets(top: 8, leading: 16, bottom: 8, trailing: 16))
        case grid:
            let badge = CollectionLayoutSupplementaryItem(
                layoutSize: size(.absolute(18), .absolute(18)), elementKind: Self.badge,
                containerAnchor: CollectionLayoutAnchor(
                    edges: [.top, .trailing], fractionalOffset: CGPoint(x: 0.3, y: -0.3)))
            let tile = CollectionLayoutItem(
                layoutSize: size(.fractionalWidth(0.25), .fractionalHeight(1)), supplementaryItems: [badge])
            tile.contentInsets = DirectionalEdgeInsets(top: 6, leading: 6, bottom: 6, trailing: 6)
            let section = CollectionLayoutSection(
                group: .horizontal(layoutSize: size(.fractionalWidth(1), .fractionalWidth(0.25)), subitems: [tile]))
            section.contentInsets = DirectionalEdgeInsets(top: 0, leading: 10, bottom: 8, trailing: 10)
            let header = CollectionLayoutBoundarySupplementaryItem(
                layoutSize: size(.fractionalWidth(1), .absolute(32)), elementKind: Self.header, alignment: .top)
            header.pinToVisibleBounds = true
            header.zIndex = 2
            section.boundarySupplementaryItems = [header]
            return section
        default:
            var configuration = CollectionLayoutListConfiguration(appearance: .insetGrouped)
            configuration.trailingSwipeActionsConfigurationProvider = { path in
                SwipeActionsConfiguration(actions: [
                    ContextualAction(style: .destructive, title: "Delete") { _, _, completion in
                        actions.delete(path)
                        completion(true)
                    }
                ])
            }
            return .list(using: configuration, layoutEnvironment: environment)
        }
    }

    public func advance(to time: TimeInterval) {
        clock.sleep(until: time)
        arena.advance(to: time)
        collectionView.layoutIfNeeded()
    }

    /// The items in order, the scroll positions (the page's and each carousel's), the swiped row,
    /// and every shown element's centre and size.
    public var state: [Double] {
        var state: [Double] = dataSource.snapshot().itemIdentifiers.map(Double.init)
        state.append(-1)
        state.append(Double(collectionView.contentOffset.y))
        for section in [Self.hero, Self.cards] {
            state.append(Double(layout.orthogonalScrollView(forSection: section)?.contentOffset.x ?? 0))
        }
        if let swiped = layout.swipedRow {
            state += [Double(swiped.indexPath.item), Double(swiped.offset)]
        } else {
            state += [-1, 0]
        }
        let shown = collectionView.visibleLayoutAttributes().sorted {
            ($0.indexPath, $0.zIndex) < ($1.indexPath, $1.zIndex)
        }
        for attributes in shown {
            state += [Double(attributes.center.x), Double(attributes.center.y), Double(attributes.size.width)]
        }
        return state
    }

    public var summary: String {
        let hero = layout.orthogonalScrollView(forSection: Self.hero)?.contentOffset.x ?? 0
        let rows = dataSource.snapshot().numberOfItems(inSection: Self.list)
        return "page offset: \(collectionView.contentOffset.y)\nhero offset: \(hero)\nlist rows: \(rows)"
    }

    public var scrollView: ScrollView? { collectionView }

    /// Cells numbered by their identifiers; the grid's header as a panel, its badges as dots; a
    /// swiped row's Delete button.
    public var drawables: [Drawable] {
        let offset = collectionView.contentOffset
        return collectionView.visibleLayoutAttributes().compactMap { a in
            guard !a.isHidden else { return nil }
            let base =
                (a.indexPath.count > 0 ? a.indexPath[0] : 0) * 1000 + (a.indexPath.count > 1 ? a.indexPath[1] : 0)
            let kind: Drawable.Kind
            let label: String?
            let id: Int
            switch (a.representedElementCategory, a.representedElementKind) {
            case (.cell, _):
                kind = .cell
                label = dataSource.itemIdentifier(for: a.indexPath).map { String($0) }
                id = base * 8
            case (.supplementaryView, Self.header):
                kind = .column
                label = "Grid"
                id = base * 8 + 1
            case (.supplementaryView, Self.badge):
                kind = .anchor
                label = nil
                id = base * 8 + 2
            case (.supplementaryView, SwipeActionsConfiguration.actionElementKind):
                kind = .selectedCell
                label = "Delete"
                id = base * 8 + 3
            default:
                return nil
            }
            let angle = Double(Elementary.atan2(a.transform.b, a.transform.a))
            return Drawable(
                id: id, kind: kind, x: Double(a.center.x - offset.x), y: Double(a.center.y - offset.y),
                width: Double(a.size.width), height: Double(a.size.height), angle: angle, z: a.zIndex, label: label)
        }
    }
}

/// What the modern scene's list rows do when swiped: set by the scene once it exists.
final class RowActions {
    var delete: (IndexPath) -> Void = { _ in }
}
