#if !hasFeature(Embedded)
    import Dispatch
#endif

/// The machine's monotonic clock, for `SystemClock`: Dispatch's uptime natively; in the
/// WebAssembly build, WASI's `clock_time_get` on its monotonic clock, which the host answers
/// (node's WASI, or the page's `performance.now()`).
public enum PlatformClock {
    /// Nanoseconds on the monotonic clock, from an arbitrary origin.
    public static func nanoseconds() -> UInt64 {
        #if hasFeature(Embedded)
            var time: UInt64 = 0
            return wasiClockTimeGet(1, 1000, &time) == 0 ? time : 0  // clock 1: monotonic
        #else
            return DispatchTime.now().uptimeNanoseconds
        #endif
    }

    /// Blocks the calling thread for `seconds`. The WebAssembly build runs on the page's only
    /// thread, which must never block: there the call returns at once, and whatever waits for
    /// time (the animation driver) is driven by the page's frame clock instead.
    public static func sleep(seconds: Double) {
        #if !hasFeature(Embedded)
            if seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
        #endif
    }
}

#if hasFeature(Embedded)
    /// WASI's `clock_time_get(id, precision, *time) -> errno`.
    @_extern(wasm, module: "wasi_snapshot_preview1", name: "clock_time_get")
    @_extern(c)
    func wasiClockTimeGet(_ id: UInt32, _ precision: UInt64, _ time: UnsafeMutablePointer<UInt64>) -> UInt16
#endif
