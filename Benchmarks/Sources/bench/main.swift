import Foundation

/// Every benchmark, in the order `bench` runs them.
let allBenchmarks: [any Benchmark] =
    [HooSetsExtractionBenchmark(), LargeArchiveExtractionBenchmark(), feedLoaderBenchmark()]
    + FixtureBenchmarks.all()
    + [CarFitScheduleBenchmark(), CalendarMonthsBenchmark(), FactsLayoutBenchmark(), TriviaHostBenchmark()]
    + PipelineBenchmarks.all()

let usage = """
    usage: bench [NAME...] [--smoke] [--markdown] [--list]

    Runs each benchmark (all by default) and prints, per contender, the median and minimum
    time of the timed runs, the ratio to ours (above 1: ours is faster) and the peak RSS of the
    same work run once in a child process.

      --smoke      tiny inputs and one run: proves the benchmarks run (CI), measures nothing
      --markdown   print the tables as Markdown (for Docs/Benchmarks.md)
      --list       list the benchmarks
    """

var arguments = Array(CommandLine.arguments.dropFirst())
do {
    if arguments.first == "__child" {
        try await Runner.child(Array(arguments.dropFirst()), benchmarks: allBenchmarks)
        exit(0)
    }
    if arguments.contains("--help") || arguments.contains("-h") {
        print(usage)
        exit(0)
    }
    if arguments.contains("--list") {
        for benchmark in allBenchmarks { print("\(benchmark.name.padding(toLength: 22, withPad: " ", startingAt: 0)) \(benchmark.title)") }
        exit(0)
    }
    let scale: Scale = arguments.contains("--smoke") ? .smoke : .full
    let markdown = arguments.contains("--markdown")
    arguments.removeAll { $0.hasPrefix("--") }
    let unknown = arguments.filter { name in !allBenchmarks.contains { $0.name == name } }
    guard unknown.isEmpty else { throw BenchmarkError("unknown benchmark \(unknown.joined(separator: ", ")); see bench --list") }
    let selected = arguments.isEmpty ? allBenchmarks : allBenchmarks.filter { arguments.contains($0.name) }
    try await Runner(benchmarks: allBenchmarks, scale: scale, markdown: markdown).run(selected)
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}
