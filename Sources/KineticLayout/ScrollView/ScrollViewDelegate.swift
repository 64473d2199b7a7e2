import KineticDynamics
import KineticPlatform

/// Told what a ``ScrollView`` does (UIKit's `UIScrollViewDelegate`). Every method has a default
/// that does nothing, so a delegate implements only what it needs.
///
/// The order, as UIKit's: a drag is `scrollViewWillBeginDragging`, `scrollViewDidScroll` as the
/// content moves, then on release `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`
/// and `scrollViewDidEndDragging(_:willDecelerate:)`; if it goes on moving,
/// `scrollViewWillBeginDecelerating`, `scrollViewDidScroll`s, and `scrollViewDidEndDecelerating`.
/// An animated scroll ends with `scrollViewDidEndScrollingAnimation`, a scroll to the top with
/// `scrollViewDidScrollToTop`. A pinch is `scrollViewWillBeginZooming`, `scrollViewDidZoom`s
/// (with `scrollViewDidScroll`s) and `scrollViewDidEndZooming(_:with:atScale:)`.
public protocol ScrollViewDelegate: AnyObject {
    /// The content offset changed, by a drag, a deceleration, an animation or an assignment.
    func scrollViewDidScroll(_ scrollView: ScrollView)
    /// A pan is about to move the content.
    func scrollViewWillBeginDragging(_ scrollView: ScrollView)
    /// The finger lifted at `velocity` (points per millisecond, the content's, as UIKit) and
    /// the content will come to rest at `targetContentOffset.pointee`. Assign another offset to
    /// it and the deceleration ends exactly there instead (clamped to the content).
    func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// The drag ended; `decelerate` says whether the content goes on moving.
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
    /// The content goes on moving after the finger lifted.
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
    /// The content came to rest after a drag.
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
    /// An animated scroll (`setContentOffset(_:animated:)`, `scrollRectToVisible(_:animated:)`)
    /// came to its end.
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
    /// Whether a tap on the status bar (``ScrollView/scrollToTop()``) may scroll to the top.
    func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool
    /// The scroll to the top ended.
    func scrollViewDidScrollToTop(_ scrollView: ScrollView)

    /// The view the pinch zooms (UIKit's `viewForZooming(in:)`): the scroll view scales its
    /// transform, sets the content size to its scaled bounds and keeps it at the content's
    /// origin. Nil (the default): no zooming.
    func viewForZooming(in scrollView: ScrollView) -> (any DynamicItem)?
    /// A pinch is about to zoom `view`.
    func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: (any DynamicItem)?)
    /// The zoom scale changed (a pinch, an animation or an assignment). Centre content smaller
    /// than the view here, as the common UIKit recipe does.
    func scrollViewDidZoom(_ scrollView: ScrollView)
    /// A pinch (after its bounce) or an animated zoom ended at `scale`.
    func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: (any DynamicItem)?, atScale scale: CGFloat)

    /// This delegate as a collection view's, when it is a ``CollectionViewDelegate``; nil
    /// otherwise. Do not implement it: the defaults answer (``CollectionViewDelegate`` answers
    /// itself).
    ///
    /// A ``CollectionView`` keeps UIKit's `delegate` property, typed as its superclass's, and
    /// asks its delegate this instead of casting it (`delegate as? UICollectionViewDelegate`),
    /// which the WebAssembly build cannot do: Embedded Swift has no casts to a protocol. The
    /// answer is fixed where a class first conforms to this protocol, so a subclass that
    /// conforms to ``CollectionViewDelegate`` when its superclass conformed only to
    /// ``ScrollViewDelegate`` is seen as a plain scroll view delegate; declare the conformance on
    /// the superclass, or give the superclass an overridable `asCollectionViewDelegate` property
    /// (nil) that the subclass overrides (`self`).
    var asCollectionViewDelegate: (any CollectionViewDelegate)? { get }
}

extension ScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: ScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
    public func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {}
    public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
    public func scrollViewShouldScrollToTop(_ scrollView: ScrollView) -> Bool { true }
    public func scrollViewDidScrollToTop(_ scrollView: ScrollView) {}
    /// Nil: no zooming.
    public func viewForZooming(in scrollView: ScrollView) -> (any DynamicItem)? { nil }
    public func scrollViewWillBeginZooming(_ scrollView: ScrollView, with view: (any DynamicItem)?) {}
    public func scrollViewDidZoom(_ scrollView: ScrollView) {}
    public func scrollViewDidEndZooming(_ scrollView: ScrollView, with view: (any DynamicItem)?, atScale scale: CGFloat)
    {}
    /// Nil: a scroll view delegate that is not a ``CollectionViewDelegate``.
    public var asCollectionViewDelegate: (any CollectionViewDelegate)? { nil }
}
