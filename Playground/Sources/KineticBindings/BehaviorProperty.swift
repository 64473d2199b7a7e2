// `kinetic_behavior_set` and `kinetic_behavior_get`: a behaviour's properties by number, one
// switch over the kinds. kinetic.js names them (its `PROPERTY` table mirrors this enum).
import KineticDynamics
import KineticPlatform

/// A behaviour's property, as kinetic.js numbers it. A vector or point takes both numbers of a
/// call, everything else the first (a Boolean is the first number ≠ 0).
public enum BehaviorProperty: Int32, CaseIterable {
    /// Gravity's `gravityDirection`, a push's `pushDirection` (a vector).
    case direction = 1
    /// Gravity's and a push's `angle`, in radians.
    case angle
    /// Gravity's and a push's `magnitude`.
    case magnitude
    /// A push's `active`.
    case active
    /// A snap's and an attachment's `damping`.
    case damping
    /// A snap's `snapPoint`, an attachment's `anchorPoint` (a point).
    case point
    /// An attachment's `length`.
    case length
    /// An attachment's `frequency`, in hertz.
    case frequency
    /// An attachment's `frictionTorque`.
    case frictionTorque
    /// A collision's `translatesReferenceBoundsIntoBoundary`.
    case translatesReferenceBoundsIntoBoundary
    /// A collision's `collisionMode`: 1 items, 2 boundaries, 3 everything.
    case collisionMode
    /// An item behaviour's `elasticity`.
    case elasticity
    /// An item behaviour's `friction`.
    case friction
    /// An item behaviour's `density`.
    case density
    /// An item behaviour's `resistance`.
    case resistance
    /// An item behaviour's `angularResistance`.
    case angularResistance
    /// An item behaviour's `charge`.
    case charge
    /// An item behaviour's `allowsRotation`.
    case allowsRotation
    /// An item behaviour's `isAnchored`.
    case anchored
}

/// Sets the property to (`x`, `y`) (a number or Boolean takes `x`). Returns 0, `unknownHandle`,
/// `unknownProperty` for a property the behaviour has not, or `badNumber` for a value that is
/// not finite (a finite value out of the property's range is clamped by the engine, with its
/// log line, as natively).
@_cdecl("kinetic_behavior_set")
public func kineticBehaviorSet(_ handle: Int32, _ property: Int32, _ x: Double, _ y: Double) -> Int32 {
    guard let behavior = behaviors[handle] else { return BindingError.unknownHandle.rawValue }
    guard let property = BehaviorProperty(rawValue: property) else { return BindingError.unknownProperty.rawValue }
    guard x.isFinite, y.isFinite else { return BindingError.badNumber.rawValue }
    let vector = CGVector(dx: x, dy: y)
    let point = CGPoint(x: x, y: y)
    let on = x != 0
    switch (behavior, property) {
    case (let gravity as GravityBehavior, .direction): gravity.gravityDirection = vector
    case (let gravity as GravityBehavior, .angle): gravity.angle = x
    case (let gravity as GravityBehavior, .magnitude): gravity.magnitude = x
    case (let push as PushBehavior, .direction): push.pushDirection = vector
    case (let push as PushBehavior, .angle): push.angle = x
    case (let push as PushBehavior, .magnitude): push.magnitude = x
    case (let push as PushBehavior, .active): push.active = on
    case (let snap as SnapBehavior, .damping): snap.damping = x
    case (let snap as SnapBehavior, .point): snap.snapPoint = point
    case (let attachment as AttachmentBehavior, .damping): attachment.damping = x
    case (let attachment as AttachmentBehavior, .point): attachment.anchorPoint = point
    case (let attachment as AttachmentBehavior, .length): attachment.length = x
    case (let attachment as AttachmentBehavior, .frequency): attachment.frequency = x
    case (let attachment as AttachmentBehavior, .frictionTorque): attachment.frictionTorque = x
    case (let collision as CollisionBehavior, .translatesReferenceBoundsIntoBoundary):
        collision.translatesReferenceBoundsIntoBoundary = on
    case (let collision as CollisionBehavior, .collisionMode):
        guard x == 1 || x == 2 || x == 3 else { return BindingError.badNumber.rawValue }
        collision.collisionMode = CollisionBehavior.Mode(rawValue: UInt(x))
    case (let properties as DynamicItemBehavior, .elasticity): properties.elasticity = x
    case (let properties as DynamicItemBehavior, .friction): properties.friction = x
    case (let properties as DynamicItemBehavior, .density): properties.density = x
    case (let properties as DynamicItemBehavior, .resistance): properties.resistance = x
    case (let properties as DynamicItemBehavior, .angularResistance): properties.angularResistance = x
    case (let properties as DynamicItemBehavior, .charge): properties.charge = x
    case (let properties as DynamicItemBehavior, .allowsRotation): properties.allowsRotation = on
    case (let properties as DynamicItemBehavior, .anchored): properties.isAnchored = on
    default: return BindingError.unknownProperty.rawValue
    }
    return 0
}

/// Writes the property's value to the scratch doubles (x, then y for a vector or point; 1 or 0
/// for a Boolean). Returns 0, `unknownHandle` or `unknownProperty`.
@_cdecl("kinetic_behavior_get")
public func kineticBehaviorGet(_ handle: Int32, _ property: Int32) -> Int32 {
    guard let behavior = behaviors[handle] else { return BindingError.unknownHandle.rawValue }
    guard let property = BehaviorProperty(rawValue: property) else { return BindingError.unknownProperty.rawValue }
    let value: (Double, Double)
    func flag(_ on: Bool) -> (Double, Double) { (on ? 1 : 0, 0) }
    switch (behavior, property) {
    case (let gravity as GravityBehavior, .direction):
        value = (Double(gravity.gravityDirection.dx), Double(gravity.gravityDirection.dy))
    case (let gravity as GravityBehavior, .angle): value = (Double(gravity.angle), 0)
    case (let gravity as GravityBehavior, .magnitude): value = (Double(gravity.magnitude), 0)
    case (let push as PushBehavior, .direction): value = (Double(push.pushDirection.dx), Double(push.pushDirection.dy))
    case (let push as PushBehavior, .angle): value = (Double(push.angle), 0)
    case (let push as PushBehavior, .magnitude): value = (Double(push.magnitude), 0)
    case (let push as PushBehavior, .active): value = flag(push.active)
    case (let snap as SnapBehavior, .damping): value = (Double(snap.damping), 0)
    case (let snap as SnapBehavior, .point): value = (Double(snap.snapPoint.x), Double(snap.snapPoint.y))
    case (let attachment as AttachmentBehavior, .damping): value = (Double(attachment.damping), 0)
    case (let attachment as AttachmentBehavior, .point):
        value = (Double(attachment.anchorPoint.x), Double(attachment.anchorPoint.y))
    case (let attachment as AttachmentBehavior, .length): value = (Double(attachment.length), 0)
    case (let attachment as AttachmentBehavior, .frequency): value = (Double(attachment.frequency), 0)
    case (let attachment as AttachmentBehavior, .frictionTorque): value = (Double(attachment.frictionTorque), 0)
    case (let collision as CollisionBehavior, .translatesReferenceBoundsIntoBoundary):
        value = flag(collision.translatesReferenceBoundsIntoBoundary)
    case (let collision as CollisionBehavior, .collisionMode): value = (Double(collision.collisionMode.rawValue), 0)
    case (let properties as DynamicItemBehavior, .elasticity): value = (Double(properties.elasticity), 0)
    case (let properties as DynamicItemBehavior, .friction): value = (Double(properties.friction), 0)
    case (let properties as DynamicItemBehavior, .density): value = (Double(properties.density), 0)
    case (let properties as DynamicItemBehavior, .resistance): value = (Double(properties.resistance), 0)
    case (let properties as DynamicItemBehavior, .angularResistance): value = (Double(properties.angularResistance), 0)
    case (let properties as DynamicItemBehavior, .charge): value = (Double(properties.charge), 0)
    case (let properties as DynamicItemBehavior, .allowsRotation): value = flag(properties.allowsRotation)
    case (let properties as DynamicItemBehavior, .anchored): value = flag(properties.isAnchored)
    default: return BindingError.unknownProperty.rawValue
    }
    scratch[0] = value.0
    scratch[1] = value.1
    return 0
}
