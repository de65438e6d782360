import Foundation

/// How big the inputs are: `full` for the numbers in Docs/Benchmarks.md, `smoke` for CI, which
/// only proves that every benchmark still builds and runs (tiny inputs, one run, no timing claims).
enum Scale: String, Sendable {
    case full
    case smoke
}

/// One side-by-side comparison: what is measured, how its inputs are made, and who competes.
protocol Benchmark: Sendable {
    /// Short name used on the command line (`bench zip-hoosets`).
    var name: String { get }
    /// One line saying what is measured.
    var title: String { get }
    /// Timed runs after the warm-up (the median and the minimum are reported).
    var runs: Int { get }
    /// Creates the inputs in `directory` (a fresh temporary directory) and describes them.
    func prepare(in directory: URL, scale: Scale) async throws -> String
    /// The contenders, ours first. Called again in the child process that measures memory, with
    /// the same directory, so it must only build closures, not inputs.
    func contenders(in directory: URL, scale: Scale) throws -> [Contender]
}

extension Benchmark {
    var runs: Int { 7 }
}

/// One implementation being measured.
struct Contender: Sendable {
    enum Kind: Sendable {
        /// Work done in this process; timed in-process, its peak memory measured by running it
        /// once in a child process (this binary, re-executed).
        case inProcess(@Sendable () async throws -> Void)
        /// External commands run one after the other, timed from the first spawn to the last
        /// exit; peak memory is the largest of theirs.
        case commands([[String]])
        /// Another program of this package that runs the work itself: invoked with
        /// `--warm-up W --runs N` appended, it prints each timed run's nanoseconds on a line.
        /// Its peak memory is measured by a separate `--warm-up 0 --runs 1` invocation, its idle
        /// memory by `--runs 0`.
        case selfTimed([String])
    }

    var name: String
    var kind: Kind
    /// Untimed preparation before each run (for example removing the previous run's output).
    var reset: @Sendable () throws -> Void = {}
    /// Whether the ratio column compares this row with the first one.
    var hasRatio = true
    /// Whether to measure peak memory in a child process.
    var measuresMemory = true
    /// For `.commands`: the same program doing (almost) nothing, for its idle memory.
    var idleCommand: [String]?

    static func ours(
        _ name: String = "ours", reset: @escaping @Sendable () throws -> Void = {}, _ run: @escaping @Sendable () async throws -> Void
    ) -> Contender {
        Contender(name: name, kind: .inProcess(run), reset: reset)
    }

    static func peer(_ name: String, reset: @escaping @Sendable () throws -> Void = {}, _ run: @escaping @Sendable () async throws -> Void)
        -> Contender
    {
        Contender(name: name, kind: .inProcess(run), reset: reset)
    }

    static func selfTimed(_ name: String, _ arguments: [String], reset: @escaping @Sendable () throws -> Void = {}) -> Contender {
        Contender(name: name, kind: .selfTimed(arguments), reset: reset)
    }

    static func commands(_ name: String, _ commands: [[String]], idle: [String]? = nil, reset: @escaping @Sendable () throws -> Void = {})
        -> Contender
    {
        Contender(name: name, kind: .commands(commands), reset: reset, idleCommand: idle)
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
