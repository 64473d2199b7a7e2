import Foundation
import Testing

@testable import KineticDynamics

/// Records delegate callbacks in order.
final class CollisionLog: CollisionBehaviorDelegate {
    var entries: [String] = []
    var points: [CGPoint] = []
    func collisionBehavior(
        _ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem, with item2: any DynamicItem,
        at point: CGPoint
    ) {
        entries.append("began items")
        points.append(point)
    }
    func collisionBehavior(
        _ behavior: CollisionBehavior, endedContactFor item1: any DynamicItem, with item2: any DynamicItem
    ) {
        entries.append("ended items")
    }
    func collisionBehavior(
        _ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
        withBoundaryIdentifier identifier: AnyHashable?, at point: CGPoint
    ) {
        entries.append("began \(identifier.map { "\($0)" } ?? "nil")")
        points.append(point)
    }
    func collisionBehavior(
        _ behavior: CollisionBehavior, endedContactFor item: any DynamicItem,
        withBoundaryIdentifier identifier: AnyHashable?
    ) {
        entries.append("ended \(identifier.map { "\($0)" } ?? "nil")")
    }
}

@Suite("Collisions: contacts, restitution, stacking, tunnelling, callbacks")
struct CollisionTests {
    /// Frictionless, undamped material for exact impact checks.
    func material(_ items: [any DynamicItem], elasticity: CGFloat) -> DynamicItemBehavior {
        let b = undamped(items)
        b.friction = 0
        b.elasticity = elasticity
        return b
    }

    /// Linear momentum is conserved in an item–item impact (contact impulses are equal and
    /// opposite); with elasticity 1 equal masses exchange velocities (within 2 %).
    @Test(arguments: [0.0, 0.5, 1.0])
    func impactConservesMomentum(elasticity: Double) {
        let a = TestItem(center: CGPoint(x: 0, y: 0), size: CGSize(width: 40, height: 40))
        let b = TestItem(center: CGPoint(x: 100, y: 0), size: CGSize(width: 40, height: 40))
        let m = material([a, b], elasticity: CGFloat(elasticity))
        m.addLinearVelocity(CGPoint(x: 300, y: 0), for: a)
        let animator = DynamicAnimator()
        animator.addBehavior(m)
        animator.addBehavior(CollisionBehavior(items: [a, b]))
        run(animator, frames: 60, dt: 1.0 / 120.0)
        let va = m.linearVelocity(for: a), vb = m.linearVelocity(for: b)
        // Both 0.16 kg: momentum ∝ sum of velocities. Rounding only.
        #expect(abs(va.x + vb.x - 300) < 1e-6 && abs(va.y + vb.y) < 1e-6)
        // Newton's restitution law for the 1-D impact: separation speed = e × approach speed.
        #expect(abs((vb.x - va.x) - elasticity * 300) <= 0.02 * 300 + 1e-9, "va \(va.x) vb \(vb.x)")
    }

    /// Bounce off a boundary: above 100 pt/s the rebound is e × the impact speed (within 2 %);
    /// below the threshold there is no bounce at all.
    @Test(arguments: [(500.0, 0.5), (500.0, 0.9), (2000.0, 0.3), (60.0, 0.9)])
    func restitutionAboveThresholdOnly(speed: Double, elasticity: Double) {
        let item = TestItem(center: CGPoint(x: 0, y: 0), size: CGSize(width: 40, height: 40))
        let m = material([item], elasticity: CGFloat(elasticity))
        m.addLinearVelocity(CGPoint(x: 0, y: speed), for: item)
        let collision = CollisionBehavior(items: [item])
        collision.addBoundary(withIdentifier: "floor", from: CGPoint(x: -500, y: 200), to: CGPoint(x: 500, y: 200))
        let animator = DynamicAnimator()
        animator.addBehavior(m)
        animator.addBehavior(collision)
        var rebound = 0.0
        for _ in 0..<240 {
            animator.step(1.0 / 120.0)
            rebound = max(rebound, -Double(m.linearVelocity(for: item).y))
        }
        #expect(item.center.y < 180 + 0.6, "never through the floor")
        if speed > 100 {
            #expect(abs(rebound - elasticity * speed) <= 0.02 * elasticity * speed)
        } else {
            #expect(rebound < 1e-6, "no bounce below the 100 pt/s threshold (rebound \(rebound))")
        }
    }

    /// Ten 40 pt boxes stacked on the floor stay up for 10 s, drifting less than 1 pt.
    @Test func tenBoxStackStands() {
        let boxes = (0..<10).map {
            TestItem(center: CGPoint(x: 200, y: 780 - 40 * Double($0)), size: CGSize(width: 40, height: 40))
        }
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
        let collision = CollisionBehavior(items: boxes)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: boxes))
        run(animator, frames: 60)  // settle
        let settled = boxes.map(\.center)
        for _ in 0..<600 where animator.isRunning { animator.step(1.0 / 60.0) }
        for (box, start) in zip(boxes, settled) {
            #expect(hypot(box.center.x - start.x, box.center.y - start.y) < 1)
            #expect(abs(box.angle) < 0.01)
        }
        #expect(abs(boxes[9].center.y - (800 - 40 * 9.5)) < 2, "the stack is 10 boxes tall (within slops)")
    }

    /// A box dropped tilted lands and comes to rest flat on a face.
    @Test func rotatedBoxLandsFlat() {
        let box = TestItem(center: CGPoint(x: 200, y: 300), size: CGSize(width: 60, height: 40))
        box.transform = CGAffineTransform(rotationAngle: 0.5)
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
        let collision = CollisionBehavior(items: [box])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [box]))
        for _ in 0..<900 where animator.isRunning { animator.step(1.0 / 60.0) }
        let quarter = Double.pi / 2
        let a = box.angle
        #expect(abs(a - (a / quarter).rounded() * quarter) < 0.02, "angle \(a)")
        let halfHeight = Int((a / quarter).rounded()) % 2 == 0 ? 20.0 : 30.0
        #expect(abs(box.center.y - (800 - halfHeight)) < 1.5)
        #expect(!animator.isRunning, "it came to rest")
    }

    /// A 20 pt item at 5000 pt/s (42 pt per sub-step) neither passes a boundary line nor a 4 pt
    /// thin anchored item.
    @Test(arguments: [false, true])
    func noTunnellingAt5000(thinItem: Bool) {
        let bullet = TestItem(center: CGPoint(x: 0, y: 0), size: CGSize(width: 20, height: 20))
        let m = undamped([bullet])
        m.addLinearVelocity(CGPoint(x: 5000, y: 0), for: bullet)
        let collision = CollisionBehavior(items: [bullet])
        let animator = DynamicAnimator()
        animator.addBehavior(m)
        if thinItem {
            let wall = TestItem(center: CGPoint(x: 502, y: 0), size: CGSize(width: 4, height: 400))
            let anchor = DynamicItemBehavior(items: [wall])
            anchor.isAnchored = true
            animator.addBehavior(anchor)
            collision.addItem(wall)
        } else {
            collision.addBoundary(withIdentifier: "wall", from: CGPoint(x: 500, y: -200), to: CGPoint(x: 500, y: 200))
        }
        animator.addBehavior(collision)
        for _ in 0..<120 {
            animator.step(1.0 / 120.0)
            #expect(bullet.center.x < 500 - 10 + 0.6)
        }
        #expect(m.linearVelocity(for: bullet).x < 0, "it bounced back")
    }

    /// Whatever an item's speed and spin, a closed boundary holds it: 300 spinning boxes of
    /// 20–80 pt flung at 1000–30 000 pt/s (up to 250 pt, several box widths, per sub-step) from
    /// random places in a 375 × 667 walled view all stay inside the walls (to Box2D's
    /// 0.5 pt linear slop and a rotated box's half diagonal) through 2 s. The sandbox's flicks
    /// reach 20 000 pt/s.
    @Test func fastSpinningItemsStayInsideTheWalls() {
        var random = SeededRandom(seed: 11)
        func uniform(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(random.next() % 1_000_000) / 1_000_000 * (range.upperBound - range.lowerBound)
        }
        for trial in 0..<300 {
            let side = uniform(20...80)
            let box = TestItem(
                center: CGPoint(x: uniform(side...(375 - side)), y: uniform(side...(667 - side))),
                size: CGSize(width: side, height: side))
            let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 375, height: 667))
            let collision = CollisionBehavior(items: [box])
            collision.translatesReferenceBoundsIntoBoundary = true
            let m = DynamicItemBehavior(items: [box])
            m.elasticity = uniform(0...1)
            let speed = uniform(1000...30000), direction = uniform(0...(2 * .pi))
            m.addLinearVelocity(CGPoint(x: speed * cos(direction), y: speed * sin(direction)), for: box)
            m.addAngularVelocity(uniform(-200...200), for: box)
            animator.addBehavior(m)
            animator.addBehavior(collision)
            let reach = side / 2 * 2.squareRoot() + 0.5
            var worst = 0.0
            for _ in 0..<240 {
                animator.step(1.0 / 120.0)
                let c = box.center
                worst = max(
                    worst, -Double(c.x) + side / 2, Double(c.x) - 375 + side / 2, -Double(c.y) + side / 2,
                    Double(c.y) - 667 + side / 2)
                if c.x < -reach + side / 2 || c.x > 375 + reach - side / 2 || c.y < -reach + side / 2
                    || c.y > 667 + reach - side / 2
                {
                    break
                }
            }
            #expect(
                box.center.x >= 0 && box.center.x <= 375 && box.center.y >= 0 && box.center.y <= 667,
                "trial \(trial): \(side) pt box at \(speed) pt/s ended at \(box.center)")
            _ = worst
        }
    }

    /// Callbacks: every began before any ended, the reference boundary's identifier is nil,
    /// a named boundary reports its identifier.
    @Test func delegateOrderAndIdentifiers() {
        let a = TestItem(center: CGPoint(x: 100, y: 700), size: CGSize(width: 40, height: 40))
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
        let collision = CollisionBehavior(items: [a])
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.addBoundary(withIdentifier: "shelf", from: CGPoint(x: 0, y: 600), to: CGPoint(x: 400, y: 600))
        let log = CollisionLog()
        collision.collisionDelegate = log
        let m = undamped([a])
        m.elasticity = 1
        m.addLinearVelocity(CGPoint(x: 0, y: 400), for: a)
        animator.addBehavior(m)
        animator.addBehavior(collision)
        run(animator, frames: 60)
        #expect(log.entries.first == "began nil")
        #expect(log.entries.contains("ended nil"))
        #expect(log.entries.contains("began shelf"))
        #expect(log.points.allSatisfy { abs($0.y - 780 - 20) < 2 || abs($0.y - 600) < 2 })
        #expect(collision.boundaryIdentifiers == ["shelf"])
        #expect(collision.boundary(withIdentifier: "shelf") != nil)
        collision.removeAllBoundaries()
        #expect(collision.boundaryIdentifiers == nil && collision.translatesReferenceBoundsIntoBoundary)
    }

    /// Within one frame the began callbacks all come before the ended ones.
    @Test func beganBeforeEndedWithinAFrame() {
        let a = TestItem(center: CGPoint(x: 0, y: 0), size: CGSize(width: 40, height: 40))
        let b = TestItem(center: CGPoint(x: 41, y: 0), size: CGSize(width: 40, height: 40))
        let c = TestItem(center: CGPoint(x: 300, y: 0), size: CGSize(width: 40, height: 40))
        let d = TestItem(center: CGPoint(x: 341, y: 0), size: CGSize(width: 40, height: 40))
        let m = material([a, b, c, d], elasticity: 1)
        m.addLinearVelocity(CGPoint(x: 200, y: 0), for: a)  // a hits b
        m.addLinearVelocity(CGPoint(x: 200, y: 0), for: c)
        let animator = DynamicAnimator()
        let collision = CollisionBehavior(items: [a, b, c, d])
        let log = CollisionLog()
        collision.collisionDelegate = log
        animator.addBehavior(m)
        animator.addBehavior(collision)
        var frames: [[String]] = []
        for _ in 0..<30 {
            log.entries.removeAll()
            animator.step(1.0 / 60.0)
            frames.append(log.entries)
        }
        for entries in frames {
            if let lastBegan = entries.lastIndex(where: { $0.hasPrefix("began") }),
                let firstEnded = entries.firstIndex(where: { $0.hasPrefix("ended") })
            {
                #expect(lastBegan < firstEnded)
            }
        }
        #expect(frames.joined().filter { $0 == "began items" }.count >= 2)
    }

    /// Modes: `.items` ignores boundaries, `.boundaries` lets items pass through each other;
    /// items of different collision behaviours never collide.
    @Test func collisionModesAndMembership() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 400))
        let faller = TestItem(center: CGPoint(x: 100, y: 350), size: CGSize(width: 20, height: 20))
        let itemsOnly = CollisionBehavior(items: [faller])
        itemsOnly.collisionMode = .items
        itemsOnly.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(itemsOnly)

        let left = TestItem(center: CGPoint(x: 250, y: 100), size: CGSize(width: 20, height: 20))
        let right = TestItem(center: CGPoint(x: 300, y: 100), size: CGSize(width: 20, height: 20))
        let boundariesOnly = CollisionBehavior(items: [left, right])
        boundariesOnly.collisionMode = .boundaries
        animator.addBehavior(boundariesOnly)

        let x1 = TestItem(center: CGPoint(x: 100, y: 50), size: CGSize(width: 20, height: 20))
        let x2 = TestItem(center: CGPoint(x: 150, y: 50), size: CGSize(width: 20, height: 20))
        animator.addBehavior(CollisionBehavior(items: [x1]))
        animator.addBehavior(CollisionBehavior(items: [x2]))

        let m = undamped([faller, left, right, x1, x2])
        m.addLinearVelocity(CGPoint(x: 0, y: 500), for: faller)
        m.addLinearVelocity(CGPoint(x: 200, y: 0), for: left)
        m.addLinearVelocity(CGPoint(x: 200, y: 0), for: x1)
        animator.addBehavior(m)
        run(animator, frames: 30)
        #expect(faller.center.y > 400, "items mode ignores the reference boundary")
        #expect(left.center.x > right.center.x, "boundaries mode: items pass through each other")
        #expect(x1.center.x > x2.center.x, "different collision behaviours never collide")
    }

    /// An item group is one body: members keep their offsets and turn together, and its mass is
    /// the sum (an impulse of 1 gives 100 pt/s ÷ total kg).
    @Test func itemGroupMovesAsOneBody() {
        let a = TestItem(center: CGPoint(x: 100, y: 100), size: CGSize(width: 100, height: 100))  // 1 kg
        let b = TestItem(center: CGPoint(x: 200, y: 100), size: CGSize(width: 100, height: 50))  // 0.5 kg
        let group = DynamicItemGroup(items: [a, b])
        let animator = DynamicAnimator()
        let m = undamped([group])
        let push = PushBehavior(items: [group], mode: .instantaneous)
        push.magnitude = 1
        push.setTargetOffsetFromCenter(Offset(horizontal: 0, vertical: 30), for: group)
        animator.addBehavior(m)
        animator.addBehavior(push)
        animator.step(1.0 / 60.0)
        #expect(abs(m.linearVelocity(for: group).x - 100 / 1.5) < 1e-9)
        #expect(m.angularVelocity(for: group) != 0)
        let d0 = hypot(b.center.x - a.center.x, b.center.y - a.center.y)
        run(animator, frames: 60)
        #expect(abs(hypot(b.center.x - a.center.x, b.center.y - a.center.y) - d0) < 1e-9)
        #expect(abs(a.angle - b.angle) < 1e-12 && abs(a.angle) > 0.1, "members turn together")
        #expect(abs(group.transform.b - CGFloat(sin(a.angle))) < 1e-9)
    }

    @Test func groupInGroupTraps() async {
        await #expect(processExitsWith: .failure) {
            final class Item: DynamicItem {
                var center = CGPoint.zero
                var bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
                var transform = CGAffineTransform.identity
            }
            _ = DynamicItemGroup(items: [DynamicItemGroup(items: [Item()])])
        }
    }

    @Test func concavePathTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Arrow: DynamicItem {
                var center = CGPoint.zero
                var bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
                var transform = CGAffineTransform.identity
                var collisionBoundsType: DynamicItemCollisionBoundsType { .path }
                var collisionBoundingPath: BezierPath? {
                    let p = BezierPath()
                    p.move(to: CGPoint(x: -20, y: -20))
                    p.addLine(to: CGPoint(x: 0, y: 0))  // the dent
                    p.addLine(to: CGPoint(x: 20, y: -20))
                    p.addLine(to: CGPoint(x: 20, y: 20))
                    p.addLine(to: CGPoint(x: -20, y: 20))
                    p.close()
                    return p
                }
            }
            DynamicAnimator().addBehavior(CollisionBehavior(items: [Arrow()]))
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("must represent a convex polygon with counter-clockwise winding"))
    }

    @Test func degenerateBoundaryTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            CollisionBehavior(items: []).addBoundary(
                withIdentifier: "dot", from: CGPoint(x: 5, y: 5), to: CGPoint(x: 5, y: 5))
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Invalid boundary path"))
    }

    /// Ellipse and convex-path bounds: a circle of radius 20 rests with its center 20 pt above
    /// the floor; a triangle path rests on its flat base.
    @Test func ellipseAndPathBounds() {
        final class Shaped: DynamicItem {
            var center: CGPoint
            var bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
            var transform = CGAffineTransform.identity
            let collisionBoundsType: DynamicItemCollisionBoundsType
            init(_ type: DynamicItemCollisionBoundsType, x: CGFloat) {
                collisionBoundsType = type
                center = CGPoint(x: x, y: 300)
            }
            var collisionBoundingPath: BezierPath? {
                // Counter-clockwise on screen: base left, base right, apex (y down).
                let p = BezierPath()
                p.move(to: CGPoint(x: -20, y: 10))
                p.addLine(to: CGPoint(x: 20, y: 10))
                p.addLine(to: CGPoint(x: 0, y: -20))
                p.close()
                return p
            }
        }
        let ball = Shaped(.ellipse, x: 100), triangle = Shaped(.path, x: 300)
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 400))
        let collision = CollisionBehavior(items: [ball, triangle])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [ball, triangle]))
        for _ in 0..<600 where animator.isRunning { animator.step(1.0 / 60.0) }
        #expect(abs(ball.center.y - 380) < 1)
        #expect(abs(triangle.center.y - 390) < 1 && abs(atan2(triangle.transform.b, triangle.transform.a)) < 0.02)
    }
}
