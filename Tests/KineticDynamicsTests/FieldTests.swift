import Foundation
import Testing

@testable import KineticDynamics

/// A bare dynamic item for the field tests.
final class FieldTestItem: DynamicItem {
    var center: CGPoint
    var bounds: CGRect
    var transform: CGAffineTransform = .identity

    /// A 100×100 pt item weighs 1 kg at density 1; mass scales with the area.
    init(_ x: CGFloat, _ y: CGFloat, size: CGFloat = 100) {
        center = CGPoint(x: x, y: y)
        bounds = CGRect(x: 0, y: 0, width: size, height: size)
    }
}

/// Fields (UIKit's field behaviours): each force law checked against its closed form, regions
/// against set logic, and the animator-level rules (own items only, 32 fields, bad input,
/// determinism).
///
/// Most checks take exactly one sub-step (`animator.step(subStep)` advances one Float(1/120) s
/// sub-step) from rest with resistance 0: the field is evaluated once at the item's start
/// position, so the velocity is exactly h·a and only floating-point rounding differs (relative
/// 1e-12 allowed).
@Suite("Fields: force laws, regions and limits")
struct FieldTests {
    /// Velocity in pt/s read through an item behaviour.
    func velocity(_ properties: DynamicItemBehavior, _ item: FieldTestItem) -> Vec2 {
        Vec2(properties.linearVelocity(for: item))
    }

    func close(_ a: Vec2, _ b: Vec2, relative: Double = 1e-12) -> Bool {
        length(a - b) <= relative * max(length(b), 1e-9)
    }

    /// An animator holding `field` over `items`, undamped, with `charges` set per item.
    func setUp(_ field: FieldBehavior, _ items: [FieldTestItem], charges: [Double] = []) -> (
        DynamicAnimator, DynamicItemBehavior
    ) {
        let animator = DynamicAnimator()
        let properties = undamped(items)
        animator.addBehavior(properties)
        for (item, q) in zip(items, charges) {
            let charged = DynamicItemBehavior(items: [item])
            charged.charge = CGFloat(q)
            charged.resistance = 0
            animator.addBehavior(charged)
        }
        for item in items { field.addItem(item) }
        animator.addBehavior(field)
        return (animator, properties)
    }

    // MARK: Force laws

    /// Linear gravity (1, 0) at strength 1 is 100 pt/s² whatever the mass; strength scales the
    /// direction vector. 30 frames of 1/60 are 59 sub-steps (one on the first frame), so with
    /// resistance 0 the velocity is exactly a·59·h.
    @Test(arguments: [
        (CGVector(dx: 1, dy: 0), 1.0, Vec2(100, 0)),
        (CGVector(dx: 0, dy: -2), 2.5, Vec2(0, -500)),
    ])
    func linearGravityAcceleration(direction: CGVector, strength: Double, acceleration: Vec2) {
        let light = FieldTestItem(0, 0, size: 10), heavy = FieldTestItem(500, 0, size: 300)  // 0.01 kg, 9 kg
        let field = FieldBehavior.linearGravityField(direction: direction)
        field.strength = CGFloat(strength)
        #expect(field.falloff == 0 && field.region.isInfinite)
        let (animator, properties) = setUp(field, [light, heavy])
        run(animator, frames: 30)
        let t = Double(2 * 30 - 1) * subStep
        #expect(close(velocity(properties, light), acceleration * t, relative: 1e-9))
        #expect(close(velocity(properties, heavy), acceleration * t, relative: 1e-9))
    }

    /// Radial gravity pulls toward `position` at strength / r² (r in metres, 1 = 100 pt/s²),
    /// default falloff 2; inside `minimumRadius` (here 100 pt = 1 m) r counts as 1 m, so the
    /// pull is the same 100·strength pt/s² everywhere inside.
    @Test func radialGravityIsInverseSquareBeyondMinimumRadius() {
        let centre = CGPoint(x: 300, y: 200)
        let field = FieldBehavior.radialGravityField(position: centre)
        #expect(field.falloff == 2 && field.position == centre)
        field.strength = 3
        field.minimumRadius = 100
        let offsets: [Vec2] = [Vec2(200, 0), Vec2(0, -400), Vec2(-300, 400), Vec2(50, 0), Vec2(0, 80), Vec2(-60, -60)]
        let items = offsets.map { FieldTestItem(centre.x + $0.x, centre.y + $0.y, size: 20) }
        let (animator, properties) = setUp(field, items)
        animator.step(subStep)
        for (item, d) in zip(items, offsets) {
            let rMeters = length(d) / 100
            let a = 100 * 3 / pow(max(rMeters, 1), 2)  // pt/s²
            let expected = -d / length(d) * a * subStep
            #expect(close(velocity(properties, item), expected), "offset \(d)")
        }
        // Inverse square: twice as far, a quarter of the pull (200 pt vs 400 pt).
        let near = length(velocity(properties, items[0])), far = length(velocity(properties, items[1]))
        #expect(abs(near / far - 4) < 1e-12)
    }

    /// Electric: F = strength · charge / r along r̂ (default falloff 1), a force (so a / mass):
    /// like signs repel, opposite attract, no charge feels nothing.
    @Test func electricForceScalesWithChargeAndSign() {
        let field = FieldBehavior.electricField()
        #expect(field.falloff == 1)
        field.strength = 1.5
        // (offset pt, charge, size pt → mass kg = (size/100)²)
        let cases: [(Vec2, Double, CGFloat)] = [
            (Vec2(100, 0), 2, 100), (Vec2(0, 100), -1, 100), (Vec2(-100, 0), 0, 100),
            (Vec2(0, -200), 2, 200), (Vec2(200, 200), 1, 100),
        ]
        let items = cases.map { FieldTestItem($0.0.x, $0.0.y, size: $0.2) }
        let (animator, properties) = setUp(field, items, charges: cases.map(\.1))
        animator.step(subStep)
        for (item, c) in zip(items, cases) {
            let r = length(c.0) / 100
            let mass = Double(c.2 * c.2) / 10_000
            let force = 1.5 * c.1 / r  // N, along r̂
            let expected = c.0 / length(c.0) * (force / mass * 100 * subStep)
            #expect(length(velocity(properties, item) - expected) <= 1e-12 * max(length(expected), 1), "case \(c)")
        }
        #expect(velocity(properties, items[0]).x > 0, "positive field, positive charge: repelled")
        #expect(velocity(properties, items[1]).y < 0, "negative charge: attracted")
        #expect(velocity(properties, items[2]) == .zero)
    }

    /// Magnetic: F = q·v × B turns a moving charge in a circle of radius m·v/(q·B), counter-
    /// clockwise on screen for q·B > 0. Here m = 1 kg, v = 100 pt/s (1 m/s), q = 1, B = 2
    /// (falloff 0: uniform), so R = 0.5 m = 50 pt and the period is π s. Over 200 frames the
    /// item sweeps the whole circle; half its extent in x and in y must be 50 pt within 2 %,
    /// and its speed stays 100 pt/s (the field does no work).
    @Test func magneticFieldTurnsAChargeInACircle() {
        let item = FieldTestItem(300, 300)
        let field = FieldBehavior.magneticField()
        #expect(field.falloff == 1)
        field.falloff = 0
        field.strength = 2
        let (animator, properties) = setUp(field, [item], charges: [1])
        properties.addLinearVelocity(CGPoint(x: 100, y: 0), for: item)
        var minX = 300.0, maxX = 300.0, minY = 300.0, maxY = 300.0
        for frame in 0..<200 {
            animator.step(1.0 / 60)
            let c = Vec2(item.center)
            if frame == 2 { #expect(c.y < 300, "turns up (counter-clockwise) first") }
            minX = min(minX, c.x)
            maxX = max(maxX, c.x)
            minY = min(minY, c.y)
            maxY = max(maxY, c.y)
        }
        let radius = 1.0 * 1.0 / (1.0 * 2.0) * 100  // pt
        #expect(abs((maxX - minX) / 2 - radius) <= 0.02 * radius)
        #expect(abs((maxY - minY) / 2 - radius) <= 0.02 * radius)
        #expect(abs((minY + maxY) / 2 - (300 - radius)) <= 0.02 * radius, "centre above the start")
        #expect(abs(length(velocity(properties, item)) - 100) < 1e-9)
    }

    /// Drag: F = −strength·v (Stokes), a force: each sub-step multiplies the velocity by
    /// (1 − h·strength/m). After 59 sub-steps (30 frames) from 100 pt/s the speed is
    /// 100·(1 − h·k/m)^59, for 1 kg and 4 kg items (the heavier slows less).
    @Test func dragReducesSpeedByThePredictedFactor() {
        let light = FieldTestItem(0, 0), heavy = FieldTestItem(500, 0, size: 200)
        let field = FieldBehavior.dragField()
        field.strength = 3
        let (animator, properties) = setUp(field, [light, heavy])
        properties.addLinearVelocity(CGPoint(x: 100, y: 0), for: light)
        properties.addLinearVelocity(CGPoint(x: 0, y: -100), for: heavy)
        run(animator, frames: 30)
        let n = Double(2 * 30 - 1)
        #expect(close(velocity(properties, light), Vec2(100 * pow(1 - subStep * 3 / 1, n), 0), relative: 1e-9))
        #expect(close(velocity(properties, heavy), Vec2(0, -100 * pow(1 - subStep * 3 / 4, n)), relative: 1e-9))
    }

    /// Spring: Hooke's law F = −strength·d (d in metres) at the default falloff −1.
    @Test func springFieldIsHookesLaw() {
        let field = FieldBehavior.springField()
        #expect(field.falloff == -1)
        field.strength = 2
        field.position = CGPoint(x: 100, y: 100)
        let items = [FieldTestItem(200, 100), FieldTestItem(100, -200), FieldTestItem(-100, 300, size: 200)]
        let start = Dictionary(uniqueKeysWithValues: items.map { (ObjectIdentifier($0), Vec2($0.center)) })
        let (animator, properties) = setUp(field, items)
        animator.step(subStep)
        for item in items {
            // The field saw the start position; the item has since moved by h·v, so use the start.
            let d = (start[ObjectIdentifier(item)]! - Vec2(100, 100)) / 100  // m
            let mass = Double(item.bounds.width * item.bounds.height) / 10_000
            let expected = -2 * d / mass * 100 * subStep
            #expect(close(velocity(properties, item), expected), "item at \(item.center)")
        }
    }

    /// Vortex: an acceleration of `strength` perpendicular to the line from `position`,
    /// counter-clockwise on a y-down screen for a positive strength, whatever the mass.
    @Test func vortexTurnsCounterClockwise() {
        let field = FieldBehavior.vortexField()
        field.strength = 2
        let items = [FieldTestItem(100, 0), FieldTestItem(0, 300, size: 200), FieldTestItem(-50, 0)]
        let expected = [Vec2(0, -200), Vec2(200, 0), Vec2(0, 200)].map { $0 * subStep }  // pt/s
        let (animator, properties) = setUp(field, items)
        animator.step(subStep)
        for (item, e) in zip(items, expected) {
            #expect(close(velocity(properties, item), e), "item at \(item.center)")
        }
    }

    /// Velocity field: the velocity becomes strength·direction (1 = 100 pt/s), whatever it was.
    @Test func velocityFieldSetsTheVelocity() {
        let item = FieldTestItem(0, 0)
        let field = FieldBehavior.velocityField(direction: CGVector(dx: 1, dy: 0.5))
        field.strength = 2
        let (animator, properties) = setUp(field, [item])
        properties.addLinearVelocity(CGPoint(x: -30, y: 70), for: item)
        animator.step(subStep)
        #expect(close(velocity(properties, item), Vec2(200, 100)))
        run(animator, frames: 5)
        #expect(close(velocity(properties, item), Vec2(200, 100)))
    }

    /// A custom field gets the item's position (pt), velocity (pt/s), mass (kg), charge and the
    /// sub-step, and its returned force (UIKit newtons) accelerates the item by F/m; a
    /// non-finite force is dropped.
    @Test func customFieldReceivesItemStateAndAppliesItsForce() {
        let item = FieldTestItem(250, 100, size: 200)  // 4 kg
        var seen: [(CGPoint, CGVector, CGFloat, CGFloat, TimeInterval)] = []
        var poison = false
        let field = FieldBehavior.field { field, position, velocity, mass, charge, dt in
            seen.append((position, velocity, mass, charge, dt))
            return poison ? CGVector(dx: CGFloat.nan, dy: 1) : CGVector(dx: 2 * field.strength, dy: 0)
        }
        let (animator, properties) = setUp(field, [item], charges: [0.5])
        properties.addLinearVelocity(CGPoint(x: 30, y: 0), for: item)
        animator.step(subStep)
        #expect(seen.count == 1)
        let (p, v, m, q, dt) = seen[0]
        #expect(p == CGPoint(x: 250, y: 100) && abs(v.dx - 30) < 1e-12 && v.dy == 0)
        #expect(m == 4 && q == 0.5 && dt == subStep)
        #expect(close(velocity(properties, item), Vec2(30 + 2.0 / 4 * 100 * subStep, 0)))
        let before = velocity(properties, item)
        poison = true
        animator.step(subStep)
        #expect(velocity(properties, item) == before)
    }

    /// A custom field's block may change its own field from inside the step: the change is
    /// visible to the block at once and reaches the solver after the step.
    @Test func customFieldMayChangeItselfDuringTheStep() {
        let item = FieldTestItem(0, 0)
        var strengthsSeen: [CGFloat] = []
        let field = FieldBehavior.field { field, _, _, _, _, _ in
            strengthsSeen.append(field.strength)
            field.strength += 1
            return CGVector(dx: field.strength, dy: 0)
        }
        let (animator, properties) = setUp(field, [item])
        animator.step(subStep)
        #expect(strengthsSeen == [1])
        #expect(field.strength == 2 && animator.world.fields.parameters[0].strength == 2)
        #expect(close(velocity(properties, item), Vec2(2 * 100 * subStep, 0)))
    }

    // MARK: Regions

    /// Region operations against set logic at sample points (a grid through both shapes,
    /// including their edges).
    @Test func regionAlgebraMatchesSetLogic() {
        let circle = Region(radius: 50)
        let rect = Region(size: CGSize(width: 100, height: 40))
        let inCircle = { (p: CGPoint) in p.x * p.x + p.y * p.y <= 2500 }
        let inRect = { (p: CGPoint) in abs(p.x) <= 50 && abs(p.y) <= 20 }
        let cases: [(Region, (CGPoint) -> Bool, String)] = [
            (circle, inCircle, "circle"),
            (rect, inRect, "rect"),
            (circle.inverse(), { !inCircle($0) }, "inverse"),
            (circle.union(with: rect), { inCircle($0) || inRect($0) }, "union"),
            (circle.difference(from: rect), { inCircle($0) && !inRect($0) }, "difference"),
            (rect.difference(from: circle), { inRect($0) && !inCircle($0) }, "difference 2"),
            (circle.intersection(with: rect.inverse()), { inCircle($0) && !inRect($0) }, "intersection"),
            (
                circle.byUnion(with: rect).byDifference(from: circle.byIntersection(with: rect)),
                { inCircle($0) != inRect($0) }, "symmetric difference"
            ),
            (Region.infinite, { _ in true }, "infinite"),
            (Region.infinite.inverse(), { _ in false }, "empty"),
            (Region.infinite.difference(from: circle), { !inCircle($0) }, "infinite minus circle"),
            (circle.union(with: Region.infinite.inverse()), inCircle, "union with empty"),
        ]
        var points: [CGPoint] = [
            CGPoint(x: 50, y: 0), CGPoint(x: 0, y: 50), CGPoint(x: 50, y: 20), CGPoint(x: -50, y: -20),
        ]
        for x in stride(from: -150.0, through: 150, by: 12.5) {
            for y in stride(from: -90.0, through: 90, by: 7.5) { points.append(CGPoint(x: x, y: y)) }
        }
        for (region, truth, name) in cases {
            for p in points {
                #expect(region.contains(p) == truth(p), "\(name) at \(p)")
                // The solver's flattened copy (metres) agrees away from the edges.
                let onEdge =
                    abs(p.x * p.x + p.y * p.y - 2500) < 1e-6 || abs(abs(p.x) - 50) < 1e-9 || abs(abs(p.y) - 20) < 1e-9
                if !onEdge {
                    #expect(
                        RegionNode.contains(region.solverNodes(), Vec2(p) / 100) == truth(p), "\(name) solver at \(p)")
                }
            }
        }
    }

    /// A field acts only inside its region, which is centred on the field's position and
    /// follows it when the position moves.
    @Test func regionLimitsWhereTheFieldActs() {
        let near = FieldTestItem(40, 0, size: 20), far = FieldTestItem(300, 0, size: 20)
        let field = FieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: 1))
        field.region = Region(radius: 100)
        let (animator, properties) = setUp(field, [near, far])
        animator.step(subStep)
        #expect(close(velocity(properties, near), Vec2(0, 100 * subStep)))
        #expect(velocity(properties, far) == .zero)
        field.position = CGPoint(x: 300, y: 0)
        animator.step(subStep)
        #expect(close(velocity(properties, near), Vec2(0, 100 * subStep)))
        #expect(close(velocity(properties, far), Vec2(0, 100 * subStep)))
        field.region = Region(size: CGSize(width: 10, height: 10)).inverse()
        animator.step(subStep)
        #expect(close(velocity(properties, near), Vec2(0, 200 * subStep)))
        #expect(
            close(velocity(properties, far), Vec2(0, 100 * subStep)), "far sits at the field's position, in the hole")
    }

    // MARK: Animator rules

    /// A field moves only its own items; removing an item or the field stops it acting.
    @Test func fieldActsOnlyOnItsOwnItems() {
        let mine = FieldTestItem(0, 0), other = FieldTestItem(500, 0)
        let animator = DynamicAnimator()
        let properties = undamped([mine, other])
        let field = FieldBehavior.linearGravityField(direction: CGVector(dx: 1, dy: 0))
        field.addItem(mine)
        animator.addBehavior(properties)
        animator.addBehavior(field)
        run(animator, frames: 10)
        #expect(mine.center.x > 0)
        #expect(other.center == CGPoint(x: 500, y: 0) && velocity(properties, other) == .zero)
        field.removeItem(mine)
        let v = velocity(properties, mine)
        run(animator, frames: 5)
        #expect(velocity(properties, mine) == v)
        field.addItem(mine)
        animator.removeBehavior(field)
        #expect(animator.world.fields.isEmpty)
        run(animator, frames: 5)
        #expect(velocity(properties, mine) == v)
    }

    /// Fields can live inside a composite behaviour, and changing a parameter wakes a resting
    /// animator (fields write through and wake the world).
    @Test func parameterChangesWriteThroughAndWake() {
        let item = FieldTestItem(0, 0)
        let animator = DynamicAnimator()
        let field = FieldBehavior.linearGravityField(direction: CGVector(dx: 1, dy: 0))
        field.strength = 0
        field.addItem(item)
        let composite = DynamicBehavior()
        composite.addChildBehavior(field)
        composite.addChildBehavior(DynamicItemBehavior(items: [item]))
        animator.addBehavior(composite)
        run(animator, frames: 40)
        #expect(!animator.isRunning, "an item at rest sleeps after 0.5 s")
        field.strength = 1
        #expect(animator.isRunning)
        run(animator, frames: 10)
        #expect(item.center.x > 0)
        #expect(animator.world.fields.parameters[0].strength == 1)
    }

    /// 32 fields fit in an animator; removing one frees its place.
    @Test func thirtyTwoFieldsFit() {
        let animator = DynamicAnimator()
        let fields = (0..<32).map { _ in FieldBehavior.dragField() }
        for field in fields { animator.addBehavior(field) }
        #expect(animator.world.fields.count == 32)
        animator.removeBehavior(fields[7])
        animator.addBehavior(FieldBehavior.vortexField())
        #expect(animator.world.fields.count == 32)
    }

    /// The 33rd field traps.
    @Test func thirtyThirdFieldTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let animator = DynamicAnimator()
            for _ in 0..<33 { animator.addBehavior(FieldBehavior.dragField()) }
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Too many field behaviors: a dynamic animator supports at most 32 field behaviors"))
    }

    /// Non-finite inputs are reported and ignored; smoothness clamps to 0 … 1; a negative
    /// minimum radius is rejected. The world stays finite.
    @Test func badInputIsIgnored() {
        let capture = LogCapture()
        let item = FieldTestItem(100, 0)
        let field = FieldBehavior.noiseField(smoothness: 0.5, animationSpeed: 1)
        let animator = DynamicAnimator()
        animator.logger = capture.logger
        field.addItem(item)
        animator.addBehavior(field)
        field.strength = .nan
        field.falloff = .infinity
        field.position = CGPoint(x: CGFloat.nan, y: 0)
        field.direction = CGVector(dx: 0, dy: -CGFloat.infinity)
        field.minimumRadius = -1
        field.minimumRadius = .nan
        field.smoothness = .nan
        field.animationSpeed = .nan
        #expect(capture.messages.filter { $0.hasPrefix("error") }.count == 8)
        #expect(field.strength == 1 && field.falloff == 0 && field.position == .zero && field.direction == .zero)
        #expect(
            field.minimumRadius == FieldBehavior.defaultMinimumRadius && field.smoothness == 0.5
                && field.animationSpeed == 1)
        field.smoothness = 7
        #expect(field.smoothness == 1)
        field.smoothness = -2
        #expect(field.smoothness == 0)
        #expect(Region(radius: .nan).contains(.zero) == false)
        run(animator, frames: 20)
        #expect(animator.world.bodies.allSatisfy { $0.position.isFinite && $0.linearVelocity.isFinite })
        #expect(item.center.isFinite)
    }

    /// A radial field at an item's exact position: the direction is undefined, so no force
    /// (never NaN), even with minimumRadius 0 where the inverse square is infinite.
    @Test func singularPointsGiveNoNaN() {
        let item = FieldTestItem(0, 0)
        let field = FieldBehavior.radialGravityField(position: .zero)
        field.minimumRadius = 0
        let electric = FieldBehavior.electricField()
        electric.minimumRadius = 0
        electric.addItem(item)
        let (animator, properties) = setUp(field, [item], charges: [1])
        animator.addBehavior(electric)
        run(animator, frames: 5)
        #expect(velocity(properties, item) == .zero)
        #expect(item.center == .zero)
    }

    // MARK: Noise

    /// Noise and turbulence are functions of their inputs only: two identical runs agree bit
    /// for bit, and the items do move (and differently with another smoothness).
    @Test func noiseIsDeterministic() {
        func simulate(smoothness: CGFloat) -> [CGPoint] {
            let items = (0..<6).map { FieldTestItem(CGFloat($0) * 70, CGFloat($0 % 2) * 45, size: 20) }
            let animator = DynamicAnimator()
            let noise = FieldBehavior.noiseField(smoothness: smoothness, animationSpeed: 2)
            noise.strength = 3
            let turbulence = FieldBehavior.turbulenceField(smoothness: smoothness, animationSpeed: 1)
            turbulence.strength = 2
            for item in items {
                noise.addItem(item)
                turbulence.addItem(item)
            }
            animator.addBehavior(noise)
            animator.addBehavior(turbulence)
            run(animator, frames: 120)
            return items.map(\.center)
        }
        let first = simulate(smoothness: 0.3), second = simulate(smoothness: 0.3)
        #expect(first == second)
        #expect(first.contains { $0.x != 0 || $0.y != 0 })
        let start = (0..<6).map { CGPoint(x: CGFloat($0) * 70, y: CGFloat($0 % 2) * 45) }
        #expect(zip(first, start).allSatisfy { $0 != $1 }, "every item moved")
        #expect(simulate(smoothness: 0.9) != first)
    }

    /// The noise is bounded (each component within ±1.1 over 20 000 samples; gradient noise of
    /// this kind peaks near ±1), continuous in space, still when animationSpeed is 0, and
    /// turbulence leaves still items alone.
    @Test func noiseIsBoundedSmoothAndStill() {
        var largest = 0.0
        for i in 0..<20_000 {
            let p = Vec2(Double(i % 137) * 0.173 - 11, Double(i / 137) * 0.291 - 20)
            let n = FieldNoise.vector(
                p, time: Double(i) * 0.01, smoothness: Double(i % 5) / 4, speed: 1, seed: UInt32(i % 3))
            largest = max(largest, abs(n.x), abs(n.y))
        }
        #expect(largest <= 1.1 && largest > 0.3)
        let p = Vec2(1.234, -5.678)
        let a = FieldNoise.vector(p, time: 3, smoothness: 0.2, speed: 1, seed: 9)
        let b = FieldNoise.vector(p + Vec2(1e-7, 1e-7), time: 3, smoothness: 0.2, speed: 1, seed: 9)
        #expect(length(a - b) < 1e-5)
        #expect(
            FieldNoise.vector(p, time: 0, smoothness: 0.5, speed: 0, seed: 4)
                == FieldNoise.vector(p, time: 100, smoothness: 0.5, speed: 0, seed: 4))
        #expect(FieldNoise.vector(Vec2(.nan, 1e300), time: .infinity, smoothness: 0.5, speed: 1, seed: 4).isFinite)

        let still = FieldTestItem(10, 10)
        let turbulence = FieldBehavior.turbulenceField(smoothness: 0, animationSpeed: 1)
        turbulence.strength = 50
        let (animator, properties) = setUp(turbulence, [still])
        run(animator, frames: 5)
        #expect(velocity(properties, still) == .zero)
    }
}

@Suite("Custom field blocks and the animator")
struct CustomFieldQueryTests {
    /// A custom block may ask the animator about an item mid-step (app code does): the force it
    /// builds from that answer is applied as F/m, here a drag of −v·1 N per m/s on a 1 kg item,
    /// so the velocity decays by (1 − h) per sub-step (resistance 0).
    @Test func customBlockMayQueryTheAnimator() {
        final class Item: DynamicItem {
            var center = CGPoint.zero
            var bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
            var transform = CGAffineTransform.identity
        }
        let item = Item()
        let animator = DynamicAnimator()
        let properties = DynamicItemBehavior(items: [item])
        properties.resistance = 0
        properties.addLinearVelocity(CGPoint(x: 100, y: 0), for: item)
        var queried = 0
        let field = FieldBehavior.field { _, _, _, _, _, _ in
            queried += 1
            let v = properties.linearVelocity(for: item)  // reads the animator mid-step
            return CGVector(dx: -v.x / 100, dy: -v.y / 100)
        }
        field.addItem(item)
        animator.addBehavior(properties)
        animator.addBehavior(field)
        for _ in 0..<10 { animator.step(1.0 / 120.0) }
        let h = Double(Float(1.0 / 120.0))
        #expect(queried == 9, "one call per sub-step (the first 120 Hz frame has none)")
        #expect(abs(Double(properties.linearVelocity(for: item).x) - 100 * pow(1 - h, 9)) < 1e-9)
    }
}
