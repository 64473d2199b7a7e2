// swift-tools-version: 6.1
import PackageDescription

// Kinetic's libraries. An app that depends on this package resolves swift-log and
// swift-collections, nothing more: the playground, the renders and the `kinetic` command are a
// package of their own in Playground/, which depends on this one.
//
// swift-docc-plugin (`swift package generate-documentation`, Scripts/docs) is a dependency of
// this package alone: no target or product uses it, and SwiftPM resolves only the dependencies
// of the products an app uses, so an app that depends on Kinetic does not resolve it (checked
// with an app depending on this package by path and by a tagged git URL: its Package.resolved
// pins swift-log and swift-collections only). It needs no environment switch.
let package = Package(
    name: "Kinetic",
    products: [
        .library(name: "Kinetic", targets: ["Kinetic"]),
        .library(name: "KineticDynamics", targets: ["KineticDynamics"]),
        .library(name: "KineticAnimation", targets: ["KineticAnimation"]),
        .library(name: "KineticGestures", targets: ["KineticGestures"]),
        .library(name: "KineticLayout", targets: ["KineticLayout"]),
        .library(name: "KineticInteractions", targets: ["KineticInteractions"]),
        .library(name: "UIKitCompat", targets: ["UIKitCompat"]),
        // What the libraries take from the platform (Foundation natively, stand-ins in the
        // WebAssembly build), for the playground's scenes, which build for both too.
        .library(name: "KineticPlatform", targets: ["KineticPlatform"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // What the libraries take from the platform: Foundation and swift-log natively, the
        // project's stand-ins in the WebAssembly build (Scripts/wasm), in this one place.
        .target(name: "KineticPlatform", dependencies: [.product(name: "Logging", package: "swift-log")]),
        // The engine: UIKit Dynamics' API as a thin façade over a data-oriented solver.
        .target(
            name: "KineticDynamics",
            dependencies: [
                "KineticPlatform",
                .product(name: "BasicContainers", package: "swift-collections"),
            ]
        ),
        // The modules above the engine see only its public API.
        // View animations (tweens and springs on a clock): no gestures needed.
        .target(name: "KineticAnimation", dependencies: ["KineticPlatform", "KineticDynamics"]),
        // Touches in, gestures out: recognizers and the arena, on the engine's clock.
        .target(
            name: "KineticGestures",
            dependencies: ["KineticPlatform", "KineticDynamics"]
        ),
        // The headless scroll and collection views, their layouts and the seeds' dynamic layouts.
        .target(
            name: "KineticLayout",
            dependencies: ["KineticPlatform", "KineticDynamics", "KineticAnimation", "KineticGestures"]
        ),
        // The seeds' interactions: multi-select drag, reorder, toss.
        .target(
            name: "KineticInteractions",
            dependencies: [
                "KineticPlatform", "KineticDynamics", "KineticLayout", "KineticAnimation", "KineticGestures",
            ]
        ),
        // `UI…` names for UIKit code on platforms without UIKit.
        .target(
            name: "UIKitCompat",
            dependencies: [
                "KineticDynamics", "KineticLayout", "KineticAnimation", "KineticGestures", "KineticInteractions",
            ]
        ),
        // The umbrella: `import Kinetic`.
        .target(
            name: "Kinetic",
            dependencies: [
                "KineticDynamics", "KineticLayout", "KineticAnimation", "KineticGestures", "KineticInteractions",
            ]
        ),
        .testTarget(
            name: "KineticDynamicsTests",
            dependencies: ["KineticDynamics", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "KineticLayoutTests",
            dependencies: ["KineticLayout", "KineticTestSupport", .product(name: "Logging", package: "swift-log")]
        ),
        // The WebAssembly build's stand-ins (StandIns/ links to KineticPlatform's), compiled
        // natively beside Foundation's types and checked against them; likewise the deterministic
        // elementary functions (Elementary/), against glibc's libm.
        .testTarget(name: "KineticPlatformTests", swiftSettings: [.define("KINETIC_STAND_INS")]),
        // What several test targets share: a headless test view, a tolerance comparison, a board
        // of collection views for drag and drop.
        .target(
            name: "KineticTestSupport",
            dependencies: ["KineticAnimation", "KineticLayout", .product(name: "Logging", package: "swift-log")],
            path: "Tests/KineticTestSupport"
        ),
        .testTarget(
            name: "KineticAnimationTests",
            dependencies: ["KineticAnimation", "KineticTestSupport", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(
            name: "KineticGesturesTests",
            dependencies: ["KineticGestures", "KineticTestSupport", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "KineticInteractionsTests", dependencies: ["KineticInteractions", "KineticTestSupport"]),
        .testTarget(name: "UIKitCompatTests", dependencies: ["UIKitCompat", "Kinetic"]),
        // The public API under random use (issue 20): random call sequences with extreme, NaN and
        // infinite values, shrunk to a minimal case on failure. KINETIC_FUZZ_ITERATIONS sets the
        // number of cases per property (a soak run); the default keeps the target under a minute.
        .testTarget(
            name: "KineticPropertyTests",
            dependencies: [
                "KineticDynamics", "KineticLayout", "KineticGestures", "KineticInteractions", "KineticAnimation",
                "KineticTestSupport",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        // The repository itself: paths a case-insensitive disk can hold, one code style.
        .testTarget(name: "RepositoryTests"),
    ],
    swiftLanguageModes: [.v6]
)
