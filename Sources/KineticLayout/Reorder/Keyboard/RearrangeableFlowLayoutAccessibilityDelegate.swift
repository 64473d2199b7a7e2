import KineticPlatform

/// Names the items of a ``RearrangeableFlowLayout`` for a screen reader and hears every step of
/// a keyboard reorder.
///
/// Both methods have defaults: items are called "item N" from their position, and announcements
/// go nowhere.
public protocol RearrangeableFlowLayoutAccessibilityDelegate: AnyObject {
    /// The item's name, as UIKit's `accessibilityLabel` names a cell ("Photo of a cat"); nil for
    /// "item N", N its position in its section from 1. Asked when an item is focused or lifted:
    /// the name stays with the item for the announcements of that move.
    func accessibilityLabel(forItemAt indexPath: IndexPath) -> String?
    /// `layout` made `announcement`: speak its text, show it in a live region, or ignore it.
    func rearrangeableFlowLayout(_ layout: RearrangeableFlowLayout, didPost announcement: ReorderAnnouncement)
}

extension RearrangeableFlowLayoutAccessibilityDelegate {
    /// Nil: items are called "item N".
    public func accessibilityLabel(forItemAt indexPath: IndexPath) -> String? { nil }
    /// Does nothing.
    public func rearrangeableFlowLayout(_ layout: RearrangeableFlowLayout, didPost announcement: ReorderAnnouncement) {}
}
