import KineticDynamics
import KineticPlatform

/// Holds an item by four springs to the corners of a small square around a point (seed 000's
/// low-level drag behaviour): moving the point drags the item with a springy lag.
///
/// Each spring is an anchor attachment of the item's center with frequency 8 Hz and damping
/// ratio 0.6, as in the seed; the square is 40×40 pt, "close to the size of the item".
public final class RectangleAttachmentBehavior: DynamicBehavior {
    /// Spring frequency of each attachment (Hz): higher is a more rigid formation.
    public static let frequency: CGFloat = 8
    /// Damping ratio of each attachment: lower rings longer.
    public static let damping: CGFloat = 0.6
    /// Size of the anchor square around the drag point.
    public static let anchorSize = CGSize(width: 40, height: 40)
    /// The farthest drag point, per coordinate (points): its square's corners stay within the
    /// world's ±10¹² pt. A point beyond it counts as this, with one log line per call.
    public static let maximumLocation: CGFloat = 1e12 - 20

    /// The four springs, in corner order (top left, top right, bottom left, bottom right).
    /// `springs` keeps them alive even if a child is removed; `attachments` is the same list
    /// unretained, so a drag update (every dragged item, every touch move) walks them without
    /// casting `childBehaviors` or reference counting.
    let springs: [AttachmentBehavior]
    private let attachments: [Unmanaged<AttachmentBehavior>]

    /// Attaches `item` to the four corners of the square centred on `point`. A non-finite point
    /// counts as (0, 0) and one beyond ±``maximumLocation`` as that, with one log line.
    public init(item: any DynamicItem, point: CGPoint) {
        let usable = point.x.isFinite && point.y.isFinite ? Self.clampedLocation(point) : .zero
        springs = Self.attachmentPoints(for: usable).map { anchor in
            let attachment = AttachmentBehavior(item: item, attachedToAnchor: anchor)
            attachment.frequency = Self.frequency
            attachment.damping = Self.damping
            return attachment
        }
        attachments = springs.map { Unmanaged.passUnretained($0) }
        super.init()
        for spring in springs { addChildBehavior(spring) }
        if usable != point { _ = usableDragLocation(point, "RectangleAttachmentBehavior.init(item:point:)") }
    }

    /// `point` with each coordinate within ±``maximumLocation`` (a NaN stays NaN).
    public static func clampedLocation(_ point: CGPoint) -> CGPoint {
        let limit = maximumLocation
        return CGPoint(x: min(max(point.x, -limit), limit), y: min(max(point.y, -limit), limit))
    }

    /// Moves the four anchors to the square around `point`. A non-finite point is ignored; a
    /// coordinate beyond ±``maximumLocation`` counts as that; either with one log line per call.
    public func updateAttachmentLocation(with point: CGPoint) {
        guard let point = usableDragLocation(point, "RectangleAttachmentBehavior.updateAttachmentLocation(with:)")
        else { return }
        for (attachment, offset) in zip(attachments, Self.cornerOffsets) {
            attachment._withUnsafeGuaranteedRef { $0.anchorPoint = Self.corner(point, offset) }
        }
    }

    /// The square's corners relative to its centre, in corner order.
    static let cornerOffsets: [CGVector] = {
        let w = anchorSize.width * 0.5, h = anchorSize.height * 0.5
        return [CGVector(dx: -w, dy: -h), CGVector(dx: w, dy: -h), CGVector(dx: -w, dy: h), CGVector(dx: w, dy: h)]
    }()

    /// The corner at `offset` from `point` (x + (−w) is x − w exactly, so every way of placing
    /// the corners, an anchor group's included, gives the same points).
    @inline(__always)
    private static func corner(_ point: CGPoint, _ offset: CGVector) -> CGPoint {
        CGPoint(x: point.x + offset.dx, y: point.y + offset.dy)
    }

    /// The square's corners around `point`: top left, top right, bottom left, bottom right.
    public static func attachmentPoints(for point: CGPoint) -> [CGPoint] {
        cornerOffsets.map { corner(point, $0) }
    }
}
