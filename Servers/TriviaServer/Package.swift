// swift-tools-version: 6.2
// (6.2: the root package's minimum, which this package depends on; see the root Package.swift.)
//
// The Trivia server and what runs around it, in a nested package so that the root package
// stays dependency-free (Hummingbird, PostgresNIO, ArgumentParser):
//   - TriviaServer: the root package's `TriviaHost` served over HTTP and WebSockets, in one
//     process (`trivia-server`);
//   - TriviaCluster and TriviaClusterServer: several `trivia-server --cluster` nodes sharing one
//     competition through PostgreSQL (lease, input log, bus);
//   - TriviaWebSocketClient and TriviaPlay: the app's client over WebSockets on Linux, and a
//     terminal game on it (`trivia-play`);
//   - TriviaLoad: the load generator (`trivia-load`); `trivia-cluster` operates a cluster's
//     database by hand.
//
// Build, test and run from the repository root:
//   swift build --build-tests --package-path Servers/TriviaServer
//   swift test --skip-build --package-path Servers/TriviaServer
//   swift run --package-path Servers/TriviaServer trivia-server --port 8080
//   swift run --package-path Servers/TriviaServer trivia-play --user ada --token t-ada
// See Docs/TriviaServer.md (how to run it), Docs/TriviaServer/Design.md and
// Docs/TriviaServer/Measurements.md.

import PackageDescription

/// The same settings as the root package: Swift 6 mode, strict concurrency, `any P`.
let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "TriviaServer",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "trivia-server", targets: ["trivia-server"]),
        .executable(name: "trivia-load", targets: ["trivia-load"]),
        .executable(name: "trivia-play", targets: ["trivia-play"]),
        .library(name: "ServerSupport", targets: ["ServerSupport"]),
        .library(name: "TriviaServer", targets: ["TriviaServer"]),
        .library(name: "TriviaWebSocketClient", targets: ["TriviaWebSocketClient"]),
        .library(name: "TriviaPlay", targets: ["TriviaPlay"]),
        .library(name: "TriviaCluster", targets: ["TriviaCluster"]),
        .library(name: "TriviaClusterServer", targets: ["TriviaClusterServer"]),
        .library(name: "TriviaLoad", targets: ["TriviaLoad"]),
        // For exercises-web-load (Servers/ExercisesWeb): its server child, the server's memory,
        // and the live page's messages joined from their frames.
        .library(name: "ChildProcesses", targets: ["ChildProcesses"]),
        .library(name: "TriviaWebSocketMessages", targets: ["TriviaWebSocketMessages"]),
        .executable(name: "trivia-cluster", targets: ["trivia-cluster"]),
    ],
    dependencies: [
        .package(name: "MobileExercises", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
        // WSCore (the frames both ends see) is in the graph through hummingbird-websocket.
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // Already in the graph through Hummingbird; named because this package imports them
        // (Logger, EventLoopGroup, ServiceGroup).
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.6.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        /// glibc's spawn extensions that Swift's Glibc module hides (closing every inherited
        /// descriptor in the child, close-on-exec pipes).
        .target(name: "CSpawn"),
        /// Child processes that inherit nothing but their standard streams, awaited off the
        /// cooperative pool: the load test's nodes and every process the tests start
        /// (Docs/Reliability.md: Foundation's `Process` leaked descriptors between children), and
        /// a process's memory and CPU time from /proc.
        .target(name: "ChildProcesses", dependencies: ["CSpawn"], swiftSettings: strictSettings),
        /// What both ends of the socket share: WebSocket frames joined into messages within a
        /// size limit checked at every fragment.
        .target(
            name: "TriviaWebSocketMessages",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "WSCore", package: "swift-websocket"),
            ],
            swiftSettings: strictSettings
        ),
        /// What both HTTP servers of this repository share (trivia-server and, from
        /// Servers/ExercisesWeb, exercises-web): the start and stop of a server, running it until
        /// a signal, and the guards every connection passes.
        .target(
            name: "ServerSupport",
            dependencies: [
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        /// The server as a library: HTTP routes, the WebSocket session (limits, close codes),
        /// connection routing from the host's output stream, accounts. Tests start it in-process.
        .target(
            name: "TriviaServer",
            dependencies: [
                "ServerSupport",
                "TriviaWebSocketMessages",
                .product(name: "Trivia", package: "MobileExercises"),
                .product(name: "TriviaHost", package: "MobileExercises"),
                .product(name: "SharedNetworking", package: "MobileExercises"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            resources: [.copy("Resources/accounts.json")],
            swiftSettings: strictSettings
        ),
        /// `TriviaTransport` over hummingbird-websocket's client: WebSockets on Linux, where
        /// URLSession has none.
        .target(
            name: "TriviaWebSocketClient",
            dependencies: [
                "TriviaWebSocketMessages",
                .product(name: "Trivia", package: "MobileExercises"),
                .product(name: "TriviaHost", package: "MobileExercises"),
                .product(name: "SharedNetworking", package: "MobileExercises"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "trivia-server",
            dependencies: [
                "ServerSupport",
                "TriviaServer",
                "TriviaCluster",
                "TriviaClusterServer",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        /// The terminal client as a library: raw mode and its restoring, keys, signals, the
        /// full-screen and plain-log outputs, and the session that drives the real
        /// `TriviaViewModel` over `WebSocketTriviaTransport`.
        .target(
            name: "TriviaPlay",
            dependencies: [
                "TriviaWebSocketClient",
                .product(name: "Trivia", package: "MobileExercises"),
                .product(name: "TriviaHost", package: "MobileExercises"),
                .product(name: "SharedNetworking", package: "MobileExercises"),
                .product(name: "TerminalScreens", package: "MobileExercises"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
        /// `trivia-play`: a person plays a competition on a server, in a terminal.
        .executableTarget(
            name: "trivia-play",
            dependencies: [
                "TriviaPlay",
                "TriviaWebSocketClient",
                .product(name: "Trivia", package: "MobileExercises"),
                .product(name: "TriviaHost", package: "MobileExercises"),
                .product(name: "SharedNetworking", package: "MobileExercises"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        /// The load test as a library: N bots against a server it starts (or a cluster of
        /// nodes), bounded in count and time; its frame peek and timer wheel are tested in place.
        .target(
            name: "TriviaLoad",
            dependencies: [
                "ChildProcesses",
                "TriviaWebSocketMessages",
                "TriviaServer",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "Trivia", package: "MobileExercises"),
                .product(name: "TriviaHost", package: "MobileExercises"),
                .product(name: "SharedNetworking", package: "MobileExercises"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        /// `trivia-load`: the thin executable over ``TriviaLoad``.
        .executableTarget(name: "trivia-load", dependencies: ["TriviaLoad"], swiftSettings: strictSettings),
        /// What the end-to-end tests of both test targets share: a server started until it
        /// listens, the view-model's round on screen, what a failed wait prints (`FailureReport`,
        /// progress markers, recorded logs and frames). The waits themselves (`eventually`,
        /// `never`) and `Locked` are the root package's `TestSupport`, which it re-exports.
        .target(
            name: "TriviaServerTestSupport",
            dependencies: [
                "TriviaServer",
                .product(name: "TestSupport", package: "MobileExercises"),
                .product(name: "Trivia", package: "MobileExercises"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "TriviaHost", package: "MobileExercises"),
            ],
            path: "Tests/TriviaServerTestSupport",
            swiftSettings: strictSettings
        ),
        /// glibc's pseudo-terminal and spawn extensions, for the tests that run `trivia-play` on
        /// a terminal (Swift's Glibc module hides them).
        .target(name: "CPseudoTerminal", path: "Tests/CPseudoTerminal"),
        /// Several nodes over PostgreSQL (Docs/TriviaServer.md, "Cluster"): schema migrations,
        /// the input log and its replay, the owner's lease, the bus. No sockets: the server
        /// wires it to its sessions.
        .target(
            name: "TriviaCluster",
            dependencies: [
                .product(name: "Trivia", package: "MobileExercises"),
                .product(name: "TriviaHost", package: "MobileExercises"),
                .product(name: "SharedNetworking", package: "MobileExercises"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        /// The server's sockets on a cluster node (`trivia-server --cluster`): a
        /// `TriviaServerBackend` over the node's edge.
        .target(
            name: "TriviaClusterServer",
            dependencies: [
                "TriviaServer",
                "TriviaCluster",
                .product(name: "Trivia", package: "MobileExercises"),
                .product(name: "TriviaHost", package: "MobileExercises"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        /// Operates a cluster's database by hand: migrate, status, and a lease contender that
        /// the fail-over tests kill.
        .executableTarget(
            name: "trivia-cluster",
            dependencies: [
                "TriviaCluster",
                .product(name: "Trivia", package: "MobileExercises"),
                .product(name: "TriviaHost", package: "MobileExercises"),
                .product(name: "SharedNetworking", package: "MobileExercises"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "TriviaClusterTests",
            dependencies: [
                "ChildProcesses",
                "TriviaCluster",
                "TriviaClusterServer",
                "TriviaServer",
                "TriviaServerTestSupport",
                "TriviaWebSocketClient",
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Trivia", package: "MobileExercises"),
                .product(name: "TriviaHost", package: "MobileExercises"),
                .product(name: "SharedNetworking", package: "MobileExercises"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        /// The shared guards on their own: request deadlines, connection caps and RFC 6455's rules
        /// over real sockets, the host policy and the failure throttle as values.
        .testTarget(
            name: "ServerSupportTests",
            dependencies: [
                "ServerSupport",
                // Raw connections from a chosen address and hand-made frames, shared with the
                // Trivia server's hostile tests.
                "TriviaServerTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "TriviaServerTests",
            dependencies: [
                "ChildProcesses",
                "ServerSupport",
                "TriviaServer",
                // The load generator's frame peek and timer wheel are tested in place.
                "TriviaLoad",
                "TriviaServerTestSupport",
                "TriviaWebSocketClient",
                "TriviaWebSocketMessages",
                "TriviaPlay",
                "CPseudoTerminal",
                .product(name: "Trivia", package: "MobileExercises"),
                .product(name: "TriviaHost", package: "MobileExercises"),
                .product(name: "SharedNetworking", package: "MobileExercises"),
                .product(name: "TerminalScreens", package: "MobileExercises"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
    ]
)
