import KineticPlatform

/// The coordinate space an animator was made for when it is not a fixed rectangle: UIKit's
/// reference view or collection-view layout.
///
/// An animator created with ``DynamicAnimator/init(host:)`` keeps its host strongly, reads
/// ``dynamicAnimatorReferenceBounds`` at the start of every step, and calls
/// ``dynamicAnimatorDidStep(_:)`` once the step wrote its items back (a layout invalidates itself
/// there), and tells it when an item joins or leaves (a layout indexes its attributes). A host
/// that belongs to the object owning the animator (a layout owns its animator) must hold that
/// object weakly.
public protocol DynamicAnimatorHost: AnyObject {
    /// The animator's coordinate space (a collection view's content rectangle).
    var dynamicAnimatorReferenceBounds: CGRect { get }
    /// The animator moved its items: called after every step's write-back and before the step's
    /// behaviour actions.
    func dynamicAnimatorDidStep(_ animator: DynamicAnimator)
    /// `item` joined the animator (its first behaviour was added). Default: nothing.
    func dynamicAnimator(_ animator: DynamicAnimator, didAdd item: any DynamicItem)
    /// `item` left the animator (its last behaviour was removed). Default: nothing.
    func dynamicAnimator(_ animator: DynamicAnimator, didRemove item: any DynamicItem)
}

extension DynamicAnimatorHost {
    /// Does nothing: most hosts do not track the items.
    public func dynamicAnimator(_ animator: DynamicAnimator, didAdd item: any DynamicItem) {}
    /// Does nothing: most hosts do not track the items.
    public func dynamicAnimator(_ animator: DynamicAnimator, didRemove item: any DynamicItem) {}
}
