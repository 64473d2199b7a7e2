import Foundation
import KineticDynamics

extension CollectionView {
    /// Scrolls to `contentOffset`, clamped to the scrollable range (see
    /// ``clampedContentOffset(_:)``). A non-finite offset is ignored.
    ///
    /// Unlike UIKit, which lets this method, too, leave the view beyond its content, it clamps:
    /// it is the programmatic scroll, and with nothing headless to bounce the view back a
    /// position outside the content would stay. Assign ``contentOffset`` for an unclamped one.
    ///
    /// - Parameter animated: Accepted for source compatibility with UIKit. A headless
    ///   collection view has no animations yet: the offset applies at once either way.
    public func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        guard contentOffset.x.isFinite, contentOffset.y.isFinite else {
            logger.error("setContentOffset(_:animated:): ignored non-finite offset \(contentOffset)")
            return
        }
        self.contentOffset = clampedContentOffset(contentOffset)
    }

    /// `offset` clamped, on each axis, to the scrollable range: from `-contentInset.left`
    /// (`.top`) to `contentSize.width + contentInset.right - bounds.width` (and the same
    /// vertically). When the content and its insets are smaller than the view, the range is
    /// its minimum alone, so the content stays at the top left. A non-finite component is
    /// replaced by the current offset's before clamping.
    public func clampedContentOffset(_ offset: CGPoint) -> CGPoint {
        let size = contentSize
        let inset = contentInset
        let view = frame.size
        func clamp(
            _ value: CGFloat, current: CGFloat, leading: CGFloat, trailing: CGFloat, content: CGFloat, visible: CGFloat
        ) -> CGFloat {
            let lower = -leading
            // `max` keeps the upper bound from falling under the lower one for short content.
            let upper = max(lower, content + trailing - visible)
            let proposed = value.isFinite ? value : current
            return min(max(proposed, lower), upper)
        }
        return CGPoint(
            x: clamp(
                offset.x, current: contentOffset.x, leading: inset.left, trailing: inset.right, content: size.width,
                visible: view.width),
            y: clamp(
                offset.y, current: contentOffset.y, leading: inset.top, trailing: inset.bottom, content: size.height,
                visible: view.height)
        )
    }

    /// Scrolls so the item at `indexPath` sits at `scrollPosition` in the visible rectangle
    /// (the bounds less ``contentInset``), clamped to the scrollable range. An axis with no
    /// position in `scrollPosition` keeps its offset. A path that does not exist, or two
    /// positions on one axis (UIKit raises an exception), is logged and ignored.
    ///
    /// - Parameter animated: Accepted for source compatibility with UIKit; applies at once.
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
            .map(\.indexPath)
        return Set(paths).sorted()
    }
}
