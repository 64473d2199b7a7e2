import KineticPlatform

// Self-sizing: a section whose group's length along the axis its groups repeat on (the scroll
// axis, or across it in an orthogonal section) is `.estimated` lays each item out at the
// estimate until its cell is shown, then at the length the cell prefers
// (`CollectionViewCell.preferredLayoutAttributesFitting(_:)`); each group is as long as its
// longest item needs. The preferred lengths are kept by item, follow their items through batch
// updates and interactive movement, and are forgotten on a reload or a change of width.
extension CompositionalLayout {
    /// Whether the item at `indexPath` is in a self-sizing section and not sized yet.
    final func isUnsized(_ indexPath: IndexPath) -> Bool {
        prepareIfNeeded()
        guard indexPath.count == 2, geometry.sections.indices.contains(indexPath.section),
            geometry.sections[indexPath.section].estimated != nil, indexPath.item >= 0,
            indexPath.item < geometry.sections[indexPath.section].itemCount
        else { return false }
        let lengths = preferredLengths[indexPath.section] ?? []
        return !(indexPath.item < lengths.count && lengths[indexPath.item] >= 0)
    }

    /// The length the cell prefers along the scroll axis, cleaned, if it is to be taken in: nil
    /// when the item is not in a self-sizing section or is sized at that length already.
    final func selfSizingChange(
        _ preferred: CollectionViewLayoutAttributes, _ original: CollectionViewLayoutAttributes
    ) -> CGFloat? {
        if original.representedElementCategory == .supplementaryView {
            return supplementarySizingChange(preferred, original)?.length
        }
        let path = original.indexPath
        guard original.representedElementCategory == .cell, path.count == 2,
            geometry.sections.indices.contains(path.section),
            geometry.sections[path.section].estimated != nil
        else { return nil }
        let vertical = geometry.sections[path.section].repeatsVertically
        let laidOut = vertical ? original.size.height : original.size.width
        let wanted = vertical ? preferred.size.height : preferred.size.width
        let length = wanted.isFinite && wanted >= 0 ? Self.clean(wanted) : laidOut
        return isUnsized(path) || length != laidOut ? length : nil
    }

    /// Records the preferred length of the item `original` names; moves the content offset by
    /// the change when the item starts above the visible top (it grows or shrinks upward: what
    /// shows below it stays still, as the rows scrolled up into do on iOS).
    final func recordPreferredLength(
        _ preferred: CollectionViewLayoutAttributes, _ original: CollectionViewLayoutAttributes,
        in context: CollectionViewLayoutInvalidationContext
    ) {
        if original.representedElementCategory == .supplementaryView {
            guard let (key, length) = supplementarySizingChange(preferred, original) else { return }
            logRefusedLength(preferred, kept: length, vertical: geometry.vertical, at: original.indexPath)
            preferredSupplementaryLengths[key] = length
            keepStill(original, length: length, vertical: geometry.vertical, in: context)
            return
        }
        let path = original.indexPath
        guard let length = selfSizingChange(preferred, original) else { return }
        let section = geometry.sections[path.section]
        let vertical = section.repeatsVertically
        logRefusedLength(preferred, kept: length, vertical: vertical, at: path)
        let count = geometry.sections[path.section].itemCount
        var lengths = preferredLengths[path.section] ?? []
        if lengths.count < count { lengths += [CGFloat](repeating: -1, count: count - lengths.count) }
        lengths[path.item] = length
        preferredLengths[path.section] = lengths
        // An orthogonal section's cells grow across the layout, in the section's own scroll view.
        if section.orthogonal == .none { keepStill(original, length: length, vertical: vertical, in: context) }
    }

    /// Logs a preferred length that is not one (NaN, infinite, negative), and the length kept.
    private func logRefusedLength(
        _ preferred: CollectionViewLayoutAttributes, kept length: CGFloat, vertical: Bool, at path: IndexPath
    ) {
        let wanted = vertical ? preferred.size.height : preferred.size.width
        guard !wanted.isFinite || wanted < 0 else { return }
        let what = preferred.representedElementCategory == .cell ? "cell's" : "supplementary view's"
        Self.logger.warning("a \(what) preferred length \(wanted) at \(path) is not a length; kept \(length)")
    }

    /// Moves the content offset by an element's change of length when it starts above the
    /// visible top (it grows or shrinks upward: what shows below it stays still).
    private func keepStill(
        _ original: CollectionViewLayoutAttributes, length: CGFloat, vertical: Bool,
        in context: CollectionViewLayoutInvalidationContext
    ) {
        guard let view = collectionView else { return }
        let start = vertical ? original.frame.minY : original.frame.minX
        let top = vertical ? view.contentOffset.y : view.contentOffset.x
        if start < top {
            let delta = length - (vertical ? original.size.height : original.size.width)
            context.contentOffsetAdjustment = vertical ? CGPoint(x: 0, y: delta) : CGPoint(x: delta, y: 0)
        }
    }

    /// For an estimated header or footer: its key and the length it prefers along the scroll
    /// axis, cleaned, if that is to be taken in (it is not sized yet, or prefers another length).
    private func supplementarySizingChange(
        _ preferred: CollectionViewLayoutAttributes, _ original: CollectionViewLayoutAttributes
    ) -> (key: CompositionalGeometry.SupplementaryKey, length: CGFloat)? {
        guard let index = supplementaryIndex(original.representedElementKind ?? "", at: original.indexPath),
            geometry.supplementaries[index].estimated
        else { return nil }
        let key = geometry.supplementaries[index].key
        let vertical = geometry.vertical
        let laidOut = vertical ? original.size.height : original.size.width
        let wanted = vertical ? preferred.size.height : preferred.size.width
        let length = wanted.isFinite && wanted >= 0 ? Self.clean(wanted) : laidOut
        return preferredSupplementaryLengths[key] == nil || length != laidOut ? (key, length) : nil
    }

    /// The preferred lengths after a batch update: each follows its item (a reloaded item's is
    /// forgotten: its cell is new).
    final func remapPreferredLengths(
        _ mapping: CollectionView.IndexPathMapping, _ updateItems: [CollectionViewUpdateItem]
    ) {
        remapPreferredSupplementaryLengths(mapping, updateItems)
        guard !preferredLengths.isEmpty else { return }
        var reloaded = Set<IndexPath>()
        for update in updateItems where update.updateAction == .reload {
            if let path = update.indexPathBeforeUpdate { reloaded.insert(path) }
        }
        var remapped: [Int: [CGFloat]] = [:]
        for (section, lengths) in preferredLengths {
            for (item, length) in lengths.enumerated() where length >= 0 {
                let old = IndexPath(item: item, section: section)
                guard !reloaded.contains(old), !reloaded.contains(IndexPath(index: section)),
                    let new = mapping.newIndexPath(forOldIndexPath: old),
                    mapping.countsAfter.indices.contains(new.section)
                else { continue }
                var moved = remapped[new.section] ?? [CGFloat](repeating: -1, count: mapping.countsAfter[new.section])
                if new.item < moved.count { moved[new.item] = length }
                remapped[new.section] = moved
            }
        }
        preferredLengths = remapped
    }

    /// Moves the preferred length of the item at `source` to `destination` (an interactive
    /// movement's commit: the items between shift by one).
    final func movePreferredLength(from source: IndexPath, to destination: IndexPath) {
        guard source.count == 2, destination.count == 2, !preferredLengths.isEmpty else { return }
        var sourceLengths = preferredLengths[source.section] ?? []
        let length = source.item < sourceLengths.count ? sourceLengths.remove(at: source.item) : -1
        preferredLengths[source.section] = sourceLengths
        var destinationLengths = preferredLengths[destination.section] ?? []
        while destinationLengths.count < destination.item { destinationLengths.append(-1) }
        destinationLengths.insert(length, at: min(destination.item, destinationLengths.count))
        preferredLengths[destination.section] = destinationLengths
    }

    /// The headers' and footers' preferred lengths after a batch update: each follows its
    /// section (a reloaded or deleted section's is forgotten); the layout's own stay.
    private func remapPreferredSupplementaryLengths(
        _ mapping: CollectionView.IndexPathMapping, _ updateItems: [CollectionViewUpdateItem]
    ) {
        guard !preferredSupplementaryLengths.isEmpty else { return }
        var reloaded = Set<Int>()
        for update in updateItems where update.updateAction == .reload {
            if let path = update.indexPathBeforeUpdate, path.count == 1 { reloaded.insert(path[0]) }
        }
        var remapped: [CompositionalGeometry.SupplementaryKey: CGFloat] = [:]
        for (key, length) in preferredSupplementaryLengths {
            if key.layoutLevel {
                remapped[key] = length
                continue
            }
            let old = key.indexPath.section
            guard !reloaded.contains(old), let new = mapping.newSection(forOldSection: old) else { continue }
            let path = IndexPath(item: key.indexPath.item, section: new)
            remapped[CompositionalGeometry.SupplementaryKey(kind: key.kind, indexPath: path, layoutLevel: false)] =
                length
        }
        preferredSupplementaryLengths = remapped
    }
}
