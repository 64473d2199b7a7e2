// `Surface`: what an interaction on a page's elements is to kinetic.js: touches in (Pointer
// Events, in the surface's coordinates), frames out (records, one an element), the data order
// read back after a drop. One subclass an interaction: toss, reorder, multi-select drag, drag
// and drop between columns, scroll view.
import KineticAnimation
import KineticDynamics
import KineticGestures
import KineticLayout
import KineticPlatform

/// An interaction's clock, arena and views, fed by the page. Subclasses override what they have;
/// the base answers "nothing" (no keyboard, no containers, no order).
class Surface {
    let clock: ManualClock
    let arena: GestureArena
    /// The time of the last touch or frame: the clock never goes back (a page's event time stamps
    /// and animation frame times come from different moments of its loop).
    private(set) var time: TimeInterval = 0
    /// Goes up whenever the data order changes (a drop, a keyboard move): kinetic.js reads the
    /// order anew and moves its elements to match.
    var orderVersion: Int { 0 }
    /// What the keyboard reorder said, oldest first, for the page's live region.
    var announcements: [String] = []
    /// The frames written last, to tell a frame that changes nothing (the surface rests).
    private var lastFrame: [Double] = []
    /// When the frame last changed.
    private var lastChange: TimeInterval = 0
    /// How long a surface whose frame stopped changing still counts as moving: the longest pause
    /// inside an interaction's motion is the toss's wait before it goes home
    /// (`TossInteraction.resetDelay`, 0.4 s) and a drop's lull before its preview lands.
    static let restDelay: TimeInterval = 0.5

    /// A surface timed by `clock` (its interactions are made with it before the surface is).
    init(clock: ManualClock) {
        self.clock = clock
        arena = GestureArena(clock: clock)
    }

    /// Delivers one pointer's event.
    final func handle(id: Int, phase: Touch.Phase, location: CGPoint, at timestamp: TimeInterval) {
        time = max(time, timestamp)
        clock.sleep(until: time)
        arena.handle(Touch(id: id, phase: phase, location: location, timestamp: time))
    }

    /// Runs timers, animations, physics and scrolling up to `timestamp` and writes the frame:
    /// every element's record when `everything` (after a change of order or size), else those in
    /// view. `moving` says whether the surface still moves (its frame changed, a finger is down,
    /// or a timer is due): kinetic.js stops asking for frames once it does not.
    final func advance(to timestamp: TimeInterval, everything: Bool) -> (frame: RecordWriter, moving: Bool) {
        time = max(time, timestamp)
        clock.sleep(until: time)
        arena.advance(to: time)
        didAdvance()
        var frame = RecordWriter()
        write(into: &frame, everything: everything)
        var seen = frame.values
        for index in 0..<containerCount {
            let offset = contentOffset(of: index)
            seen += [Double(offset.x), Double(offset.y)]
        }
        if seen != lastFrame {
            lastFrame = seen
            lastChange = time
        }
        let moving = time - lastChange < Self.restDelay || !arena.touches.isEmpty || arena.nextTimerDeadline != nil
        return (frame, moving)
    }

    /// After the arena advanced: lays out what moved.
    func didAdvance() {}

    /// The records of the frame: every element's when `everything` (after a change of order or
    /// size), else those of the elements in view.
    func write(into frame: inout RecordWriter, everything: Bool) {}

    /// How many containers (collection views, scroll views) the surface has.
    var containerCount: Int { 0 }
    /// The container's scroll position.
    func contentOffset(of container: Int) -> CGPoint { .zero }
    /// The container's content size.
    func contentSize(of container: Int) -> CGSize { .zero }
    /// The ids of the container's elements in data order; nil for a container that has no order.
    func order(of container: Int) -> [Int]? { nil }
    /// Gives the container a new frame (its element was resized or moved); false for no container.
    func setFrame(_ frame: CGRect, of container: Int) -> Bool { false }
    /// Gives the container's content a new size (only a scroll view's content is the page's to
    /// size); false for no such container.
    func setContentSize(_ size: CGSize, of container: Int) -> Bool { false }
    /// Scrolls the container by a wheel's `delta`; false for no such container.
    func scroll(container: Int, byWheel delta: CGPoint) -> Bool { false }
    /// Takes the element `id` out (the page removed it from the document); false when the
    /// surface has no order or no such element.
    func removeElement(_ id: Int) -> Bool { false }
    /// Adds a new element at `index` of container `container`'s data order (the page inserted
    /// one); answers its id, the next after every id made so far. Nil when the surface has no
    /// order or no such container, `index` is past the container's end, or the surface has made
    /// `largestCount` elements.
    func insertElement(at index: Int, in container: Int) -> Int? { nil }
    /// Names an element for the announcements; false when the surface has no such element.
    func setLabel(_ label: String, of id: Int) -> Bool { false }
    /// The keyboard's focus came in or left; false when the surface takes no keys.
    func setKeyboardFocus(_ focused: Bool) -> Bool { false }
    /// A key; true when the surface used it.
    func handleKey(_ key: KeyboardHIDUsage) -> Bool { false }
    /// Lets go of the delegates the surface set to itself (strong in the WebAssembly build).
    func tearDown() {}
}

/// A frame's records: `RecordWriter.width` doubles an element (see `append`).
struct RecordWriter {
    /// id, container, center x, y, width, height, transform a, b, c, d, z index, flags.
    static let width = 12
    /// A record's flags: the element is selected, has the keyboard's focus, is lifted.
    static let selected = 1.0, focused = 2.0, lifted = 4.0
    var values: [Double] = []
    var count: Int { values.count / Self.width }

    /// One element's record: where its center is in its container's content (container −1: the
    /// surface's own coordinates, above every container), its size, transform, z index and flags.
    mutating func append(
        id: Int, container: Int, center: CGPoint, size: CGSize, transform: CGAffineTransform = .identity,
        z: Int = 0, flags: Double = 0
    ) {
        values += [
            Double(id), Double(container), Double(center.x), Double(center.y), Double(size.width),
            Double(size.height), Double(transform.a), Double(transform.b), Double(transform.c), Double(transform.d),
            Double(z), flags,
        ]
    }

    /// The cells among `attributes` whose ids `ids` gives, lowest z first (so a lifted copy of a
    /// cell is written after, and over, its place).
    mutating func append(
        cells attributes: [CollectionViewLayoutAttributes], container: Int, ids: [Int],
        flags: (CollectionViewLayoutAttributes) -> Double = { _ in 0 }
    ) {
        let cells = attributes.filter {
            !$0.isHidden && $0.representedElementCategory == .cell && ids.indices.contains($0.indexPath.item)
        }
        for a in cells.sorted(by: { ($0.zIndex, $0.indexPath) < ($1.zIndex, $1.indexPath) }) {
            append(
                id: ids[a.indexPath.item], container: container, center: a.center, size: a.size,
                transform: a.transform, z: a.zIndex, flags: flags(a))
        }
    }
}
