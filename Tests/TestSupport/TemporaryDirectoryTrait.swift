import Foundation
import Testing

/// Gives each test a directory of its own under the system's temporary directory
/// (`<prefix>-<UUID>`, not created until the test writes there) and removes it, with everything
/// in it, when the test ends: tests remove what they create.
///
/// A suite adds `.temporaryDirectory(prefix:)`; its tests (and what they call) read
/// ``current``. A helper that needs the directory and finds `nil` should record an issue rather
/// than write somewhere shared.
public struct TemporaryDirectoryTrait: SuiteTrait, TestTrait, TestScoping {
    /// The directory of the test running in this task, if its suite or test has the trait.
    @TaskLocal public static var current: URL?

    /// The start of the directory's name, so that a leftover says whose it is.
    public let prefix: String

    /// Applies to every test of a suite.
    public var isRecursive: Bool { true }

    /// Runs `function` with ``current`` set to a new directory, then removes the directory.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(prefix)-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await Self.$current.withValue(directory) { try await function() }
    }
}

extension Trait where Self == TemporaryDirectoryTrait {
    /// Each test gets a temporary directory named `<prefix>-<UUID>`, removed when it ends.
    public static func temporaryDirectory(prefix: String) -> Self { Self(prefix: prefix) }
}
