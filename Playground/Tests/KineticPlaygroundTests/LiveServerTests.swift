import Testing

/// The suites that run live servers: the real server with its clients, the hostile clients and
/// the browser. They run one after another, never beside each other: each loads both of the
/// machine's cores in bursts (a flood, sixty fuzzing clients, Chromium), and the browser test's
/// flick is a gesture of 100 ms whose speed a starved browser would get wrong.
@Suite("Live servers", .serialized)
struct LiveServerTests {}
