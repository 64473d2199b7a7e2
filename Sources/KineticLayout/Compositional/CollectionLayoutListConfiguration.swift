import KineticPlatform

/// A list section's description (UIKit's `UICollectionLayoutListConfiguration`): an appearance,
/// headers and footers, separators, and the swipe actions of its rows.
///
/// A list is a section of full-width rows, one per group, built by
/// ``CollectionLayoutSection/list(using:layoutEnvironment:)`` or ``CompositionalLayout/list(using:)``.
/// Its metrics by appearance:
///
/// | appearance | rows | across | between sections | headers |
/// | --- | --- | --- | --- | --- |
/// | `.plain` | 44 | the whole width | 0 | 28, pinned |
/// | `.grouped` | 44 | the whole width | 35 (header's top padding) | 38 |
/// | `.insetGrouped` | 44 | inset by the layout margins | 35 | 38 |
/// | `.sidebar` | 44 | inset 10 | 10 | 36 |
/// | `.sidebarPlain` | 44 | the whole width | 0 | 36 |
///
/// Sources: 44 points is Apple's standard row height and the minimum tappable size (Human
/// Interface Guidelines, "Layout": "a minimum tappable area of 44x44 pt"); a row's height is
/// estimated, as UIKit's list rows self-size from 44. An inset grouped list insets its sections
/// by the layout margins (Apple's `UICollectionLayoutListConfiguration.Appearance.insetGrouped`:
/// "a list appearance … with sections inset from the edges"). The header heights, the space
/// between grouped sections and the sidebar inset are our figures, taken from UIKit's default
/// table view metrics (a grouped table's 35-point section gap); UIKit documents none of them.
public struct CollectionLayoutListConfiguration {
    /// How a list looks (UIKit's `UICollectionLayoutListConfiguration.Appearance`).
    public enum Appearance: Hashable, Sendable {
        /// Rows edge to edge, headers pinned.
        case plain
        /// Rows edge to edge, sections apart.
        case grouped
        /// Sections apart and inset by the layout margins.
        case insetGrouped
        /// A sidebar's rows, inset.
        case sidebar
        /// A sidebar's rows, edge to edge.
        case sidebarPlain
    }

    /// Where a section's header comes from (UIKit's `HeaderMode`).
    public enum HeaderMode: Hashable, Sendable {
        /// No header.
        case none
        /// A supplementary view of kind ``CollectionElementKind/sectionHeader``.
        case supplementary
        /// The section's first item is its header: a row like the others (its cell shows it as
        /// a header, as an outline's parent).
        case firstItemInSection
    }

    /// Where a section's footer comes from (UIKit's `FooterMode`).
    public enum FooterMode: Hashable, Sendable {
        /// No footer.
        case none
        /// A supplementary view of kind ``CollectionElementKind/sectionFooter``.
        case supplementary
    }

    /// The kind of the separator each row shows along its bottom edge, inset from its leading
    /// edge by ``separatorInset``: an attached view of the row (headless, what a renderer draws).
    public static let separatorElementKind = "Kinetic.ListSeparator"

    /// How the list looks.
    public var appearance: Appearance
    /// Where headers come from. Defaults to `.none`.
    public var headerMode: HeaderMode = .none
    /// Where footers come from. Defaults to `.none`.
    public var footerMode: FooterMode = .none
    /// Whether rows show separators. Defaults to true.
    public var showsSeparators = true
    /// How far a separator starts from the row's leading edge: 16 points by default, where a
    /// row's text starts at the standard margin.
    public var separatorInset: CGFloat = 16
    /// The swipe actions of the row at an index path, from its leading edge; nil for none.
    public var leadingSwipeActionsConfigurationProvider: ((IndexPath) -> SwipeActionsConfiguration?)?
    /// The swipe actions of the row at an index path, from its trailing edge; nil for none.
    public var trailingSwipeActionsConfigurationProvider: ((IndexPath) -> SwipeActionsConfiguration?)?

    /// A configuration of `appearance`.
    public init(appearance: Appearance) {
        self.appearance = appearance
    }

    /// The row height every appearance uses (an estimate rows self-size from).
    public static let rowHeight: CGFloat = 44

    /// The metrics of the appearance: header height, space before each section, whether
    /// sections are inset by the layout margins, a fixed inset across, and whether headers pin.
    var metrics: (header: CGFloat, gap: CGFloat, marginInset: Bool, inset: CGFloat, pins: Bool) {
        switch appearance {
        case .plain: (28, 0, false, 0, true)
        case .grouped: (38, 35, false, 0, false)
        case .insetGrouped: (38, 35, true, 0, false)
        case .sidebar: (36, 10, false, 10, false)
        case .sidebarPlain: (36, 0, false, 0, false)
        }
    }
}

extension CollectionLayoutSection {
    /// A list section: full-width rows 44 points tall (estimated), with the configuration's
    /// appearance, headers, footers and separators (UIKit's `list(using:layoutEnvironment:)`).
    /// The layout that shows it answers the configuration's swipe actions.
    public static func list(
        using configuration: CollectionLayoutListConfiguration, layoutEnvironment: CollectionLayoutEnvironment
    ) -> CollectionLayoutSection {
        let metrics = configuration.metrics
        let height = CollectionLayoutListConfiguration.rowHeight
        var attached: [CollectionLayoutSupplementaryItem] = []
        if configuration.showsSeparators {
            let separator = CollectionLayoutSupplementaryItem(
                layoutSize: CollectionLayoutSize(
                    widthDimension: .fractionalWidth(1),
                    heightDimension: .absolute(1 / max(1, layoutEnvironment.traitCollection.displayScale))),
                elementKind: CollectionLayoutListConfiguration.separatorElementKind,
                containerAnchor: CollectionLayoutAnchor(edges: [.bottom, .leading]))
            separator.contentInsets = DirectionalEdgeInsets(
                top: 0, leading: CompositionalLayout.clean(configuration.separatorInset), bottom: 0, trailing: 0)
            separator.zIndex = 1
            attached.append(separator)
        }
        let row = CollectionLayoutItem(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(height)),
            supplementaryItems: attached)
        let group = CollectionLayoutGroup.vertical(
            layoutSize: CollectionLayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(height)),
            subitems: [row])
        let section = CollectionLayoutSection(group: group)
        let across = metrics.marginInset ? 0 : metrics.inset
        section.contentInsets = DirectionalEdgeInsets(top: metrics.gap, leading: across, bottom: 0, trailing: across)
        if metrics.marginInset { section.contentInsetsReference = .layoutMargins }
        var boundary: [CollectionLayoutBoundarySupplementaryItem] = []
        if configuration.headerMode == .supplementary {
            let header = CollectionLayoutBoundarySupplementaryItem(
                layoutSize: CollectionLayoutSize(
                    widthDimension: .fractionalWidth(1), heightDimension: .estimated(metrics.header)),
                elementKind: CollectionElementKind.sectionHeader, alignment: .top)
            header.pinToVisibleBounds = metrics.pins
            header.zIndex = metrics.pins ? 2 : 1
            boundary.append(header)
        }
        if configuration.footerMode == .supplementary {
            boundary.append(
                CollectionLayoutBoundarySupplementaryItem(
                    layoutSize: CollectionLayoutSize(
                        widthDimension: .fractionalWidth(1), heightDimension: .estimated(metrics.header)),
                    elementKind: CollectionElementKind.sectionFooter, alignment: .bottom))
        }
        section.boundarySupplementaryItems = boundary
        section.listConfiguration = configuration
        return section
    }
}

extension CompositionalLayout {
    /// A layout whose every section is a list of `configuration` (UIKit's
    /// `UICollectionViewCompositionalLayout.list(using:)`).
    public static func list(using configuration: CollectionLayoutListConfiguration) -> CompositionalLayout {
        CompositionalLayout { _, environment in .list(using: configuration, layoutEnvironment: environment) }
    }
}
