import Foundation
import KineticDynamics

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

    /// The four springs, in corner order (top left, top right, bottom left, bottom right).
    /// `springs` keeps them alive even if a child is removed; `attachments` is the same list
    /// unretained, so a drag update (every dragged item, every touch move) walks them without
    /// casting `childBehaviors` or reference counting.
    private let springs: [AttachmentBehavior]
    private let attachments: [Unmanaged<AttachmentBehavior>]

    /// Attaches `item` to the four corners of the square centred on `point`.
    public init(item: any DynamicItem, point: CGPoint) {
        springs = Self.attachmentPoints(for: point).map { anchor in
            let attachment = AttachmentBehavior(item: item, attachedToAnchor: anchor)
            attachment.frequency = Self.frequency
            attachment.damping = Self.damping
            return attachment
        }
        attachments = springs.map { Unmanaged.passUnretained($0) }
        super.init()
        for spring in springs { addChildBehavior(spring) }
    }

    /// Moves the four anchors to the square around `point`.
    public func updateAttachmentLocation(with point: CGPoint) {
        let w = Self.anchorSize.width * 0.5, h = Self.anchorSize.height * 0.5
        attachments[0]._withUnsafeGuaranteedRef { $0.anchorPoint = CGPoint(x: point.x - w, y: point.y - h) }
        attachments[1]._withUnsafeGuaranteedRef { $0.anchorPoint = CGPoint(x: point.x + w, y: point.y - h) }
        attachments[2]._withUnsafeGuaranteedRef { $0.anchorPoint = CGPoint(x: point.x - w, y: point.y + h) }
        attachments[3]._withUnsafeGuaranteedRef { $0.anchorPoint = CGPoint(x: point.x + w, y: point.y + h) }
    }

    /// The square's corners around `point`: top left, top right, bottom left, bottom right.
    public static func attachmentPoints(for point: CGPoint) -> [CGPoint] {
        let w = anchorSize.width * 0.5, h = anchorSize.height * 0.5
        return [
            CGPoint(x: point.x - w, y: point.y - h),
            CGPoint(x: point.x + w, y: point.y - h),
            CGPoint(x: point.x - w, y: point.y + h),
            CGPoint(x: point.x + w, y: point.y + h),
        ]
    }
}
