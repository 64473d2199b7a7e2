import KineticDynamics
import KineticPlatform

extension CollectionView {
    /// Scrolls so the item at `indexPath` sits at `scrollPosition` in the visible rectangle
    /// (the bounds less ``ScrollView/contentInset``), clamped to the scrollable range. An axis with
    /// no position in `scrollPosition` keeps its offset. A path that does not exist, or two
    /// positions on one axis (UIKit raises an exception), is logged and ignored.
    ///
    /// - Parameters:
    ///   - indexPath: The item to scroll to.
    ///   - scrollPosition: Where the item goes: at most one vertical and one horizontal position.
    ///   - animated: Whether to animate, as ``ScrollView/setContentOffset(_:animated:)``.
    public func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        let vertical = scrollPosition.intersection(.vertical)
        let horizontal = scrollPosition.intersection(.horizontal)
        guard vertical.rawValue.nonzeroBitCount <= 1, horizontal.rawValue.nonzeroBitCount <= 1 else {
            logger.error(
                """
                scrollToItem(at:at:animated:): ignored scroll position \(scrollPosition.rawValue), which names two \
                positions on one axis
                """
            )
            return
        }
        guard let attributes = layoutAttributesForItem(at: indexPath) else {
            logger.error("scrollToItem(at:at:animated:): ignored index path \(indexPath), which names no item")
            return
        }
        guard let target = contentOffset(showing: attributes.frame, at: scrollPosition) else { return }
        setContentOffset(target, animated: animated)
    }

    /// The offset that puts `frame` at `position`, before clamping; nil if it is not finite.
    func contentOffset(showing frame: CGRect, at position: ScrollPosition) -> CGPoint? {
        let inset = contentInset
        let view = self.frame.size
        var target = contentOffset
        if position.contains(.top) {
            target.y = frame.minY - inset.top
        } else if position.contains(.centeredVertically) {
            target.y = frame.midY - (inset.top + (view.height - inset.top - inset.bottom) / 2)
        } else if position.contains(.bottom) {
            target.y = frame.maxY - (view.height - inset.bottom)
        }
        if position.contains(.left) {
            target.x = frame.minX - inset.left
        } else if position.contains(.centeredHorizontally) {
            target.x = frame.midX - (inset.left + (view.width - inset.left - inset.right) / 2)
        } else if position.contains(.right) {
            target.x = frame.maxX - (view.width - inset.right)
        }
        return target.x.isFinite && target.y.isFinite ? target : nil
    }

    /// The index paths of the items whose cells meet the visible rectangle, ascending. Hidden
    /// cells are left out. During an interactive movement the moving item counts where it is
    /// shown, under the finger.
    public var indexPathsForVisibleItems: [IndexPath] {
        let visible = bounds
        let paths = visibleLayoutAttributes().lazy
            .filter { $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.intersects(visible) }
            .map { $0.indexPath }
        return Set(paths).sorted()
    }
}
