import KineticPlatform

extension CollectionView {
    /// How many times one visible query asks the cells it shows for their preferred sizes: each
    /// pass may move other estimated items into view, and a cell whose preferred size keeps
    /// changing must not hold the query forever.
    static let maximumSelfSizingPasses = 4

    /// Sizes the visible cells (and headers and footers) that the layout laid out at an estimate
    /// (UIKit does this as it shows a cell): for each, the data source's cell (or supplementary
    /// view) gives its preferred attributes, and the
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
            for attributes in all {
                let view: CollectionViewCell?
                switch attributes.representedElementCategory {
                case .cell:
                    guard layout.needsPreferredLayoutAttributes(forItemAt: attributes.indexPath) else { continue }
                    // During an interactive movement the layout numbers items as shown; the data
                    // source as they are.
                    let path = dataIndexPath(forPresentedIndexPath: attributes.indexPath) ?? attributes.indexPath
                    view = dataSource.collectionView(self, cellForItemAt: path)
                    view?.indexPath = path
                case .supplementaryView:
                    let kind = attributes.representedElementKind ?? ""
                    guard
                        layout.needsPreferredLayoutAttributes(
                            forSupplementaryViewOfKind: kind, at: attributes.indexPath)
                    else { continue }
                    view = dataSource.collectionView(
                        self, viewForSupplementaryElementOfKind: kind, at: attributes.indexPath)
                    view?.indexPath = attributes.indexPath
                case .decorationView:
                    continue
                }
                let preferred = view?.preferredLayoutAttributesFitting(attributes) ?? attributes.copy()
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
