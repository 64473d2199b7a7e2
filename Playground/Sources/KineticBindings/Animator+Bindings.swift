// `kinetic_animator_…`: an animator over a page's container.
import KineticDynamics
import KineticPlatform

/// Makes an animator whose reference bounds are the rectangle (`x`, `y`, `width`, `height`):
/// the container's box, in the coordinates its items' centers are in. Returns its handle, or
/// `badNumber` for a value that is not finite or a negative size.
@_cdecl("kinetic_animator_create")
public func kineticAnimatorCreate(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Int32 {
    guard let bounds = rectangle(x, y, width, height) else { return BindingError.badNumber.rawValue }
    return animators.insert(DynamicAnimator(referenceBounds: bounds))
}

/// Gives the animator new reference bounds (the container was resized); a collision behaviour's
/// boundary follows them.
@_cdecl("kinetic_animator_set_reference_bounds")
public func kineticAnimatorSetReferenceBounds(
    _ handle: Int32, _ x: Double, _ y: Double, _ width: Double, _ height: Double
) -> Int32 {
    guard let animator = animators[handle] else { return BindingError.unknownHandle.rawValue }
    guard let bounds = rectangle(x, y, width, height) else { return BindingError.badNumber.rawValue }
    animator.referenceBounds = bounds
    return 0
}

/// Destroys the animator: its behaviours leave it (they live on, for another animator).
@_cdecl("kinetic_animator_destroy")
public func kineticAnimatorDestroy(_ handle: Int32) -> Int32 {
    guard let animator = animators.remove(handle) else { return BindingError.unknownHandle.rawValue }
    animator.removeAllBehaviors()
    return 0
}

/// Adds the behaviour to the animator, as `addBehavior(_:)` does; `notApplicable` when the
/// behaviour is already in an animator, `emptyItem` (and nothing added) when one of its items
/// has no size and is not in the animator yet.
@_cdecl("kinetic_animator_add_behavior")
public func kineticAnimatorAddBehavior(_ handle: Int32, _ behaviorHandle: Int32) -> Int32 {
    guard let animator = animators[handle] else { return BindingError.unknownHandle.rawValue }
    guard let behavior = behaviors[behaviorHandle] else { return BindingError.unknownOtherHandle.rawValue }
    guard behavior.dynamicAnimator == nil else {
        return behavior.dynamicAnimator === animator ? 0 : BindingError.notApplicable.rawValue
    }
    guard joiningItems(of: behavior).allSatisfy({ canJoin($0, animator) }) else {
        return BindingError.emptyItem.rawValue
    }
    animator.addBehavior(behavior)
    return 0
}

/// Whether `item` may join `animator`: it has a size UIKit accepts (a width and height above
/// zero; the bindings refuse infinities and negative sizes earlier), or it is in the animator
/// already, whose body keeps the size it joined with.
func canJoin(_ item: any DynamicItem, _ animator: DynamicAnimator) -> Bool {
    let size = item.bounds.size
    if size.width > 0 && size.height > 0 { return true }
    var present = false
    animator.forEachItem { if $0 === item { present = true } }
    return present
}

/// Removes the behaviour from the animator (nothing happens if it is not in it).
@_cdecl("kinetic_animator_remove_behavior")
public func kineticAnimatorRemoveBehavior(_ handle: Int32, _ behaviorHandle: Int32) -> Int32 {
    guard let animator = animators[handle] else { return BindingError.unknownHandle.rawValue }
    guard let behavior = behaviors[behaviorHandle] else { return BindingError.unknownOtherHandle.rawValue }
    animator.removeBehavior(behavior)
    return 0
}

/// Reads the item's center and rotation anew, as `updateItem(usingCurrentState:)` does (the
/// page moved the element); its size counts when it next joins an animator, as in UIKit.
@_cdecl("kinetic_animator_update_item")
public func kineticAnimatorUpdateItem(_ handle: Int32, _ itemHandle: Int32) -> Int32 {
    guard let animator = animators[handle] else { return BindingError.unknownHandle.rawValue }
    guard let item = items[itemHandle] else { return BindingError.unknownOtherHandle.rawValue }
    animator.updateItem(usingCurrentState: item)
    return 0
}

/// Steps the animator by `dt` seconds (the page's frame time; UIKit steps whatever the display
/// gives). Returns 1 while it runs, 0 once everything rests (the page stops asking for frames),
/// `badNumber` for a `dt` that is not finite or is negative.
@_cdecl("kinetic_animator_step")
public func kineticAnimatorStep(_ handle: Int32, _ dt: Double) -> Int32 {
    guard let animator = animators[handle] else { return BindingError.unknownHandle.rawValue }
    guard dt.isFinite, dt >= 0 else { return BindingError.badNumber.rawValue }
    animator.step(dt)
    return animator.isRunning ? 1 : 0
}

/// 1 while the animator runs, 0 when it rests.
@_cdecl("kinetic_animator_is_running")
public func kineticAnimatorIsRunning(_ handle: Int32) -> Int32 {
    guard let animator = animators[handle] else { return BindingError.unknownHandle.rawValue }
    return animator.isRunning ? 1 : 0
}

/// The rectangle, or nil for a value that is not finite or a negative size.
func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> CGRect? {
    guard x.isFinite, y.isFinite, width.isFinite, height.isFinite, width >= 0, height >= 0 else { return nil }
    return CGRect(x: x, y: y, width: width, height: height)
}
