// Seed 004's toss (Kodeco's "UIKit Dynamics and Swift Tutorial: Tossing Views"): its behaviour
// lines in current Swift spelling (`.instantaneous`, `addAngularVelocity(_:for:)`,
// `Int.random` for `arc4random_uniform`), run against UIKitCompat.
import Testing
import UIKitCompat

/// The tutorial's image view, as a bare item: 200×200 pt, so 4 kg at density 1 (spec: mass =
/// density × w × h / 100²).
final class Card: UIDynamicItem {
    var center = CGPoint(x: 200, y: 300)
    var bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
    var transform = CGAffineTransform.identity
}

@Suite("Seed 004's toss through UIKitCompat")
struct SeedTossTests {
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The seed's name.
    let ThrowingThreshold: CGFloat = 1000
    // swift-format-ignore: AlwaysUseLowerCamelCase
    // The seed's name.
    let ThrowingVelocityPadding: CGFloat = 35

    /// Dragging by a corner: the grab point stays on the finger (an anchor under 1 pt away, rigid,
    /// becomes a pin: spec) and the card turns about it, as the tutorial shows.
    @Test func dragByACornerTurnsTheCardAboutTheGrabPoint() {
        let imageView = Card()
        let animator = UIDynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
        let location = CGPoint(x: 280, y: 380)  // near the bottom-right corner
        let boxLocation = CGPoint(
            x: location.x - imageView.center.x + imageView.bounds.midX,
            y: location.y - imageView.center.y + imageView.bounds.midY)

        animator.removeAllBehaviors()
        let centerOffset = UIOffset(
            horizontal: boxLocation.x - imageView.bounds.midX, vertical: boxLocation.y - imageView.bounds.midY)
        let attachmentBehavior = UIAttachmentBehavior(
            item: imageView, offsetFromCenter: centerOffset, attachedToAnchor: location)
        animator.addBehavior(attachmentBehavior)

        // The finger sweeps left and up over half a second, then holds.
        for frame in 1...240 {
            let t = min(1, Double(frame) / 60)
            attachmentBehavior.anchorPoint = CGPoint(x: location.x - 200 * t, y: location.y - 150 * t)
            animator.step(1.0 / 120)
        }
        let angle = atan2(imageView.transform.b, imageView.transform.a)
        #expect(abs(angle) > 0.1, "the card turned (\(angle) rad) because it hangs from a corner")
        // The attachment point (the offset turned with the card) is on the finger, within the
        // solver's linear slop (0.5 pt, Box2D's default at 100 pt/m).
        let t = imageView.transform
        let attached = CGPoint(
            x: imageView.center.x + t.a * centerOffset.horizontal + t.c * centerOffset.vertical,
            y: imageView.center.y + t.b * centerOffset.horizontal + t.d * centerOffset.vertical
        )
        #expect(
            hypot(attached.x - attachmentBehavior.anchorPoint.x, attached.y - attachmentBehavior.anchorPoint.y) < 0.5)
    }

    /// A fast release: an instantaneous push of velocity/35 "UIKit newtons" along the velocity
    /// adds magnitude × 100 pt/s ÷ 4 kg (spec), and the item behaviour adds the random spin. One
    /// 1/120 s frame later both are damped once by resistance 0.1 (v / (1 + h·0.1)), so 0.2 %
    /// covers it; after 0.4 s the card has flown along the release velocity.
    @Test func fastReleaseFliesAlongTheVelocityAndSpins() {
        let imageView = Card()
        let start = imageView.center
        let animator = UIDynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800))
        var random = SystemRandomNumberGenerator()
        let velocity = CGPoint(x: 1500, y: -800)

        animator.removeAllBehaviors()
        let magnitude = sqrt((velocity.x * velocity.x) + (velocity.y * velocity.y))
        #expect(magnitude > ThrowingThreshold)
        let pushBehavior = UIPushBehavior(items: [imageView], mode: .instantaneous)
        pushBehavior.pushDirection = CGVector(dx: velocity.x / 10, dy: velocity.y / 10)
        pushBehavior.magnitude = magnitude / ThrowingVelocityPadding
        animator.addBehavior(pushBehavior)
        let angle = Int.random(in: 0..<20, using: &random) - 10
        let itemBehavior = UIDynamicItemBehavior(items: [imageView])
        itemBehavior.friction = 0.2
        itemBehavior.allowsRotation = true
        itemBehavior.addAngularVelocity(CGFloat(angle), for: imageView)
        animator.addBehavior(itemBehavior)

        animator.step(1.0 / 120)
        let speed = magnitude / ThrowingVelocityPadding * 100 / 4
        let v = itemBehavior.linearVelocity(for: imageView)
        #expect(abs(hypot(v.x, v.y) - speed) < 0.002 * speed)
        #expect(abs(v.x * velocity.y - v.y * velocity.x) < 1e-6 * speed * magnitude, "along the release velocity")
        #expect(v.x * velocity.x + v.y * velocity.y > 0)
        #expect(abs(itemBehavior.angularVelocity(for: imageView) - CGFloat(angle)) <= 0.002 * abs(CGFloat(angle)))

        for _ in 0..<47 { animator.step(1.0 / 120) }
        let d = CGPoint(x: imageView.center.x - start.x, y: imageView.center.y - start.y)
        #expect(abs(d.x * velocity.y - d.y * velocity.x) < 1e-6 * hypot(d.x, d.y) * magnitude)
        // Distance: the spec's sub-steps (h = Float(1/120) through an accumulator) of a velocity
        // damped by 1/(1 + h·0.1) each, semi-implicit Euler: Σₖ speed·h/(1 + h·0.1)ᵏ.
        let h = Double(Float(1.0 / 120))
        var accumulator = 0.0, subSteps = 0
        for _ in 0..<48 {
            accumulator += 1.0 / 120
            while accumulator >= h {
                accumulator -= h
                subSteps += 1
            }
        }
        let expected = (1...subSteps).reduce(0.0) { $0 + speed * h / pow(1 + h * 0.1, Double($1)) }
        #expect(abs(hypot(d.x, d.y) - expected) < 0.005 * expected, "\(subSteps) sub-steps")
    }
}
