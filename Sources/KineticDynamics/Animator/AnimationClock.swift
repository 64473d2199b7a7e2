import KineticPlatform

/// A source of time for everything that runs by itself: the animation driver, gesture timers,
/// view animations. Inject ``ManualClock`` in tests and replays so no real time passes.
public protocol AnimationClock: AnyObject {
    /// The current time in seconds, on an arbitrary fixed origin; never decreases.
    var now: TimeInterval { get }
    /// Blocks until `now` reaches `deadline` (a manual clock simply jumps there).
    func sleep(until deadline: TimeInterval)
}

/// The machine's monotonic clock.
public final class SystemClock: AnimationClock {
    private let origin = PlatformClock.nanoseconds()

    /// Creates a clock whose time starts at zero now.
    public init() {}

    public var now: TimeInterval {
        TimeInterval(PlatformClock.nanoseconds() &- origin) / 1e9
    }

    public func sleep(until deadline: TimeInterval) {
        PlatformClock.sleep(seconds: deadline - now)
    }
}

/// A clock that moves only when told: deterministic time for tests and replays.
public final class ManualClock: AnimationClock {
    public private(set) var now: TimeInterval

    /// Creates a clock at `time`.
    public init(at time: TimeInterval = 0) {
        now = time
    }

    /// Moves time forward by `interval` seconds (a negative or NaN interval is ignored).
    public func advance(by interval: TimeInterval) {
        guard interval > 0, interval.isFinite else { return }
        now += interval
    }

    /// Jumps to `deadline` if it is later than now.
    public func sleep(until deadline: TimeInterval) {
        if deadline > now, deadline.isFinite { now = deadline }
    }
}
