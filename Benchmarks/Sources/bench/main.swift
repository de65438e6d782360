import Foundation

/// Every benchmark, in the order `bench` runs them.
let allBenchmarks: [any Benchmark] =
    [HooSetsExtractionBenchmark(), LargeArchiveExtractionBenchmark(), feedLoaderBenchmark(), EncodingDetectionBenchmark()]
    + FixtureBenchmarks.all()
    + [CarFitScheduleBenchmark(), CalendarMonthsBenchmark(), FactsLayoutBenchmark(), TriviaHostBenchmark()]
    + PipelineBenchmarks.all()
    + [FeedOverHTTPBenchmark()]

let usage = """
    usage: bench [NAME...] [--smoke] [--markdown] [--list]
           bench --profile NAME INDEX RUNS

    Runs each benchmark (all by default) and prints, per contender, the median and minimum
    time of the timed runs, the ratio to ours (above 1: ours is faster) and the peak RSS of the
    same work run once in a child process.

      --smoke      tiny inputs and one run: proves the benchmarks run (CI), measures nothing
      --markdown   print the tables as Markdown (for Docs/Benchmarks.md)
      --list       list the benchmarks
      --profile    run contender INDEX (0 = ours) of NAME RUNS times, for callgrind
                   (see Sources/bench/Harness/Profiling.swift)
    """

/// The command. It runs in a task while the main thread waits, not as an asynchronous top level:
/// valgrind 3.19 crashes in the signal wait (`dispatch_main`) an asynchronous `main` parks the
/// main thread in, and `--profile` exists to run under valgrind.
@Sendable func runCommand(_ commandLine: [String]) async -> Int32 {
    var arguments = commandLine
    do {
        if arguments.first == "__child" {
            try await Runner.child(Array(arguments.dropFirst()), benchmarks: allBenchmarks)
            return 0
        }
        if arguments.contains("--help") || arguments.contains("-h") {
            print(usage)
            return 0
        }
        if arguments.first == "--profile" {
            try await Profiling.run(Array(arguments.dropFirst()), benchmarks: allBenchmarks)
            return 0
        }
        if arguments.contains("--list") {
            for benchmark in allBenchmarks {
                print("\(benchmark.name.padding(toLength: 22, withPad: " ", startingAt: 0)) \(benchmark.title)")
            }
            return 0
        }
        let scale: Scale = arguments.contains("--smoke") ? .smoke : .full
        let markdown = arguments.contains("--markdown")
        arguments.removeAll { $0.hasPrefix("--") }
        let unknown = arguments.filter { name in !allBenchmarks.contains { $0.name == name } }
        guard unknown.isEmpty else { throw BenchmarkError("unknown benchmark \(unknown.joined(separator: ", ")); see bench --list") }
        let selected = arguments.isEmpty ? allBenchmarks : allBenchmarks.filter { arguments.contains($0.name) }
        try await Runner(benchmarks: allBenchmarks, scale: scale, markdown: markdown).run(selected)
        return 0
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        return 1
    }
}

let commandLine = Array(CommandLine.arguments.dropFirst())
Task.detached { exit(await runCommand(commandLine)) }
// The task ends the process; the main thread only waits.
DispatchSemaphore(value: 0).wait()
