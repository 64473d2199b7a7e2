import Testing

@testable import KineticBindings

/// The interactions kinetic.js drives, through the C functions it calls: pointers in, records and
/// orders out. Truths: the data order is a permutation of the ids after every gesture and equals
/// the model move (remove, insert) the gesture asked for; elements come back to their layout
/// slots (the flow layout's arithmetic); a paging scroll view rests on a page.
/// Serialized: the module's answers come back in shared memory (the scratch doubles, the records).
@Suite(.serialized) struct SurfaceTests {
    /// A pointer driving a surface at 60 frames a second.
    struct Finger {
        let handle: Int32
        var time = 0.0
        var id: Int32 = 1

        mutating func frame() -> Int32 {
            time += 1.0 / 60
            return kineticSurfaceAdvance(handle, time, 0)
        }

        mutating func wait(_ seconds: Double) { for _ in 0..<Int((seconds * 60).rounded()) { _ = frame() } }

        mutating func down(_ x: Double, _ y: Double) { #expect(kineticSurfaceTouch(handle, id, 0, x, y, time) == 0) }
        mutating func up(_ x: Double, _ y: Double) { #expect(kineticSurfaceTouch(handle, id, 2, x, y, time) == 0) }

        /// Moves in `steps` frames from (x0, y0) to (x1, y1).
        mutating func move(from x0: Double, _ y0: Double, to x1: Double, _ y1: Double, steps: Int = 20) {
            for step in 1...steps {
                let f = Double(step) / Double(steps)
                #expect(kineticSurfaceTouch(handle, id, 1, x0 + (x1 - x0) * f, y0 + (y1 - y0) * f, time) == 0)
                _ = frame()
            }
        }
    }

    /// The ids of container `container` in data order.
    func order(_ handle: Int32, _ container: Int32 = 0) -> [Int] {
        let count = kineticSurfaceOrder(handle, container)
        return (0..<Int(max(count, 0))).map { Int(kineticRecords()[$0]) }
    }

    /// Every element's record (the last one written for each id), by id.
    func frames(_ handle: Int32, at time: Double) -> [Int: [Double]] {
        let count = Int(kineticSurfaceAdvance(handle, time, 1))
        var byID: [Int: [Double]] = [:]
        for index in 0..<count {
            let record = (0..<RecordWriter.width).map { kineticRecords()[index * RecordWriter.width + $0] }
            byID[Int(record[0])] = record
        }
        return byID
    }

    /// A 4-column grid: 60 pt tiles, 10 pt apart and around, in a 290 pt wide view
    /// (10 + 4·60 + 3·10 + 10 = 290), 300 pt tall: slot i's center is
    /// (10 + 30 + 70·(i mod 4), 10 + 30 + 70·(i div 4)).
    static func slot(_ index: Int) -> (x: Double, y: Double) {
        (40 + 70 * Double(index % 4), 40 + 70 * Double(index / 4))
    }

    @Test func gridSlotsFollowTheFlowLayoutArithmetic() {
        let handle = kineticReorderCreate(290, 300, 40, 60, 60, 10, 10, 0, 0)
        #expect(handle > 0)
        defer { _ = kineticSurfaceDestroy(handle) }
        let all = frames(handle, at: 0)
        #expect(all.count == 40)
        for id in 0..<40 {
            let (x, y) = Self.slot(id)
            #expect(all[id]?[2] == x && all[id]?[3] == y && all[id]?[4] == 60 && all[id]?[5] == 60, "\(id)")
        }
        #expect(kineticSurfaceContainer(handle, 0) == 0)
        #expect(scratch[3] == 10 * 70 + 10)  // ten rows of 70 and the bottom inset
    }

    @Test func longPressReorderThroughAutoScrollEqualsTheModelMove() {
        let handle = kineticReorderCreate(290, 300, 40, 60, 60, 10, 10, 0, 0)
        defer { _ = kineticSurfaceDestroy(handle) }
        var finger = Finger(handle: handle)
        let start = Self.slot(1)
        finger.down(start.x, start.y)
        finger.wait(0.7)  // past the long press's 0.5 s
        // To the bottom edge and held there: the view scrolls to the end of the content.
        finger.move(from: start.x, start.y, to: Self.slot(3).x, 295)
        finger.wait(4)
        #expect(kineticSurfaceContainer(handle, 0) == 0)
        #expect(scratch[1] == 710 - 300, "auto-scrolled to the end")
        // Onto the last slot (content y 670, view y 670 − 410 = 260), then let go.
        finger.move(from: Self.slot(3).x, 295, to: Self.slot(39).x, 260, steps: 10)
        finger.up(Self.slot(39).x, 260)
        finger.wait(1)
        var model = Array(0..<40)
        model.append(model.remove(at: 1))
        #expect(order(handle) == model)
        #expect(scratch[0] == 0, "at rest")
    }

    @Test func keyboardReorderMovesAndAnnounces() {
        let handle = kineticReorderCreate(290, 300, 12, 60, 60, 10, 10, 0, 0)
        defer { _ = kineticSurfaceDestroy(handle) }
        let label = Array("Alpha".utf8)
        for (index, byte) in label.enumerated() { kineticBytes(Int32(label.count))![index] = byte }
        #expect(kineticSurfaceSetLabel(handle, 0, Int32(label.count)) == 0)
        #expect(kineticSurfaceFocus(handle, 1) == 0)
        var spoken: [String] = []
        func drain() {
            while case let length = kineticSurfaceAnnouncement(handle), length > 0 {
                spoken.append(
                    String(decoding: UnsafeBufferPointer(start: bytes.base, count: Int(length)), as: UTF8.self))
            }
        }
        drain()
        let before = spoken.count
        for key: Int32 in [0x2C, 0x4F, 0x4F, 0x2C] {  // space, right, right, space
            #expect(kineticSurfaceKey(handle, key) == 1)
            drain()
        }
        #expect(spoken.count - before == 4, "one sentence a key: \(spoken)")
        #expect(spoken.last?.contains("Alpha") == true, "\(spoken)")
        var model = Array(0..<12)
        model.insert(model.remove(at: 0), at: 2)
        #expect(order(handle) == model)
        #expect(kineticSurfaceKey(handle, 0x04) == 0, "a key it does not take (A)")
    }

    @Test func selectedTilesFollowTheFingerAndComeHome() {
        let handle = kineticSelectionCreate(290, 300, 40, 60, 60, 10, 10)
        defer { _ = kineticSurfaceDestroy(handle) }
        var finger = Finger(handle: handle)
        for index in [0, 5, 6] {
            let p = Self.slot(index)
            finger.down(p.x, p.y)
            finger.wait(0.05)
            finger.up(p.x, p.y)
            finger.wait(0.3)
        }
        let selected = frames(handle, at: finger.time).filter { Int($0.value[11]) & 1 == 1 }.keys.sorted()
        #expect(selected == [0, 5, 6])
        let p = Self.slot(5)
        finger.down(p.x, p.y)
        finger.wait(0.7)
        finger.move(from: p.x, p.y, to: p.x + 100, p.y + 60, steps: 30)
        finger.wait(1)
        let dragged = frames(handle, at: finger.time)
        for id in [0, 5, 6] {
            // Each selected tile moved most of the finger's way (its springs hold it near its grip).
            let home = Self.slot(id)
            #expect(dragged[id]![2] - home.x > 50 && dragged[id]![3] - home.y > 30, "\(id) \(dragged[id]!)")
        }
        #expect(dragged[1]![2] == Self.slot(1).x, "an unselected tile stays")
        finger.up(p.x + 100, p.y + 60)
        finger.wait(3)
        let home = frames(handle, at: finger.time)
        for id in [0, 5, 6] {
            // Back on their slots to within a hundredth of a point (the springs' rest).
            #expect(abs(home[id]![2] - Self.slot(id).x) < 0.01 && abs(home[id]![3] - Self.slot(id).y) < 0.01)
        }
        #expect(order(handle) == Array(0..<40))
    }

    /// A board of two columns (elements 0–4, then 5–7), element 1 lifted and carried below
    /// column 1's last element, not yet dropped; the caller destroys the board.
    func boardWithElementOneOverColumnOne() -> (board: Int32, finger: Finger) {
        let board = kineticBoardCreate(180, 40, 8, 10)
        #expect(kineticBoardAddColumn(board, 0, 0, 200, 400, 5) == 0)
        #expect(kineticBoardAddColumn(board, 220, 0, 200, 400, 3) == 1)
        var finger = Finger(handle: board)
        _ = finger.frame()
        // Element 1: column 0's second slot, center (100, 10 + 48 + 20).
        finger.down(100, 78)
        finger.wait(0.7)
        // Below column 1's last element (its third, ending at 10 + 3·48 − 8 = 146).
        finger.move(from: 100, 78, to: 320, 300, steps: 30)
        return (board, finger)
    }

    @Test func dragAndDropMovesAnElementBetweenColumns() {
        var (board, finger) = boardWithElementOneOverColumnOne()
        defer { _ = kineticSurfaceDestroy(board) }
        // Dropped after column 1's last element.
        finger.up(320, 300)
        finger.wait(2)
        #expect(order(board, 0) == [0, 2, 3, 4])
        #expect(order(board, 1) == [5, 6, 7, 1])
        let all = frames(board, at: finger.time + 1)
        #expect(all.count == 8 && all.values.allSatisfy { $0[1] >= 0 }, "every element back in a column")
        #expect(all[1]?[1] == 1 && all[1]?[3] == 10 + 3 * 48 + 20, "element 1 in column 1's fourth slot")
    }

    @Test func pagingScrollViewRestsOnAPage() {
        let handle = kineticScrollCreate(300, 200, 1500, 200, 1)
        defer { _ = kineticSurfaceDestroy(handle) }
        var finger = Finger(handle: handle)
        finger.down(250, 100)
        finger.move(from: 250, 100, to: 150, 100, steps: 5)  // a quick flick left
        finger.up(150, 100)
        finger.wait(3)
        #expect(kineticSurfaceContainer(handle, 0) == 0)
        #expect(scratch[0] == 300, "one page on")
        // Pulled past the start it stretches, and comes back.
        finger.down(150, 100)
        finger.move(from: 150, 100, to: 290, 100, steps: 30)
        finger.move(from: 290, 100, to: 290, 100, steps: 10)
        _ = kineticSurfaceContainer(handle, 0)
        let pulled = scratch[0]
        finger.up(290, 100)
        finger.wait(3)
        _ = kineticSurfaceContainer(handle, 0)
        #expect(pulled < 300 - 140 / 2 && pulled > 300 - 140, "rubber band: less than the finger's 140 pt")
        #expect(scratch[0] == 300 || scratch[0] == 0, "on a page: \(scratch[0])")
    }

    @Test func tossedElementFliesAndComesHome() {
        let handle = kineticTossCreate(400, 600, 200, 300, 100, 100, 7)
        defer { _ = kineticSurfaceDestroy(handle) }
        var finger = Finger(handle: handle)
        finger.down(200, 300)
        finger.move(from: 200, 300, to: 320, 300, steps: 4)  // 120 pt in 4/60 s: 1800 pt/s
        finger.up(320, 300)
        var farthest = 0.0
        for _ in 0..<30 {
            _ = finger.frame()
            farthest = max(farthest, records.base[2] - 200)
        }
        #expect(farthest > 150, "thrown past the finger: \(farthest)")
        finger.wait(4)
        let record = (0..<RecordWriter.width).map { records.base[$0] }
        #expect(abs(record[2] - 200) < 0.5 && abs(record[3] - 300) < 0.5, "home: \(record)")
    }

    @Test func badNumbersAreRefusedByName() {
        let bad = BindingError.badNumber.rawValue
        for value in [Double.nan, .infinity, -.infinity, 1e30, 1.8e308, -1] {
            #expect(kineticReorderCreate(value, 300, 10, 60, 60, 10, 10, 0, 0) == bad, "\(value)")
            #expect(kineticSelectionCreate(290, 300, 10, value, 60, 10, 10) == bad, "\(value)")
            #expect(kineticScrollCreate(300, 200, value, 200, 0) == bad, "\(value)")
            #expect(kineticTossCreate(400, 600, 200, 300, value, 100, 0) == bad, "\(value)")
            #expect(kineticBoardCreate(180, 40, value, 10) == bad, "\(value)")
        }
        #expect(kineticReorderCreate(290, 300, -1, 60, 60, 10, 10, 0, 0) == bad)
        #expect(kineticReorderCreate(290, 300, 10, 0, 60, 10, 10, 0, 0) == bad, "a zero item size")
        #expect(kineticReorderCreate(290, 300, 10, 60, 60, 10, 10, 2, 0) == bad)
        let handle = kineticReorderCreate(290, 300, 10, 60, 60, 10, 10, 0, 0)
        defer { _ = kineticSurfaceDestroy(handle) }
        for value in [Double.nan, .infinity, 1e30, 1.8e308] {
            #expect(kineticSurfaceTouch(handle, 1, 0, value, 10, 0) == bad)
            #expect(kineticSurfaceTouch(handle, 1, 0, 10, 10, value) == bad)
            #expect(kineticSurfaceAdvance(handle, value, 0) == bad)
            #expect(kineticSurfaceSetFrame(handle, 0, 0, 0, value, 10) == bad)
            #expect(kineticSurfaceWheel(handle, 0, value, 0) == bad)
        }
        #expect(kineticSurfaceTouch(handle, 1, 4, 10, 10, 0) == bad, "no phase 4")
        #expect(kineticSurfaceSetFrame(handle, 3, 0, 0, 10, 10) == BindingError.notApplicable.rawValue)
        #expect(kineticBoardAddColumn(handle, 0, 0, 10, 10, 1) == BindingError.notApplicable.rawValue)
        #expect(kineticSurfaceDestroy(handle) == 0)
        #expect(kineticSurfaceTouch(handle, 1, 0, 10, 10, 0) == BindingError.unknownHandle.rawValue)
        #expect(kineticSurfaceDestroy(handle) == BindingError.unknownHandle.rawValue)
    }

    /// What a page does wrong or the browser does mid-drag: the view shrinks to nothing and grows
    /// back, the browser cancels the pointer, a second pointer lands on the lifted element, a
    /// container with no size. None traps; the order stays a permutation; a cancelled drag leaves
    /// it as it was.
    @Test func midDragDisturbancesKeepEveryElement() {
        for disturbance in 0..<4 {
            let handle = kineticReorderCreate(290, 300, 40, 60, 60, 10, 10, 0, 0)
            defer { _ = kineticSurfaceDestroy(handle) }
            var finger = Finger(handle: handle)
            finger.down(40, 40)
            finger.wait(0.7)
            finger.move(from: 40, 40, to: 180, 250)
            switch disturbance {
            case 0:
                #expect(kineticSurfaceSetFrame(handle, 0, 0, 0, 0, 0) == 0)
                finger.wait(0.2)
                #expect(kineticSurfaceSetFrame(handle, 0, 0, 0, 150, 500) == 0)
            case 1:
                #expect(kineticSurfaceTouch(handle, 1, 3, 180, 250, finger.time) == 0)  // pointercancel
            case 2:
                var second = finger
                second.id = 2
                second.down(180, 250)
                second.move(from: 180, 250, to: 20, 20)
                second.up(20, 20)
            default:
                #expect(kineticSurfaceSetFrame(handle, 0, 0, 0, 0, 300) == 0)
            }
            finger.move(from: 180, 250, to: 100, 120)
            finger.up(100, 120)
            finger.wait(1.5)
            let ids = order(handle)
            #expect(ids.sorted() == Array(0..<40), "disturbance \(disturbance): \(ids)")
            if disturbance == 1 { #expect(ids == Array(0..<40), "a cancelled drag changes nothing") }
            #expect(frames(handle, at: finger.time + 1).count <= 40)
        }
        let empty = kineticReorderCreate(0, 0, 5, 60, 60, 10, 10, 0, 0)
        defer { _ = kineticSurfaceDestroy(empty) }
        var finger = Finger(handle: empty)
        finger.down(0, 0)
        finger.wait(0.7)
        finger.up(0, 0)
        #expect(order(empty) == Array(0..<5))
    }

    /// A reorder or a multi-select drag (`kind`) of 12 elements on the 4-column grid, with a finger;
    /// in the multi-select drag element 2 is selected (a tap).
    func flowSurface(_ kind: String) -> (handle: Int32, finger: Finger) {
        let handle =
            kind == "reorder"
            ? kineticReorderCreate(290, 300, 12, 60, 60, 10, 10, 0, 0)
            : kineticSelectionCreate(290, 300, 12, 60, 60, 10, 10)
        var finger = Finger(handle: handle)
        let start = Self.slot(2)
        if kind == "selection" {
            finger.down(start.x, start.y)
            finger.wait(0.05)
            finger.up(start.x, start.y)
            finger.wait(0.3)
        }
        return (handle, finger)
    }

    /// Lifts `flowSurface`'s element 2 (a long press) and drags it over slot 9.
    func liftElementTwo(_ finger: inout Finger) {
        let start = Self.slot(2)
        finger.down(start.x, start.y)
        finger.wait(0.7)
        finger.move(from: start.x, start.y, to: Self.slot(9).x, Self.slot(9).y)
    }

    /// Ends `flowSurface`'s drag (over slot 10, let go) if there is one, waits for everything to
    /// settle, and checks that the order is `model` and each element rests in its slot (the flow
    /// layout's arithmetic); answers the last frame's records.
    @discardableResult
    func settle(_ handle: Int32, _ finger: inout Finger, dragging: Bool, model: [Int], _ context: String)
        -> [Int: [Double]]
    {
        if dragging {
            finger.move(from: Self.slot(9).x, Self.slot(9).y, to: Self.slot(10).x, Self.slot(10).y, steps: 5)
            finger.up(Self.slot(10).x, Self.slot(10).y)
        }
        finger.wait(3)
        let ids = order(handle)
        #expect(ids == model, "\(context): \(ids)")
        let shown = frames(handle, at: finger.time + 1)
        for (slot, id) in ids.enumerated() {
            let (x, y) = Self.slot(slot)
            #expect(
                abs((shown[id]?[2] ?? .nan) - x) < 0.01 && abs((shown[id]?[3] ?? .nan) - y) < 0.01,
                "\(context): \(id) at \(slot)")
        }
        return shown
    }

    /// An element the page removes from the document leaves the interaction: mid-drag (the one
    /// lifted, or another) and at rest, in a reorder, a multi-select drag and drag and drop. The
    /// truths: the order is the model's (the others in their order, the removed one gone, the
    /// drag that carried it ended, cancelled), and the flow closes the gap (each element after it
    /// one slot earlier: the flow layout's arithmetic).
    @Test(arguments: ["lifted", "other", "at rest"])
    func aRemovedElementLeavesAndTheOthersCloseTheGap(_ which: String) {
        for kind in ["reorder", "selection"] {
            var (handle, finger) = flowSurface(kind)
            defer { _ = kineticSurfaceDestroy(handle) }
            if which != "at rest" { liftElementTwo(&finger) }
            let removed = which == "other" ? 5 : 2
            #expect(kineticSurfaceRemoveElement(handle, Int32(removed)) == 0, "\(kind) \(which)")
            #expect(kineticSurfaceRemoveElement(handle, Int32(removed)) == BindingError.notApplicable.rawValue)
            #expect(kineticSurfaceRemoveElement(handle, 12) == BindingError.notApplicable.rawValue)
            var model = Array(0..<12)
            // The reorder's moves up to the removal stand (element 2 under the finger, in slot 9);
            // the removal, a change from elsewhere, ends the drag (RearrangeableFlowLayout).
            if kind == "reorder" && which == "other" { model.insert(model.remove(at: 2), at: 9) }
            model.removeAll { $0 == removed }
            let shown = settle(handle, &finger, dragging: which != "at rest", model: model, "\(kind) \(which)")
            #expect(shown[removed] == nil, "no record for the removed element")
        }
    }

    /// Drag and drop: removing the element a drag carries cancels the drag (the others stay where
    /// they are); removing another takes it out of its column.
    @Test func aRemovedElementLeavesItsColumn() {
        var (board, finger) = boardWithElementOneOverColumnOne()
        defer { _ = kineticSurfaceDestroy(board) }
        #expect(kineticSurfaceRemoveElement(board, 1) == 0)
        #expect(kineticSurfaceRemoveElement(board, 6) == 0)
        finger.up(320, 300)
        finger.wait(2)
        #expect(order(board, 0) == [0, 2, 3, 4])
        #expect(order(board, 1) == [5, 7])
        let all = frames(board, at: finger.time + 1)
        #expect(all.keys.sorted() == [0, 2, 3, 4, 5, 7], "every remaining element once, in a column")
        #expect(all.values.allSatisfy { $0[1] >= 0 })
        #expect(abs(all[7]![3] - (10 + 48 + 20)) < 0.01, "element 7 moved up into element 6's slot")
    }

    /// An element the page inserts joins the interaction where it was put: mid-drag (a reorder's
    /// drag ends, cancelled, its moves so far standing) and at rest, in a reorder and a
    /// multi-select drag. The truths: its id is the next never made (a removed one's is not
    /// reused), the order is the model's insertion, and every element sits in its slot by the
    /// flow layout's arithmetic.
    @Test(arguments: ["dragging", "at rest"])
    func anInsertedElementTakesItsPlaceAndTheOthersMakeRoom(_ which: String) {
        for kind in ["reorder", "selection"] {
            var (handle, finger) = flowSurface(kind)
            defer { _ = kineticSurfaceDestroy(handle) }
            var model = Array(0..<12)
            #expect(kineticSurfaceRemoveElement(handle, 11) == 0)
            model.removeAll { $0 == 11 }
            if which == "dragging" { liftElementTwo(&finger) }
            #expect(kineticSurfaceInsertElement(handle, 0, 4) == 12, "\(kind) \(which): the next id, not 11")
            if kind == "reorder" && which == "dragging" { model.insert(model.remove(at: 2), at: 9) }
            model.insert(12, at: 4)
            #expect(kineticSurfaceInsertElement(handle, 0, Int32(model.count)) == 13, "at the end")
            model.append(13)
            let shown = settle(handle, &finger, dragging: which == "dragging", model: model, "\(kind) \(which)")
            #expect(shown.keys.sorted() == model.sorted(), "a record for every element, the new ones too")
        }
    }

    /// Bad insertions change nothing: an index before the start or past the end, a container
    /// that does not exist, an interaction with no order, a handle that names none.
    @Test func aBadInsertionIsRefusedAndChangesNothing() {
        let handle = kineticReorderCreate(290, 300, 3, 60, 60, 10, 10, 0, 0)
        defer { _ = kineticSurfaceDestroy(handle) }
        for index: Int32 in [-1, 4, .max, .min] {
            #expect(kineticSurfaceInsertElement(handle, 0, index) == BindingError.badNumber.rawValue, "\(index)")
        }
        for container: Int32 in [1, -1] {
            #expect(kineticSurfaceInsertElement(handle, container, 0) == BindingError.notApplicable.rawValue)
        }
        #expect(order(handle) == [0, 1, 2])
        #expect(kineticSurfaceInsertElement(handle, 0, 3) == 3, "the next id after the refusals")
        let toss = kineticTossCreate(300, 300, 150, 150, 60, 60, 0)
        let scroll = kineticScrollCreate(300, 200, 1500, 200, 1)
        defer {
            _ = kineticSurfaceDestroy(toss)
            _ = kineticSurfaceDestroy(scroll)
        }
        for other in [toss, scroll] {
            #expect(kineticSurfaceInsertElement(other, 0, 0) == BindingError.notApplicable.rawValue)
        }
        #expect(kineticSurfaceInsertElement(-12345, 0, 0) == BindingError.unknownHandle.rawValue)
        let board = kineticBoardCreate(180, 40, 8, 10)
        defer { _ = kineticSurfaceDestroy(board) }
        #expect(kineticSurfaceInsertElement(board, 0, 0) == BindingError.notApplicable.rawValue, "no column yet")
        #expect(kineticBoardAddColumn(board, 0, 0, 200, 400, 2) == 0)
        #expect(kineticSurfaceInsertElement(board, 0, 3) == BindingError.badNumber.rawValue)
        #expect(kineticSurfaceInsertElement(board, 1, 0) == BindingError.notApplicable.rawValue)
    }

    /// The keyboard's focus stays on its element when one is inserted before it (a batch update
    /// from elsewhere carries it: RearrangeableFlowLayout's focusedIndexPath).
    @Test func theKeyboardFocusStaysOnItsElementAcrossAnInsertion() {
        let handle = kineticReorderCreate(290, 300, 6, 60, 60, 10, 10, 0, 0)
        defer { _ = kineticSurfaceDestroy(handle) }
        #expect(kineticSurfaceFocus(handle, 1) == 0)
        #expect(kineticSurfaceKey(handle, 0x4F) == 1)  // right: the focus on element 1
        func focused() -> [Int] { frames(handle, at: 0).values.filter { Int($0[11]) & 2 != 0 }.map { Int($0[0]) } }
        #expect(focused() == [1])
        #expect(kineticSurfaceInsertElement(handle, 0, 0) == 6)
        #expect(focused() == [1], "still element 1, now in slot 2")
        #expect(order(handle) == [6, 0, 1, 2, 3, 4, 5])
    }

    /// The selection stays on its elements when one is inserted before them (UIKit's selected
    /// index paths follow a batch update).
    @Test func theSelectionStaysOnItsElementsAcrossAnInsertion() {
        let handle = kineticSelectionCreate(290, 300, 6, 60, 60, 10, 10)
        defer { _ = kineticSurfaceDestroy(handle) }
        var finger = Finger(handle: handle)
        for index in [1, 4] {
            let p = Self.slot(index)
            finger.down(p.x, p.y)
            finger.wait(0.05)
            finger.up(p.x, p.y)
            finger.wait(0.3)
        }
        func selected() -> [Int] {
            frames(handle, at: finger.time).values.filter { Int($0[11]) & 1 != 0 }.map { Int($0[0]) }.sorted()
        }
        #expect(selected() == [1, 4])
        #expect(kineticSurfaceInsertElement(handle, 0, 0) == 6)
        #expect(kineticSurfaceInsertElement(handle, 0, 3) == 7)
        finger.wait(0.1)
        #expect(selected() == [1, 4], "the same elements, in slots 2 and 6")
        #expect(order(handle) == [6, 0, 1, 7, 2, 3, 4, 5])
    }

    /// Drag and drop: elements inserted into columns take their places there while a drag goes
    /// on (the dragged element stays in its column's data until the drop), and the drop lands
    /// it where its gap was shown, after column 1's last element, the gap having moved down with
    /// the insertion above it (DragAndDropSpace).
    @Test func anInsertedElementJoinsItsColumnMidDrag() {
        var (board, finger) = boardWithElementOneOverColumnOne()
        defer { _ = kineticSurfaceDestroy(board) }
        #expect(kineticSurfaceInsertElement(board, 1, 0) == 8)
        #expect(kineticSurfaceInsertElement(board, 0, 6) == BindingError.badNumber.rawValue, "column 0 has 5")
        #expect(kineticSurfaceInsertElement(board, 0, 5) == 9)
        finger.up(320, 300)
        finger.wait(2)
        #expect(order(board, 0) == [0, 2, 3, 4, 9])
        #expect(order(board, 1) == [8, 5, 6, 7, 1])
        let all = frames(board, at: finger.time + 1)
        #expect(all.keys.sorted() == Array(0...9), "every element once")
        for (slot, id) in [8, 5, 6, 7, 1].enumerated() {
            #expect(all[id]?[1] == 1 && abs((all[id]?[3] ?? 0) - Double(10 + 48 * slot + 20)) < 0.01, "\(id)")
        }
    }
}
