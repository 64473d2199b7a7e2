import KineticPlatform

extension CollectionView {
    /// Applies the inserts, deletes, moves and reloads that `updates` makes as one update, then
    /// calls `completion` with whether it was applied (UIKit's `performBatchUpdates`).
    ///
    /// Change the data source inside `updates`, together with the calls that describe the
    /// change: the counts before the update are the collection view's (read from the data
    /// source first if it had none), those after are read from the data source when `updates`
    /// returns. An update that does not add up is rejected as a whole (see
    /// ``applyBatchUpdates(_:)``): the error is logged through ``ScrollView/logger`` and `completion`
    /// gets false. A headless collection view does not animate: `completion` runs before this
    /// method returns.
    ///
    /// A batch inside another's closure joins it, and its completion gets the outer batch's
    /// outcome. A running interactive movement is cancelled first: data changes end a drag.
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        do {
            try runBatch(updates ?? {}, completion: completion)
        } catch {
            logger.error("performBatchUpdates: \(error)")
        }
    }

    /// Applies the updates that `updates` makes as one batch, like
    /// ``performBatchUpdates(_:completion:)``, and throws why if it is rejected instead of
    /// logging it.
    ///
    /// Everything is checked before anything changes: on a throw the counts, the selection and
    /// the layout are those from before the call, and the layout was not told. The data source
    /// may already have changed inside `updates`; ``reloadData()`` brings the collection view
    /// back in step with it. Inside another batch's closure this joins that batch and never
    /// throws: the outer batch reports.
    public func applyBatchUpdates(_ updates: () -> Void) throws(UpdateError) {
        try runBatch(updates, completion: nil)
    }

    /// Inserts items at `indexPaths`, numbered after the update. Inside a batch it joins it;
    /// outside, it is a batch of its own, made after the data source changed.
    public func insertItems(at indexPaths: [IndexPath]) {
        record(indexPaths.map(BatchOperation.insertItem), caller: "insertItems(at:)")
    }

    /// Deletes the items at `indexPaths`, numbered before the update. Inside a batch it joins
    /// it; outside, it is a batch of its own, made after the data source changed.
    public func deleteItems(at indexPaths: [IndexPath]) {
        record(indexPaths.map(BatchOperation.deleteItem), caller: "deleteItems(at:)")
    }

    /// Replaces the items at `indexPaths`, numbered before the update: they stay where the
    /// other updates put them but are new items (they lose their selection). Inside a batch it
    /// joins it; outside, it is a batch of its own.
    public func reloadItems(at indexPaths: [IndexPath]) {
        record(indexPaths.map(BatchOperation.reloadItem), caller: "reloadItems(at:)")
    }

    /// Moves the item at `indexPath` (numbered before the update) to `newIndexPath` (numbered
    /// after it), possibly to another section. Inside a batch it joins it; outside, it is a
    /// batch of its own, made after the data source changed.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record([.moveItem(indexPath, newIndexPath)], caller: "moveItem(at:to:)")
    }

    /// Inserts the sections `sections`, numbered after the update; their items are read from
    /// the data source. Inside a batch it joins it; outside, it is a batch of its own.
    public func insertSections(_ sections: IndexSet) {
        record(sections.map(BatchOperation.insertSection), caller: "insertSections(_:)")
    }

    /// Deletes the sections `sections` and their items, numbered before the update. Inside a
    /// batch it joins it; outside, it is a batch of its own.
    public func deleteSections(_ sections: IndexSet) {
        record(sections.map(BatchOperation.deleteSection), caller: "deleteSections(_:)")
    }

    /// Replaces the sections `sections`, numbered before the update: each stays where the
    /// other updates put it, its items are read anew (their number may change) and lose their
    /// selection. Inside a batch it joins it; outside, it is a batch of its own.
    public func reloadSections(_ sections: IndexSet) {
        record(sections.map(BatchOperation.reloadSection), caller: "reloadSections(_:)")
    }

    /// Moves section `section` (numbered before the update) to `newSection` (numbered after
    /// it), with its items. Inside a batch it joins it; outside, it is a batch of its own.
    public func moveSection(_ section: Int, toSection newSection: Int) {
        record([.moveSection(section, newSection)], caller: "moveSection(_:toSection:)")
    }

    // MARK: Internals

    /// Adds `operations` to the running batch, or applies them as a batch of their own.
    private func record(_ operations: [BatchOperation], caller: String) {
        if pendingUpdates != nil {
            pendingUpdates?.operations.append(contentsOf: operations)
            return
        }
        guard counts != nil else {
            // Nothing was read since the last reload, so nothing is shown to update from, and
            // the data source already holds the result: the next query reads it.
            if interactiveMovement != nil { cancelInteractiveMovement() }
            if dropPresentation != nil { setDropPresentation(nil) }
            collectionViewLayout.invalidateLayout()
            dragAndDropSpace?.collectionView(self, didChangeDataWith: nil)
            return
        }
        do {
            try runBatch({ pendingUpdates?.operations.append(contentsOf: operations) }, completion: nil)
        } catch {
            logger.error("\(caller): \(error)")
        }
    }

    /// Runs `updates` as a batch, or as part of the running one; completes with the outcome.
    private func runBatch(_ updates: () -> Void, completion: ((Bool) -> Void)?) throws(UpdateError) {
        if pendingUpdates != nil {
            updates()
            if let completion { pendingUpdates?.nestedCompletions.append(completion) }
            return
        }
        if interactiveMovement != nil { cancelInteractiveMovement() }
        // A drag's gaps and placeholders go first: the batch is in the data's terms. The
        // placeholders come back after it, each after the same data item.
        let shownBefore = (dropPresentation, placeholderContexts)
        let placeholders = dropPresentation != nil ? detachPlaceholders() : []
        // UIKit reads the counts before the closure when it has none: they are the "before".
        let before = dataCounts()
        pendingUpdates = PendingBatchUpdates()
        updates()
        let recorded = pendingUpdates ?? PendingBatchUpdates()
        pendingUpdates = nil
        // Nested batches learn the outcome first, the outermost last, as their closures ran.
        let completions = recorded.nestedCompletions + (completion.map { [$0] } ?? [])

        if recorded.reloadRequested {
            // reloadData() inside the batch already forgot the counts, the selection and the
            // placeholders.
            for kept in placeholders { kept.context.place = nil }
            for completion in completions { completion(true) }
            return
        }
        let after = readCountsFromDataSource()
        let plan: BatchUpdatePlan
        do {
            plan = try BatchUpdatePlan(before: before, after: after, operations: recorded.operations)
        } catch {
            // Rejected: nothing changed, so everything shows as it did.
            setDropPresentation(shownBefore.0)
            placeholderContexts = shownBefore.1
            for completion in completions { completion(false) }
            throw error
        }
        apply(plan, counts: after, placeholders: placeholders)
        for completion in completions { completion(true) }
    }

    /// Makes a checked update the collection view's state and tells the layout.
    private func apply(_ plan: BatchUpdatePlan, counts after: [Int], placeholders: [KeptPlaceholder]) {
        counts = after
        var selection = Set<IndexPath>(minimumCapacity: selectedIndexPaths.count)
        for path in selectedIndexPaths where !plan.reloadedItems.contains(path) {
            if let moved = plan.mapping.newIndexPath(forOldIndexPath: path) { selection.insert(moved) }
        }
        selectedIndexPaths = selection

        // Unlike UIKit, which prepares the new layout before telling it about the updates, the
        // layout hears about them first and then prepares, with the mapping available
        // throughout: it can move its per-item state before it recomputes.
        let layout = collectionViewLayout
        indexPathMappingForUpdates = plan.mapping
        layout.invalidateLayout()
        layout.prepare(forCollectionViewUpdates: plan.updateItems)
        layoutIfNeeded()
        layout.finalizeCollectionViewUpdates()
        indexPathMappingForUpdates = nil
        reattachPlaceholders(placeholders, mapping: plan.mapping)
        dragAndDropSpace?.collectionView(self, didChangeDataWith: plan.mapping)
    }
}
