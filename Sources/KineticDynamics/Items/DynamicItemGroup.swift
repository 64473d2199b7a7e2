import KineticPlatform

/// Several items moving as one rigid body (UIKit's `UIDynamicItemGroup`).
///
/// Add the group, not its members, to behaviours. The animator makes one compound body: its
/// mass is the sum of the members' (density applies to each), its centre the members' centre
/// of mass; each member keeps its offset and its own angle and turns with the group. A group
/// cannot contain another group (that traps, as UIKit does).
public final class DynamicItemGroup: DynamicItem {
    /// The members, in order.
    public let items: [any DynamicItem]

    /// Creates a group of `items`.
    @_disfavoredOverload
    public init(items: [any DynamicItem]) {
        for item in items where item is DynamicItemGroup {
            dynamicsTrap("UIDynamicItemGroup does not support nesting: a group cannot contain another group (\(item))")
        }
        self.items = items
        transform = .identity
    }

    /// The same for an array of one item type (`[UIView]`, `[SceneItem]`). Swift converts such an
    /// array to `[any DynamicItem]` by a run-time cast, which Embedded Swift (the WebAssembly
    /// build) does not have; this form converts item by item, so the same call compiles in both.
    /// The existential form is disfavoured, so a variable or a literal of one item type picks this
    /// one, and a literal of mixed types the existential one.
    public convenience init<Item: DynamicItem>(items: [Item]) {
        self.init(items: items.map { $0 as any DynamicItem })
    }

    /// The centre of the members' combined frame (their mass centre once the animator moves
    /// the group). Setting it moves every member by the same amount.
    public var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set {
            let old = center
            guard newValue.isFinite else { return }
            for item in items {
                item.center = CGPoint(x: item.center.x + newValue.x - old.x, y: item.center.y + newValue.y - old.y)
            }
        }
    }

    /// The size of the members' combined (axis-aligned) frame, at the origin.
    public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }

    /// The group's rotation since the animator took it (identity before).
    public var transform: CGAffineTransform

    /// The union of the members' frames (each member's bounds turned by its own transform).
    private var frame: CGRect {
        var result = CGRect.null
        for item in items {
            let t = item.transform
            let w = item.bounds.width, h = item.bounds.height
            let ex = abs(t.a) * w / 2 + abs(t.c) * h / 2
            let ey = abs(t.b) * w / 2 + abs(t.d) * h / 2
            result = result.union(CGRect(x: item.center.x - ex, y: item.center.y - ey, width: 2 * ex, height: 2 * ey))
        }
        return result.isNull ? .zero : result
    }
}
