import KineticDynamics
import KineticGestures
import KineticInteractions
import KineticLayout
// `SettingsPlayScene` (`settings`): iOS 13's diffable data source: an outline that expands and
// collapses, and a list reordered through the reordering handlers.
import KineticPlatform

/// A settings-like list fed by a diffable data source: three groups that a tap expands and
/// collapses (a section snapshot each time, the rows coming and going as one batch update), and a
/// list of favourites that a long press reorders (committed through `reorderingHandlers`). Flick to
/// scroll.
public final class SettingsPlayScene: InteractiveScene {
    public let clock = ManualClock()
    public let arena: GestureArena
    public let collectionView: CollectionView
    public let dataSource: SettingsDataSource
    public let interaction: ReorderInteraction
    private let layout = RearrangeableFlowLayout()
    private let tap = TapGestureRecognizer()
    /// Every row's name; a row's identifier is its place here (numbers, not strings: the page's
    /// WebAssembly module then needs no Unicode tables to hash and compare them).
    public static let names = [
        "General", "About", "Software Update", "Storage", "Date & Time",
        "Display", "Brightness", "Night Shift", "Text Size",
        "Privacy", "Location", "Camera", "Microphone", "Tracking",
        "Wi-Fi", "Bluetooth", "Battery", "Sounds", "Focus", "Wallpaper", "Siri",
    ]
    /// The groups (their rows follow each of them in `names`).
    static let groups: [(group: Int, rows: [Int])] = [(0, [1, 2, 3, 4]), (5, [6, 7, 8]), (9, [10, 11, 12, 13])]
    /// The two sections.
    public static let settings = 0, favouritesSection = 1
    /// The favourites in the order the reorders left them (the app's model, kept by `didReorder`).
    public private(set) var favourites = Array(14...20)
    static let rowHeight: CGFloat = 44

    /// The identifier of the row named `name`.
    public static func id(_ name: String) -> Int { names.firstIndex(of: name) ?? -1 }

    /// The names of the rows `ids`.
    public static func names(_ ids: [Int]) -> [String] { ids.map { names.indices.contains($0) ? names[$0] : "?" } }

    public init() {
        arena = GestureArena(clock: clock)
        let size = InteractiveSceneName.viewSize
        layout.itemSize = CGSize(width: size.width - 20, height: Self.rowHeight)
        layout.minimumLineSpacing = 1
        layout.sectionInset = EdgeInsets(top: 12, left: 10, bottom: 12, right: 10)
        collectionView = CollectionView(frame: CGRect(origin: .zero, size: size), collectionViewLayout: layout)
        dataSource = SettingsDataSource(collectionView: collectionView) { _, _, _ in nil }
        var outline = DiffableDataSourceSectionSnapshot<Int>()
        for (group, rows) in Self.groups {
            outline.append([group])
            outline.append(rows, to: group)
        }
        dataSource.apply(outline, to: Self.settings)
        var list = DiffableDataSourceSectionSnapshot<Int>()
        list.append(favourites)
        dataSource.apply(list, to: Self.favouritesSection)
        interaction = ReorderInteraction(collectionView: collectionView, clock: clock)!
        interaction.install(in: arena)
        collectionView.install(in: arena)
        layout.delegate = dataSource
        // Only the favourites move, and the app's model follows each reorder.
        let favouriteSet = Set(favourites)
        dataSource.reorderingHandlers.canReorderItem = { favouriteSet.contains($0) }
        let owner = WeakReference(wrappedValue: self)
        dataSource.reorderingHandlers.didReorder = { transaction in
            owner.wrappedValue?.favourites = transaction.finalSnapshot.itemIdentifiers(
                inSection: Self.favouritesSection)
        }
        _ = tap.addAction { [unowned(unsafe) self] tap in
            guard tap.state == .recognized else { return }
            self.tapped(at: tap.location)
        }
        arena.addGestureRecognizer(tap)
        collectionView.layoutIfNeeded()
    }

    /// Lets go of the layout's delegate and the handlers (strong in the WebAssembly build).
    public func tearDown() {
        layout.delegate = nil
        dataSource.reorderingHandlers = .init()
        arena.removeGestureRecognizer(tap)
    }

    /// A tap on a group's row expands or collapses it.
    private func tapped(at point: CGPoint) {
        let content = CGPoint(x: point.x + collectionView.contentOffset.x, y: point.y + collectionView.contentOffset.y)
        guard let path = collectionView.indexPathForItem(at: content), let item = dataSource.itemIdentifier(for: path),
            Self.groups.contains(where: { $0.group == item })
        else { return }
        if !dataSource.expand(item) { dataSource.collapse(item) }
    }

    public func advance(to time: TimeInterval) {
        clock.sleep(until: time)
        arena.advance(to: time)
        collectionView.layoutIfNeeded()
    }

    /// The rows shown in order, the favourites' order, the scroll position, the visible rows.
    public var state: [Double] {
        dataSource.snapshot().itemIdentifiers.map(Double.init) + [-1] + favourites.map(Double.init)
            + [Double(collectionView.contentOffset.y)]
            + collectionView.visibleLayoutAttributes().filter { !$0.isHidden }.sorted {
                ($0.indexPath, $0.zIndex) < ($1.indexPath, $1.zIndex)
            }.flatMap { [Double($0.center.x), Double($0.center.y)] }
    }

    public var summary: String {
        let outline = dataSource.snapshot(for: Self.settings)
        let open = Self.names(Self.groups.map { $0.group }.filter { outline.isExpanded($0) })
        return "expanded: \(open.isEmpty ? "none" : open.joined(separator: ", "))\nfavourites: "
            + Self.names(favourites).joined(separator: ", ")
    }

    public var scrollView: ScrollView? { collectionView }

    public var drawables: [Drawable] {
        let outline = dataSource.snapshot(for: Self.settings)
        let offset = collectionView.contentOffset
        return collectionView.visibleLayoutAttributes().filter {
            !$0.isHidden && $0.representedElementCategory == .cell
        }
        .compactMap { a in
            guard let item = dataSource.itemIdentifier(for: a.indexPath) else { return nil }
            // Rows indented by their level; a group shows its disclosure.
            let level = outline.contains(item) ? outline.level(of: item) : 0
            let isGroup = Self.groups.contains { $0.group == item }
            let name = Self.names([item])[0]
            let label = isGroup ? (outline.isExpanded(item) ? "▾ " : "▸ ") + name : name
            let indent = CGFloat(level) * 24
            return Drawable(
                id: item * 2 + (a.zIndex > 0 ? 1 : 0), kind: .cell,
                x: Double(a.center.x - offset.x + indent / 2), y: Double(a.center.y - offset.y),
                width: Double(a.size.width - indent), height: Double(a.size.height), z: a.zIndex, label: label)
        }
    }
}

/// The scene's data source: a favourite stays among the favourites (a reorder into the settings'
/// outline would flatten it).
public final class SettingsDataSource: CollectionViewDiffableDataSource<Int, Int> {
    public override func targetIndexPath(forMoveFrom current: IndexPath, toProposed proposed: IndexPath) -> IndexPath? {
        proposed.section == current.section ? proposed : nil
    }
}
