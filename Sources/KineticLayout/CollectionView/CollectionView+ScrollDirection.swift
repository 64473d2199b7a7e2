import KineticPlatform

extension CollectionView {
    /// The axis a collection view's content scrolls along (UIKit's
    /// `UICollectionView.ScrollDirection`). A ``FlowLayout`` fills lines across it.
    public enum ScrollDirection: Int, Sendable, Hashable {
        /// Content scrolls up and down; a flow layout fills rows left to right.
        case vertical = 0
        /// Content scrolls left and right; a flow layout fills columns top to bottom.
        case horizontal = 1
    }
}
