// `kinetic_…_create` and `kinetic_behavior_…`: UIKit's primitive behaviours, made, configured,
// given items and destroyed by handle.
import KineticDynamics
import KineticPlatform

/// A gravity behaviour with no items yet (UIKit's default: magnitude 1, 1000 points per s², downwards).
@_cdecl("kinetic_gravity_create")
public func kineticGravityCreate() -> Int32 { behaviors.insert(GravityBehavior(items: [DOMItem]())) }

/// A push behaviour with no items: `mode` 0 continuous, 1 instantaneous (`badNumber` otherwise).
@_cdecl("kinetic_push_create")
public func kineticPushCreate(_ mode: Int32) -> Int32 {
    guard mode == 0 || mode == 1 else { return BindingError.badNumber.rawValue }
    return behaviors.insert(PushBehavior(items: [DOMItem](), mode: mode == 0 ? .continuous : .instantaneous))
}

/// A collision behaviour with no items (items collide with each other; add the reference
/// bounds as a boundary with the `translatesReferenceBoundsIntoBoundary` property).
@_cdecl("kinetic_collision_create")
public func kineticCollisionCreate() -> Int32 { behaviors.insert(CollisionBehavior(items: [DOMItem]())) }

/// An item behaviour (elasticity, friction, density, resistance, rotation, velocities) with no
/// items.
@_cdecl("kinetic_item_behavior_create")
public func kineticItemBehaviorCreate() -> Int32 { behaviors.insert(DynamicItemBehavior(items: [DOMItem]())) }

/// A snap of the item to (`x`, `y`); `unknownHandle` for an item that does not exist.
@_cdecl("kinetic_snap_create")
public func kineticSnapCreate(_ itemHandle: Int32, _ x: Double, _ y: Double) -> Int32 {
    guard let item = items[itemHandle] else { return BindingError.unknownHandle.rawValue }
    guard x.isFinite, y.isFinite else { return BindingError.badNumber.rawValue }
    return behaviors.insert(SnapBehavior(item: item, snapTo: CGPoint(x: x, y: y)))
}

/// An attachment of the item's point (`offsetX`, `offsetY`) from its center to the anchor
/// (`anchorX`, `anchorY`): a rod of the present distance until `length`, `frequency` and
/// `damping` say otherwise.
@_cdecl("kinetic_attachment_create")
public func kineticAttachmentCreate(
    _ itemHandle: Int32, _ offsetX: Double, _ offsetY: Double, _ anchorX: Double, _ anchorY: Double
) -> Int32 {
    guard let item = items[itemHandle] else { return BindingError.unknownHandle.rawValue }
    guard offsetX.isFinite, offsetY.isFinite, anchorX.isFinite, anchorY.isFinite else {
        return BindingError.badNumber.rawValue
    }
    return behaviors.insert(
        AttachmentBehavior(
            item: item, offsetFromCenter: Offset(horizontal: offsetX, vertical: offsetY),
            attachedToAnchor: CGPoint(x: anchorX, y: anchorY)))
}

/// An attachment between two items' points (offsets from their centers); `notApplicable` for
/// an item attached to itself.
@_cdecl("kinetic_attachment_items_create")
public func kineticAttachmentItemsCreate(
    _ itemHandle: Int32, _ offsetX: Double, _ offsetY: Double, _ otherHandle: Int32, _ otherX: Double,
    _ otherY: Double
) -> Int32 {
    guard let item = items[itemHandle] else { return BindingError.unknownHandle.rawValue }
    guard let other = items[otherHandle] else { return BindingError.unknownOtherHandle.rawValue }
    guard item !== other else { return BindingError.notApplicable.rawValue }
    guard offsetX.isFinite, offsetY.isFinite, otherX.isFinite, otherY.isFinite else {
        return BindingError.badNumber.rawValue
    }
    return behaviors.insert(
        AttachmentBehavior(
            item: item, offsetFromCenter: Offset(horizontal: offsetX, vertical: offsetY), attachedTo: other,
            offsetFromCenter: Offset(horizontal: otherX, vertical: otherY)))
}

/// Destroys the behaviour: it leaves its animator, and its handle names nothing any more.
@_cdecl("kinetic_behavior_destroy")
public func kineticBehaviorDestroy(_ handle: Int32) -> Int32 {
    guard let behavior = behaviors.remove(handle) else { return BindingError.unknownHandle.rawValue }
    behavior.dynamicAnimator?.removeBehavior(behavior)
    return 0
}

/// Adds the item to a gravity, push, collision or item behaviour (`notApplicable` for a snap
/// or an attachment, whose items are fixed when made; `emptyItem` for an item with no size
/// when the behaviour is in an animator, which the item would join).
@_cdecl("kinetic_behavior_add_item")
public func kineticBehaviorAddItem(_ handle: Int32, _ itemHandle: Int32) -> Int32 {
    if let animator = behaviors[handle]?.dynamicAnimator, let item = items[itemHandle], !canJoin(item, animator) {
        return BindingError.emptyItem.rawValue
    }
    return changeItem(handle, itemHandle, add: true)
}

/// Removes the item from a gravity, push, collision or item behaviour.
@_cdecl("kinetic_behavior_remove_item")
public func kineticBehaviorRemoveItem(_ handle: Int32, _ itemHandle: Int32) -> Int32 {
    changeItem(handle, itemHandle, add: false)
}

private func changeItem(_ handle: Int32, _ itemHandle: Int32, add: Bool) -> Int32 {
    guard let behavior = behaviors[handle] else { return BindingError.unknownHandle.rawValue }
    guard let item = items[itemHandle] else { return BindingError.unknownOtherHandle.rawValue }
    switch behavior {
    case let gravity as GravityBehavior: add ? gravity.addItem(item) : gravity.removeItem(item)
    case let push as PushBehavior: add ? push.addItem(item) : push.removeItem(item)
    case let collision as CollisionBehavior: add ? collision.addItem(item) : collision.removeItem(item)
    case let properties as DynamicItemBehavior: add ? properties.addItem(item) : properties.removeItem(item)
    default: return BindingError.notApplicable.rawValue
    }
    return 0
}

/// The items a behaviour brings into the animator it joins.
func joiningItems(of behavior: DynamicBehavior) -> [any DynamicItem] {
    switch behavior {
    case let gravity as GravityBehavior: gravity.items
    case let push as PushBehavior: push.items
    case let collision as CollisionBehavior: collision.items
    case let properties as DynamicItemBehavior: properties.items
    case let snap as SnapBehavior: snap.items
    case let attachment as AttachmentBehavior: attachment.items
    default: []
    }
}

/// Adds (`x`, `y`) points per second to the item's velocity, and `angular` radians per second
/// to its spin, through an item behaviour (UIKit's `addLinearVelocity(_:for:)` and
/// `addAngularVelocity(_:for:)`: a toss hands the finger's velocity over this way).
@_cdecl("kinetic_item_behavior_add_velocity")
public func kineticItemBehaviorAddVelocity(
    _ handle: Int32, _ itemHandle: Int32, _ x: Double, _ y: Double, _ angular: Double
) -> Int32 {
    guard let behavior = behaviors[handle] else { return BindingError.unknownHandle.rawValue }
    guard let item = items[itemHandle] else { return BindingError.unknownOtherHandle.rawValue }
    guard let properties = behavior as? DynamicItemBehavior else { return BindingError.notApplicable.rawValue }
    guard x.isFinite, y.isFinite, angular.isFinite else { return BindingError.badNumber.rawValue }
    properties.addLinearVelocity(CGPoint(x: x, y: y), for: item)
    properties.addAngularVelocity(angular, for: item)
    return 0
}

/// Writes the item's velocity through an item behaviour to the scratch doubles: x and y in
/// points per second, then the spin in radians per second.
@_cdecl("kinetic_item_behavior_velocity")
public func kineticItemBehaviorVelocity(_ handle: Int32, _ itemHandle: Int32) -> Int32 {
    guard let behavior = behaviors[handle] else { return BindingError.unknownHandle.rawValue }
    guard let item = items[itemHandle] else { return BindingError.unknownOtherHandle.rawValue }
    guard let properties = behavior as? DynamicItemBehavior else { return BindingError.notApplicable.rawValue }
    let velocity = properties.linearVelocity(for: item)
    scratch[0] = Double(velocity.x)
    scratch[1] = Double(velocity.y)
    scratch[2] = Double(properties.angularVelocity(for: item))
    return 0
}

/// Sets where a push acts on the item, as an offset from its center (off center, it spins).
@_cdecl("kinetic_push_set_target_offset")
public func kineticPushSetTargetOffset(_ handle: Int32, _ itemHandle: Int32, _ x: Double, _ y: Double) -> Int32 {
    guard let behavior = behaviors[handle] else { return BindingError.unknownHandle.rawValue }
    guard let item = items[itemHandle] else { return BindingError.unknownOtherHandle.rawValue }
    guard let push = behavior as? PushBehavior else { return BindingError.notApplicable.rawValue }
    guard x.isFinite, y.isFinite else { return BindingError.badNumber.rawValue }
    push.setTargetOffsetFromCenter(Offset(horizontal: x, vertical: y), for: item)
    return 0
}
