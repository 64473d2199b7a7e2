import KineticDynamics
import Testing

@testable import KineticBindings

/// An item with no size joining an animator, through the C functions kinetic.js calls. UIKit
/// traps on it ("Invalid size {0, 0} for item … in Dynamics", and so does the engine); an element
/// hidden with `display: none` or not yet laid out has a zero box, so the bindings must answer
/// `emptyItem` instead, leave everything as it was, and let the item join once it has a size.
/// Every way an item joins is tried: each kind of behaviour added to an animator, and an item
/// added to a behaviour that is in one. (A trap would end the test process.)
/// Serialized: the handle tables are the module's globals.
@Suite(.serialized) struct EmptyItemTests {
    let empty = BindingError.emptyItem.rawValue

    /// The sizes an element's box can have with no area: nothing, or one side zero.
    static let emptySizes: [(Double, Double)] = [(0, 0), (0, 40), (40, 0)]

    /// The behaviours kinetic.js makes, each holding `item` (and `other` for an attachment
    /// between two items), by handle.
    func behaviorsHolding(_ item: Int32, _ other: Int32) -> [Int32] {
        var made = [
            kineticGravityCreate(), kineticPushCreate(0), kineticCollisionCreate(), kineticItemBehaviorCreate(),
        ]
        for handle in made { #expect(kineticBehaviorAddItem(handle, item) == 0, "not in an animator: nothing joins") }
        made.append(kineticSnapCreate(item, 100, 100))
        made.append(kineticAttachmentCreate(item, 0, 0, 50, 50))
        made.append(kineticAttachmentItemsCreate(item, 0, 0, other, 0, 0))
        made.append(kineticAttachmentItemsCreate(other, 0, 0, item, 0, 0))
        #expect(made.allSatisfy { $0 > 0 })
        return made
    }

    @Test(arguments: emptySizes)
    func addingABehaviorWithAnEmptyItemAddsNothing(width: Double, height: Double) throws {
        let animator = kineticAnimatorCreate(0, 0, 400, 400)
        let item = kineticItemCreate(100, 100, width, height), other = kineticItemCreate(200, 100, 40, 40)
        let engine = try #require(animators[animator])
        for behavior in behaviorsHolding(item, other) {
            #expect(kineticAnimatorAddBehavior(animator, behavior) == empty)
            #expect(engine.behaviors.isEmpty, "nothing was added")
            #expect(behaviors[behavior]?.dynamicAnimator == nil)
            // Laid out, the same item joins.
            #expect(kineticItemSetSize(item, 40, 40) == 0)
            #expect(kineticAnimatorAddBehavior(animator, behavior) == 0)
            #expect(engine.behaviors.count == 1)
            #expect(kineticAnimatorRemoveBehavior(animator, behavior) == 0)
            #expect(kineticItemSetSize(item, width, height) == 0)
            #expect(kineticBehaviorDestroy(behavior) == 0)
        }
        #expect(kineticAnimatorStep(animator, 1.0 / 60) >= 0)
        for handle in [item, other] { #expect(kineticItemDestroy(handle) == 0) }
        #expect(kineticAnimatorDestroy(animator) == 0)
    }

    @Test(arguments: emptySizes)
    func addingAnEmptyItemToABehaviorInAnAnimatorIsRefused(width: Double, height: Double) throws {
        let animator = kineticAnimatorCreate(0, 0, 400, 400)
        let item = kineticItemCreate(100, 100, width, height)
        let lists = [
            kineticGravityCreate(), kineticPushCreate(1), kineticCollisionCreate(), kineticItemBehaviorCreate(),
        ]
        for behavior in lists {
            #expect(kineticAnimatorAddBehavior(animator, behavior) == 0)
            #expect(kineticBehaviorAddItem(behavior, item) == empty)
            #expect(joiningItems(of: try #require(behaviors[behavior])).isEmpty, "the item was not added")
        }
        // The animator steps on, and the item joins once it has a size.
        #expect(kineticAnimatorStep(animator, 1.0 / 60) >= 0)
        #expect(kineticItemSetSize(item, 40, 40) == 0)
        for behavior in lists {
            #expect(kineticBehaviorAddItem(behavior, item) == 0)
            #expect(joiningItems(of: try #require(behaviors[behavior])).count == 1)
        }
        for _ in 0..<30 { #expect(kineticAnimatorStep(animator, 1.0 / 60) >= 0) }
        #expect(kineticItemState(item) == 0)
        #expect((0..<6).allSatisfy { scratch[$0].isFinite })
        #expect(scratch[1] > 100, "gravity moved it down")
        for behavior in lists { #expect(kineticBehaviorDestroy(behavior) == 0) }
        #expect(kineticItemDestroy(item) == 0)
        #expect(kineticAnimatorDestroy(animator) == 0)
    }

    /// An item already in the animator keeps the body it joined with (UIKit reads an item's
    /// bounds once, when it joins), so a size read as zero later (the page hid the element and
    /// updated the item) does not keep it from another behaviour in the same animator; another
    /// animator, where it would be new, refuses it.
    @Test func anItemInTheAnimatorAlreadyMayJoinAnotherBehavior() {
        let animator = kineticAnimatorCreate(0, 0, 400, 400), second = kineticAnimatorCreate(0, 0, 400, 400)
        let item = kineticItemCreate(100, 100, 40, 40)
        let gravity = kineticGravityCreate(), collision = kineticCollisionCreate(), snap = kineticSnapCreate(item, 0, 0)
        #expect(kineticBehaviorAddItem(gravity, item) == 0)
        #expect(kineticAnimatorAddBehavior(animator, gravity) == 0)
        #expect(kineticItemSetSize(item, 0, 0) == 0)
        #expect(kineticAnimatorUpdateItem(animator, item) == 0)
        #expect(kineticAnimatorAddBehavior(animator, collision) == 0)
        #expect(kineticBehaviorAddItem(collision, item) == 0)
        #expect(kineticAnimatorAddBehavior(second, snap) == empty)
        #expect(kineticAnimatorAddBehavior(animator, snap) == 0)
        for _ in 0..<10 { #expect(kineticAnimatorStep(animator, 1.0 / 60) >= 0) }
        for behavior in [gravity, collision, snap] { #expect(kineticBehaviorDestroy(behavior) == 0) }
        #expect(kineticItemDestroy(item) == 0)
        for handle in [animator, second] { #expect(kineticAnimatorDestroy(handle) == 0) }
    }
}
