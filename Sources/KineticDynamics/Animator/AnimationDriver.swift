import Foundation

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
    /// display link does, rather than spiralling.
    public var maximumFramesPerTick = 8

    private var nextFrameTime: TimeInterval

    /// Creates a driver; `framesPerSecond` outside 1…1000 or not finite is clamped to that range
    /// (60 for NaN).
    public init(animator: DynamicAnimator, clock: any AnimationClock, framesPerSecond: Double = 60) {
        self.animator = animator
        self.clock = clock
        let fps = framesPerSecond.isNaN ? 60 : framesPerSecond
        self.framesPerSecond = min(max(fps, 1), 1000)
        nextFrameTime = clock.now + 1 / self.framesPerSecond
    }

    /// The duration of one frame in seconds.
    public var frameDuration: TimeInterval { 1 / framesPerSecond }

    /// Steps the animator for every frame due by now; returns how many frames were stepped.
    @discardableResult
    public func tick() -> Int {
        let now = clock.now
        var frames = 0
        while now >= nextFrameTime {
            if frames == maximumFramesPerTick {
                // Drop the backlog: resume from the next frame boundary after now.
                let behind = ((now - nextFrameTime) / frameDuration).rounded(.down) + 1
                nextFrameTime += behind * frameDuration
                break
            }
            nextFrameTime += frameDuration
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
