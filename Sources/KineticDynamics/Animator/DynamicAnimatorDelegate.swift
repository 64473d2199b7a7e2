/// Told when an animator starts and stops (UIKit's `UIDynamicAnimatorDelegate`).
public protocol DynamicAnimatorDelegate: AnyObject {
    /// The animator is about to start running: called synchronously from the call that woke it
    /// (`addBehavior`, a parameter change, `updateItem(usingCurrentState:)`, …).
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator)
    /// The animator stopped: every body came to rest, or no behaviour keeps it running.
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator)
}

extension DynamicAnimatorDelegate {
    public func dynamicAnimatorWillResume(_ animator: DynamicAnimator) {}
    public func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {}
}
