import Foundation
import KineticDynamics

/// An animator that works in a collection view layout's content coordinates.
extension DynamicAnimator {
    /// Creates an animator for a collection-view layout (UIKit's `init(collectionViewLayout:)`).
    ///
    /// It works in the layout's content coordinates (its reference bounds are the content
    /// rectangle, re-read every step), takes ``CollectionViewLayoutAttributes`` as items, and
    /// invalidates the layout after every step so the collection view asks it again. The
    /// animator does not keep the layout alive: a layout usually owns its animator.
    public convenience init(collectionViewLayout layout: CollectionViewLayout) {
        self.init(host: LayoutAnimatorHost(layout: layout))
    }

    /// The layout this animator was made for, if it still exists.
    public var collectionViewLayout: CollectionViewLayout? {
        (host as? LayoutAnimatorHost)?.layout
    }

    /// The cell attributes for `indexPath` that this animator moves, or nil if none does.
    public func layoutAttributesForCell(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        attributes(.cell, kind: nil, at: indexPath)
    }

    /// The attributes of the supplementary view of `kind` at `indexPath` that this animator
    /// moves, or nil.
    public func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
        -> CollectionViewLayoutAttributes?
    {
        attributes(.supplementaryView, kind: kind, at: indexPath)
    }

    /// The attributes of the decoration view of `kind` at `indexPath` that this animator moves,
    /// or nil.
    public func layoutAttributesForDecorationView(ofKind kind: String, at indexPath: IndexPath)
        -> CollectionViewLayoutAttributes?
    {
        attributes(.decorationView, kind: kind, at: indexPath)
    }

    private func attributes(_ category: CollectionElementCategory, kind: String?, at indexPath: IndexPath)
        -> CollectionViewLayoutAttributes?
    {
        // A linear scan: the animator holds the few items being animated (a drag, the visible
        // springs), and a layout with many keeps its own index.
        var found: CollectionViewLayoutAttributes?
        forEachItem { item in
            guard found == nil, let attributes = item as? CollectionViewLayoutAttributes,
                attributes.representedElementCategory == category, attributes.representedElementKind == kind,
                attributes.indexPath == indexPath
            else { return }
            found = attributes
        }
        return found
    }
}

/// Connects an animator to its layout without keeping the layout alive.
final class LayoutAnimatorHost: DynamicAnimatorHost {
    weak var layout: CollectionViewLayout?

    init(layout: CollectionViewLayout) {
        self.layout = layout
    }

    var dynamicAnimatorReferenceBounds: CGRect {
        CGRect(origin: .zero, size: layout?.collectionViewContentSize ?? .zero)
    }

    func dynamicAnimatorDidStep(_ animator: DynamicAnimator) {
        // The items moved; the layout's own geometry did not.
        layout?.invalidateLayout(with: CollectionViewLayoutInvalidationContext())
    }
}
