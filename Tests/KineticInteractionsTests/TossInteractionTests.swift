import Foundation
import KineticDynamics
import KineticGestures
import KineticTestSupport
import Testing

@testable import KineticInteractions

/// Seed 004's toss driven by touches through a gesture arena, on a manual clock at 120 Hz.
@MainActor
struct TossScene {
    let clock = ManualClock()
    let arena: GestureArena
    let card = TestView(center: CGPoint(x: 200, y: 300), size: CGSize(width: 200, height: 200))
    let toss: TossInteraction
    var time: TimeInterval = 0

    init(seed: UInt64 = 7) {
        arena = GestureArena(clock: clock)
        toss = TossInteraction(
            item: card, referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800), clock: clock, seed: seed)
        toss.install(in: arena)
    }

    /// One frame: the touch (if any) at the frame's time, then the arena's timers and the toss.
    mutating func frame(_ phase: Touch.Phase? = nil, _ point: CGPoint = .zero) {
        time += 1.0 / 120
        clock.sleep(until: time)
        if let phase { arena.handle(Touch(id: 1, phase: phase, location: point, timestamp: time)) }
        arena.advance(to: time)  // advances the toss, installed in it
    }

    /// A straight drag from `start` at `velocity` pt/s for `frames` frames, then a release.
    mutating func drag(from start: CGPoint, velocity: CGVector, frames: Int) -> CGPoint {
        frame(.began, start)
        var point = start
        for _ in 0..<frames {
            point.x += velocity.dx / 120
            point.y += velocity.dy / 120
            frame(.moved, point)
        }
        frame(.ended, point)
        return point
    }
}

@Suite("Toss (seed 004)")
@MainActor
struct TossInteractionTests {
    /// Grabbed near a corner and dragged, the card turns about the grab point, which stays on
    /// the finger (an anchor under 1 pt away, rigid: a pin, spec; 0.5 pt is the solver's slop);
    /// the debug points are exposed while dragging and cleared after.
    @Test func dragTurnsAboutTheGrabPoint() {
        var scene = TossScene()
        scene.frame(.began, CGPoint(x: 280, y: 380))
        var point = CGPoint(x: 280, y: 380)
        for _ in 0..<60 {
            point.x -= 3
            scene.frame(.moved, point)
        }
        for _ in 0..<60 { scene.frame(.stationary, point) }
        let anchor = scene.toss.anchorPoint!
        let attached = scene.toss.attachmentPoint!
        #expect(anchor == point)
        #expect(hypot(attached.x - anchor.x, attached.y - anchor.y) < 0.5)
        let angle = atan2(scene.card.transform.b, scene.card.transform.a)
        #expect(abs(angle) > 0.05, "the card turned, \(angle) rad")
        scene.frame(.ended, point)
        #expect(scene.toss.anchorPoint == nil && scene.toss.attachmentPoint == nil)
    }

    /// A fast release (2000 pt/s > 1000) flies along the release velocity and spins by a whole
    /// number of rad/s in −10…9 (the tutorial's arc4random_uniform(20) − 10); 0.4 s later it
    /// animates home in 0.45 s, ending exactly at its original center, bounds and identity.
    @Test func fastReleaseFliesAndComesHome() {
        var scene = TossScene(seed: 3)
        let release = scene.drag(from: CGPoint(x: 200, y: 300), velocity: CGVector(dx: 1600, dy: -1200), frames: 12)
        let releasedAt = scene.card.center
        #expect(scene.toss.lastSpin == scene.toss.lastSpin.rounded() && (-10...9).contains(scene.toss.lastSpin))
        for _ in 0..<24 { scene.frame() }  // 0.2 s of flight
        let d = CGPoint(x: scene.card.center.x - releasedAt.x, y: scene.card.center.y - releasedAt.y)
        let along = (d.x * 1600 - d.y * 1200) / 2000
        let across = abs(d.x * -1200 - d.y * 1600) / 2000
        #expect(along > 100, "flew \(along) pt along the velocity")
        #expect(across < 0.05 * along, "and not sideways (\(across) pt)")
        _ = release
        for _ in 0..<Int((0.4 + 0.45) * 120) + 2 { scene.frame() }
        #expect(scene.card.center == CGPoint(x: 200, y: 300))
        #expect(scene.card.bounds == CGRect(x: 0, y: 0, width: 200, height: 200))
        #expect(scene.card.transform == .identity)
        #expect(!scene.toss.animator.isRunning || scene.toss.animator.behaviors.isEmpty)
    }

    /// A slow release (300 pt/s) starts home at once: 0.45 s later it is there.
    @Test func slowReleaseResetsAtOnce() {
        var scene = TossScene()
        _ = scene.drag(from: CGPoint(x: 150, y: 250), velocity: CGVector(dx: 300, dy: 0), frames: 40)
        #expect(scene.toss.animator.behaviors.isEmpty, "no push: straight home")
        #expect(scene.card.center != CGPoint(x: 200, y: 300))
        for _ in 0..<Int(0.45 * 120) + 2 { scene.frame() }
        #expect(scene.card.center == CGPoint(x: 200, y: 300))
        #expect(scene.card.transform == .identity)
    }

    /// The same touches and seed give the same frames, bit for bit.
    @Test func deterministic() {
        func run() -> [CGFloat] {
            var scene = TossScene(seed: 11)
            var trace: [CGFloat] = []
            _ = scene.drag(from: CGPoint(x: 250, y: 350), velocity: CGVector(dx: -2500, dy: 400), frames: 10)
            for _ in 0..<60 {
                scene.frame()
                trace += [scene.card.center.x, scene.card.center.y, scene.card.transform.b]
            }
            return trace
        }
        #expect(run() == run())
    }
}
