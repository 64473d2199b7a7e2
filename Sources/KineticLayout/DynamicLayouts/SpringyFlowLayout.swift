import KineticDynamics
import KineticPlatform

/// A flow layout whose cells hang on springs and wobble as the content scrolls (the WWDC 2013
/// "springy" layout, as objc.io's UICollectionView + UIKit Dynamics article builds it).
///
/// Every cell within ``tilingMargin`` of the visible rectangle hangs on a zero-length spring at
/// its resting place. When the content scrolls by Δ while a finger is down at ``touchLocation``,
/// each cell is displaced by Δ scaled by its distance from the finger (Manhattan distance /
/// ``scrollResistanceDistance``, never more than Δ itself), so cells near the finger follow it
/// and far ones lag and spring after. Springs are added and removed as cells enter and leave the
/// margin, so the cost of a frame follows the visible count, not the total.
///
/// Whoever runs frames steps ``dynamicAnimator`` and sets ``touchLocation`` while a pan is
/// active (nil when no finger is down, so a programmatic scroll moves everything rigidly).
open class SpringyFlowLayout: FlowLayout {
    /// The animator moving the cells; made for this layout.
    // Not lazy: making it reads the content size, which may prepare the layout, whose
    // `prepare()` uses the animator — a lazy initialiser would be re-entered.
    public private(set) var dynamicAnimator = DynamicAnimator()

    /// Creates a springy layout with UIKit's flow defaults.
    public override init() {
        super.init()
        dynamicAnimator = DynamicAnimator(collectionViewLayout: self)
    }

    /// The springs' frequency in Hz (objc.io: 1).
    public var springFrequency: CGFloat = 1 {
        didSet { for spring in springs.values { spring.behavior.frequency = springFrequency } }
    }
    /// The springs' damping ratio (objc.io: 0.8).
    public var springDamping: CGFloat = 0.8 {
        didSet { for spring in springs.values { spring.behavior.damping = springDamping } }
    }
    /// The distance from the finger, in points, at which a cell lags by the whole scroll
    /// distance (objc.io: 1500). Non-finite or non-positive values are ignored, with one log line.
    public var scrollResistanceDistance: CGFloat = 1500 {
        didSet {
            if !(scrollResistanceDistance.isFinite && scrollResistanceDistance > 0) {
                report("scrollResistanceDistance", scrollResistanceDistance, "finite and > 0")
                scrollResistanceDistance = oldValue
            }
        }
    }
    /// How far beyond the visible rectangle cells carry springs, in points (objc.io: 100).
    /// Negative or non-finite values are ignored, with one log line; a margin beyond
    /// ``FlowLayout/maximumLength`` counts as that.
    public var tilingMargin: CGFloat = 100 {
        didSet {
            if !(tilingMargin.isFinite && tilingMargin >= 0) {
                report("tilingMargin", tilingMargin, "finite and ≥ 0")
                tilingMargin = oldValue
            }
            tiledBounds = nil
            invalidateLayout(with: CollectionViewLayoutInvalidationContext())
        }
    }

    /// Logs a caller's value this layout ignored.
    private func report(_ property: String, _ value: CGFloat, _ range: String) {
        (collectionView?.logger ?? FlowLayout.logger).warning(
            "SpringyFlowLayout.\(property): ignored \(value); it must be \(range)")
    }
    /// Where the scrolling finger is, in content coordinates, or nil when none is down.
    public var touchLocation: CGPoint?

    /// One cell on its spring.
    private struct Spring {
        let behavior: AttachmentBehavior
        let attributes: CollectionViewLayoutAttributes
    }
    private var springs: [IndexPath: Spring] = [:]
    /// The bounds the springs were tiled for; nil forces a re-tile.
    private var tiledBounds: CGRect?
    /// The last bounds seen, to measure a scroll's distance.
    private var lastBounds: CGRect?
    /// The last scroll distance along the scroll axis; newly tiled cells start displaced by it.
    private var latestDelta: CGFloat = 0

    /// The number of cells on springs: the tiled cells near the visible rectangle.
    public var springCount: Int { springs.count }

    open override func prepare() {
        super.prepare()
        guard let collectionView else { return }
        if needsFullPrepare {
            if let mapping = collectionView.indexPathMappingForUpdates, tiledBounds == collectionView.bounds {
                // A batch update: each spring follows its item to its new index path and resting
                // place, carrying the cell's displacement and velocity along, so a wobble in
                // flight goes on; deleted items lose theirs.
                remapSprings(with: mapping)
            } else {
                // A reload or a resize: every resting place may have moved, so start over.
                dynamicAnimator.removeAllBehaviors()
                springs.removeAll()
            }
            tiledBounds = nil
        }
        let bounds = collectionView.bounds
        // The animator invalidates the layout after every step; re-tile only when the view moved.
        guard tiledBounds != bounds else { return }
        tiledBounds = bounds
        if lastBounds == nil { lastBounds = bounds }
        tile(around: bounds)
    }

    /// Moves every spring to its item's index path and resting place after a batch update,
    /// O(springs × log changes) whatever the number of items. The cell moves with its anchor:
    /// its displacement from it and its velocity stay as they were. (Dragging the anchor away
    /// from the cell instead would let a zero-length spring, a one-dimensional constraint along
    /// the line to its anchor, send a cell that arrives sideways into an orbit that its damping,
    /// along the same line, never stops; UIKit's attachments share that.)
    private func remapSprings(with mapping: CollectionView.IndexPathMapping) {
        var remapped: [IndexPath: Spring] = [:]
        remapped.reserveCapacity(springs.count)
        for (indexPath, spring) in springs {
            // A cell whose size changed (a reloaded item sized anew) hangs a new spring, if any.
            guard let moved = mapping.newIndexPath(forOldIndexPath: indexPath),
                let resting = super.layoutAttributesForItem(at: moved), resting.size == spring.attributes.size
            else {
                dynamicAnimator.removeBehavior(spring.behavior)
                continue
            }
            let old = spring.behavior.anchorPoint
            let attributes = spring.attributes
            attributes.indexPath = moved
            attributes.center = CGPoint(
                x: attributes.center.x + resting.center.x - old.x, y: attributes.center.y + resting.center.y - old.y)
            spring.behavior.anchorPoint = resting.center
            dynamicAnimator.updateItem(usingCurrentState: attributes)
            remapped[moved] = spring
        }
        springs = remapped
    }

    /// Adds springs to cells that entered the margin and removes those of cells that left.
    private func tile(around bounds: CGRect) {
        let margin = min(tilingMargin, Self.maximumLength)
        let tiledRect = bounds.insetBy(dx: -margin, dy: -margin)
        // A cell without area stays at its resting place: a dynamic item must have a size (the
        // animator traps otherwise, as UIKit's does), and the flow layout lays a NaN or negative
        // size out as zero.
        let resting = (super.layoutAttributesForElements(in: tiledRect) ?? []).filter {
            $0.representedElementCategory == .cell && $0.size.width > 0 && $0.size.height > 0
        }
        var inside = Set<IndexPath>(minimumCapacity: resting.count)
        for attributes in resting { inside.insert(attributes.indexPath) }
        for (indexPath, spring) in springs where !inside.contains(indexPath) {
            dynamicAnimator.removeBehavior(spring.behavior)
            springs[indexPath] = nil
        }
        for attributes in resting where springs[attributes.indexPath] == nil {
            let spring = AttachmentBehavior(item: attributes, attachedToAnchor: attributes.center)
            spring.length = 0
            spring.damping = springDamping
            spring.frequency = springFrequency
            // A cell appearing mid-scroll starts where the last scroll would have put it.
            if let touch = touchLocation, latestDelta != 0 {
                attributes.center = displaced(
                    attributes.center, anchor: attributes.center, by: latestDelta, touch: touch)
            }
            dynamicAnimator.addBehavior(spring)
            springs[attributes.indexPath] = Spring(behavior: spring, attributes: attributes)
        }
    }

    /// `center` moved along the scroll axis by `delta`, scaled by the anchor's distance from
    /// the finger and capped at `delta` itself.
    private func displaced(_ center: CGPoint, anchor: CGPoint, by delta: CGFloat, touch: CGPoint) -> CGPoint {
        let distance = abs(touch.x - anchor.x) + abs(touch.y - anchor.y)
        let resistance = distance / scrollResistanceDistance
        let shift = delta < 0 ? max(delta, delta * resistance) : min(delta, delta * resistance)
        var moved = center
        if scrollDirection == .vertical { moved.y += shift } else { moved.x += shift }
        return moved
    }

    open override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool {
        let previous = lastBounds ?? newBounds
        lastBounds = newBounds
        let delta = scrollDirection == .vertical ? newBounds.minY - previous.minY : newBounds.minX - previous.minX
        latestDelta = delta.isFinite ? delta : 0
        if let touch = touchLocation, latestDelta != 0, touch.x.isFinite, touch.y.isFinite {
            for spring in springs.values {
                let attributes = spring.attributes
                attributes.center = displaced(
                    attributes.center, anchor: spring.behavior.anchorPoint, by: latestDelta, touch: touch)
                dynamicAnimator.updateItem(usingCurrentState: attributes)
            }
        }
        // A scroll re-tiles (cheaply) on the next query; a change across the scroll axis
        // rebuilds everything.
        if super.shouldInvalidateLayout(forBoundsChange: newBounds) { return true }
        invalidateLayout(with: CollectionViewLayoutInvalidationContext())
        return false
    }

    open override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        // Resting attributes for what has no spring (headers, cells far from the view), the
        // animated ones for the rest.
        var all = (super.layoutAttributesForElements(in: rect) ?? []).filter {
            $0.representedElementCategory != .cell || springs[$0.indexPath] == nil
        }
        for case let attributes as CollectionViewLayoutAttributes in dynamicAnimator.items(in: rect) {
            all.append(attributes)
        }
        return all
    }

    open override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        springs[indexPath]?.attributes ?? super.layoutAttributesForItem(at: indexPath)
    }
}
