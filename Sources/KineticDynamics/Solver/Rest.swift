// Rest (Box2D's sleep), decided for the world as a whole as UIKit's animator observes it: the
// last stage of the step puts every body to rest once all have been slow long enough, and any
// change wakes them all.

extension World {
    /// The step's last stage: when every dynamic body has been slow for
    /// `Settings.timeToSleep` and the positions converged, all of them stop and the world
    /// sleeps.
    @inline(__always)
    func restIfSettled(_ b: BoundedPointer<Body>, minSleepTime: Double, positionSolved: Bool) {
        if dynamicBodyCount > 0 && minSleepTime >= Settings.timeToSleep && positionSolved {
            for i in 0..<b.count where b[i].isDynamic {
                b[i].linearVelocity = .zero
                b[i].angularVelocity = 0
                b[i].sleepTime = 0
            }
            isAwake = false
        }
    }

    /// Wakes every body: something changed the world.
    func wake() {
        guard !isAwake else { return }
        isAwake = true
        bodies.withUnsafeMutableBufferPointer { b in
            for i in b.indices { b[i].sleepTime = 0 }
        }
    }

    /// Whether the world has dynamic bodies and all of them are asleep.
    var isAtRest: Bool { !isAwake && dynamicBodyCount > 0 }
}
