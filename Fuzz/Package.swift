// swift-tools-version: 6.1
import PackageDescription

// Coverage-guided fuzz targets (libFuzzer) for every reader of untrusted input, a package of
// their own so that the libraries' and the playground's builds never compile them:
//
// - FuzzTrace: bytes as a touch-trace file (`TouchTrace.decode`, what `kinetic replay` and
//   `kinetic render` read), then the trace played into its scene;
// - FuzzMessages: lines as a page's text messages into a playground session, with time passing;
// - FuzzWebSocket: bytes as a client's socket delivers them after the upgrade, through NIO's
//   frame decoder, the playground's frame guard, its message assembler and a session.
//
// Each target checks invariants after every step, not only that nothing traps: the checks live
// in the test targets (the corpus in Fuzz/Corpus is replayed by the ordinary test suites) and
// are compiled here through symlinks. Build and run with Scripts/fuzz, which passes
// `--sanitize=fuzzer --sanitize=address`; the sources need a debug build (`@testable`).
let package = Package(
    name: "KineticFuzz",
    dependencies: [
        .package(name: "Kinetic", path: ".."),
        .package(name: "KineticPlayground", path: "../Playground"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .executableTarget(
            name: "FuzzTrace",
            dependencies: [
                .product(name: "KineticGestures", package: "Kinetic"),
                .product(name: "KineticScenes", package: "KineticPlayground"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "FuzzMessages",
            dependencies: [
                .product(name: "KineticGestures", package: "Kinetic"),
                .product(name: "KineticScenes", package: "KineticPlayground"),
                .product(name: "KineticPlayground", package: "KineticPlayground"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // The WebAssembly module's interface (KineticWeb's C functions), called natively.
        .executableTarget(
            name: "FuzzModule",
            dependencies: [
                .product(name: "KineticGestures", package: "Kinetic"),
                .product(name: "KineticScenes", package: "KineticPlayground"),
                .product(name: "KineticWeb", package: "KineticPlayground"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "FuzzWebSocket",
            dependencies: [
                .product(name: "KineticGestures", package: "Kinetic"),
                .product(name: "KineticScenes", package: "KineticPlayground"),
                .product(name: "KineticPlayground", package: "KineticPlayground"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ],
    swiftLanguageModes: [.v6]
)
