import Foundation

/// `bench --profile NAME INDEX RUNS`: one contender's work, repeated, for an instruction profiler.
///
/// Timings on a shared machine move with the load; instruction counts do not. The inputs are
/// prepared at full scale, the contender runs once untimed (lazy initialisation, caches), then
/// ``profiledRuns(_:_:)`` runs it `RUNS` times. Run it under callgrind with collection limited
/// to that function, so start-up and preparation are left out:
///
/// ```sh
/// valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*profiledRuns*' \
///     Benchmarks/.build/release/bench --profile json-schedule 0 20
/// ```
enum Profiling {
    static func run(_ arguments: [String], benchmarks: [any Benchmark]) async throws {
        guard arguments.count == 3, let benchmark = benchmarks.first(where: { $0.name == arguments[0] }),
            let index = Int(arguments[1]), let runs = Int(arguments[2]), runs > 0
        else { throw BenchmarkError("usage: bench --profile NAME INDEX RUNS") }
        let directory = try Runner.workDirectory(for: benchmark.name)
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try await benchmark.prepare(in: directory, scale: .full)
        let contenders = try benchmark.contenders(in: directory, scale: .full)
        guard contenders.indices.contains(index), case .inProcess(let work) = contenders[index].kind else {
            throw BenchmarkError("no in-process contender \(index) in \(benchmark.name)")
        }
        try await work()
        try await profiledRuns(work, runs)
        print("\(benchmark.name): \(contenders[index].name), \(runs) profiled runs")
    }

    /// The only function callgrind collects in (see the type's comment); never inlined, so its
    /// symbol exists.
    @inline(never)
    static func profiledRuns(_ work: @Sendable () async throws -> Void, _ runs: Int) async throws {
        for _ in 0..<runs { try await work() }
    }
}
