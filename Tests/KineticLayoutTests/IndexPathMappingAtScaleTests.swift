import Foundation
import Testing

@testable import KineticLayout

/// The index-path mapping of a batch update is stored by its changes only (``CollectionView/ItemShifts``).
/// Checked against a dense model: the sections spelled out item by item after UIKit's rule
/// (inserts and moves take their places, the staying items fill the rest in order), on random
/// valid batches; and at a million items, built from the changes alone.
@Suite("Index-path mapping at scale")
struct IndexPathMappingAtScaleTests {
    /// A random valid batch of item updates over `before` (deletes, moves within and across
    /// sections, inserts, reloads) and the dense model of where every item goes.
    static func randomBatch(before: [Int], random: inout SystemRandomNumberGenerator)
        -> (after: [Int], operations: [BatchOperation], model: [[IndexPath?]])
    {
        var leaving: [Int: (to: Int, move: Bool)] = [:]  // by flat old index: destination section
        var operations: [BatchOperation] = []
        var movesInto = [[IndexPath]](repeating: [], count: before.count)  // sources by destination section
        var insertsInto = [Int](repeating: 0, count: before.count)
        var reloaded: [IndexPath] = []
        for section in before.indices {
            for item in 0..<before[section] {
                switch Int.random(in: 0..<10, using: &random) {
                case 0: leaving[section << 32 | item] = (-1, false)
                case 1:
                    let to = Int.random(in: before.indices, using: &random)
                    leaving[section << 32 | item] = (to, true)
                    movesInto[to].append(IndexPath(item: item, section: section))
                case 2: reloaded.append(IndexPath(item: item, section: section))
                default: break
                }
            }
            insertsInto[section] = Int.random(in: 0...3, using: &random)
        }
        var after = before
        for (key, role) in leaving {
            after[key >> 32] -= 1
            if role.move { after[role.to] += 1 }
        }
        for section in before.indices { after[section] += insertsInto[section] }
        var model = before.map { [IndexPath?](repeating: nil, count: $0) }
        for section in before.indices {
            // Places for this section's arrivals, then the staying items in order.
            var places = Array(0..<after[section]).shuffled(using: &random)
            var slots = [IndexPath?](repeating: nil, count: after[section])
            var claimed = [Bool](repeating: false, count: after[section])
            for source in movesInto[section] {
                let place = places.removeLast()
                claimed[place] = true
                operations.append(.moveItem(source, IndexPath(item: place, section: section)))
                model[source.section][source.item] = IndexPath(item: place, section: section)
            }
            for _ in 0..<insertsInto[section] {
                let place = places.removeLast()
                claimed[place] = true
                operations.append(.insertItem(IndexPath(item: place, section: section)))
            }
            var free = 0
            for item in 0..<before[section] where leaving[section << 32 | item] == nil {
                while claimed[free] { free += 1 }
                slots[free] = IndexPath(item: item, section: section)
                model[section][item] = IndexPath(item: free, section: section)
                free += 1
            }
        }
        for (key, role) in leaving where !role.move {
            operations.append(.deleteItem(IndexPath(item: key & 0xFFFF_FFFF, section: key >> 32)))
        }
        operations += reloaded.map(BatchOperation.reloadItem)
        operations.shuffle(using: &random)
        return (after, operations, model)
    }

    @Test func randomBatchesMapAsTheDenseModelDoes() throws {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let before = (0..<Int.random(in: 1...4, using: &random)).map { _ in Int.random(in: 0...30, using: &random) }
            let (after, operations, model) = Self.randomBatch(before: before, random: &random)
            let plan = try BatchUpdatePlan(before: before, after: after, operations: operations)
            var backwards: [IndexPath: IndexPath] = [:]
            for section in before.indices {
                for item in 0..<before[section] {
                    let old = IndexPath(item: item, section: section)
                    let expected = model[section][item]
                    #expect(plan.mapping.newIndexPath(forOldIndexPath: old) == expected, "\(old) in \(operations)")
                    if let expected { backwards[expected] = old }
                }
            }
            for section in after.indices {
                for item in 0..<after[section] {
                    let new = IndexPath(item: item, section: section)
                    #expect(plan.mapping.oldIndexPath(forNewIndexPath: new) == backwards[new], "\(new)")
                }
                #expect(
                    plan.mapping.oldIndexPath(forNewIndexPath: IndexPath(item: after[section], section: section)) == nil
                )
            }
        }
    }

    /// A million items: one insert, one delete, one move, and a hundred-item batch, each mapped
    /// by its changes alone (the mapping holds a few entries, not a million), with the shift
    /// checked at both ends of the section and around each change.
    @Test func aMillionItemSectionMapsByItsChanges() throws {
        let n = 1_000_000
        let insert = try BatchUpdatePlan(
            before: [n], after: [n + 1], operations: [.insertItem(IndexPath(item: 500_000, section: 0))])
        #expect(
            insert.mapping.newIndexPath(forOldIndexPath: IndexPath(item: 499_999, section: 0))
                == IndexPath(item: 499_999, section: 0))
        #expect(
            insert.mapping.newIndexPath(forOldIndexPath: IndexPath(item: 500_000, section: 0))
                == IndexPath(item: 500_001, section: 0))
        #expect(
            insert.mapping.newIndexPath(forOldIndexPath: IndexPath(item: n - 1, section: 0))
                == IndexPath(item: n, section: 0))
        #expect(insert.mapping.oldIndexPath(forNewIndexPath: IndexPath(item: 500_000, section: 0)) == nil)

        let delete = try BatchUpdatePlan(
            before: [n], after: [n - 1], operations: [.deleteItem(IndexPath(item: 0, section: 0))])
        #expect(delete.mapping.newIndexPath(forOldIndexPath: IndexPath(item: 0, section: 0)) == nil)
        #expect(
            delete.mapping.newIndexPath(forOldIndexPath: IndexPath(item: n - 1, section: 0))
                == IndexPath(item: n - 2, section: 0))

        let move = try BatchUpdatePlan(
            before: [n], after: [n],
            operations: [.moveItem(IndexPath(item: 10, section: 0), IndexPath(item: 900_000, section: 0))])
        #expect(
            move.mapping.newIndexPath(forOldIndexPath: IndexPath(item: 10, section: 0))
                == IndexPath(item: 900_000, section: 0))
        #expect(
            move.mapping.newIndexPath(forOldIndexPath: IndexPath(item: 11, section: 0))
                == IndexPath(item: 10, section: 0))
        #expect(
            move.mapping.newIndexPath(forOldIndexPath: IndexPath(item: 900_000, section: 0))
                == IndexPath(item: 899_999, section: 0))
        #expect(
            move.mapping.newIndexPath(forOldIndexPath: IndexPath(item: 900_001, section: 0))
                == IndexPath(item: 900_001, section: 0))

        // A hundred deletes, every 10,000th item: item i lands i − (deletes before it) places on.
        let deleted = (0..<100).map { $0 * 10_000 }
        let batch = try BatchUpdatePlan(
            before: [n], after: [n - 100], operations: deleted.map { .deleteItem(IndexPath(item: $0, section: 0)) })
        for item in [1, 9_999, 10_001, 505_050, n - 1] {
            let expected = item - deleted.filter { $0 < item }.count
            #expect(
                batch.mapping.newIndexPath(forOldIndexPath: IndexPath(item: item, section: 0))
                    == IndexPath(item: expected, section: 0))
        }
        if case .shifted(let shifts) = batch.mapping.newItems(forOldSection: 0) {
            #expect(shifts.removed.count == 100 && shifts.fixed.isEmpty)
        } else {
            Issue.record("the section's mapping is not stored by its changes")
        }
    }
}
