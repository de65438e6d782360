// swift-tools-version: 6.2
// (6.2: the root package's minimum, which this package depends on; see the root Package.swift.)
//
// The five exercises live in a browser: each tab drives the module's real view-model on this
// server over a WebSocket (Docs/Web.md). A nested package so that the root package stays
// dependency-free; it embeds the Trivia server (../TriviaServer) in-process.
//
// Build, test and run from the repository root:
//   swift build --build-tests --package-path Servers/ExercisesWeb
//   swift test --skip-build --package-path Servers/ExercisesWeb
//   swift run --package-path Servers/ExercisesWeb exercises-web --port 8080

import PackageDescription

/// The same settings as the root package: Swift 6 mode, strict concurrency, `any P`.
let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "ExercisesWeb",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "exercises-web", targets: ["exercises-web"]),
        .executable(name: "exercises-web-load", targets: ["exercises-web-load"]),
        .library(name: "ExercisesWeb", targets: ["ExercisesWeb"]),
    ],
    dependencies: [
        .package(name: "MobileExercises", path: "../.."),
        .package(name: "TriviaServer", path: "../TriviaServer"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
    ],
    targets: [
        /// The server as a library: routes, sessions, the live screens over the real view-models,
        /// the page and its script, the in-process Trivia competitions. Tests start it in-process.
        .target(
            name: "ExercisesWeb",
            dependencies: [
                .product(name: "Schedule", package: "MobileExercises"),
                .product(name: "CarFit", package: "MobileExercises"),
                .product(name: "HooSets", package: "MobileExercises"),
                .product(name: "Facts", package: "MobileExercises"),
                .product(name: "Trivia", package: "MobileExercises"),
                .product(name: "TriviaHost", package: "MobileExercises"),
                .product(name: "ScreenPreviews", package: "MobileExercises"),
                .product(name: "ExercisesCLI", package: "MobileExercises"),
                .product(name: "SharedNetworking", package: "MobileExercises"),
                .product(name: "ScreenKit", package: "MobileExercises"),
                .product(name: "ServerSupport", package: "TriviaServer"),
                .product(name: "ChildProcesses", package: "TriviaServer"),
                .product(name: "TriviaServer", package: "TriviaServer"),
                .product(name: "TriviaWebSocketClient", package: "TriviaServer"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "WSCore", package: "swift-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            resources: [.copy("Resources/live.js"), .copy("Resources/start.js"), .copy("Resources/live.css")],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "exercises-web",
            dependencies: [
                "ExercisesWeb",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServerSupport", package: "TriviaServer"),
            ],
            swiftSettings: strictSettings
        ),
        /// The load tool's parts (Docs/Benchmarks.md, "Live pages"): sessions opened as a page opens
        /// them, WebSockets from many loopback addresses (SwiftNIO, one channel handler each),
        /// the acknowledgements and bytes read from the server's messages, the report. A library
        /// so that the tests use it without an executable.
        .target(
            name: "ExercisesWebLoad",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ChildProcesses", package: "TriviaServer"),
                .product(name: "TriviaWebSocketMessages", package: "TriviaServer"),
                .product(name: "TriviaHost", package: "MobileExercises"),
                .product(name: "SharedNetworking", package: "MobileExercises"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        /// `exercises-web-load`: input to acknowledging screen, bytes per event and memory per
        /// session of an `exercises-web` in another process, with N browser-like sessions.
        .executableTarget(
            name: "exercises-web-load",
            dependencies: ["ExercisesWebLoad"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "ExercisesWebTests",
            dependencies: [
                .product(name: "TestSupport", package: "MobileExercises"),
                .product(name: "ExercisesCLI", package: "MobileExercises"),
                "ExercisesWeb",
                "ExercisesWebLoad",
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
    ]
)
