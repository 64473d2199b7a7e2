// swift-tools-version: 6.1
import PackageDescription

// The playground, the renders and the `kinetic` command: a package of their own beside the
// libraries (the repository's root package), so an app that depends on Kinetic never resolves
// Hummingbird, SwiftNIO, compress-nio or swift-argument-parser.
//
//     swift run --package-path Playground kinetic    # from the repository's root
let package = Package(
    name: "KineticPlayground",
    products: [
        .executable(name: "kinetic", targets: ["KineticCLI"]),
        // For the fuzz targets' package (Fuzz/), which reads the scenes and the sessions; an app
        // has no use for them.
        .library(name: "KineticScenes", targets: ["KineticScenes"]),
        .library(name: "KineticPlayground", targets: ["KineticPlayground"]),
        .library(name: "KineticWeb", targets: ["KineticWeb"]),
    ],
    dependencies: [
        .package(name: "Kinetic", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/adam-fowler/compress-nio", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // Built-in scenes shared by `kinetic simulate`, `kinetic bench`, the playground and the tests.
        .target(
            name: "KineticScenes",
            dependencies: [
                .product(name: "KineticPlatform", package: "Kinetic"),
                .product(name: "KineticDynamics", package: "Kinetic"),
                .product(name: "KineticLayout", package: "Kinetic"),
                .product(name: "KineticAnimation", package: "Kinetic"),
                .product(name: "KineticGestures", package: "Kinetic"),
                .product(name: "KineticInteractions", package: "Kinetic"),
            ]
        ),
        // The playground's per-connection sessions and protocol, its server and its page.
        .target(
            name: "KineticPlayground",
            dependencies: [
                "KineticScenes",
                .product(name: "KineticGestures", package: "Kinetic"),
                .product(name: "KineticLayout", package: "Kinetic"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            resources: [.copy("Page")]
        ),
        // Headless renders of the scenes: a rasteriser, PNG (zlib through compress-nio) and GIF.
        // The WebAssembly module's interface (Scripts/wasm builds it with the scenes for the
        // page and node); built natively too, so the tests compare the two builds' answers.
        // Random call sequences on the engine, a collection view and a drag-and-drop board with a
        // keyboard reorder, digested call by call: the
        // differential test runs the same bytes here and in the WebAssembly build (Scripts/wasm
        // links it into differential.wasm, apart from the page's module).
        .target(
            name: "KineticDifferential",
            dependencies: [
                .product(name: "KineticPlatform", package: "Kinetic"),
                .product(name: "KineticDynamics", package: "Kinetic"),
                .product(name: "KineticGestures", package: "Kinetic"),
                .product(name: "KineticLayout", package: "Kinetic"),
                .product(name: "KineticInteractions", package: "Kinetic"),
            ]
        ),
        // The C functions kinetic.js calls (Page/web/): animators, items and behaviours by handle, for
        // web pages; built natively too (tests), and by Scripts/wasm into Page/web/kinetic.wasm.
        .target(
            name: "KineticBindings",
            dependencies: [
                .product(name: "KineticPlatform", package: "Kinetic"),
                .product(name: "KineticDynamics", package: "Kinetic"),
                .product(name: "KineticAnimation", package: "Kinetic"),
                .product(name: "KineticGestures", package: "Kinetic"),
                .product(name: "KineticLayout", package: "Kinetic"),
                .product(name: "KineticInteractions", package: "Kinetic"),
            ]
        ),
        .target(
            name: "KineticWeb",
            dependencies: [
                "KineticScenes",
                .product(name: "KineticPlatform", package: "Kinetic"),
                .product(name: "KineticGestures", package: "Kinetic"),
            ]
        ),
        .target(
            name: "KineticRender",
            dependencies: [
                "KineticScenes",
                .product(name: "KineticGestures", package: "Kinetic"),
                .product(name: "CompressNIO", package: "compress-nio"),
            ]
        ),
        // The command, `kinetic` (the folder is KineticCLI: `kinetic` and `Kinetic` would be one
        // folder on a case-insensitive file system).
        .executableTarget(
            name: "KineticCLI",
            dependencies: [
                "KineticScenes",
                "KineticRender",
                "KineticPlayground",
                .product(name: "KineticLayout", package: "Kinetic"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Finds the browser and Python packages some tests need and skips (or, under
        // KINETIC_REQUIRE_ALL_TESTS=1, fails) those tests with the reason when one is missing.
        .target(name: "ExternalTools", path: "Tests/ExternalTools"),
        .testTarget(name: "ExternalToolsTests", dependencies: ["ExternalTools"]),
        .testTarget(name: "KineticScenesTests", dependencies: ["KineticScenes"]),
        .testTarget(
            name: "KineticPlaygroundTests",
            dependencies: [
                "KineticPlayground", "ExternalTools",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                // The fuzz corpus's WebSocket streams run through the server's pipeline.
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "KineticRenderTests", dependencies: ["KineticRender", "ExternalTools"]),
        // The WebAssembly module against the native build, digest for digest, in node.
        .testTarget(
            name: "KineticWebTests",
            dependencies: ["KineticWeb", "KineticScenes", "KineticDifferential", "ExternalTools"]),
        .testTarget(name: "KineticCLITests", dependencies: ["ExternalTools"]),
        .testTarget(name: "KineticBindingsTests", dependencies: ["KineticBindings"]),
    ],
    swiftLanguageModes: [.v6]
)
