import Foundation
import KineticAnimation
import KineticDynamics
import KineticGestures
import KineticLayout
import PropertyBased
import Testing

/// Issue 32: every loop whose bound comes from a caller's number (frames per tick, a frame's
/// duration, a spring's settling time, a data source's counts, a layout's sizes under the
/// keyboard's line search, gesture timers) is bounded whatever the number is: negative, zero,
/// NaN, infinite or huge. Each property asserts the work done against the documented maximum,
/// never the time it took.
@Suite("Callers' numbers bound every loop")
struct BoundedLoopsTests {
    static let driverCounter = FuzzRun.Counter("bounded loops, the animation driver")

    /// Any Int, the extremes often: an ordinary value or one of `Int.min`, -10⁹, -1, 0, 1,
    /// the ends of 1…1000 and beyond, `Int.max`.
    static let anyInt = zip(Gen.int(in: 0...19), Gen.int(in: -20...1100)).map { kind, value in
        let specials = [Int.min, Int.min + 1, -1_000_000_000, -1, 0, 1, 999, 1000, 1001, Int.max - 1, Int.max]
        return kind < specials.count ? specials[kind] : value
    }

    /// A clock the test sets to any reading.
    final class SetClock: AnimationClock {
        var now: TimeInterval = 0
        func sleep(until deadline: TimeInterval) {}
    }

    /// A driver's tick steps at most its maximum clamped to 1…1000 frames, and exactly the
    /// frames it reports, whatever the maximum, the frame rate and the clock's readings.
    @Test func aDriverTickStepsAtMostItsClampedMaximum() async {
        let input = zip(Self.anyInt, ExtremeDouble.any, ExtremeDouble.any.array(of: 1...6))
        await propertyCheck(count: FuzzRun.iterations(default: 200), input: input) { maximum, rate, readings in
            let animator = DynamicAnimator()
            animator.logger.logLevel = .critical
            let awake = DynamicBehavior()
            awake.action = {}
            animator.addBehavior(awake)
            let clock = SetClock()
            let driver = AnimationDriver(animator: animator, clock: clock, framesPerSecond: rate)
            var frames = 0
            driver.onFrame = { _ in frames += 1 }
            driver.maximumFramesPerTick = maximum
            let limit = min(max(maximum, AnimationDriver.framesPerTickRange.lowerBound), 1000)
            for reading in readings {
                clock.now = reading
                let before = frames
                let ticked = driver.tick()
                #expect(ticked <= limit && frames - before == ticked, "maximum \(maximum), clock \(reading)")
            }
            Self.driverCounter.record(operations: readings.count)
        }
        Self.driverCounter.report()
    }

    /// A frame advances an animator by at most half a second of sub-steps, whatever its `dt`.
    @Test func anAnimatorStepAdvancesAtMostHalfASecond() async {
        await propertyCheck(count: FuzzRun.iterations(default: 200), input: ExtremeDouble.any.array(of: 1...8)) {
            steps in
            let animator = DynamicAnimator()
            let item = FuzzItem(0, center: CGPoint(x: 50, y: 50))
            animator.addBehavior(GravityBehavior(items: [item]))
            for dt in steps {
                let before = animator.elapsedTime
                animator.step(dt)
                let advanced = animator.elapsedTime - before
                #expect(advanced >= 0 && advanced <= 0.5, "dt \(dt) advanced \(advanced) s")
            }
            #expect(item.center.isAllFinite)
        }
    }

    /// A spring is made from any numbers (its settling-time search doubles at most 64 times and
    /// bisects 200): the response is a non-negative number and the damping ratio in its range.
    @Test func aSpringIsMadeFromAnyNumbers() async {
        let input = zip(ExtremeDouble.any, ExtremeDouble.any, ExtremeDouble.any)
        await propertyCheck(count: FuzzRun.iterations(default: 300), input: input) { duration, damping, epsilon in
            for spring in [
                Spring(settlingDuration: duration, dampingRatio: damping, epsilon: epsilon),
                Spring(duration: duration, bounce: damping),
                Spring(mass: epsilon, stiffness: duration, damping: damping),
            ] {
                #expect(spring.response >= 0, "\(duration), \(damping), \(epsilon): \(spring)")
                #expect(!spring.dampingRatio.isNaN && spring.dampingRatio >= 0)
            }
        }
    }

    /// The keyboard's search for the next line over looks four times as far each round, up to
    /// the content's end: it ends for any layout metrics, and each key answers with one
    /// announcement at most.
    @MainActor @Test func keyboardStepsEndWhateverTheLayout() async {
        let input = zip(ExtremeDouble.any.array(of: 6...6), Gen.int(in: 0...3).array(of: 1...12))
        await propertyCheck(count: FuzzRun.iterations(default: 60), input: input) { metrics, keys in
            let model = PinnedModel([Array(0..<12), [], Array(12..<15)])
            let layout = RearrangeableFlowLayout()
            layout.delegate = model
            layout.accessibilityDelegate = model
            let view = CollectionView(frame: CGRect(x: 0, y: 0, width: 400, height: 300), collectionViewLayout: layout)
            view.dataSource = model
            view.logger.logLevel = .critical
            layout.itemSize = CGSize(width: metrics[0], height: metrics[1])
            layout.minimumLineSpacing = metrics[2]
            layout.minimumInteritemSpacing = metrics[3]
            layout.sectionInset = EdgeInsets(top: metrics[4], left: metrics[5], bottom: metrics[4], right: metrics[5])
            layout.focusedIndexPath = IndexPath(item: 5, section: 0)
            let arrows: [KeyboardHIDUsage] = [
                .keyboardUpArrow, .keyboardDownArrow, .keyboardLeftArrow, .keyboardRightArrow,
            ]
            for (index, key) in keys.enumerated() {
                // Lift after the first key, so the later ones move an item as well as the focus.
                if index == 1 { _ = layout.handleKeyPress(.keyboardSpacebar) }
                let posted = model.announcements.count
                _ = layout.handleKeyPress(arrows[key])
                #expect(model.announcements.count - posted <= 1)
            }
            _ = layout.handleKeyPress(.keyboardSpacebar)
            #expect(model.sections.flatMap { $0 }.sorted() == Array(0..<15))
        }
    }

    /// A long press and a tap with any durations, in an arena advanced to any time: each timer
    /// fires at most once per scheduling, so the recognizers act a bounded number of times.
    @MainActor @Test func gestureTimersFireBoundedly() async {
        let input = zip(ExtremeDouble.any, ExtremeDouble.any, ExtremeDouble.any.array(of: 1...6))
        await propertyCheck(count: FuzzRun.iterations(default: 200), input: input) { press, interval, times in
            let clock = ManualClock()
            let arena = GestureArena(clock: clock)
            arena.logger.logLevel = .critical
            let long = LongPressGestureRecognizer()
            long.minimumPressDuration = press
            let tap = TapGestureRecognizer()
            tap.numberOfTapsRequired = 2
            tap.maximumIntervalBetweenSuccessiveTaps = interval
            tap.maximumTapDuration = press
            var actions = 0
            _ = long.addAction { _ in actions += 1 }
            _ = tap.addAction { _ in actions += 1 }
            arena.addGestureRecognizer(long)
            arena.addGestureRecognizer(tap)
            var now = 0.0
            for (index, time) in times.enumerated() {
                let phase: Touch.Phase = index % 2 == 0 ? .began : .ended
                arena.handle(Touch(id: 0, phase: phase, location: CGPoint(x: 10, y: 10), timestamp: now))
                if time.isFinite, time > now { now = time }
                arena.advance(to: time)
            }
            // A long press acts at most once per state change (began, changed, ended), a tap once
            // per recognition; each needs a touch, and there are `times.count` of them.
            #expect(actions <= 3 * times.count)
        }
    }

    /// A data source's counts bound loops: the number of sections and each section's items count
    /// as at most ``CollectionView/maximumNumberOfSections`` and
    /// ``CollectionView/maximumNumberOfItemsInSection`` (a negative one as zero), with one log line
    /// per read for each; the data source is asked once per section kept, and a flow layout lays
    /// a billion-item section out as it does a small one.
    @MainActor @Test func aDataSourcesCountsAreClamped() {
        final class Huge: CollectionViewDataSource {
            var sectionCalls = 0, itemCalls = 0
            var sections = Int.max
            func numberOfSections(in collectionView: CollectionView) -> Int {
                sectionCalls += 1
                return sections
            }
            func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
                itemCalls += 1
                return [Int.max, -5, 3][section % 3]
            }
        }
        let capture = LogCapture()
        let data = Huge()
        data.sections = 4
        let view = CollectionView(
            frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: FlowLayout())
        view.logger = capture.logger
        view.dataSource = data
        #expect(view.numberOfSections == 4)
        let most = CollectionView.maximumNumberOfItemsInSection
        #expect((0..<4).map { view.numberOfItems(inSection: $0) } == [most, 0, 3, most])
        #expect(most == 1 << 30)
        #expect(capture.messages.count == 1)
        #expect(capture.messages.first?.contains("numberOfItemsInSection:): clamped 3 section count(s)") == true)
        #expect(view.contentSize.height.isFinite && view.contentSize.height > 1e9)
        view.contentOffset = CGPoint(x: 0, y: view.contentSize.height - 480)
        let visible = view.visibleLayoutAttributes()
        #expect(!visible.isEmpty && visible.allSatisfy { view.isValid($0.indexPath) })

        capture.clear()
        data.sections = .max
        (data.sectionCalls, data.itemCalls) = (0, 0)
        view.reloadData()
        #expect(view.numberOfSections == CollectionView.maximumNumberOfSections)
        #expect(data.sectionCalls == 1 && data.itemCalls == CollectionView.maximumNumberOfSections)
        #expect(capture.messages.count == 2)
        #expect(capture.messages.first?.contains("numberOfSections(in:): clamped") == true)
    }

}
