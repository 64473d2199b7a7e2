import Foundation
import KineticDynamics

/// A collection view without a screen (UIKit's `UICollectionView`): the data's shape, a layout,
/// a scroll position, selection and moves. Whoever draws reads ``visibleLayoutAttributes()``.
///
/// Counts are read from the data source on first use after ``reloadData()`` and then kept, as
/// UIKit keeps them, so batch updates can be checked against the counts before the update.
open class CollectionView {
    /// The layout. Setting it installs the new one and invalidates it.
    public var collectionViewLayout: CollectionViewLayout {
        didSet {
            guard collectionViewLayout !== oldValue else { return }
            oldValue.collectionView = nil
            install(collectionViewLayout)
        }
    }

    /// Supplies the sections and items; setting it reloads.
    public weak var dataSource: (any CollectionViewDataSource)? {
        didSet { reloadData() }
    }

    /// Told about selection; a flow layout also asks it for sizes when it is a
    /// ``CollectionViewDelegateFlowLayout``.
    public weak var delegate: (any CollectionViewDelegate)? {
        didSet { collectionViewLayout.invalidateLayout() }
    }

    /// The view's frame in its superview. Its size is the visible size.
    public var frame: CGRect {
        didSet {
            guard frame.size != oldValue.size else { return }
            boundsDidChange(from: CGRect(origin: contentOffset, size: oldValue.size))
        }
    }

    /// The scroll position: the content point at the view's top-left corner.
    public var contentOffset: CGPoint = .zero {
        didSet {
            guard contentOffset != oldValue else { return }
            boundsDidChange(from: CGRect(origin: oldValue, size: frame.size))
        }
    }

    /// Extra scrollable space around the content.
    public var contentInset: EdgeInsets = .zero

    /// The visible rectangle in content coordinates: origin the content offset, size the frame's.
    public var bounds: CGRect {
        get { CGRect(origin: contentOffset, size: frame.size) }
        set {
            frame.size = newValue.size
            contentOffset = newValue.origin
        }
    }

    /// Section counts read from the data source; nil until needed after a reload.
    var counts: [Int]?

    /// Creates a collection view of `frame` laid out by `layout`.
    public init(frame: CGRect, collectionViewLayout layout: CollectionViewLayout) {
        self.frame = frame
        self.collectionViewLayout = layout
        install(layout)
    }

    private func install(_ layout: CollectionViewLayout) {
        if let previous = layout.collectionView, previous !== self {
            previous.collectionViewLayout = CollectionViewLayout()
        }
        layout.collectionView = self
        layout.invalidateLayout()
    }

    /// Asks the layout whether this bounds change invalidates it.
    private func boundsDidChange(from oldBounds: CGRect) {
        if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: bounds) {
            collectionViewLayout.invalidateLayout()
        }
    }

    // MARK: Data

    /// Forgets the counts and lays out again from the data source.
    open func reloadData() {
        counts = nil
        collectionViewLayout.invalidateLayout()
    }

    /// The counts, read from the data source if they were forgotten. Negative counts from the
    /// data source are read as zero.
    func currentCounts() -> [Int] {
        if let counts { return counts }
        var fresh: [Int] = []
        if let dataSource {
            let sections = max(0, dataSource.numberOfSections(in: self))
            fresh.reserveCapacity(sections)
            for section in 0..<sections {
                fresh.append(max(0, dataSource.collectionView(self, numberOfItemsInSection: section)))
            }
        }
        counts = fresh
        return fresh
    }

    /// The number of sections.
    public var numberOfSections: Int { currentCounts().count }

    /// The number of items in `section`, or 0 if there is no such section.
    public func numberOfItems(inSection section: Int) -> Int {
        let counts = currentCounts()
        return counts.indices.contains(section) ? counts[section] : 0
    }

    /// Whether `indexPath` names an existing item.
    public func isValid(_ indexPath: IndexPath) -> Bool {
        indexPath.count == 2 && indexPath.item >= 0 && indexPath.item < numberOfItems(inSection: indexPath.section) && indexPath.section >= 0
    }

    // MARK: Layout queries

    /// Prepares the layout if it was invalidated.
    public func layoutIfNeeded() {
        collectionViewLayout.prepareIfNeeded()
    }

    /// The size of the content, from the layout.
    public var contentSize: CGSize {
        layoutIfNeeded()
        return collectionViewLayout.collectionViewContentSize
    }

    /// The attributes of every element in the visible rectangle, from the layout.
    public func visibleLayoutAttributes() -> [CollectionViewLayoutAttributes] {
        layoutIfNeeded()
        return collectionViewLayout.layoutAttributesForElements(in: bounds) ?? []
    }

    /// The attributes of the item at `indexPath`, from the layout; nil for a path that does not
    /// exist.
    public func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        guard isValid(indexPath) else { return nil }
        layoutIfNeeded()
        return collectionViewLayout.layoutAttributesForItem(at: indexPath)
    }

    /// The item whose cell contains `point` (content coordinates); the topmost if several do.
    public func indexPathForItem(at point: CGPoint) -> IndexPath? {
        guard point.x.isFinite, point.y.isFinite else { return nil }
        layoutIfNeeded()
        let probe = CGRect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1)
        let hits = (collectionViewLayout.layoutAttributesForElements(in: probe) ?? []).filter {
            $0.representedElementCategory == .cell && !$0.isHidden && $0.frame.contains(point)
        }
        return hits.max { $0.zIndex < $1.zIndex }?.indexPath
    }
}
