// swift-tools-version: 6.2
//
// MobileExercises: five mobile take-home exercises as tested, reusable Swift libraries.
//
// Read this file as the architecture. Every exercise is one domain module (models, parsers,
// view state, view-models) built on `SharedNetworking` (networking and loading) and `ScreenKit`
// (the view layer: one loading machine, one screen state). Nothing here depends on a package:
// the root package has no dependencies by design (see Docs/Decisions.md). The Trivia server
// and the benchmarks are nested packages with their own Package.swift.
//
// Tools 6.2 (Xcode 26) is the real minimum: SharedNetworking and HooSets use Swift 6.2's
// `nonisolated(nonsending)` and `@concurrent`. An older toolchain stops at this line with
// SwiftPM's own message instead of failing in the middle of a compile. The platforms and what is
// compiled where: README.md, "Platforms".

import PackageDescription

/// Swift 6 language mode everywhere: strict concurrency is an error, not a warning.
let strictSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "MobileExercises",
    // Every Apple platform at the release that has both Observation and `Synchronization.Mutex`
    // (iOS 18 and its siblings; see Docs/Decisions.md). Linux needs no entry.
    platforms: [.iOS(.v18), .macOS(.v15), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "SharedNetworking", targets: ["SharedNetworking"]),
        .library(name: "ScreenKit", targets: ["ScreenKit"]),
        .library(name: "Schedule", targets: ["Schedule"]),
        .library(name: "CarFit", targets: ["CarFit"]),
        .library(name: "HooSets", targets: ["HooSets"]),
        .library(name: "Facts", targets: ["Facts"]),
        .library(name: "Trivia", targets: ["Trivia"]),
        .library(name: "TriviaHost", targets: ["TriviaHost"]),
        .library(name: "ScreenPreviews", targets: ["ScreenPreviews"]),
        .library(name: "TerminalScreens", targets: ["TerminalScreens"]),
        // The command's parts (locale from POSIX variables, the sample day's clock), for the web server.
        .library(name: "ExercisesCLI", targets: ["ExercisesCLI"]),
        .executable(name: "exercises", targets: ["exercises"]),
        // Test doubles and waits for the nested packages' tests too (as swift-nio ships
        // NIOTestUtils): one `eventually`, one `Locked`, one loopback server. Not for apps.
        .library(name: "TestSupport", targets: ["TestSupport"]),
    ],
    targets: [
        // MARK: Shared foundation

        /// Networking and loading: HTTP clients (URLSession's; for plain http on Linux,
        /// SocketHTTPClient on POSIX sockets), retry within a deadline, the HTTP cache, the generic
        /// feed loader (text decoding, lenient dates, lossy collections, diagnostics), the resource
        /// pipeline (caches, coalescing), binary readers (CRC-32, byte cursors) and the injected
        /// environment and clock.
        .target(name: "SharedNetworking", dependencies: ["CZlib"], swiftSettings: strictSettings),

        /// The view layer every screen shares: the one loading machine (`ScreenLoader`) and the
        /// one value a screen publishes (`ScreenState`), the loading phase, the network notice,
        /// the accessibility vocabulary, colours and fonts, layout geometry, calendar time.
        .target(name: "ScreenKit", dependencies: ["SharedNetworking"], swiftSettings: strictSettings),

        /// The system zlib: CRC-32 for every checksum (SharedNetworking) and raw inflate for the
        /// HooSets ZIP reader.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib"),

        // MARK: The five exercises

        /// YinzCam: NFL team schedule with sticky sections, locale-aware dates and cached logos.
        .target(
            name: "Schedule",
            dependencies: ["SharedNetworking", "ScreenKit"],
            resources: [.copy("Resources/schedule.json")],
            swiftSettings: strictSettings
        ),
        /// DigitalMind CarFit: a car-wash worker's visit list and month calendar (MVVM).
        .target(
            name: "CarFit",
            dependencies: ["SharedNetworking", "ScreenKit"],
            resources: [.copy("Resources/carfit.json")],
            swiftSettings: strictSettings
        ),
        /// Yahoo HooView: zipped sets of images and poems, a grid, a selection disc, scrubbing.
        .target(
            name: "HooSets",
            dependencies: ["SharedNetworking", "ScreenKit", "CZlib"],
            resources: [.copy("Resources/HooSets"), .copy("Resources/Artwork")],
            swiftSettings: strictSettings
        ),
        /// The "proficiency" facts feed: lazy images and self-sizing rows.
        .target(
            name: "Facts",
            dependencies: ["SharedNetworking", "ScreenKit"],
            resources: [.copy("Resources/facts.json")],
            swiftSettings: strictSettings
        ),
        /// Live trivia, what an app imports: the documented protocol and its codec, the client
        /// state machine, the transports, the view state and the view-model.
        .target(name: "Trivia", dependencies: ["SharedNetworking", "ScreenKit"], swiftSettings: strictSettings),
        /// The Trivia host, what a server imports: the reference host, its question sets, the
        /// wild-card balance endpoint, the in-memory network and the simulation with bots. Apart
        /// from `Trivia` so that an app does not carry a server (see Docs/Trivia.md).
        .target(
            name: "TriviaHost",
            dependencies: ["SharedNetworking", "Trivia"],
            resources: [.copy("Resources/questions.json")],
            swiftSettings: strictSettings
        ),

        // MARK: Presentation outside an app

        /// Static HTML pages of every screen, rendered from view state only.
        .target(
            name: "ScreenPreviews",
            dependencies: ["ScreenKit", "Schedule", "CarFit", "HooSets", "Facts", "Trivia", "TriviaHost"],
            swiftSettings: strictSettings
        ),
        /// Every screen as terminal text, rendered from view state only (the `exercises` command,
        /// `trivia-play`), and the terminal-cell layout they share.
        .target(
            name: "TerminalScreens",
            dependencies: ["ScreenKit", "Schedule", "CarFit", "HooSets", "Facts", "Trivia"],
            swiftSettings: strictSettings
        ),
        /// The `exercises` command's logic: hand-written, table-driven argument parsing and one
        /// screen per exercise. A library so that it is tested like everything else.
        .target(
            name: "ExercisesCLI",
            dependencies: [
                "SharedNetworking", "ScreenKit", "Schedule", "CarFit", "HooSets", "Facts", "Trivia", "TriviaHost", "ScreenPreviews",
                "TerminalScreens",
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(name: "exercises", dependencies: ["ExercisesCLI"], swiftSettings: strictSettings),

        // MARK: Tests

        /// Test doubles that run the real code path: a loopback HTTP/1.1 server on POSIX
        /// sockets and a stub `URLProtocol`; `eventually` and `Locked`. A product only so that
        /// the nested packages' tests use the same ones.
        .target(name: "TestSupport", dependencies: ["SharedNetworking"], path: "Tests/TestSupport", swiftSettings: strictSettings),
        .testTarget(name: "SharedNetworkingTests", dependencies: ["SharedNetworking", "TestSupport"], swiftSettings: strictSettings),
        /// ScreenKit's rules, and the screen contract checked against the four feed screens that sign it.
        .testTarget(
            name: "ScreenKitTests", dependencies: ["ScreenKit", "Schedule", "CarFit", "HooSets", "Facts", "TestSupport"],
            swiftSettings: strictSettings),
        .testTarget(name: "ScheduleTests", dependencies: ["Schedule", "TestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "CarFitTests", dependencies: ["CarFit", "TestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "HooSetsTests", dependencies: ["HooSets", "TestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "FactsTests", dependencies: ["Facts", "TestSupport"], swiftSettings: strictSettings),
        /// The client and the host together: the client is tested against a real host.
        .testTarget(name: "TriviaTests", dependencies: ["Trivia", "TriviaHost", "TestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "ScreenPreviewsTests", dependencies: ["ScreenPreviews", "TestSupport", "CZlib"], swiftSettings: strictSettings),
        .testTarget(name: "TerminalScreensTests", dependencies: ["TerminalScreens", "TestSupport"], swiftSettings: strictSettings),
        .testTarget(
            name: "ExercisesCLITests", dependencies: ["ExercisesCLI", "TerminalScreens", "TestSupport"], swiftSettings: strictSettings),
    ]
)
