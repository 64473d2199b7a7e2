// `kinetic_item_…`: elements as dynamic items.
import KineticDynamics
import KineticPlatform

/// Makes an item centred at (`x`, `y`) in its animator's reference coordinates, `width` by
/// `height` points; returns its handle, or `badNumber` for a value that is not finite or a
/// negative size.
@_cdecl("kinetic_item_create")
public func kineticItemCreate(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Int32 {
    guard x.isFinite, y.isFinite, width.isFinite, height.isFinite, width >= 0, height >= 0 else {
        return BindingError.badNumber.rawValue
    }
    return items.insert(DOMItem(center: CGPoint(x: x, y: y), size: CGSize(width: width, height: height)))
}

/// Destroys the item: every behaviour lets go of it, and a snap or attachment that needs it
/// leaves its animator (an element removed from the page leaves cleanly).
@_cdecl("kinetic_item_destroy")
public func kineticItemDestroy(_ handle: Int32) -> Int32 {
    guard let item = items.remove(handle) else { return BindingError.unknownHandle.rawValue }
    for behavior in behaviors.values {
        switch behavior {
        case let gravity as GravityBehavior: gravity.removeItem(item)
        case let push as PushBehavior: push.removeItem(item)
        case let collision as CollisionBehavior: collision.removeItem(item)
        case let properties as DynamicItemBehavior: properties.removeItem(item)
        case let snap as SnapBehavior:
            if snap.items.contains(where: { $0 === item }) { snap.dynamicAnimator?.removeBehavior(snap) }
        case let attachment as AttachmentBehavior:
            if attachment.items.contains(where: { $0 === item }) {
                attachment.dynamicAnimator?.removeBehavior(attachment)
            }
        default: break
        }
    }
    return 0
}

/// Puts the item's center at (`x`, `y`) and turns it to `angle` radians, as a page does when it
/// lays the element out anew or sets its transform; an animator it is in reads it with
/// `kinetic_animator_update_item`.
@_cdecl("kinetic_item_set_state")
public func kineticItemSetState(_ handle: Int32, _ x: Double, _ y: Double, _ angle: Double) -> Int32 {
    guard let item = items[handle] else { return BindingError.unknownHandle.rawValue }
    guard x.isFinite, y.isFinite, angle.isFinite else { return BindingError.badNumber.rawValue }
    item.center = CGPoint(x: x, y: y)
    item.transform = CGAffineTransform(rotationAngle: angle)
    return 0
}

/// Gives the item a new size (the element's box changed), which an animator reads when the
/// item joins it (UIKit reads an item's bounds then, and not again).
@_cdecl("kinetic_item_set_size")
public func kineticItemSetSize(_ handle: Int32, _ width: Double, _ height: Double) -> Int32 {
    guard let item = items[handle] else { return BindingError.unknownHandle.rawValue }
    guard width.isFinite, height.isFinite, width >= 0, height >= 0 else { return BindingError.badNumber.rawValue }
    item.bounds = CGRect(origin: .zero, size: CGSize(width: width, height: height))
    return 0
}

/// Writes the item's center and transform to the scratch doubles: x, y, a, b, c, d (the
/// rotation matrix a page writes as `matrix(a, b, c, d, …)`).
@_cdecl("kinetic_item_state")
public func kineticItemState(_ handle: Int32) -> Int32 {
    guard let item = items[handle] else { return BindingError.unknownHandle.rawValue }
    let t = item.transform
    for (index, value) in [item.center.x, item.center.y, t.a, t.b, t.c, t.d].enumerated() {
        scratch[index] = Double(value)
    }
    return 0
}
