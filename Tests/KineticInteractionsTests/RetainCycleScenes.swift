import Foundation
import KineticAnimation
import KineticDynamics
import KineticGestures
import KineticInteractions
import KineticLayout
import KineticTestSupport
import Testing

// Realistic scenes for the retain-cycle tests (issue 32): each is built as an app builds it (a
// controller object that owns what it shows, is its views' delegate and data source, and
// whose closures capture it weakly, as UIKit code captures `self`), driven by touches through
// a gesture arena on a manual clock, and dropped in the middle of what it does (a drag held,
// springs in flight, a deceleration, a landing), which is when most references exist.
//
// Every scene function returns nothing the test can hold: everything it made goes out of scope
// when it returns, and the test then asks its ``Watchlist`` which objects are still alive.

/// Weak references to the objects a scene made, by name: the truth the retain-cycle tests
/// check, independent of how Kinetic holds its objects.
final class Watchlist {
    private final class Entry {
        let name: String
        weak var object: AnyObject?
        init(_ name: String, _ object: AnyObject) {
            self.name = name
            self.object = object
        }
    }
    private var entries: [Entry] = []

    /// Watches `object` (nothing if nil) under `name`.
    func watch(_ object: AnyObject?, _ name: String) {
        guard let object else { return }
        entries.append(Entry(name, object))
    }

    /// The number of objects watched.
    var count: Int { entries.count }

    /// The names of the watched objects still alive.
    var survivors: [String] { entries.filter { $0.object != nil }.map(\.name) }
}

/// A finger driver: touches and frames at 120 Hz through an arena on a manual clock.
final class Fingers {
    let clock: ManualClock
    let arena: GestureArena
    private(set) var time: TimeInterval = 0

    init(clock: ManualClock, arena: GestureArena) {
        self.clock = clock
        self.arena = arena
    }

    /// One frame: the touches (id, phase, point) at the frame's time, then the arena's time.
    func frame(_ touches: [(Int, Touch.Phase, CGPoint)] = []) {
        time += 1.0 / 120
        clock.sleep(until: time)
        if !touches.isEmpty {
            arena.handle(touches.map { Touch(id: $0.0, phase: $0.1, location: $0.2, timestamp: time) })
        }
        arena.advance(to: time)
    }

    func frames(_ count: Int) { for _ in 0..<count { frame() } }

    /// A quick tap at `point` by finger `id`.
    func tap(_ point: CGPoint, id: Int = 1) {
        frame([(id, .began, point)])
        frame([(id, .ended, point)])
    }

    /// Finger `id` pressed at `start`, held past a long press's 0.5 s, then slid to `end` in
    /// `steps` frames (still down).
    func pressAndSlide(from start: CGPoint, to end: CGPoint, id: Int = 1, steps: Int = 20) {
        frame([(id, .began, start)])
        frames(66)
        slide(from: start, to: end, id: id, steps: steps)
    }

    /// Finger `id`, already down at `start`, slides to `end` in `steps` frames.
    func slide(from start: CGPoint, to end: CGPoint, id: Int = 1, steps: Int = 20) {
        for i in 1...steps {
            let t = CGFloat(i) / CGFloat(steps)
            frame([(id, .moved, CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))])
        }
    }
}

/// How long a scene runs: `full` for the weak-reference tests (every path exercised), `soak`
/// for the 10 000-scene run (the same objects and paths, fewer idle frames).
enum SceneLength {
    case full, soak
    /// Frames to run after the gesture, before the scene is dropped mid-motion.
    var tail: Int { self == .full ? 30 : 4 }
}

// MARK: - Seed 000: multi-select drag on a draggable layout

/// Seed 000's view controller: a collection view of numbered cells on a ``DraggableLayout``, its
/// data source and delegate, taps selecting and a long press dragging the selection.
final class MultiSelectDragController: CollectionViewDataSource, CollectionViewDelegate {
    let fingers: Fingers
    let collectionView: CollectionView
    let interaction: MultiSelectDragInteraction
    private(set) var selections = 0
    private(set) var scrolls = 0

    init() {
        let clock = ManualClock()
        fingers = Fingers(clock: clock, arena: GestureArena(clock: clock))
        collectionView = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: DraggableLayout())
        interaction = MultiSelectDragInteraction(collectionView: collectionView)!
        collectionView.dataSource = self
        collectionView.delegate = self
        collectionView.layoutIfNeeded()
        interaction.install(in: fingers.arena)
        collectionView.install(in: fingers.arena)
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 300 }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) { selections += 1 }
    func scrollViewDidScroll(_ scrollView: ScrollView) { scrolls += 1 }

    func center(_ item: Int) -> CGPoint {
        collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.center
    }
}

/// Taps two cells, long-presses one and drags the selection, lets go, and is dropped while the
/// cells spring home (the drag's animator, behaviours and attributes alive).
func multiSelectDragScene(_ watch: Watchlist, _ length: SceneLength = .full) {
    let controller = MultiSelectDragController()
    let fingers = controller.fingers
    fingers.tap(controller.center(0))
    fingers.frames(40)  // past the tap's wait for a second tap
    fingers.tap(controller.center(7))
    fingers.frames(40)
    let start = controller.center(7)
    fingers.pressAndSlide(from: start, to: CGPoint(x: start.x + 60, y: start.y + 200))
    let layout = controller.interaction.layout
    watch.watch(layout.animator, "drag animator")
    watch.watch(layout.dragBehavior, "drag behaviour")
    watch.watch(layout.dragBehavior?.childBehaviors.first, "rectangle attachment")
    watch.watch(layout.dragBehavior?.childBehaviors.first?.childBehaviors.first, "corner spring")
    layout.animator?.forEachItem { watch.watch($0, "dragged attributes") }
    fingers.frame([(1, .ended, CGPoint(x: start.x + 60, y: start.y + 200))])
    fingers.frames(length.tail)
    watch.watch(controller, "controller (data source and delegate)")
    watch.watch(controller.collectionView, "collection view")
    watch.watch(layout, "draggable layout")
    watch.watch(controller.interaction, "multi-select interaction")
    watch.watch(fingers.arena, "arena")
    watch.watch(fingers.clock, "clock")
    watch.watch(controller.collectionView.panGestureRecognizer, "scroll pan")
    for recognizer in fingers.arena.gestureRecognizers { watch.watch(recognizer, "recognizer \(type(of: recognizer))") }
    for attributes in controller.collectionView.visibleLayoutAttributes().prefix(3) {
        watch.watch(attributes, "visible attributes")
    }
    #expect(controller.selections == 2 && layout.animator != nil, "the scene did not drag")
}

// MARK: - Springy layout, scrolled by finger

/// The springy list: a ``SpringyFlowLayout`` whose pan tells the layout where the finger is (a
/// closure capturing the controller weakly, as `[weak self]`), stepped by the arena's time.
final class SpringyController: CollectionViewDataSource, ScrollViewDelegate, GestureArenaParticipant {
    let fingers: Fingers
    let layout = SpringyFlowLayout()
    let collectionView: CollectionView
    private var lastTime: TimeInterval = 0

    init() {
        let clock = ManualClock()
        fingers = Fingers(clock: clock, arena: GestureArena(clock: clock))
        layout.itemSize = CGSize(width: 355, height: 44)
        collectionView = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
        collectionView.dataSource = self
        collectionView.delegate = self
        collectionView.layoutIfNeeded()
        collectionView.install(in: fingers.arena)
        _ = collectionView.panGestureRecognizer.addAction { [weak self] pan in
            guard let self else { return }
            switch pan.state {
            case .began, .changed: self.layout.touchLocation = pan.location(in: self.collectionView)
            default: self.layout.touchLocation = nil
            }
        }
        fingers.arena.addParticipant(self)
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 200 }

    func arenaDidAdvance(to time: TimeInterval) {
        layout.dynamicAnimator.step(time - lastTime)
        lastTime = time
        collectionView.layoutIfNeeded()
    }
}

/// Flicks the list up and is dropped while the rows wobble and the list decelerates.
func springyScene(_ watch: Watchlist, _ length: SceneLength = .full) {
    let controller = SpringyController()
    let fingers = controller.fingers
    fingers.frame([(1, .began, CGPoint(x: 180, y: 500))])
    fingers.slide(from: CGPoint(x: 180, y: 500), to: CGPoint(x: 180, y: 200), steps: 10)
    fingers.frame([(1, .ended, CGPoint(x: 180, y: 200))])
    fingers.frames(length.tail)
    watch.watch(controller, "controller (data source, delegate, participant)")
    watch.watch(controller.collectionView, "collection view")
    watch.watch(controller.layout, "springy layout")
    watch.watch(controller.layout.dynamicAnimator, "springy animator")
    for behavior in controller.layout.dynamicAnimator.behaviors.prefix(3) { watch.watch(behavior, "row spring") }
    controller.layout.dynamicAnimator.forEachItem { watch.watch($0, "row attributes") }
    watch.watch(fingers.arena, "arena")
    watch.watch(controller.collectionView.panGestureRecognizer, "scroll pan")
    #expect(controller.collectionView.contentOffset.y > 100 && controller.layout.springCount > 0)
}

// MARK: - Seed 003: reorder with a long press

/// Seed 003's controller: numbered cells on a ``RearrangeableFlowLayout``, its data source,
/// layout delegate, accessibility delegate and haptics observer.
final class ReorderController: CollectionViewDataSource, RearrangeableFlowLayoutDelegate,
    RearrangeableFlowLayoutAccessibilityDelegate, FeedbackObserver
{
    let fingers: Fingers
    let layout = RearrangeableFlowLayout()
    let collectionView: CollectionView
    let reorder: ReorderInteraction
    var items = Array(0..<60)
    private(set) var haptics = 0
    private(set) var announcements = 0

    init() {
        let clock = ManualClock()
        fingers = Fingers(clock: clock, arena: GestureArena(clock: clock))
        collectionView = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: layout)
        reorder = ReorderInteraction(collectionView: collectionView, clock: clock)!
        layout.delegate = self
        layout.accessibilityDelegate = self
        layout.feedbackObserver = self
        collectionView.dataSource = self
        collectionView.layoutIfNeeded()
        reorder.install(in: fingers.arena)
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
    func moveDataItem(from source: IndexPath, to destination: IndexPath) {
        items.insert(items.remove(at: source.item), at: destination.item)
    }
    func accessibilityLabel(forItemAt indexPath: IndexPath) -> String? { "item \(items[indexPath.item])" }
    func rearrangeableFlowLayout(_ layout: RearrangeableFlowLayout, didPost announcement: ReorderAnnouncement) {
        announcements += 1
    }
    func feedbackGenerator(_ generator: FeedbackGenerator, didPlay feedback: Feedback) { haptics += 1 }

    func center(_ item: Int) -> CGPoint {
        let c = layout.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.center
        return CGPoint(x: c.x - collectionView.contentOffset.x, y: c.y - collectionView.contentOffset.y)
    }
}

/// Moves an item by keyboard, then lifts another by finger, drags it down (the edge scrolls),
/// drops it, and is dropped while it settles (the view animator's spring and its completion).
func reorderScene(_ watch: Watchlist, _ length: SceneLength = .full) {
    let controller = ReorderController()
    let fingers = controller.fingers
    controller.layout.focusedIndexPath = IndexPath(item: 2, section: 0)
    _ = controller.layout.handleKeyPress(.keyboardSpacebar)
    _ = controller.layout.handleKeyPress(.keyboardDownArrow)
    _ = controller.layout.handleKeyPress(.keyboardSpacebar)
    controller.layout.focusedIndexPath = nil
    let start = controller.center(0)
    fingers.pressAndSlide(from: start, to: CGPoint(x: start.x + 20, y: 640))
    watch.watch(controller.layout.representation, "lifted representation")
    fingers.frames(10)
    fingers.frame([(1, .ended, CGPoint(x: start.x + 20, y: 640))])
    fingers.frames(length.tail / 2)
    for animation in controller.reorder.viewAnimator.animations { watch.watch(animation, "settle animation") }
    watch.watch(controller, "controller (data source, delegates, observer)")
    watch.watch(controller.collectionView, "collection view")
    watch.watch(controller.layout, "rearrangeable layout")
    watch.watch(controller.reorder, "reorder interaction")
    watch.watch(controller.reorder.viewAnimator, "reorder's view animator")
    watch.watch(fingers.arena, "arena")
    for recognizer in fingers.arena.gestureRecognizers { watch.watch(recognizer, "recognizer \(type(of: recognizer))") }
    #expect(controller.items[0] != 0 && controller.haptics > 0 && controller.announcements > 0)
}

// MARK: - Seed 004: toss

/// Seed 004's controller: a card tossed by a pan on a ``TossInteraction``, told when its
/// animator pauses.
final class TossController: DynamicAnimatorDelegate {
    let fingers: Fingers
    let card = TestView(center: CGPoint(x: 200, y: 300), size: CGSize(width: 200, height: 200))
    let toss: TossInteraction
    private(set) var pauses = 0

    init() {
        let clock = ManualClock()
        fingers = Fingers(clock: clock, arena: GestureArena(clock: clock))
        toss = TossInteraction(item: card, referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 800), clock: clock)
        toss.animator.delegate = self
        toss.install(in: fingers.arena)
    }

    func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { pauses += 1 }
}

/// Drags the card by a corner, throws it, and is dropped while it flies and spins.
func tossScene(_ watch: Watchlist, _ length: SceneLength = .full) {
    let controller = TossController()
    let fingers = controller.fingers
    fingers.frame([(1, .began, CGPoint(x: 260, y: 360))])
    watch.watch(controller.toss.animator.behaviors.first, "grab attachment")
    fingers.slide(from: CGPoint(x: 260, y: 360), to: CGPoint(x: 300, y: 420), steps: 10)
    fingers.slide(from: CGPoint(x: 300, y: 420), to: CGPoint(x: 380, y: 200), steps: 4)
    fingers.frame([(1, .ended, CGPoint(x: 380, y: 200))])
    fingers.frames(length.tail / 2)
    for behavior in controller.toss.animator.behaviors { watch.watch(behavior, "throw \(type(of: behavior))") }
    watch.watch(controller, "controller (animator delegate)")
    watch.watch(controller.card, "card")
    watch.watch(controller.toss, "toss interaction")
    watch.watch(controller.toss.animator, "toss animator")
    watch.watch(controller.toss.viewAnimator, "toss view animator")
    watch.watch(fingers.arena, "arena")
    for recognizer in fingers.arena.gestureRecognizers { watch.watch(recognizer, "recognizer \(type(of: recognizer))") }
    #expect(controller.toss.animator.behaviors.count == 2, "the card was not thrown")
}

// MARK: - The sandbox: every behaviour kind

/// A box for the sandbox, with the collision bounds the test picks.
final class SandboxBox: DynamicItem {
    var center: CGPoint
    var bounds: CGRect
    var transform = CGAffineTransform.identity
    let collisionBoundsType: DynamicItemCollisionBoundsType

    init(center: CGPoint, side: CGFloat, bounds type: DynamicItemCollisionBoundsType = .rectangle) {
        self.center = center
        self.bounds = CGRect(x: 0, y: 0, width: side, height: side)
        collisionBoundsType = type
    }
}

/// A composite behaviour as UIKit code subclasses one: children, and an action that captures
/// its owner weakly.
final class BuoyancyBehavior: DynamicBehavior {
    let lift: PushBehavior
    let damping: DynamicItemBehavior
    private(set) var frames = 0

    init(items: [any DynamicItem]) {
        lift = PushBehavior(items: items, mode: .continuous)
        lift.setAngle(-.pi / 2, magnitude: 0.2)
        damping = DynamicItemBehavior(items: items)
        damping.resistance = 0.5
        super.init()
        addChildBehavior(lift)
        addChildBehavior(damping)
        action = { [weak self] in self?.frames += 1 }
    }
}

/// The sandbox's controller: an animator with every behaviour kind over boxes (one group of
/// two), the collision behaviour's and the animator's delegate, custom fields and actions that
/// capture it (weakly, as `[weak self]`) or their behaviour (unowned), and a driver whose
/// `onFrame` does too.
final class SandboxController: DynamicAnimatorDelegate, CollisionBehaviorDelegate {
    let clock = ManualClock()
    let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 375, height: 667))
    let driver: AnimationDriver
    let boxes: [SandboxBox]
    let group: DynamicItemGroup
    private(set) var behaviors: [DynamicBehavior] = []
    private(set) var contacts = 0
    private(set) var fieldCalls = 0
    private(set) var frames = 0
    var fieldStrength: CGFloat = 0.5
    /// The frames at which the trigger's action adds a child behaviour and removes it again.
    let triggerFrames: (add: Int, remove: Int)

    init(triggerFrames: (add: Int, remove: Int) = (30, 60)) {
        self.triggerFrames = triggerFrames
        boxes = (0..<10).map { (i: Int) -> SandboxBox in
            let x: CGFloat = 40 + CGFloat(i % 5) * 70
            let y: CGFloat = 100 + CGFloat(i / 5) * 90
            let side: CGFloat = 30 + CGFloat(i % 3) * 8
            let type: DynamicItemCollisionBoundsType = i == 3 ? .ellipse : .rectangle
            return SandboxBox(center: CGPoint(x: x, y: y), side: side, bounds: type)
        }
        group = DynamicItemGroup(items: [boxes[8], boxes[9]])
        driver = AnimationDriver(animator: animator, clock: clock, framesPerSecond: 120)
        animator.delegate = self
        let free: [any DynamicItem] = Array(boxes[0..<8])
        let all = free + [group]

        let gravity = GravityBehavior(items: all)
        gravity.action = { [unowned gravity] in
            if gravity.magnitude > 2 { gravity.magnitude = 1 }
        }
        let collision = CollisionBehavior(items: all)
        collision.translatesReferenceBoundsIntoBoundary = true
        collision.addBoundary(withIdentifier: "shelf", from: CGPoint(x: 0, y: 400), to: CGPoint(x: 200, y: 450))
        collision.addBoundary(withIdentifier: 7, for: BezierPath(ovalIn: CGRect(x: 250, y: 450, width: 60, height: 60)))
        collision.collisionDelegate = self
        let properties = DynamicItemBehavior(items: all)
        properties.elasticity = 0.6
        properties.friction = 0.3
        properties.addAngularVelocity(2, for: boxes[0])
        properties.addLinearVelocity(CGPoint(x: 80, y: 0), for: boxes[1])
        let push = PushBehavior(items: [boxes[2]], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 0.5, dy: -1)
        push.setTargetOffsetFromCenter(Offset(horizontal: 5, vertical: 0), for: boxes[2])
        let snap = SnapBehavior(item: boxes[4], snapTo: CGPoint(x: 300, y: 200))
        let spring = AttachmentBehavior(item: boxes[5], attachedToAnchor: CGPoint(x: 200, y: 80))
        spring.frequency = 2
        spring.damping = 0.4
        let rope = AttachmentBehavior.limitAttachment(
            with: boxes[0], offsetFromCenter: .zero, attachedTo: boxes[1], offsetFromCenter: .zero)
        let pin = AttachmentBehavior.pinAttachment(
            with: boxes[6], attachedTo: boxes[7], attachmentAnchor: CGPoint(x: 250, y: 150))
        let weld = AttachmentBehavior.fixedAttachment(
            with: boxes[1], attachedTo: boxes[2], attachmentAnchor: CGPoint(x: 150, y: 100))
        let slider = AttachmentBehavior.slidingAttachment(
            with: boxes[3], attachmentAnchor: CGPoint(x: 250, y: 100), axisOfTranslation: CGVector(dx: 1, dy: 0))
        let pair = AttachmentBehavior(item: boxes[4], attachedTo: boxes[5])
        let buoyancy = BuoyancyBehavior(items: [boxes[6], boxes[7]])

        var fields: [FieldBehavior] = [
            .radialGravityField(position: CGPoint(x: 187, y: 333)),
            .linearGravityField(direction: CGVector(dx: 0.1, dy: 0)),
            .velocityField(direction: CGVector(dx: 0, dy: 0.1)),
            .noiseField(smoothness: 0.5, animationSpeed: 1),
            .turbulenceField(smoothness: 0.5, animationSpeed: 1),
            .springField(), .electricField(), .magneticField(), .vortexField(), .dragField(),
        ]
        // Custom fields as users write them: one reads its owner (weakly), one its own
        // behaviour (the block's first argument).
        fields.append(
            .field { [weak self] _, position, _, _, _, _ in
                guard let self else { return .zero }
                self.fieldCalls += 1
                return CGVector(dx: (187 - position.x) * 0.001 * self.fieldStrength, dy: 0)
            })
        fields.append(
            .field { field, _, velocity, _, _, _ in CGVector(dx: -velocity.dx * 0.01 * field.strength, dy: 0) })
        for field in fields {
            field.strength = 0.05
            for box in boxes[0..<8] { field.addItem(box) }
        }

        // An action that changes the tree during a step (the change waits for the step's end).
        let trigger = DynamicBehavior()
        trigger.action = { [weak self, unowned trigger] in
            guard let self else { return }
            self.frames += 1
            if self.frames == self.triggerFrames.add {
                trigger.addChildBehavior(PushBehavior(items: [self.boxes[0]], mode: .continuous))
            }
            if self.frames == self.triggerFrames.remove, let first = trigger.childBehaviors.first {
                trigger.removeChildBehavior(first)
            }
        }
        behaviors =
            [gravity, collision, properties, push, snap, spring, rope, pin, weld, slider, pair, buoyancy, trigger]
            + fields
        for behavior in behaviors { animator.addBehavior(behavior) }
        driver.onFrame = { [weak self] animator in
            guard let self, animator.elapsedTime > 0.5 else { return }
            self.fieldStrength = 0.25
        }
    }

    func collisionBehavior(
        _ behavior: CollisionBehavior, beganContactFor item1: any DynamicItem, with item2: any DynamicItem,
        at point: CGPoint
    ) { contacts += 1 }
    func collisionBehavior(
        _ behavior: CollisionBehavior, beganContactFor item: any DynamicItem,
        withBoundaryIdentifier identifier: AnyHashable?, at point: CGPoint
    ) { contacts += 1 }

    /// Runs `seconds` of frames through the driver.
    func run(_ seconds: TimeInterval) {
        let end = clock.now + seconds
        while clock.now < end {
            clock.advance(by: 1.0 / 120)
            driver.tick()
        }
    }
}

/// Runs the sandbox for a second (contacts, fields, actions, a child added and removed during
/// steps; a soak's scene runs a fifth of that, with the same changes) and drops it while it
/// still moves.
func sandboxScene(_ watch: Watchlist, _ length: SceneLength = .full) {
    let controller = SandboxController(triggerFrames: length == .full ? (30, 60) : (5, 10))
    controller.run(length == .full ? 1 : 0.2)
    watch.watch(controller, "controller (animator and collision delegate)")
    watch.watch(controller.animator, "sandbox animator")
    watch.watch(controller.driver, "driver")
    watch.watch(controller.clock, "clock")
    watch.watch(controller.group, "item group")
    for box in controller.boxes { watch.watch(box, "box") }
    for behavior in controller.behaviors {
        watch.watch(behavior, "\(type(of: behavior))")
        for child in behavior.childBehaviors { watch.watch(child, "child \(type(of: child))") }
    }
    #expect(
        controller.animator.isRunning && controller.fieldCalls > 0
            && controller.frames > controller.triggerFrames.remove, "the sandbox did not run")
    if length == .full { #expect(controller.contacts > 0, "nothing touched") }
}

// MARK: - A scroll view with a delegate

/// A paging carousel's controller: a scroll view whose delegate snaps a release to a page
/// (`scrollViewWillEndDragging`) and counts what it hears.
final class CarouselController: ScrollViewDelegate {
    let fingers: Fingers
    let scrollView = ScrollView(frame: CGRect(x: 0, y: 0, width: 375, height: 300))
    private(set) var events = 0

    init() {
        let clock = ManualClock()
        fingers = Fingers(clock: clock, arena: GestureArena(clock: clock))
        scrollView.contentSize = CGSize(width: 375 * 10, height: 300)
        scrollView.delegate = self
        scrollView.install(in: fingers.arena)
    }

    func scrollViewDidScroll(_ scrollView: ScrollView) { events += 1 }
    func scrollViewWillEndDragging(
        _ scrollView: ScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        targetContentOffset.pointee.x = (targetContentOffset.pointee.x / 375).rounded() * 375
    }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { events += 1 }
}

/// Flicks the carousel, lets it land, animates a scroll, flicks again, and is dropped while it
/// decelerates.
func scrollScene(_ watch: Watchlist, _ length: SceneLength = .full) {
    let controller = CarouselController()
    let fingers = controller.fingers
    fingers.frame([(1, .began, CGPoint(x: 300, y: 150))])
    fingers.slide(from: CGPoint(x: 300, y: 150), to: CGPoint(x: 100, y: 150), steps: 6)
    fingers.frame([(1, .ended, CGPoint(x: 100, y: 150))])
    fingers.frames(length == .full ? 240 : 20)
    controller.scrollView.setContentOffset(CGPoint(x: 375 * 4, y: 0), animated: true)
    fingers.frames(length.tail)
    fingers.frame([(2, .began, CGPoint(x: 300, y: 150))])
    fingers.slide(from: CGPoint(x: 300, y: 150), to: CGPoint(x: 150, y: 150), id: 2, steps: 5)
    fingers.frame([(2, .ended, CGPoint(x: 150, y: 150))])
    fingers.frames(length.tail / 2)
    watch.watch(controller, "controller (scroll delegate)")
    watch.watch(controller.scrollView, "scroll view")
    watch.watch(controller.scrollView.panGestureRecognizer, "scroll pan")
    watch.watch(fingers.arena, "arena")
    watch.watch(fingers.clock, "clock")
    #expect(controller.scrollView.isDecelerating && controller.events > 10)
}

// MARK: - Drag and drop between collection views

/// Lifts a card, adds another with a second finger, carries them to the next column and drops;
/// then, on a board that keeps its drops' placeholders, drags once more; and is dropped while
/// the cards land (the placeholders still shown).
func dragAndDropScene(_ watch: Watchlist, _ length: SceneLength = .full) {
    let board = BoardFixture(columns: [Array(0..<6), Array(10..<14), []])
    let clock = ManualClock()
    let fingers = Fingers(clock: clock, arena: GestureArena(clock: clock))
    let interaction = DragAndDropInteraction(space: board.space, clock: clock)
    let container = ScrollView(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
    container.contentSize = CGSize(width: 600, height: 600)
    board.space.containerScrollView = container
    interaction.install(in: fingers.arena)
    let start = board.point(column: 0, item: 1)!
    let end = board.point(column: 1, item: 2)!
    fingers.pressAndSlide(from: start, to: CGPoint(x: start.x, y: start.y + 40), steps: 5)
    fingers.tap(board.point(column: 0, item: 4)!, id: 2)
    watch.watch(board.space.session, "drag session")
    for item in board.space.session?.items ?? [] { watch.watch(item, "drag item") }
    fingers.slide(from: CGPoint(x: start.x, y: start.y + 40), to: end, steps: length == .full ? 20 : 6)
    fingers.frame([(1, .ended, end)])
    fingers.frames(length.tail)
    #expect(board.columns[1].count == 6, "the drop did not land")

    board.usesPlaceholders = true
    board.keepPlaceholders = true
    let second = board.point(column: 1, item: 0)!
    let target = board.point(column: 0, item: 0)!
    fingers.pressAndSlide(from: second, to: target, steps: length == .full ? 12 : 4)
    fingers.frame([(1, .ended, target)])
    fingers.frames(length.tail / 2)
    for preview in interaction.previews {
        watch.watch(preview, "preview")
        watch.watch(preview.attributes, "preview attributes")
    }
    for context in board.placeholders { watch.watch(context, "placeholder context") }
    watch.watch(board, "board (data source, drag and drop delegates)")
    for view in board.views {
        watch.watch(view, "column")
        watch.watch(view.collectionViewLayout, "column layout")
    }
    watch.watch(board.space, "drag and drop space")
    watch.watch(container, "container scroll view")
    watch.watch(interaction, "drag and drop interaction")
    watch.watch(interaction.viewAnimator, "drag and drop view animator")
    watch.watch(fingers.arena, "arena")
    for recognizer in fingers.arena.gestureRecognizers { watch.watch(recognizer, "recognizer \(type(of: recognizer))") }
    #expect(!board.placeholders.isEmpty && !interaction.previews.isEmpty)
}

// MARK: - A gesture arena with recognisers

/// A photo viewer's controller: a single tap that waits for a double tap, a long press, a pan
/// and a second pan that require each other's failure, on a view; the controller is their
/// delegate, and the arena's state-change hook and every action capture it weakly.
final class GesturesController: GestureRecognizerDelegate {
    let fingers: Fingers
    let photo = TestView(center: CGPoint(x: 200, y: 300), size: CGSize(width: 300, height: 300))
    let single = TapGestureRecognizer()
    let double = TapGestureRecognizer()
    let press = LongPressGestureRecognizer()
    let pan = PanGestureRecognizer()
    let twoFingerPan = PanGestureRecognizer()
    private(set) var log: [String] = []
    private(set) var transitions = 0

    init() {
        let clock = ManualClock()
        fingers = Fingers(clock: clock, arena: GestureArena(clock: clock))
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        twoFingerPan.minimumNumberOfTouches = 2
        pan.require(toFail: twoFingerPan)
        twoFingerPan.require(toFail: pan)
        for recognizer in [single, double, press, pan, twoFingerPan] as [GestureRecognizer] {
            recognizer.delegate = self
            fingers.arena.addGestureRecognizer(recognizer, to: photo)
        }
        _ = single.addAction { [weak self] tap in self?.log.append("single \(tap.state)") }
        _ = double.addAction { [weak self] tap in self?.log.append("double \(tap.state)") }
        _ = press.addAction { [weak self] press in self?.log.append("press \(press.state)") }
        _ = pan.addAction { [weak self] pan in
            guard let self else { return }
            self.photo.center.x += pan.translation(in: nil).x * 0.01
        }
        fingers.arena.onStateChange = { [weak self] _, _, _ in self?.transitions += 1 }
    }

    func gestureRecognizer(
        _ gestureRecognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith otherGestureRecognizer: GestureRecognizer
    ) -> Bool {
        gestureRecognizer === press || otherGestureRecognizer === press
    }
}

/// A single tap, a double tap, a long press, a pan, then a recogniser removed while a finger is
/// down and the press's timer is pending; dropped with the finger still down.
func gestureArenaScene(_ watch: Watchlist, _ length: SceneLength = .full) {
    let controller = GesturesController()
    let fingers = controller.fingers
    let p = CGPoint(x: 200, y: 300)
    fingers.tap(p)
    fingers.frames(60)  // past the double tap's 0.35 s wait: the single tap is recognized
    fingers.tap(p)
    fingers.frames(5)
    fingers.tap(p)
    fingers.frames(60)
    fingers.frame([(1, .began, p)])
    fingers.frames(70)
    fingers.frame([(1, .ended, p)])
    fingers.frame([(1, .began, p)])
    fingers.slide(from: p, to: CGPoint(x: 260, y: 320), steps: length == .full ? 10 : 4)
    fingers.frame([(1, .ended, CGPoint(x: 260, y: 320))])
    fingers.frame([(1, .began, p)])
    fingers.frames(10)
    fingers.arena.removeGestureRecognizer(controller.double)
    fingers.frames(length.tail)
    watch.watch(controller, "controller (recognizers' delegate)")
    watch.watch(controller.photo, "photo view")
    for recognizer in [controller.single, controller.double, controller.press, controller.pan, controller.twoFingerPan]
        as [GestureRecognizer]
    {
        watch.watch(recognizer, "recognizer \(type(of: recognizer))")
    }
    watch.watch(fingers.arena, "arena")
    watch.watch(fingers, "finger driver")
    #expect(controller.log.contains("single ended") && controller.transitions > 10, "\(controller.log)")
}

// MARK: - UIKit's interactive movement, batch updates and a layout swap

/// A list controller as UIKit code writes one: a long press drives the collection view's own
/// interactive movement (`beginInteractiveMovementForItem` and the rest, from the press's
/// action, capturing the controller weakly), the data changes in batch updates whose
/// completions capture it too, and the layout is swapped for a springy one mid-run.
final class MovableListController: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
    let fingers: Fingers
    let collectionView: CollectionView
    let press = LongPressGestureRecognizer()
    var items = Array(0..<80)
    private(set) var moves = 0
    private(set) var completions = 0

    init() {
        let clock = ManualClock()
        fingers = Fingers(clock: clock, arena: GestureArena(clock: clock))
        collectionView = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 375, height: 667), collectionViewLayout: FlowLayout())
        collectionView.dataSource = self
        collectionView.delegate = self
        collectionView.layoutIfNeeded()
        collectionView.install(in: fingers.arena)
        _ = press.addAction { [weak self] press in
            guard let self else { return }
            let point = press.location(in: self.collectionView)
            switch press.state {
            case .began:
                if let path = self.collectionView.indexPathForItem(at: point) {
                    _ = self.collectionView.beginInteractiveMovementForItem(at: path)
                }
            case .changed: self.collectionView.updateInteractiveMovementTargetPosition(point)
            case .ended: self.collectionView.endInteractiveMovement()
            default: self.collectionView.cancelInteractiveMovement()
            }
        }
        fingers.arena.addGestureRecognizer(press, to: collectionView)
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
    func collectionView(
        _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
        items.insert(items.remove(at: sourceIndexPath.item), at: destinationIndexPath.item)
        moves += 1
    }
    func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
        sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
        CGSize(width: 80 + CGFloat(items[indexPath.item] % 3) * 20, height: 60)
    }

    /// Deletes the first two items and inserts one, in a batch update whose completion counts.
    func update() {
        collectionView.performBatchUpdates {
            // UIKit code uses self strongly here: the closure runs at once and is not kept.
            self.items.removeFirst(2)
            self.items.insert(1000 + self.completions, at: 3)
            self.collectionView.deleteItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
            self.collectionView.insertItems(at: [IndexPath(item: 3, section: 0)])
        } completion: { [weak self] _ in
            self?.completions += 1
        }
    }

    func center(_ item: Int) -> CGPoint {
        let c = collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: 0))!.center
        return CGPoint(x: c.x - collectionView.contentOffset.x, y: c.y - collectionView.contentOffset.y)
    }
}

/// Moves an item by long press, updates the data, swaps in a springy layout, updates again and
/// scrolls, then is dropped during a second movement.
func interactiveMovementScene(_ watch: Watchlist, _ length: SceneLength = .full) {
    let controller = MovableListController()
    let fingers = controller.fingers
    let start = controller.center(1)
    fingers.pressAndSlide(from: start, to: controller.center(9), steps: length == .full ? 20 : 6)
    fingers.frame([(1, .ended, controller.center(9))])
    controller.update()
    let flow = controller.collectionView.collectionViewLayout
    let springy = SpringyFlowLayout()
    springy.itemSize = CGSize(width: 100, height: 60)
    controller.collectionView.collectionViewLayout = springy
    controller.collectionView.layoutIfNeeded()
    controller.update()
    controller.collectionView.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
    fingers.frames(length.tail)
    springy.dynamicAnimator.step(1.0 / 60)
    let again = controller.center(4)
    fingers.pressAndSlide(from: again, to: CGPoint(x: again.x + 30, y: again.y + 90), steps: 4)
    watch.watch(controller, "controller (data source and flow delegate)")
    watch.watch(controller.collectionView, "collection view")
    watch.watch(flow, "first flow layout")
    watch.watch(springy, "springy layout")
    watch.watch(springy.dynamicAnimator, "springy animator")
    watch.watch(controller.press, "long press")
    watch.watch(fingers.arena, "arena")
    for attributes in controller.collectionView.visibleLayoutAttributes().prefix(3) {
        watch.watch(attributes, "visible attributes")
    }
    #expect(controller.moves == 1 && controller.completions == 2, "moves \(controller.moves)")
}

/// Every scene, in the order the tests and the soak run build them.
let retainCycleScenes: [(name: String, build: @Sendable (Watchlist, SceneLength) -> Void)] = [
    ("multi-select drag", multiSelectDragScene),
    ("springy", springyScene),
    ("reorder", reorderScene),
    ("toss", tossScene),
    ("sandbox", sandboxScene),
    ("scroll view", scrollScene),
    ("drag and drop", dragAndDropScene),
    ("gesture arena", gestureArenaScene),
    ("interactive movement", interactiveMovementScene),
]
