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
        let path = original.indexPath
        guard path.count == 2, geometry.sections.indices.contains(path.section),
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
        let path = original.indexPath
        guard let length = selfSizingChange(preferred, original) else { return }
        let section = geometry.sections[path.section]
        let vertical = section.repeatsVertically
        let wanted = vertical ? preferred.size.height : preferred.size.width
        if !wanted.isFinite || wanted < 0 {
            let refused = "a cell's preferred length \(wanted) at \(path) is not a length; kept \(length)"
            Self.logger.warning("\(refused)")
        }
        let count = geometry.sections[path.section].itemCount
        var lengths = preferredLengths[path.section] ?? []
        if lengths.count < count { lengths += [CGFloat](repeating: -1, count: count - lengths.count) }
        let laidOut = vertical ? original.size.height : original.size.width
        lengths[path.item] = length
        preferredLengths[path.section] = lengths
        // An orthogonal section's cells grow across the layout, in the section's own scroll view.
        guard let view = collectionView, section.orthogonal == .none else { return }
        let start = vertical ? original.frame.minY : original.frame.minX
        let top = vertical ? view.contentOffset.y : view.contentOffset.x
        if start < top {
            let delta = length - laidOut
            context.contentOffsetAdjustment = vertical ? CGPoint(x: 0, y: delta) : CGPoint(x: delta, y: 0)
        }
    }

    /// The preferred lengths after a batch update: each follows its item (a reloaded item's is
    /// forgotten: its cell is new).
    final func remapPreferredLengths(
        _ mapping: CollectionView.IndexPathMapping, _ updateItems: [CollectionViewUpdateItem]
    ) {
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
}
