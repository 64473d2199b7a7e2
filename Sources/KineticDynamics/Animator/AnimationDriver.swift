import KineticPlatform

/// Runs an animator in real time from a clock at a chosen frame rate, the way a display link
/// drives UIKit's animator, so a playground or app needs no loop of its own.
///
/// Call ``tick()`` whenever convenient (from an event loop, a timer, a test): it steps the
/// animator once per frame boundary crossed since the last tick, with the frame duration as dt,
/// and runs nothing while the animator is paused. ``run(while:)`` is the blocking loop.
public final class AnimationDriver {
    /// The animator driven.
    public let animator: DynamicAnimator
    /// The clock read for time.
    public let clock: any AnimationClock
    /// Frames per second; each step advances the animator by 1/framesPerSecond.
    public let framesPerSecond: Double
    /// Called after every frame the driver steps.
    public var onFrame: ((DynamicAnimator) -> Void)?

    /// At most this many frames are stepped by one tick; a longer stall drops frames, as a
    /// display link does, rather than spiralling. Default 8.
    ///
    /// A value outside ``framesPerTickRange`` (1…1000) is kept but counts as the nearest end of
    /// that range, with one log line per assignment, so one tick never steps more than 1000
    /// frames whatever the clock does.
    public var maximumFramesPerTick = 8 {
        didSet {
            guard !Self.framesPerTickRange.contains(maximumFramesPerTick) else { return }
            animator.logger.warning(
                "AnimationDriver.maximumFramesPerTick: clamped \(maximumFramesPerTick) to \(Self.framesPerTickRange)")
        }
    }

    /// The values ``maximumFramesPerTick`` may take: at least one frame per tick, and no more
    /// than 1000 (a second at the highest frame rate).
    public static let framesPerTickRange = 1...1000

    /// ``maximumFramesPerTick`` clamped to ``framesPerTickRange``: what `tick()` uses.
    private var frameLimit: Int {
        min(max(maximumFramesPerTick, Self.framesPerTickRange.lowerBound), Self.framesPerTickRange.upperBound)
    }

    private var nextFrameTime: TimeInterval

    /// Creates a driver; `framesPerSecond` outside 1…1000 or not finite is clamped to that range
    /// (60 for NaN), with one log line through the animator's logger.
    public init(animator: DynamicAnimator, clock: any AnimationClock, framesPerSecond: Double = 60) {
        self.animator = animator
        self.clock = clock
        let fps = framesPerSecond.isNaN ? 60 : framesPerSecond
        self.framesPerSecond = min(max(fps, 1), 1000)
        if self.framesPerSecond != framesPerSecond {
            animator.logger.warning(
                "AnimationDriver.framesPerSecond: clamped \(framesPerSecond) to \(self.framesPerSecond)")
        }
        nextFrameTime = clock.now + 1 / self.framesPerSecond
    }

    /// The duration of one frame in seconds.
    public var frameDuration: TimeInterval { 1 / framesPerSecond }

    /// Steps the animator for every frame due by now, at most ``maximumFramesPerTick`` of them;
    /// returns how many frame boundaries were passed (stepped, or skipped while paused).
    ///
    /// A clock reading that is not finite steps nothing (one log line per call). A clock that
    /// went back by more than two frames, or a frame grid that is not finite (a clock that read
    /// NaN when the driver was made), starts the frames afresh one frame after now. Where the
    /// clock's reading is so large that a frame no longer changes it (beyond about 10¹³ s at
    /// 1000 fps), no frame is due.
    @discardableResult
    public func tick() -> Int {
        let now = clock.now
        guard now.isFinite else {
            animator.logger.error("AnimationDriver.tick(): ignored non-finite clock time \(now)")
            return 0
        }
        if !nextFrameTime.isFinite || nextFrameTime - now > 2 * frameDuration {
            nextFrameTime = now + frameDuration
            return 0
        }
        let limit = frameLimit
        var frames = 0
        while now >= nextFrameTime {
            if frames >= limit {
                // Drop the backlog: resume from the next frame boundary after now.
                let behind = ((now - nextFrameTime) / frameDuration).rounded(.down) + 1
                nextFrameTime += behind * frameDuration
                break
            }
            let next = nextFrameTime + frameDuration
            // A frame below the clock's resolution: the frame grid cannot move past now.
            guard next > nextFrameTime else { break }
            nextFrameTime = next
            if animator.isRunning {
                animator.step(frameDuration)
                onFrame?(animator)
            }
            frames += 1
        }
        return frames
    }

    /// Runs frames, sleeping on the clock between them, for as long as `condition` holds.
    public func run(while condition: () -> Bool) {
        while condition() {
            clock.sleep(until: nextFrameTime)
            tick()
        }
    }
}
