import Foundation
import KineticLayout
import KineticTestSupport
import PropertyBased
import Testing

/// Random drag sessions on a board of three columns (issue 23): lifts, taps adding cards, moves
/// anywhere (off the board too), frames of auto-scroll and cadence, drops, cancels, forbidden
/// and copying drops, placeholders committed or deleted later, and the data changed in any
/// column mid-session. After every step every card exists exactly as often as the operations
/// say (once, or once more per copy), and every column shows its data: in order, less only the
/// cards a move has lifted, plus empty places.
@Suite("Drag and drop under random use")
@MainActor
struct DragAndDropUnderRandomUseTests {
    static let counter = FuzzRun.Counter("drag and drop")

    @Test func everyCardExistsAsOftenAsItShould() async {
        let operations = DragOperation.generator.array(of: 1...40)
        await propertyCheck(count: FuzzRun.iterations(default: 200), input: operations) { operations in
            let harness = DragHarness()
            Self.counter.record(operations: harness.run(operations))
        }
        Self.counter.report()
    }
}

/// One step of a drag-and-drop session, as raw choices; every field shrinks towards 0.
struct DragOperation: CustomStringConvertible, Sendable {
    enum Kind: Int, CaseIterable, Sendable {
        case begin, add, move, step, end, cancel, insert, delete, operation, cadence, placeholders, settle
    }

    var kind: Kind
    var a: Int
    var x: Double
    var y: Double

    var description: String { "\(kind)(\(a), \(x), \(y))" }

    static let generator = zip(
        Gen.int(in: 0...(Kind.allCases.count - 1)), Gen.int(in: 0...1000), Gen.double(in: -50...650),
        Gen.double(in: -50...650)
    ).map { DragOperation(kind: Kind(rawValue: $0.0)!, a: $0.1, x: $0.2, y: $0.3) }
}

@MainActor
final class DragHarness {
    let board = BoardFixture(columns: [Array(0..<6), Array(10..<14), [20]])
    /// How many times each card must exist.
    var expected: [Int: Int] = [:]
    var next = 100

    init() {
        for id in board.columns.joined() { expected[id, default: 0] += 1 }
    }

    func run(_ operations: [DragOperation]) -> Int {
        for (index, operation) in operations.enumerated() {
            perform(operation)
            if let broken = brokenInvariant() {
                Issue.record("after operation \(index), \(operation): \(broken)")
                return index + 1
            }
        }
        board.space.cancelDrag()
        if let broken = brokenInvariant() { Issue.record("after the final cancel: \(broken)") }
        return operations.count
    }

    func perform(_ op: DragOperation) {
        let space = board.space!
        let point = CGPoint(x: op.x, y: op.y)
        switch op.kind {
        case .begin: space.beginDrag(at: point)
        case .add: space.addItems(at: point)
        case .move: space.moveDrag(to: point)
        case .step: space.step(Double(op.a % 30 + 1) / 120)
        case .end:
            let copiesBefore = board.copies.count
            space.endDrag()
            for id in board.copies[copiesBefore...] { expected[id, default: 0] += 1 }
        case .cancel: space.cancelDrag()
        case .insert:
            let column = op.a % 3
            let place = op.a / 3 % (board.columns[column].count + 1)
            board.columns[column].insert(next, at: place)
            expected[next] = 1
            next += 1
            board.views[column].insertItems(at: [IndexPath(item: place, section: 0)])
        case .delete:
            let column = op.a % 3
            guard !board.columns[column].isEmpty else { return }
            let place = op.a / 3 % board.columns[column].count
            let id = board.columns[column].remove(at: place)
            expected[id, default: 0] -= 1
            board.views[column].deleteItems(at: [IndexPath(item: place, section: 0)])
        case .operation:
            board.crossColumnOperation = [.move, .copy, .forbidden, .cancel][op.a % 4]
        case .cadence:
            board.views[op.a % 3].reorderingCadence = [.immediate, .fast, .slow][op.a / 3 % 3]
        case .placeholders:
            board.usesPlaceholders = op.a % 3 != 0
            board.keepPlaceholders = op.a % 3 == 2
        case .settle:
            // A kept placeholder: committed (its card arrives) or deleted (the app gives it up).
            guard !board.placeholders.isEmpty else { return }
            let context = board.placeholders.removeFirst()
            guard let id = context.dragItem.localObject as? Int else { return }
            if op.a % 2 == 0 {
                guard let column = board.views.firstIndex(where: { $0 === context.collectionView }),
                    context.commitInsertion(dataSourceUpdates: { path in
                        self.board.columns[column].insert(id, at: path.item)
                    })
                else {
                    expected[id, default: 0] -= 1  // gone with a reload: the card never arrives
                    return
                }
            } else {
                // The app gives the card up: a moved one is gone, a copy never arrives.
                context.deletePlaceholder()
                expected[id, default: 0] -= 1
            }
        }
    }

    /// The first broken invariant, or nil.
    func brokenInvariant() -> String? {
        var counts: [Int: Int] = [:]
        for id in board.columns.joined() { counts[id, default: 0] += 1 }
        // Cards waiting in kept placeholders are on their way: counted where they will arrive.
        for context in board.placeholders where context.isShown {
            if let id = context.dragItem.localObject as? Int { counts[id, default: 0] += 1 }
        }
        let wanted = expected.filter { $0.value != 0 }
        guard counts == wanted else {
            return "cards \(counts.sorted { $0.key < $1.key }), expected \(wanted.sorted { $0.key < $1.key })"
        }
        let lifted = Set(board.space.session?.items.compactMap { $0.localObject as? Int } ?? [])
        for (column, view) in board.views.enumerated() {
            let shown = (0..<view.numberOfItems(inSection: 0)).compactMap { item in
                view.dataIndexPath(forPresentedIndexPath: IndexPath(item: item, section: 0)).map {
                    board.columns[column][$0.item]
                }
            }
            // In order, less lifted cards only.
            var rest = shown[...]
            for id in board.columns[column] {
                if rest.first == id {
                    rest = rest.dropFirst()
                } else if !lifted.contains(id) {
                    return "column \(column) shows \(shown), its data is \(board.columns[column])"
                }
            }
            guard rest.isEmpty else { return "column \(column) shows \(shown), its data is \(board.columns[column])" }
            if board.space.session == nil, board.placeholders.isEmpty,
                view.numberOfItems(inSection: 0) != board.columns[column].count
            {
                return "column \(column) shows \(view.numberOfItems(inSection: 0)) places after the drag"
            }
        }
        return nil
    }
}
