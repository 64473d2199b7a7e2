import Foundation
import Testing

@testable import KineticDynamics

/// Misuses UIKit traps on trap here with UIKit's message (checked in a child process).
@Suite("Traps with UIKit's messages")
struct TrapTests {
    @Test func addingABehaviourTwiceToOneTreeTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Item: DynamicItem {
                var center = CGPoint.zero
                var bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
                var transform = CGAffineTransform.identity
            }
            let animator = DynamicAnimator()
            let parent = DynamicBehavior()
            let child = GravityBehavior(items: [Item()])
            parent.addChildBehavior(child)
            animator.addBehavior(parent)
            animator.addBehavior(child)
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Adding the same behavior twice to the same animator is not supported"))
    }

    @Test func attachmentInitTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = AttachmentBehavior()
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("init is undefined for objects of type AttachmentBehavior"))
    }

    @Test func zeroSizedItemTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Item: DynamicItem {
                var center = CGPoint.zero
                var bounds = CGRect(x: 0, y: 0, width: 0, height: 30)
                var transform = CGAffineTransform.identity
            }
            DynamicAnimator().addBehavior(GravityBehavior(items: [Item()]))
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("Invalid size {0, 30} for item"))
        #expect(stderr.contains("in Dynamics"))
    }
}
