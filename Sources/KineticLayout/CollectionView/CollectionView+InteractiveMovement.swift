import KineticDynamics
import KineticPlatform

extension CollectionView {
    /// Starts moving the item at `indexPath` interactively (UIKit's
    /// `beginInteractiveMovementForItem(at:)`). Returns false, and starts nothing, if the path
    /// names no item, the data source says it cannot move, or a movement is already running.
    ///
    /// Until the movement ends, the collection view presents the item where
    /// ``updateInteractiveMovementTargetPosition(_:)`` puts it; the data source is told once,
    /// by ``endInteractiveMovement()``. A ``reloadData()`` or a batch update cancels it first.
    @discardableResult
    public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
        guard interactiveMovement == nil, dropPresentation == nil, pendingUpdates == nil, isValid(indexPath),
            let dataSource,
            dataSource.collectionView(self, canMoveItemAt: indexPath),
            // The data source may have reloaded from its answer.
            interactiveMovement == nil, isValid(indexPath)
        else { return false }
        let position = layoutAttributesForItem(at: indexPath)?.center
        interactiveMovement = InteractiveMovement(
            originalIndexPath: indexPath, currentIndexPath: indexPath, targetPosition: position,
            presentedCounts: dataCounts()
        )
        return true
    }

    /// Moves the finger of the running movement to `targetPosition` (content coordinates).
    ///
    /// The layout's ``CollectionViewLayout/targetIndexPath(forInteractivelyMovingItem:withPosition:)``
    /// proposes a drop path, the delegate's `targetIndexPathForMoveFromItemAt:toProposedIndexPath:`
    /// may change it (it gets the path where the movement began, as the parameter's name says;
    /// UIKit passes the current one), and the item is presented there: in any section, at any
    /// place up to one past its last item, so also into an empty section. A target that is no
    /// such place is ignored, as is a non-finite position, or a call without a movement.
    public func updateInteractiveMovementTargetPosition(_ targetPosition: CGPoint) {
        guard interactiveMovement != nil, targetPosition.x.isFinite, targetPosition.y.isFinite else { return }
        interactiveMovement?.targetPosition = targetPosition
        layoutIfNeeded()
        guard let movement = interactiveMovement else { return }
        let proposed = collectionViewLayout.targetIndexPath(
            forInteractivelyMovingItem: movement.currentIndexPath, withPosition: targetPosition)
        let target =
            collectionDelegate?.collectionView(
                self, targetIndexPathForMoveFromItemAt: movement.originalIndexPath, toProposedIndexPath: proposed)
            ?? proposed
        // A callback may have ended or cancelled the movement.
        guard let movement = interactiveMovement, target != movement.currentIndexPath else { return }
        let counts = movement.presentedCounts
        guard target.count == 2, counts.indices.contains(target.section), target.item >= 0 else { return }
        // Into another section the item adds a place at the end; within its own it does not.
        let places = counts[target.section] + (target.section == movement.currentIndexPath.section ? 0 : 1)
        guard target.item < places else { return }
        presentMovingItem(at: target)
    }

    /// Ends the running movement where it is presented: the data source's `moveItemAt:to:` is
    /// called once, from the path where the movement began to the final one, and not at all if
    /// the item is back where it began. Selection stays with the items.
    public func endInteractiveMovement() {
        guard let movement = interactiveMovement else { return }
        interactiveMovement = nil
        // The data source is expected to move the item: the presented counts become its own.
        counts = movement.presentedCounts
        if movement.currentIndexPath != movement.originalIndexPath {
            dataSource?.collectionView(self, moveItemAt: movement.originalIndexPath, to: movement.currentIndexPath)
            collectionViewLayout.dataSourceDidMoveItem(at: movement.originalIndexPath, to: movement.currentIndexPath)
        }
        collectionViewLayout.invalidateLayout(
            with: collectionViewLayout.invalidationContextForEndingInteractiveMovementOfItems(
                toFinalIndexPaths: [movement.currentIndexPath], previousIndexPaths: [movement.currentIndexPath],
                movementCancelled: false))
    }

    /// Cancels the running movement: the item is presented where it was before, and the data
    /// source is not called.
    public func cancelInteractiveMovement() {
        guard let movement = interactiveMovement else { return }
        presentMovingItem(at: movement.originalIndexPath)
        interactiveMovement = nil
        collectionViewLayout.invalidateLayout(
            with: collectionViewLayout.invalidationContextForEndingInteractiveMovementOfItems(
                toFinalIndexPaths: [movement.originalIndexPath], previousIndexPaths: [movement.originalIndexPath],
                movementCancelled: true))
    }

    /// Whether the collection view presents its items in an order of its own, not the data
    /// source's: an interactive movement runs or a drop's gaps or placeholders show.
    var isPresentingMovement: Bool { interactiveMovement != nil || dropPresentation != nil }

    /// The presented index path of the item being moved interactively; nil when no movement
    /// runs.
    public var indexPathForInteractivelyMovingItem: IndexPath? {
        interactiveMovement?.currentIndexPath
    }

    /// The data source's index path of the item the collection view presents at
    /// `presentedIndexPath`; nil if it presents none there. The same path when no interactive
    /// movement runs; during one, the paths between where the item was and where it is shown
    /// are shifted by one.
    public func dataIndexPath(forPresentedIndexPath presentedIndexPath: IndexPath) -> IndexPath? {
        guard isValid(presentedIndexPath) else { return nil }
        if let dropPresentation { return dropPresentation.data(presentedIndexPath) }
        guard let movement = interactiveMovement else { return presentedIndexPath }
        return InteractiveMovement.path(
            presentedIndexPath, afterMovingItemAt: movement.currentIndexPath, to: movement.originalIndexPath)
    }

    /// The presented index path of the data source's item at `dataIndexPath`; nil if the data
    /// source has no item there. The inverse of ``dataIndexPath(forPresentedIndexPath:)``.
    public func presentedIndexPath(forDataIndexPath dataIndexPath: IndexPath) -> IndexPath? {
        let counts = dataCounts()
        guard dataIndexPath.count == 2, counts.indices.contains(dataIndexPath.section), dataIndexPath.item >= 0,
            dataIndexPath.item < counts[dataIndexPath.section]
        else { return nil }
        if let dropPresentation { return dropPresentation.presented(dataIndexPath) }
        guard let movement = interactiveMovement else { return dataIndexPath }
        return InteractiveMovement.path(
            dataIndexPath, afterMovingItemAt: movement.originalIndexPath, to: movement.currentIndexPath)
    }

    /// Presents the moving item at `target`, shifting the counts and the selection with it.
    private func presentMovingItem(at target: IndexPath) {
        guard var movement = interactiveMovement, target != movement.currentIndexPath else { return }
        let source = movement.currentIndexPath
        movement.presentedCounts[source.section] -= 1
        movement.presentedCounts[target.section] += 1
        movement.currentIndexPath = target
        interactiveMovement = movement
        presentationGeneration &+= 1
        selectedIndexPaths = Set(
            selectedIndexPaths.map { InteractiveMovement.path($0, afterMovingItemAt: source, to: target) })
        let position = movement.targetPosition ?? .zero
        collectionViewLayout.invalidateLayout(
            with: collectionViewLayout.invalidationContext(
                forInteractivelyMovingItems: [target], withTargetPosition: position, previousIndexPaths: [source],
                previousPosition: position))
    }
}
