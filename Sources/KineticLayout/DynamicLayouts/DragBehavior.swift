import KineticDynamics
import KineticPlatform

/// Drags several items together with a springy, four-corner attachment each (seed 000's
/// high-level drag behaviour).
public final class DragBehavior: DynamicBehavior {
    /// One four-spring behaviour per item.
    private let children: [RectangleAttachmentBehavior]
    /// Every spring's anchor, moved in one pass per drag update: touching each spring (an
    /// object somewhere in memory) was most of a frame with thousands of items.
    private let anchors: AttachmentAnchorGroup

    /// Attaches every item to the square around `point`. A coordinate beyond
    /// ±``RectangleAttachmentBehavior/maximumLocation`` counts as that, with one log line; a
    /// non-finite point counts as (0, 0), with one log line.
    @_disfavoredOverload
    public init(items: [any DynamicItem], point: CGPoint) {
        let usable = point.x.isFinite && point.y.isFinite ? RectangleAttachmentBehavior.clampedLocation(point) : .zero
        children = items.map { RectangleAttachmentBehavior(item: $0, point: usable) }
        anchors = AttachmentAnchorGroup(
            attachments: children.flatMap { $0.springs },
            offsets: Array(
                repeatElement(RectangleAttachmentBehavior.cornerOffsets, count: children.count).joined()),
            point: usable)
        super.init()
        for child in children { addChildBehavior(child) }
        if usable != point { _ = usableDragLocation(point, "DragBehavior.init(items:point:)") }
    }

    /// The same for an array of one item type (`[UICollectionViewLayoutAttributes]`, as seed 000
    /// passes). Swift converts such an array to `[any DynamicItem]` by a run-time cast, which
    /// Embedded Swift (the WebAssembly build) does not have; this form converts item by item, so
    /// the same call compiles in both. The existential form is disfavoured, so a variable or a
    /// literal of one item type picks this one, and a literal of mixed types the existential one.
    public convenience init<Item: DynamicItem>(items: [Item], point: CGPoint) {
        self.init(items: items.map { $0 as any DynamicItem }, point: point)
    }

    /// Moves the drag point; every item follows on its springs. A non-finite point is ignored; a
    /// coordinate beyond ±``RectangleAttachmentBehavior/maximumLocation`` counts as that; either
    /// with one log line per call, whatever the number of items.
    public func updateDragLocation(with point: CGPoint) {
        guard let point = usableDragLocation(point, "DragBehavior.updateDragLocation(with:)") else { return }
        anchors.moveAnchors(to: point)
    }
}

/// Where the drag behaviours report refused or clamped input outside an animator.
let dragLogger = Logger(label: "Kinetic.DragBehavior")

extension DynamicBehavior {
    /// `point` as a drag location the corner springs can follow: nil when non-finite, clamped to
    /// ±``RectangleAttachmentBehavior/maximumLocation`` (so every corner stays inside the world),
    /// either logged once, naming `caller` (`Type.method`), through the animator's logger.
    func usableDragLocation(_ point: CGPoint, _ caller: String) -> CGPoint? {
        let limit = RectangleAttachmentBehavior.maximumLocation
        // The usual case first, without reaching for the logger (a drag asks thousands of times
        // a frame).
        if abs(point.x) <= limit && abs(point.y) <= limit { return point }
        let logger = dynamicAnimator?.logger ?? dragLogger
        guard point.x.isFinite, point.y.isFinite else {
            logger.error("\(caller): ignored non-finite location \(point.logDescription)")
            return nil
        }
        logger.warning("\(caller): clamped \(point.logDescription) to ±\(limit) pt")
        return RectangleAttachmentBehavior.clampedLocation(point)
    }
}
