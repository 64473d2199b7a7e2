// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Kinetic",
    products: [
        .library(name: "Kinetic", targets: ["Kinetic"]),
        .library(name: "KineticDynamics", targets: ["KineticDynamics"]),
        .library(name: "KineticLayout", targets: ["KineticLayout"]),
        .library(name: "KineticAnimation", targets: ["KineticAnimation"]),
        .library(name: "KineticGestures", targets: ["KineticGestures"]),
        .library(name: "KineticInteractions", targets: ["KineticInteractions"]),
        .library(name: "UIKitCompat", targets: ["UIKitCompat"]),
        .executable(name: "kinetic", targets: ["KineticCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    ],
    targets: [
        // The engine: UIKit Dynamics' API as a thin façade over a data-oriented solver.
        .target(
            name: "KineticDynamics",
            dependencies: [
                .product(name: "Logging", package: "swift-log"),
                .product(name: "BasicContainers", package: "swift-collections"),
            ]
        ),
        // The modules above the engine see only its public API.
        // View animations (tweens and springs on a clock): no gestures needed.
        .target(name: "KineticAnimation", dependencies: ["KineticDynamics"]),
        // Touches in, gestures out: recognizers and the arena, on the engine's clock.
        .target(name: "KineticGestures", dependencies: ["KineticDynamics"]),
        // The headless collection view, its layouts and the seeds' dynamic layouts.
        .target(
            name: "KineticLayout",
            dependencies: ["KineticDynamics", "KineticAnimation", .product(name: "Logging", package: "swift-log")]
        ),
        // The seeds' interactions: multi-select drag, reorder, toss.
        .target(
            name: "KineticInteractions",
            dependencies: ["KineticDynamics", "KineticLayout", "KineticAnimation", "KineticGestures"]),
        .target(
            name: "UIKitCompat",
            dependencies: [
                "KineticDynamics", "KineticLayout", "KineticAnimation", "KineticGestures", "KineticInteractions",
            ]),
        .target(
            name: "Kinetic",
            dependencies: [
                "KineticDynamics", "KineticLayout", "KineticAnimation", "KineticGestures", "KineticInteractions",
            ]),
        // Built-in scenes shared by `kinetic simulate`, `kinetic bench` and the tests.
        .target(
            name: "KineticScenes",
            dependencies: [
                "KineticDynamics", "KineticLayout", "KineticAnimation", "KineticGestures", "KineticInteractions",
            ]),
        // The playground's per-connection sessions and protocol, independent of the transport.
        .target(
            name: "KineticPlayground",
            dependencies: [
                "KineticScenes", "KineticGestures",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            ],
            resources: [.copy("Page")]
        ),
        // Headless renders of the scenes: a rasteriser, PNG (zlib through compress-nio) and GIF.
        .target(
            name: "KineticRender",
            dependencies: ["KineticScenes", "KineticGestures", .product(name: "CompressNIO", package: "compress-nio")]
        ),
        // The command, `kinetic` (the folder is KineticCLI: `kinetic` and `Kinetic` are one
        // folder on a case-insensitive file system).
        .executableTarget(
            name: "KineticCLI",
            dependencies: [
                "KineticScenes",
                "KineticRender",
                "KineticLayout",
                "KineticPlayground",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "KineticDynamicsTests",
            dependencies: ["KineticDynamics", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "KineticLayoutTests", dependencies: ["KineticLayout"]),
        .testTarget(name: "KineticScenesTests", dependencies: ["KineticScenes"]),
        // What several test targets share: a headless test view, a tolerance comparison, and
        // ExternalTools, which finds the browser and Python packages some tests need and skips
        // or fails those tests with the reason when one is missing (`Scripts/test` sets them up).
        .target(name: "KineticTestSupport", dependencies: ["KineticAnimation"], path: "Tests/KineticTestSupport"),
        .testTarget(name: "KineticAnimationTests", dependencies: ["KineticAnimation", "KineticTestSupport"]),
        .testTarget(name: "KineticGesturesTests", dependencies: ["KineticGestures", "KineticTestSupport"]),
        .testTarget(name: "KineticInteractionsTests", dependencies: ["KineticInteractions", "KineticTestSupport"]),
        .testTarget(
            name: "KineticPlaygroundTests",
            dependencies: [
                "KineticPlayground", "KineticTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
            ]
        ),
        .testTarget(name: "UIKitCompatTests", dependencies: ["UIKitCompat"]),
        .testTarget(name: "KineticRenderTests", dependencies: ["KineticRender", "KineticTestSupport"]),
        .testTarget(name: "KineticTestSupportTests", dependencies: ["KineticTestSupport"]),
        .testTarget(name: "KineticCLITests", dependencies: ["KineticTestSupport"]),
        .testTarget(name: "RepositoryTests", dependencies: ["KineticTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
