import Foundation
import Testing

@testable import KineticDynamics

/// A composite in the style of seed 000: it builds its children in its initialiser.
final class Bundle: DynamicBehavior {
    let gravity: GravityBehavior
    init(item: any DynamicItem) {
        gravity = GravityBehavior(items: [item])
        super.init()
        addChildBehavior(gravity)
        addChildBehavior(DynamicItemBehavior(items: [item]))
    }
    var moves: [DynamicAnimator?] = []
    override func willMove(to dynamicAnimator: DynamicAnimator?) { moves.append(dynamicAnimator) }
}

@Suite("Behaviour trees, actions, changes during a step")
struct BehaviorTreeTests {
    @Test func compositeAssociatesItsSubtree() {
        let item = TestItem(center: .zero)
        let bundle = Bundle(item: item)
        let animator = DynamicAnimator()
        animator.addBehavior(bundle)
        #expect(bundle.dynamicAnimator === animator)
        #expect(bundle.childBehaviors.allSatisfy { $0.dynamicAnimator === animator })
        #expect(bundle.moves.count == 1 && bundle.moves[0] === animator)
        run(animator, frames: 5)
        #expect(item.center.y > 0)
        #expect(animator.items(in: CGRect(x: -10, y: -10, width: 20, height: 200)).count == 1)
        animator.removeBehavior(bundle)
        #expect(bundle.moves.count == 2 && bundle.moves[1] == nil)
        #expect(bundle.childBehaviors.allSatisfy { $0.dynamicAnimator == nil })
        #expect(animator.items(in: CGRect(x: -1000, y: -1000, width: 4000, height: 4000)).isEmpty)
    }

    @Test func primitivesTakeNoChildren() {
        let gravity = GravityBehavior()
        gravity.addChildBehavior(DynamicBehavior())
        #expect(gravity.childBehaviors.isEmpty)
    }

    @Test func addingTopLevelTwiceIsIgnored() {
        let animator = DynamicAnimator()
        let gravity = GravityBehavior(items: [TestItem()])
        animator.addBehavior(gravity)
        animator.addBehavior(gravity)
        #expect(animator.behaviors.count == 1)
    }

    /// Children added to a composite already in the animator are associated at once; removed
    /// ones are dissociated (their items leave the world).
    @Test func childChangesOnAnAttachedComposite() {
        let animator = DynamicAnimator()
        let parent = DynamicBehavior()
        animator.addBehavior(parent)
        let item = TestItem(center: .zero)
        let gravity = GravityBehavior(items: [item])
        parent.addChildBehavior(gravity)
        #expect(gravity.dynamicAnimator === animator && animator.isRunning)
        run(animator, frames: 3)
        #expect(item.center.y > 0)
        parent.removeChildBehavior(gravity)
        #expect(gravity.dynamicAnimator == nil)
        #expect(animator.items(in: CGRect(x: -1e4, y: -1e4, width: 2e4, height: 2e4)).isEmpty)
    }

    /// Actions run after write-back, once per step, in traversal order (parent before child).
    @Test func actionsRunInTraversalOrderAfterWriteBack() {
        let item = TestItem(center: .zero)
        let parent = DynamicBehavior()
        let child = GravityBehavior(items: [item])
        parent.addChildBehavior(child)
        var log: [String] = []
        parent.action = { log.append("parent \(item.center.y > 0)") }
        child.action = { log.append("child") }
        let animator = DynamicAnimator()
        animator.addBehavior(parent)
        animator.step(1.0 / 60.0)
        #expect(log == ["parent true", "child"])
    }

    /// A behaviour added from an action joins at the end of the step: gravity added during
    /// frame 1 moves nothing in frame 1; one removing itself still finishes its step.
    @Test func changesDuringAStepTakeEffectAfterIt() {
        let item = TestItem(center: .zero)
        let animator = DynamicAnimator()
        let trigger = DynamicBehavior()
        let gravity = GravityBehavior(items: [item])
        var calls = 0
        trigger.action = { [unowned animator, unowned trigger] in
            calls += 1
            animator.addBehavior(gravity)
            animator.removeBehavior(trigger)
            #expect(animator.behaviors.count == 1, "the tree is unchanged until the step ends")
        }
        animator.addBehavior(trigger)
        animator.step(1.0 / 60.0)
        #expect(item.center.y == 0 && calls == 1)
        #expect(animator.behaviors.count == 1 && animator.behaviors[0] === gravity)
        animator.step(1.0 / 60.0)
        #expect(item.center.y > 0 && calls == 1)
    }

    /// Items added to or removed from a primitive during a step also wait for the step's end.
    @Test func itemChangesDuringAStepAreDeferred() {
        let a = TestItem(center: .zero), b = TestItem(center: CGPoint(x: 300, y: 0))
        let gravity = GravityBehavior(items: [a])
        let animator = DynamicAnimator()
        var added = false
        gravity.action = { [unowned gravity] in
            if !added { gravity.addItem(b) }
            added = true
        }
        animator.addBehavior(gravity)
        animator.step(1.0 / 60.0)
        #expect(b.center.y == 0 && gravity.items.count == 2)
        animator.step(1.0 / 60.0)
        #expect(b.center.y > 0)
        gravity.removeItem(b)
        let y = b.center.y
        run(animator, frames: 3)
        #expect(b.center.y == y)
    }
}

@Suite("Behaviours outliving their animator")
struct AnimatorLifetimeTests {
    /// Behaviours left in an animator that goes away are dissociated and work in the next one:
    /// a snap and a collision boundary behave there as in a fresh animator.
    @Test func behavioursMoveOnAfterTheirAnimatorIsGone() {
        let item = TestItem(center: CGPoint(x: 0, y: 0), size: CGSize(width: 40, height: 40))
        let snap = SnapBehavior(item: item, snapTo: CGPoint(x: 100, y: 0))
        let collision = CollisionBehavior(items: [item])
        collision.addBoundary(withIdentifier: "floor", from: CGPoint(x: -500, y: 400), to: CGPoint(x: 500, y: 400))
        do {
            let first = DynamicAnimator()
            first.addBehavior(snap)
            first.addBehavior(collision)
            run(first, frames: 5)
        }
        #expect(snap.dynamicAnimator == nil && collision.dynamicAnimator == nil)
        let second = DynamicAnimator()
        second.addBehavior(snap)
        second.addBehavior(collision)
        for _ in 0..<600 where second.isRunning { second.step(1.0 / 60.0) }
        #expect(hypot(item.center.x - 100, item.center.y) < 0.5)
        #expect(collision.boundaryIdentifiers == ["floor"])
        #expect(second.world.liveShapeCount == 2, "the item's shape and the floor, nothing stale")
    }
}

/// An item whose center setter runs app code: here, taking items out of a behaviour.
private final class ReactingItem: DynamicItem {
    var center: CGPoint {
        didSet { onMove?() }
    }
    var bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
    var transform: CGAffineTransform = .identity
    var onMove: (() -> Void)?

    init(center: CGPoint) { self.center = center }
}

@Suite("Write-back after removals")
struct WriteBackOrderTests {
    /// The write-back walks its list in place while the items' setters run; a setter that
    /// removes items from the world (its own and others) must not change that list under it:
    /// the removals wait for the end of the step, as UIKit defers changes made during one.
    /// Truth: every item is written in that step, and the removed ones stop moving after it.
    @Test func aSetterThatRemovesItemsDuringTheWriteBackWaitsForTheStepsEnd() {
        let items = (0..<4).map { ReactingItem(center: CGPoint(x: 150 * Double($0), y: 0)) }
        let gravity = GravityBehavior(items: items)
        let animator = DynamicAnimator()
        animator.addBehavior(gravity)
        var fired = false
        items[1].onMove = {
            guard !fired else { return }
            fired = true
            gravity.removeItem(items[1])
            gravity.removeItem(items[0])
            gravity.removeItem(items[3])
        }
        // Item 1 holds the closure, which holds item 1: let go of the cycle at the end
        // (LeakSanitizer reported it).
        defer { items[1].onMove = nil }
        run(animator, frames: 2)
        #expect(fired)
        #expect(items.allSatisfy { $0.center.y > 0 }, "every item was written in the step the setter ran")
        #expect(gravity.items.count == 1)
        let before = items.map(\.center)
        run(animator, frames: 3)
        for i in [0, 1, 3] { #expect(items[i].center == before[i]) }
        #expect(items[2].center.y > before[2].y)
        #expect(items[2].center.x == before[2].x)
    }

    /// Items leave the world by swapping the last record into their place; the write-back's
    /// own list must follow, or items would be written with another body's state. Truth: every
    /// item still falling moves exactly as one item falling alone in its own animator, keeps its
    /// x, and a group's members keep their spacing; removed items stay where they were.
    @Test func everyItemKeepsItsOwnBodyAfterSwapRemovals() {
        let items = (0..<5).map { TestItem(center: CGPoint(x: 100 * Double($0), y: 20 * Double($0))) }
        let left = TestItem(center: CGPoint(x: 600, y: 0)), right = TestItem(center: CGPoint(x: 700, y: 0))
        let group = DynamicItemGroup(items: [left, right])
        let gravity = GravityBehavior(items: items + [group])
        let animator = DynamicAnimator()
        animator.addBehavior(gravity)
        run(animator, frames: 2)
        // Remove the first and the third: the group's record, then the fifth item's, are
        // swapped into their slots.
        gravity.removeItem(items[0])
        gravity.removeItem(items[2])
        let before = items.map(\.center), groupBefore = (left.center, right.center)
        run(animator, frames: 10)

        let lone = TestItem(center: .zero)
        let reference = DynamicAnimator()
        reference.addBehavior(GravityBehavior(items: [lone]))
        run(reference, frames: 2)
        let loneBefore = lone.center.y
        run(reference, frames: 10)
        let drop = lone.center.y - loneBefore
        #expect(drop > 0)

        for i in [1, 3, 4] {
            #expect(items[i].center.x == before[i].x)
            // The same arithmetic on the same numbers, up to the start height's rounding.
            #expect(abs((items[i].center.y - before[i].y) - drop) < 1e-9)
        }
        for i in [0, 2] { #expect(items[i].center == before[i]) }
        #expect(abs((left.center.y - groupBefore.0.y) - drop) < 1e-9)
        #expect(abs((right.center.x - left.center.x) - 100) < 1e-9)
        #expect(right.center.y == left.center.y)
    }
}
