import Foundation
import Testing

/// Gives each test a caches directory of its own (`exercises-web-tests-<UUID>`: the bundled Hoo
/// sets are unpacked there, 5 MB) and removes it, with everything in it, when the test ends.
struct TemporaryCachesTrait: SuiteTrait, TestTrait, TestScoping {
    /// The caches directory of the test running in this task, if its suite has the trait.
    @TaskLocal static var directory: URL?

    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "exercises-web-tests-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await Self.$directory.withValue(directory) { try await function() }
    }
}

extension Trait where Self == TemporaryCachesTrait {
    /// Each test gets a caches directory, removed when it ends.
    static var temporaryCaches: Self { Self() }
}
