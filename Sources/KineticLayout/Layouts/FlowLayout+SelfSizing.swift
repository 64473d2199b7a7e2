import KineticDynamics
import KineticPlatform

// Self-sizing: ``FlowLayout/estimatedItemSize``, the cells' preferred sizes, and keeping what is
// on screen still while the items above it are sized.
extension FlowLayout {
    /// What ``FlowLayout/preferredSizes`` holds for an item not sized yet.
    static let unsized = CGSize(width: -1, height: -1)

    /// Whether items are laid out at an estimate their cells correct.
    final var isSelfSizing: Bool { estimatedItemSize != .zero }

    /// The size unsized items are laid out at (UIKit's orientation).
    final var estimateSize: CGSize { estimatedItemSize == Self.automaticSize ? itemSize : estimatedItemSize }

    /// Whether `size` may be an ``FlowLayout/estimatedItemSize``: `.zero`, ``FlowLayout/automaticSize``,
    /// or both sides positive and finite.
    static func isValidEstimate(_ size: CGSize) -> Bool {
        size == .zero || size == automaticSize
            || (size.width.isFinite && size.height.isFinite && size.width > 0 && size.height > 0)
    }

    /// Whether the item shown at `indexPath` is laid out at the estimate, not sized yet.
    final func isUnsized(at indexPath: IndexPath) -> Bool {
        guard isSelfSizing, let collectionView, indexPath.count == 2 else { return false }
        let data = collectionView.dataIndexPath(forPresentedIndexPath: indexPath) ?? indexPath
        return preferredSizes.indices.contains(data.section) && preferredSizes[data.section].indices.contains(data.item)
            && preferredSizes[data.section][data.item].width < 0
    }

    /// The size the cell at data path `indexPath` preferred, or nil if it is not sized.
    final func preferredSize(at indexPath: IndexPath) -> CGSize? {
        guard indexPath.count == 2, preferredSizes.indices.contains(indexPath.section),
            preferredSizes[indexPath.section].indices.contains(indexPath.item)
        else { return nil }
        let size = preferredSizes[indexPath.section][indexPath.item]
        return size.width < 0 ? nil : size
    }

    /// Prepares every section item by item, sized cells at their sizes and the rest at the
    /// estimate, all explicit (see ``FlowSectionGeometry/isSelfSizing``).
    final func prepareSelfSizing(_ geometry: inout FlowGeometry, sectionCount: Int, vertical: Bool) {
        guard let collectionView else { return }
        // A width change refits every cell; a section whose count changed unseen starts over.
        if preparedCrossSizeForSizes != geometry.crossSize { preferredSizes = [] }
        preparedCrossSizeForSizes = geometry.crossSize
        var metricsBySection: [FlowSectionMetrics] = []
        metricsBySection.reserveCapacity(sectionCount)
        var sizes: [CGSize] = []
        preferredSizes.removeSubrange(min(sectionCount, preferredSizes.count)...)
        for section in 0..<sectionCount {
            let count = collectionView.numberOfItems(inSection: section)
            if section == preferredSizes.count {
                preferredSizes.append(Array(repeating: Self.unsized, count: count))
            } else if preferredSizes[section].count != count {
                preferredSizes[section] = Array(repeating: Self.unsized, count: count)
            }
            let metrics = sectionMetrics(section, vertical: vertical)
            metricsBySection.append(metrics)
            sizes.removeAll(keepingCapacity: true)
            sizes.reserveCapacity(count)
            if collectionView.isPresentingMovement {
                let size = itemSizes(section: section)
                for item in 0..<count { sizes.append(size(item)) }
            } else {
                // Shown as they are: read the kept sizes in one pass.
                let estimate = Self.flowSize(estimateSize, vertical: vertical)
                for size in preferredSizes[section] {
                    sizes.append(size.width < 0 ? estimate : Self.flowSize(size, vertical: vertical))
                }
            }
            sizes.withUnsafeBufferPointer { geometry.appendSection(metrics, sizes: $0, selfSizing: true) }
        }
        preparedMetrics = metricsBySection
    }

    /// Carries the sized cells' sizes through a batch update: each follows its item (a move
    /// keeps it, across sections too); inserted and reloaded items are unsized. A section with a
    /// few changes is edited in place (a copy in memory per change), others rebuilt in one pass.
    final func remapPreferredSizes(
        _ mapping: CollectionView.IndexPathMapping, _ updateItems: [CollectionViewUpdateItem]
    ) {
        var old = preferredSizes
        preferredSizes = []
        func size(at path: IndexPath) -> CGSize {
            guard path.count == 2, old.indices.contains(path.section), old[path.section].indices.contains(path.item)
            else { return Self.unsized }
            return old[path.section][path.item]
        }
        // The sizes of the items moved in, read before any section is edited.
        var movedIn: [[Int: CGSize]] = Array(repeating: [:], count: mapping.countsAfter.count)
        for section in 0..<mapping.countsAfter.count {
            guard case .shifted(let shifts) = mapping.oldItems(forNewSection: section) else { continue }
            for (place, source) in shifts.sources { movedIn[section][place] = size(at: source) }
        }
        var sizes: [[CGSize]] = []
        sizes.reserveCapacity(mapping.countsAfter.count)
        for section in 0..<mapping.countsAfter.count {
            let count = mapping.countsAfter[section]
            guard let source = mapping.oldSection(forNewSection: section), old.indices.contains(source),
                old[source].count == mapping.countsBefore[source]
            else {
                sizes.append(Array(repeating: Self.unsized, count: count))
                continue
            }
            // Taken out, so the edits below do not copy it.
            var items = old[source]
            old[source] = []
            switch mapping.oldItems(forNewSection: section) {
            case .identity:
                sizes.append(items)
            case .replaced:
                sizes.append(Array(repeating: Self.unsized, count: count))
            case .shifted(let shifts) where shifts.removed.count + shifts.fixed.count <= 32:
                for item in shifts.removed.reversed() { items.remove(at: item) }
                for place in shifts.fixed { items.insert(movedIn[section][place] ?? Self.unsized, at: place) }
                sizes.append(items)
            case .shifted(let shifts):
                // The staying items fill the places not fixed, in order.
                var remapped: [CGSize] = []
                remapped.reserveCapacity(count)
                var oldItem = 0, removed = 0, fixed = 0
                for place in 0..<count {
                    if fixed < shifts.fixed.count, shifts.fixed[fixed] == place {
                        remapped.append(movedIn[section][place] ?? Self.unsized)
                        fixed += 1
                        continue
                    }
                    while removed < shifts.removed.count, shifts.removed[removed] == oldItem {
                        removed += 1
                        oldItem += 1
                    }
                    remapped.append(oldItem < items.count ? items[oldItem] : Self.unsized)
                    oldItem += 1
                }
                sizes.append(remapped)
            }
        }
        for update in updateItems where update.updateAction == .reload {
            guard let before = update.indexPathBeforeUpdate, before.count == 2,
                let after = mapping.newIndexPath(forOldIndexPath: before),
                sizes.indices.contains(after.section), sizes[after.section].indices.contains(after.item)
            else { continue }
            sizes[after.section][after.item] = Self.unsized
        }
        preferredSizes = sizes
    }

    /// Takes in a cell's preferred size for the item shown at `indexPath`: kept (sanitized; a
    /// bad one is logged and the estimate kept), and noted for laying out if it changes the
    /// item's size.
    final func takePreferredSize(_ preferred: CGSize, forItemAt indexPath: IndexPath, laidOut original: CGSize) {
        guard isSelfSizing, let collectionView, indexPath.count == 2 else { return }
        let data = collectionView.dataIndexPath(forPresentedIndexPath: indexPath) ?? indexPath
        guard preferredSizes.indices.contains(data.section), preferredSizes[data.section].indices.contains(data.item)
        else { return }
        var size = preferred
        if !(size.width.isFinite && size.height.isFinite && size.width >= 0 && size.height >= 0) {
            let refused =
                "FlowLayout: the cell at section \(data.section), item \(data.item) preferred "
                + "\(size.logDescription), not a finite non-negative size; its estimate stands"
            Self.logger.error("\(refused)")
            size = estimateSize
        }
        size = CGSize(width: FlowSectionMetrics.clean(size.width), height: FlowSectionMetrics.clean(size.height))
        preferredSizes[data.section][data.item] = size
        if size != original { pendingResizes.append(indexPath) }
    }

    /// Lays out only the lines of the resized items (as shown), if the layout was prepared for
    /// the same bounds and metrics; false to prepare everything anew.
    final func prepareResizes(_ resizes: [IndexPath]) -> Bool {
        guard let collectionView, isSelfSizing else { return false }
        var bySection: [Int: [Int]] = [:]
        for path in resizes { bySection[path.section, default: []].append(path.item) }
        for (section, items) in bySection.sorted(by: { $0.key < $1.key }) {
            guard let metrics = incrementalMetrics(section: section), geometry.sections[section].isSelfSizing else {
                return false
            }
            let count = collectionView.numberOfItems(inSection: section)
            guard geometry.sections[section].itemCount == count,
                geometry.relayout(
                    section: section, metrics, itemCount: count,
                    change: FlowItemChange(resizing: items, itemCount: count),
                    witnesses: geometry.sections[section].witnesses, size: itemSizes(section: section))
            else { return false }
        }
        return true
    }

    /// What to keep still on screen while the items `resizes` (as shown) change size: the first
    /// line in view (starting at or after the visible bounds' leading edge) none of whose items
    /// is among them, and where it starts, in flow coordinates. Scrolling back up into unsized
    /// items, that is the first line that was on screen before; scrolling on, the top line.
    final func visibleAnchor(avoiding resizes: [IndexPath]) -> (section: Int, item: Int, start: CGFloat)? {
        guard let collectionView, !geometry.sections.isEmpty else { return nil }
        let inset = collectionView.adjustedContentInset
        let top =
            preparedVertical
            ? collectionView.contentOffset.y + inset.top : collectionView.contentOffset.x + inset.left
        // At the very start nothing is above the view to keep still against.
        guard top > 0 else { return nil }
        let resized = Set(resizes)
        let length = preparedVertical ? collectionView.bounds.height : collectionView.bounds.width
        for line in geometry.lines(startingAtOrAfter: top, limit: 256) {
            guard line.start <= top + length else { return nil }
            if !line.items.contains(where: { resized.contains(IndexPath(item: $0, section: line.section)) }) {
                return (line.section, line.items.lowerBound, line.start)
            }
        }
        return nil
    }

    /// Moves the content offset by as much as the line `anchor` names moved in the preparation,
    /// so what is on screen stays where it is.
    final func keepStill(_ anchor: (section: Int, item: Int, start: CGFloat)) {
        guard let collectionView, let start = geometry.lineStart(section: anchor.section, item: anchor.item) else {
            return
        }
        let delta = start - anchor.start
        guard delta != 0, delta.isFinite else { return }
        collectionView.adjustContentOffset(by: preparedVertical ? CGPoint(x: 0, y: delta) : CGPoint(x: delta, y: 0))
    }

    /// The data source moved an item the interactive movement presented elsewhere: its size
    /// goes with it.
    final func movePreferredSize(from source: IndexPath, to destination: IndexPath) {
        guard let size = preferredSize(at: source) ?? (isSelfSizing ? Self.unsized : nil),
            preferredSizes.indices.contains(source.section),
            preferredSizes[source.section].indices.contains(source.item),
            preferredSizes.indices.contains(destination.section),
            destination.item >= 0,
            destination.item <= preferredSizes[destination.section].count
                - (source.section == destination.section ? 1 : 0)
        else { return }
        preferredSizes[source.section].remove(at: source.item)
        preferredSizes[destination.section].insert(size, at: destination.item)
    }
}
