import KineticDynamics
import KineticGestures
import KineticInteractions
// `TossPlayScene` (seed 004, `toss`): drag a card and throw it.
import KineticPlatform

/// Seed 004: a 200×200 card at (187.5, 333.5) in a 375×667 view; drag it, throw it.
public final class TossPlayScene: InteractiveScene {
    public let clock = ManualClock()
    public let arena: GestureArena
    public let card = Card(
        center: CGPoint(x: InteractiveSceneName.viewSize.width / 2, y: InteractiveSceneName.viewSize.height / 2),
        size: CGSize(width: 200, height: 200))
    public let interaction: TossInteraction

    public init(seed: UInt64) {
        arena = GestureArena(clock: clock)
        interaction = TossInteraction(
            item: card, referenceBounds: CGRect(origin: .zero, size: InteractiveSceneName.viewSize), clock: clock,
            seed: seed)
        interaction.install(in: arena)
    }

    public func advance(to time: TimeInterval) {
        clock.sleep(until: time)
        arena.advance(to: time)  // the toss's physics and animations with it
    }

    public var state: [Double] {
        let t = card.transform
        let values: [Double] = [
            card.center.x, card.center.y, t.a, t.b, t.c, t.d, card.bounds.width, card.bounds.height,
        ]
        return values
    }

    public var summary: String {
        let angle = Elementary.atan2(card.transform.b, card.transform.a)
        return
            "card: center (\(fixedPointText(card.center.x, digits: 2)), \(fixedPointText(card.center.y, digits: 2))), "
            + "angle \(fixedPointText(angle, digits: 4)) rad"
    }

    public var overlay: DebugOverlay { DebugOverlay([interaction.animator]) }

    public var drawables: [Drawable] {
        var all = [
            Drawable(
                id: 0, kind: .card, x: Double(card.center.x), y: Double(card.center.y),
                width: Double(card.bounds.width),
                height: Double(card.bounds.height), angle: Double(Elementary.atan2(card.transform.b, card.transform.a)))
        ]
        // The tutorial's debug squares: red at the anchor, blue at the grab point on the card.
        if let anchor = interaction.anchorPoint {
            all.append(
                Drawable(id: 1, kind: .anchor, x: Double(anchor.x), y: Double(anchor.y), width: 10, height: 10, z: 2))
        }
        if let attached = interaction.attachmentPoint {
            all.append(
                Drawable(
                    id: 2, kind: .attachment, x: Double(attached.x), y: Double(attached.y), width: 10, height: 10, z: 1)
            )
        }
        return all
    }
}
