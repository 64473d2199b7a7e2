import KineticPlatform

/// The shape an item collides with (UIKit's `UIDynamicItemCollisionBoundsType`).
public enum DynamicItemCollisionBoundsType: Sendable {
    /// The item's bounds rectangle, turned with the item (the default).
    case rectangle
    /// The ellipse inscribed in the item's bounds.
    case ellipse
    /// A convex, counter-clockwise path (`collisionBoundingPath`).
    case path
}

/// Something the animator can move: a view, a layout attribute or any object with a center,
/// bounds and transform (UIKit's `UIDynamicItem`).
///
/// The animator reads `center`, `bounds.size` and the rotation of `transform` when the item
/// joins it, and after every step writes `center` and replaces `transform` by a pure rotation.
public protocol DynamicItem: AnyObject {
    /// The item's center, in the animator's coordinate space (points). The world spans ±10¹² pt:
    /// a coordinate beyond it, read when the item joins the world or on
    /// ``DynamicAnimator/updateItem(usingCurrentState:)``, counts as ±10¹² pt, with one log line
    /// per read.
    var center: CGPoint { get set }
    /// The item's bounds; only the size is used, to compute mass and extent. A side longer than
    /// 2·10⁸ pt counts as that long, with one log line when the item joins the world.
    var bounds: CGRect { get }
    /// The item's transform; the animator writes a pure rotation here.
    var transform: CGAffineTransform { get set }
    /// The shape used for collisions. Defaults to `.rectangle`.
    var collisionBoundsType: DynamicItemCollisionBoundsType { get }
    /// With `.path` bounds: a convex, counter-clockwise (on screen) polygon whose point (0, 0) is
    /// the item's center. Defaults to nil.
    var collisionBoundingPath: BezierPath? { get }
}

extension DynamicItem {
    public var collisionBoundsType: DynamicItemCollisionBoundsType { .rectangle }
    public var collisionBoundingPath: BezierPath? { nil }
}

extension ObjectIdentifier {
    /// The identity of `item`'s object. Written for both builds: Embedded Swift takes
    /// `ObjectIdentifier` of a class type only, and `AnyObject` is one.
    init(_ item: any DynamicItem) { self.init(item as AnyObject) }
}
