import KineticDynamics
import KineticPlatform

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
        let key = LayoutAttributesIndex.Key(category: category, kind: kind, indexPath: indexPath)
        if let host = host as? LayoutAnimatorHost { return host.index.attributes(for: key, in: self) }
        // An animator made for something else keeps no index: a scan of its items.
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

/// Connects an animator to its layout without keeping the layout alive: through the layout's
/// link, which the layout cuts when it goes (a layout usually owns its animator, but an app may
/// keep an animator longer).
final class LayoutAnimatorHost: DynamicAnimatorHost {
    private let layoutLink: ObjectLink<CollectionViewLayout>
    /// The layout, while it lives.
    var layout: CollectionViewLayout? { layoutLink.object }
    /// The animated attributes by element.
    let index = LayoutAttributesIndex()

    init(layout: CollectionViewLayout) {
        layoutLink = layout.layoutLink
    }

    var dynamicAnimatorReferenceBounds: CGRect {
        CGRect(origin: .zero, size: layout?.collectionViewContentSize ?? .zero)
    }

    func dynamicAnimatorDidStep(_ animator: DynamicAnimator) {
        // The items moved; the layout's own geometry did not.
        layout?.invalidateLayout(with: CollectionViewLayoutInvalidationContext())
    }

    func dynamicAnimator(_ animator: DynamicAnimator, didAdd item: any DynamicItem) {
        if let attributes = item as? CollectionViewLayoutAttributes { index.didAdd(attributes) }
    }

    func dynamicAnimator(_ animator: DynamicAnimator, didRemove item: any DynamicItem) {
        if let attributes = item as? CollectionViewLayoutAttributes { index.didRemove(attributes) }
    }
}
