import Foundation

extension CollectionView {
    /// The direction a flow layout's content scrolls (UIKit's
    /// `UICollectionView.ScrollDirection`).
    public enum ScrollDirection: Sendable, Hashable {
        /// Lines are rows stacked downwards; the content scrolls vertically.
        case vertical
        /// Lines are columns stacked rightwards; the content scrolls horizontally.
        case horizontal
    }
}
