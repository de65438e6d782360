import ExercisesCLI
import Foundation
import SharedNetworking
import TestSupport
import Testing

/// Captures what a command writes.
final class CapturingIO: ConsoleIO {
    private let out = Locked("")
    private let err = Locked("")
    private let input: Data

    /// `input` is what standard input holds.
    init(input: Data = Data()) {
        self.input = input
    }

    func write(_ text: String) { out.withLock { $0 += text } }
    func writeError(_ text: String) { err.withLock { $0 += text } }
    func readInput(limit: Int) throws -> Data? { input.count > limit ? nil : input }

    var standardOutput: String { out.withLock { $0 } }
    var standardError: String { err.withLock { $0 } }
}

/// The result of running `exercises …` in-process.
struct CommandRun {
    let status: Int32
    let output: String
    let errors: String

    /// The `--json` output parsed, for assertions on the envelope and the screen.
    func json() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(output.utf8))
        guard let dictionary = object as? [String: Any] else { throw CocoaError(.coderReadCorrupt) }
        return dictionary
    }
}

/// Runs the command line exactly as the executable does, with fixed defaults: en_US, UTC,
/// a manual clock at 2020-09-10T08:00:00Z, a fresh temporary cache directory, 80 columns.
/// With `environment`, the locales come from its POSIX variables as in the executable, `locale`
/// being the system's fallback. `clock` replaces the manual clock (a real one, for a deadline
/// that must pass while a real server hangs).
func runExercises(
    _ arguments: [String],
    input: Data = Data(),
    environment: [String: String]? = nil,
    locale: String = "en_US",
    timeZone: String = "UTC",
    now: Date = Date(timeIntervalSince1970: 1_599_724_800),
    width: Int = 80,
    clock: (any AppClock)? = nil
) async -> CommandRun {
    let io = CapturingIO(input: input)
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("exercises-tests-\(UUID().uuidString)", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: temporary) }
    let defaults = SystemDefaults(
        environment: environment ?? [:],
        fallbackLocale: Locale(identifier: locale),
        timeZone: TimeZone(identifier: timeZone) ?? .gmt,
        clock: clock ?? ManualClock(now: now),
        cachesDirectory: temporary.appendingPathComponent("caches", isDirectory: true),
        temporaryDirectory: temporary.appendingPathComponent("tmp", isDirectory: true),
        terminalWidth: width
    )
    let status = await CommandLineRunner.run(arguments, defaults: defaults, io: io)
    return CommandRun(status: status, output: io.standardOutput, errors: io.standardError)
}

/// A file with `contents` in the test's own temporary directory (for `--file` tests), which
/// is removed when the test ends: the suite must carry the ``TemporaryFilesTrait`` trait
/// (`@Suite(.temporaryFiles)`). Without it the test fails instead of leaving files behind.
func temporaryFile(named name: String, contents: Data) throws -> URL {
    let url = try temporaryDirectory().appendingPathComponent(name)
    try contents.write(to: url)
    return url
}

/// A new, empty directory inside the test's own temporary directory (for `--cache-dir`, and for
/// ``temporaryFile(named:contents:)``), removed with it when the test ends. Needs the suite's
/// ``TemporaryFilesTrait``, as ``temporaryFile(named:contents:)`` does.
func temporaryDirectory() throws -> URL {
    guard let root = TemporaryDirectoryTrait.current else {
        Issue.record("temporaryDirectory() needs the suite's .temporaryFiles trait, which removes what it creates")
        throw CocoaError(.fileNoSuchFile)
    }
    let directory = root.appendingPathComponent(UUID().uuidString, isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}

extension Trait where Self == TemporaryDirectoryTrait {
    /// Each test gets a temporary directory (`exercises-input-<UUID>`) for
    /// ``temporaryFile(named:contents:)``, removed with everything in it when the test ends.
    static var temporaryFiles: Self { .temporaryDirectory(prefix: "exercises-input") }
}
