import KineticPlatform

extension CollectionView {
    /// Where ``CollectionView/scrollToItem(at:at:animated:)`` puts an item in the visible
    /// rectangle (UIKit's `UICollectionView.ScrollPosition`).
    ///
    /// At most one vertical and one horizontal position may be combined; an axis with none is
    /// not scrolled, so the empty set scrolls nothing. The raw values are UIKit's.
    public struct ScrollPosition: OptionSet, Hashable, Sendable {
        /// The positions as bits, as UIKit numbers them.
        public let rawValue: UInt

        /// A position from its raw value.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// The item's top edge at the top of the visible rectangle (less the top inset).
        public static let top = ScrollPosition(rawValue: 1 << 0)
        /// The item centred vertically in the visible rectangle (less the insets).
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        /// The item's bottom edge at the bottom of the visible rectangle (less the bottom inset).
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
        /// The item's left edge at the left of the visible rectangle (less the left inset).
        public static let left = ScrollPosition(rawValue: 1 << 3)
        /// The item centred horizontally in the visible rectangle (less the insets).
        public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
        /// The item's right edge at the right of the visible rectangle (less the right inset).
        public static let right = ScrollPosition(rawValue: 1 << 5)

        /// The vertical positions.
        static let vertical: ScrollPosition = [.top, .centeredVertically, .bottom]
        /// The horizontal positions.
        static let horizontal: ScrollPosition = [.left, .centeredHorizontally, .right]
    }
}
