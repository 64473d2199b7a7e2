import KineticDynamics
import KineticPlatform

/// Decides where every element of a collection view goes (UIKit's `UICollectionViewLayout`).
///
/// An abstract base: subclasses override ``prepare()``, ``collectionViewContentSize``,
/// ``layoutAttributesForElements(in:)`` and ``layoutAttributesForItem(at:)``. The collection
/// view calls ``prepare()`` before its first query after ``invalidateLayout()``, so a layout
/// computes once and answers many queries.
open class CollectionViewLayout {
    // Internal members are final unless overridden: in Embedded Swift another module cannot call the others.
    /// The collection view using this layout; set when the layout is installed, nil once it is
    /// replaced or the collection view has gone. The collection view owns its layout; this
    /// reference back does not own it, and never dangles: the collection view clears it when it
    /// takes another layout and in its `deinit`. (A strong one would be a cycle; `weak` does not
    /// exist in the WebAssembly build.)
    public internal(set) unowned(unsafe) var collectionView: CollectionView?

    /// How animators made for this layout reach it without keeping it alive; cut in `deinit`.
    let layoutLink = ObjectLink<CollectionViewLayout>()

    /// Whether the layout was invalidated and not prepared since.
    public internal(set) var needsPrepare = true

    /// Whether an invalidation since the last ``prepare()`` invalidated everything or the counts
    /// (true until the first preparation). A subclass whose computation depends only on those
    /// may skip recomputing while this is false.
    public internal(set) var needsFullPrepare = true

    /// Creates a layout not yet installed in a collection view.
    public init() {
        layoutLink.attach(self)
    }

    deinit {
        layoutLink.cut()
    }

    /// Computes the layout. Called by the collection view before the first query after an
    /// invalidation. The base does nothing.
    open func prepare() {}

    /// The size of all the content. The base answers zero.
    open var collectionViewContentSize: CGSize { .zero }

    /// The attributes of every element whose frame meets `rect`. The base answers nil.
    open func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? { nil }

    /// The attributes of the item at `indexPath`, or nil if there is none. The base answers nil.
    open func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? { nil }

    /// The attributes of the supplementary view of `elementKind` at `indexPath`. The base
    /// answers nil.
    open func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> CollectionViewLayoutAttributes?
    { nil }

    /// Marks the layout as needing ``CollectionViewLayout/prepare()`` before its next query, recomputing everything.
    open func invalidateLayout() {
        invalidateLayout(with: CollectionViewLayoutInvalidationContext(everything: true))
    }

    /// Marks the layout as needing ``CollectionViewLayout/prepare()`` before its next query; `context` says how much
    /// changed.
    open func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
        needsPrepare = true
        if context.invalidateEverything || context.invalidateDataSourceCounts { needsFullPrepare = true }
    }

    /// The invalidation for an interactive movement step: the items shown at
    /// `previousIndexPaths` are shown at `targetIndexPaths` now, the finger at `targetPosition`.
    /// The base's context invalidates everything and names the paths, so a layout that can lay
    /// out only what moved (``FlowLayout`` does) may.
    open func invalidationContext(
        forInteractivelyMovingItems targetIndexPaths: [IndexPath], withTargetPosition targetPosition: CGPoint,
        previousIndexPaths: [IndexPath], previousPosition: CGPoint
    ) -> CollectionViewLayoutInvalidationContext {
        let context = CollectionViewLayoutInvalidationContext(everything: true)
        context.previousIndexPathsForInteractivelyMovingItems = previousIndexPaths
        context.targetIndexPathsForInteractivelyMovingItems = targetIndexPaths
        context.interactiveMovementTarget = targetPosition
        return context
    }

    /// The invalidation when an interactive movement ends (the data source has moved the items
    /// to `indexPaths`) or is cancelled (they are back at `indexPaths`); `previousIndexPaths` is
    /// where they were shown. The base's context invalidates everything and names the paths.
    open func invalidationContextForEndingInteractiveMovementOfItems(
        toFinalIndexPaths indexPaths: [IndexPath], previousIndexPaths: [IndexPath], movementCancelled: Bool
    ) -> CollectionViewLayoutInvalidationContext {
        let context = CollectionViewLayoutInvalidationContext(everything: true)
        context.previousIndexPathsForInteractivelyMovingItems = previousIndexPaths
        context.targetIndexPathsForInteractivelyMovingItems = indexPaths
        return context
    }

    // MARK: Self-sizing

    /// Whether a cell's preferred attributes (its size, from
    /// ``CollectionViewCell/preferredLayoutAttributesFitting(_:)``) should change the layout.
    /// The base answers false: its sizes are its own. ``FlowLayout`` answers true while its
    /// ``FlowLayout/estimatedItemSize`` is set and the cell has not been sized yet, or its
    /// preferred size differs from the one laid out.
    open func shouldInvalidateLayout(
        forPreferredLayoutAttributes preferredAttributes: CollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: CollectionViewLayoutAttributes
    ) -> Bool { false }

    /// The invalidation that takes a cell's preferred attributes in: the base's names the item.
    open func invalidationContext(
        forPreferredLayoutAttributes preferredAttributes: CollectionViewLayoutAttributes,
        withOriginalAttributes originalAttributes: CollectionViewLayoutAttributes
    ) -> CollectionViewLayoutInvalidationContext {
        let context = CollectionViewLayoutInvalidationContext()
        context.invalidateItems(at: [originalAttributes.indexPath])
        return context
    }

    /// Whether the item at `indexPath` is laid out at an estimate its cell should correct: the
    /// collection view then asks the cell for its preferred attributes when it shows it. False
    /// unless a layout self-sizes.
    func needsPreferredLayoutAttributes(forItemAt indexPath: IndexPath) -> Bool { false }

    /// Whether the supplementary view of `kind` at `indexPath` was laid out at an estimate: the
    /// collection view then asks the data source's view for its preferred attributes when it
    /// shows it. False unless a layout self-sizes its headers or footers.
    func needsPreferredLayoutAttributes(forSupplementaryViewOfKind kind: String, at indexPath: IndexPath) -> Bool {
        false
    }

    /// Whether any item may need its cell's preferred attributes (a cheap test before asking
    /// ``needsPreferredLayoutAttributes(forItemAt:)`` item by item).
    var selfSizesItems: Bool { false }

    /// The collection view reloaded its data: what the layout learnt about items is void.
    func collectionViewDidReloadData() {}

    /// The data source moved an item at the end of an interactive movement: what the layout
    /// learnt about it goes with it.
    func dataSourceDidMoveItem(at source: IndexPath, to destination: IndexPath) {}

    /// Whether the collection view's bounds becoming `newBounds` (a scroll or a resize)
    /// invalidates the layout. The base answers false, so scrolling costs no preparation.
    open func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { false }

    /// Called before the layout is asked about a batch update's result, with the update's
    /// items. The base does nothing.
    open func prepare(forCollectionViewUpdates updateItems: [CollectionViewUpdateItem]) {}

    /// Called once a batch update is laid out. The base does nothing.
    open func finalizeCollectionViewUpdates() {}

    /// Where scrolling that would stop at `proposedContentOffset` stops instead. The base keeps
    /// the proposal.
    open func targetContentOffset(forProposedContentOffset proposedContentOffset: CGPoint) -> CGPoint {
        proposedContentOffset
    }

    /// Where an item being moved interactively, now at `position` (content coordinates), would
    /// drop: the item under `position`; else the first place of the empty section under it
    /// (``emptySection(at:)``), which has no item to find; else `previousIndexPath`.
    open func targetIndexPath(forInteractivelyMovingItem previousIndexPath: IndexPath, withPosition position: CGPoint)
        -> IndexPath
    {
        guard let collectionView else { return previousIndexPath }
        if let hit = collectionView.indexPathForItem(at: position) { return hit }
        if let section = emptySection(at: position) { return IndexPath(item: 0, section: section) }
        return previousIndexPath
    }

    /// The section without items whose area contains `position` (content coordinates), or nil:
    /// where ``targetIndexPath(forInteractivelyMovingItem:withPosition:)`` drops an item that is
    /// over no other item.
    ///
    /// Only the layout knows the area of a section without items. The base finds the empty
    /// section of a supplementary or decoration view under `position` (its header, its
    /// footer); a layout that gives empty sections room of their own (section insets, a
    /// minimum height) overrides this to answer for that room too.
    open func emptySection(at position: CGPoint) -> Int? {
        guard let collectionView, position.x.isFinite, position.y.isFinite else { return nil }
        let probe = CGRect(x: position.x - 0.5, y: position.y - 0.5, width: 1, height: 1)
        let hits = (layoutAttributesForElements(in: probe) ?? []).filter {
            $0.representedElementCategory != .cell && !$0.isHidden && $0.frame.contains(position)
                && $0.indexPath.count >= 1
                && (0..<collectionView.numberOfSections).contains($0.indexPath[0])
                && collectionView.numberOfItems(inSection: $0.indexPath[0]) == 0
        }
        return hits.max { $0.zIndex < $1.zIndex }?.indexPath[0]
    }

    /// The attributes of an item being moved interactively: its own, centred on `position` and
    /// drawn above the others.
    open func layoutAttributesForInteractivelyMovingItem(at indexPath: IndexPath, withTargetPosition position: CGPoint)
        -> CollectionViewLayoutAttributes
    {
        let attributes =
            layoutAttributesForItem(at: indexPath)?.copy() ?? CollectionViewLayoutAttributes(forCellWith: indexPath)
        attributes.center = position
        attributes.zIndex = Int(Int16.max)
        return attributes
    }

    /// Prepares the layout if it was invalidated.
    final func prepareIfNeeded() {
        guard needsPrepare else { return }
        needsPrepare = false
        prepare()
        needsFullPrepare = false
    }
}
