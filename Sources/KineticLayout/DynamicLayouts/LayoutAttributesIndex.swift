import Foundation
import KineticDynamics

/// A layout animator's attributes by element (category, kind, index path), so that
/// `DynamicAnimator.layoutAttributesForCell(at:)` is a dictionary lookup, not a scan of every
/// animated item (a springy layout asks it for each visible cell, every frame).
///
/// The animator tells its host when an item joins or leaves; an attributes object tells the
/// indexes it is in when its index path changes (a layout renumbering its springs after an
/// update). Leaving and renumbering only mark the index stale, and the next lookup rebuilds it
/// from the animator's items: one pass per change, however many lookups follow. Where several
/// items share an element (a misuse), the index answers with one of them.
final class LayoutAttributesIndex {
    struct Key: Hashable {
        var category: CollectionElementCategory
        var kind: String?
        var indexPath: IndexPath
    }

    private var entries: [Key: CollectionViewLayoutAttributes] = [:]
    private var isStale = false

    private static func key(of attributes: CollectionViewLayoutAttributes) -> Key {
        Key(
            category: attributes.representedElementCategory, kind: attributes.representedElementKind,
            indexPath: attributes.indexPath)
    }

    /// The attributes of `key`'s element in `animator`, if it moves them.
    func attributes(for key: Key, in animator: DynamicAnimator) -> CollectionViewLayoutAttributes? {
        if isStale { rebuild(from: animator) }
        return entries[key]
    }

    func didAdd(_ attributes: CollectionViewLayoutAttributes) {
        attributes.indexes.append(WeakLayoutAttributesIndex(self))
        guard !isStale else { return }
        let key = Self.key(of: attributes)
        if entries[key] == nil { entries[key] = attributes }
    }

    func didRemove(_ attributes: CollectionViewLayoutAttributes) {
        attributes.indexes.removeAll { $0.index === self || $0.index == nil }
        // Another item may share the element: the next lookup finds it.
        if entries[Self.key(of: attributes)] === attributes { isStale = true }
    }

    func indexPathDidChange() { isStale = true }

    private func rebuild(from animator: DynamicAnimator) {
        entries.removeAll(keepingCapacity: true)
        animator.forEachItem { item in
            guard let attributes = item as? CollectionViewLayoutAttributes else { return }
            let key = Self.key(of: attributes)
            if entries[key] == nil { entries[key] = attributes }
        }
        isStale = false
    }
}

/// An attributes object's link to an index it is in; weak, as the animator may go first.
struct WeakLayoutAttributesIndex {
    weak var index: LayoutAttributesIndex?

    init(_ index: LayoutAttributesIndex) {
        self.index = index
    }
}

extension CollectionViewLayoutAttributes {
    func noteIndexPathChange() {
        for link in indexes { link.index?.indexPathDidChange() }
    }
}
