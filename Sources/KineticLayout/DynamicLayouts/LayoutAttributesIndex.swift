import KineticDynamics
import KineticPlatform

/// A layout animator's attributes by element (category, kind, index path), so that
/// `DynamicAnimator.layoutAttributesForCell(at:)` is a dictionary lookup, not a scan of every
/// animated item (a springy layout asks it for each visible cell, every frame).
///
/// The animator tells its host when an item joins or leaves; an attributes object marks the
/// indexes it is in stale when its index path changes (a layout renumbering its springs after an
/// update). Leaving and renumbering only mark the index stale, and the next lookup rebuilds it
/// from the animator's items: one pass per change, however many lookups follow. Where several
/// items share an element (a misuse), the index answers with one of them.
///
/// The index holds its attributes; they hold no reference to it, only its ``Staleness`` flag,
/// which the index shares with them: an attributes object that outlives its animator (a layout
/// keeps it) marks a flag no one reads, and cannot reach a freed index. (The attributes held the
/// index weakly before; the WebAssembly build has no weak references.)
final class LayoutAttributesIndex {
    /// Whether an index must be rebuilt before its next lookup, shared with the attributes filed
    /// in it; `isRetired` once the index has gone, so they drop it.
    final class Staleness {
        var isStale = false
        var isRetired = false
    }

    struct Key: Hashable {
        var category: CollectionElementCategory
        var kind: String?
        var indexPath: IndexPath
    }

    private var entries: [Key: CollectionViewLayoutAttributes] = [:]
    private let staleness = Staleness()
    private var isStale: Bool {
        get { staleness.isStale }
        set { staleness.isStale = newValue }
    }

    deinit {
        staleness.isRetired = true
    }

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
        attributes.indexes.removeAll { $0.isRetired }
        attributes.indexes.append(staleness)
        guard !isStale else { return }
        let key = Self.key(of: attributes)
        if entries[key] == nil { entries[key] = attributes }
    }

    func didRemove(_ attributes: CollectionViewLayoutAttributes) {
        attributes.indexes.removeAll { $0 === staleness || $0.isRetired }
        // Another item may share the element: the next lookup finds it.
        if entries[Self.key(of: attributes)] === attributes { isStale = true }
    }

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

extension CollectionViewLayoutAttributes {
    /// Marks every index this element is filed in stale: it is filed under its old path.
    func noteIndexPathChange() {
        for staleness in indexes { staleness.isStale = true }
    }
}
