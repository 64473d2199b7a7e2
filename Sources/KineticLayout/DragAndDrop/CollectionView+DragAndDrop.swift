import KineticPlatform

extension CollectionView {
    /// How soon the gap follows a drag hovering over a collection view (UIKit's
    /// `UICollectionView.ReorderingCadence`). UIKit does not publish its delays; these are
    /// Kinetic's: none, 0.1 s and 0.35 s of hovering over the same place.
    public enum ReorderingCadence: Int, Sendable, Hashable {
        /// The gap moves as soon as the finger is over another place.
        case immediate = 0
        /// The gap moves after the finger has stayed over a place for 0.1 s.
        case fast = 1
        /// The gap moves after the finger has stayed over a place for 0.35 s.
        case slow = 2

        /// The hover before the gap moves, in seconds.
        var delay: TimeInterval {
            switch self {
            case .immediate: 0
            case .fast: 0.1
            case .slow: 0.35
            }
        }
    }

    /// Whether a drag that began here is in flight (UIKit's `hasActiveDrag`).
    public var hasActiveDrag: Bool {
        guard let session = dragAndDropSpace?.session else { return false }
        return session.sourceCollectionView === self
    }

    /// Whether a drag is over this collection view and it takes it (UIKit's `hasActiveDrop`).
    public var hasActiveDrop: Bool {
        dragAndDropSpace?.session != nil && dragAndDropSpace?.destination === self
    }

    /// The size of the empty place presented at `indexPath` (a gap for a drop, a placeholder),
    /// or nil where an item of the data is: the flow layout sizes places with it.
    func dropPlaceSize(at indexPath: IndexPath) -> CGSize? {
        guard let dropPresentation, !dropPresentation.places.isEmpty else { return nil }
        return dropPresentation.placeSizes[indexPath]
    }

    /// Shows the data as `presentation` says (nil: as it is), keeping the selection with its
    /// items: a selected item taken out is selected again when it shows again.
    func setDropPresentation(_ presentation: DropPresentation?) {
        let new = presentation?.isEmpty == true ? nil : presentation
        guard new != dropPresentation else { return }
        var selected = dropHiddenSelection
        for path in selectedIndexPaths {
            if let data = dataIndexPath(forPresentedIndexPath: path) { selected.insert(data) }
        }
        dropPresentation = new
        presentationGeneration &+= 1
        if new?.places.isEmpty ?? true {
            // The placeholders went with the places (a data change, a reload).
            for context in placeholderContexts { context.place = nil }
            placeholderContexts.removeAll()
        }
        selectedIndexPaths.removeAll()
        dropHiddenSelection.removeAll()
        let counts = dataCounts()
        for path in selected
        where counts.indices.contains(path.section) && path.item >= 0 && path.item < counts[path.section] {
            let shown = new == nil ? path : new?.presented(path)
            if let shown {
                selectedIndexPaths.insert(shown)
            } else {
                dropHiddenSelection.insert(path)
            }
        }
        collectionViewLayout.invalidateLayout()
    }

    /// Whether placeholders of a drop are shown.
    var hasLivePlaceholders: Bool { placeholderContexts.contains { $0.place != nil } }

    /// The placeholders alone, as shown now: what stays when a drag's gaps go.
    func placeholderPresentation() -> DropPresentation {
        var presentation = DropPresentation()
        let sizes = dropPresentation?.placeSizes ?? [:]
        // Each context's place is where it is shown with the others: add them in order.
        for context in placeholderContexts.sorted(by: { ($0.place ?? IndexPath()) < ($1.place ?? IndexPath()) }) {
            guard let place = context.place else { continue }
            presentation.places.append(place)
            presentation.placeSizes[place] = sizes[place] ?? context.dragItem.previewSize
        }
        return presentation
    }

    /// A placeholder kept across a batch update: its context, its section and the data item
    /// shown just before it (nil at its section's start).
    typealias KeptPlaceholder = (context: CollectionViewDropPlaceholderContext, section: Int, after: IndexPath?)

    /// Takes the placeholders out of the presentation (and the presentation away) before a
    /// batch update, remembering where each stood among the data.
    func detachPlaceholders() -> [KeptPlaceholder] {
        var kept: [KeptPlaceholder] = []
        let places = dropPresentation?.places ?? []
        for context in placeholderContexts {
            guard let place = context.place else { continue }
            var previous = place.item - 1
            while previous >= 0, places.contains(IndexPath(item: previous, section: place.section)) { previous -= 1 }
            let after =
                previous >= 0
                ? dataIndexPath(forPresentedIndexPath: IndexPath(item: previous, section: place.section)) : nil
            kept.append((context, place.section, after))
        }
        placeholderContexts.removeAll()
        setDropPresentation(nil)
        return kept
    }

    /// Shows `kept` again after a batch update (`mapping`): each after the same data item where
    /// it went, or where the item stood if it went. A placeholder whose section was deleted goes
    /// with it (its old index may name another section now).
    func reattachPlaceholders(_ kept: [KeptPlaceholder], mapping: CollectionView.IndexPathMapping) {
        guard !kept.isEmpty else { return }
        let counts = dataCounts()
        // Where each goes among the data: (section, data index), then its presented place.
        var targets: [(context: CollectionViewDropPlaceholderContext, section: Int, index: Int, order: Int)] = []
        for (order, entry) in kept.enumerated() {
            guard var section = mapping.newSection(forOldSection: entry.section) else {
                entry.context.place = nil
                continue
            }
            var index = 0
            if let after = entry.after {
                if let moved = mapping.newIndexPath(forOldIndexPath: after) {
                    section = moved.section
                    index = moved.item + 1
                } else {
                    index = after.item + 1
                }
            }
            guard counts.indices.contains(section) else {
                entry.context.place = nil
                continue
            }
            targets.append((entry.context, section, min(index, counts[section]), order))
        }
        targets.sort { ($0.section, $0.index, $0.order) < ($1.section, $1.index, $1.order) }
        var presentation = DropPresentation()
        var placedInSection: [Int: Int] = [:]
        for target in targets {
            let offset = placedInSection[target.section, default: 0]
            let place = IndexPath(item: target.index + offset, section: target.section)
            presentation.places.append(place)
            presentation.placeSizes[place] = target.context.dragItem.previewSize
            placedInSection[target.section] = offset + 1
            target.context.place = place
        }
        placeholderContexts = targets.map { $0.context }
        setDropPresentation(presentation)
    }
}
