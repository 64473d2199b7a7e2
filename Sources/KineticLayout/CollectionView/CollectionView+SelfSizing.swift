import KineticPlatform

extension CollectionView {
    /// How many times one visible query asks the cells it shows for their preferred sizes: each
    /// pass may move other estimated items into view, and a cell whose preferred size keeps
    /// changing must not hold the query forever.
    static let maximumSelfSizingPasses = 4

    /// Sizes the visible cells that the layout laid out at an estimate (UIKit does this as it
    /// shows a cell): for each, the data source's cell gives its preferred attributes, and the
    /// layout takes them in through `shouldInvalidateLayout(forPreferredLayoutAttributes:…)` and
    /// `invalidationContext(forPreferredLayoutAttributes:…)`. Newly sized cells can bring more
    /// estimated ones into view (or move the view: see ``FlowLayout/estimatedItemSize``), so this
    /// repeats, at most ``maximumSelfSizingPasses`` times.
    /// Only items shown are ever sized: a scroll to the end of 100 000 estimated items sizes a
    /// screenful.
    ///
    /// Returns the last query's answer when it sized nothing (it is then the visible elements'
    /// attributes, ready to use), else nil.
    final func sizeEstimatedCells() -> [CollectionViewLayoutAttributes]? {
        let layout = collectionViewLayout
        guard layout.selfSizesItems, let dataSource else { return nil }
        for _ in 0..<Self.maximumSelfSizingPasses {
            layoutIfNeeded()
            var changed = false
            let all = layout.layoutAttributesForElements(in: bounds) ?? []
            for attributes in all
            where attributes.representedElementCategory == .cell
                && layout.needsPreferredLayoutAttributes(forItemAt: attributes.indexPath)
            {
                // During an interactive movement the layout numbers items as shown; the data
                // source as they are.
                let path = dataIndexPath(forPresentedIndexPath: attributes.indexPath) ?? attributes.indexPath
                let cell = dataSource.collectionView(self, cellForItemAt: path)
                cell?.indexPath = path
                let preferred = cell?.preferredLayoutAttributesFitting(attributes) ?? attributes.copy()
                guard
                    layout.shouldInvalidateLayout(
                        forPreferredLayoutAttributes: preferred, withOriginalAttributes: attributes)
                else { continue }
                let context = layout.invalidationContext(
                    forPreferredLayoutAttributes: preferred, withOriginalAttributes: attributes)
                invalidateLayout(with: context)
                changed = true
            }
            guard changed else { return all }
        }
        layoutIfNeeded()
        return nil
    }

    /// Invalidates the layout with `context` and moves the content offset by its adjustment.
    final func invalidateLayout(with context: CollectionViewLayoutInvalidationContext) {
        collectionViewLayout.invalidateLayout(with: context)
        let adjustment = context.contentOffsetAdjustment
        if adjustment != .zero { adjustContentOffset(by: adjustment) }
    }
}
