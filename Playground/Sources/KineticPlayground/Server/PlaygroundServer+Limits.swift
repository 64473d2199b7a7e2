extension PlaygroundServer {
    /// What the server allows one client and all of them together: the bounds a broken or
    /// hostile client meets. The README's "Serving the playground" section lists the defaults.
    public struct Limits: Sendable {
        /// Sessions (WebSocket connections) at once. One more is closed with 1013 ("try again
        /// later") and the reason; a place frees when a client leaves.
        public var maximumSessions = 64
        /// How long a new connection may take to send its first request's header; a slower one
        /// is answered 408 and closed.
        public var requestHeaderTimeout: Duration = .seconds(20)
        /// How long a plain HTTP connection may sit idle between requests before it is closed.
        /// (A WebSocket is pinged every 30 s instead and closed if it does not answer.)
        public var idleTimeout: Duration = .seconds(60)
        /// The most frames one WebSocket message may be split into (a browser sends one).
        public var maximumFramesPerMessage = 1024

        /// The defaults.
        public init() {}
    }
}
