// swift-tools-version: 6.2
// (6.2: the root package's minimum, which this package depends on; see the root Package.swift.)
//
// Side-by-side benchmarks for MobileExercises: `swift run -c release --package-path Benchmarks bench [name]`.
//
// A nested package so that the root package keeps no dependencies: ZIPFoundation is here only to be
// measured against (see Docs/Benchmarks.md). The harness is hand-written (warm-up, repeated runs,
// median and minimum, peak RSS of each measurement in a child process).
//
// ZIPFoundation runs in its own executable, `zipfoundation-runner`, which times its runs itself
// the same way: its zlib module map defines a clang module named `CZlib`, exactly like ours, and
// clang refuses two definitions of one module in a single compilation.

import PackageDescription

let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // `name:` pins the identity: a path dependency is otherwise named after its folder, which
        // differs between a worktree, a CI clone and a developer's checkout.
        .package(name: "MobileExercises", path: ".."),
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
    ],
    targets: [
        .executableTarget(
            name: "bench",
            dependencies: [
                .product(name: "SharedNetworking", package: "MobileExercises"),
                .product(name: "ScreenKit", package: "MobileExercises"),
                .product(name: "HooSets", package: "MobileExercises"),
                .product(name: "Schedule", package: "MobileExercises"),
                .product(name: "CarFit", package: "MobileExercises"),
                .product(name: "Facts", package: "MobileExercises"),
                .product(name: "Trivia", package: "MobileExercises"),
                .product(name: "TriviaHost", package: "MobileExercises"),
                "LoopbackServer",
            ],
            swiftSettings: [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")]
        ),
        /// The loopback HTTP/1.1 server of the root package's tests: `Sources/LoopbackServer` is a
        /// symbolic link to `../../Tests/TestSupport`, so the pipeline benchmarks and the tests use
        /// one server (a target may not reach outside its package's folder any other way).
        .target(
            name: "LoopbackServer",
            dependencies: [.product(name: "SharedNetworking", package: "MobileExercises")],
            swiftSettings: [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")]
        ),
        /// Measures a command's own peak RSS (see its main.c for why it is a separate C program).
        .executableTarget(name: "peak-rss"),
        .executableTarget(
            name: "zipfoundation-runner",
            dependencies: [.product(name: "ZIPFoundation", package: "ZIPFoundation")],
            swiftSettings: [.swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny")]
        ),
    ]
)
