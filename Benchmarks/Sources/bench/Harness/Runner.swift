import Foundation

/// Runs benchmarks and prints one table each: median, minimum, ratio and peak memory.
struct Runner {
    var benchmarks: [any Benchmark]
    var scale: Scale
    var markdown: Bool

    /// Warm-up runs before timing (caches, page cache, lazy initialisation): one, or a tenth of
    /// the timed runs for benchmarks that time many short runs (a contender that takes 60 µs
    /// measured 1.9 times slower in its first few milliseconds than after them).
    func warmUp(_ runs: Int) -> Int { scale == .full ? max(1, runs / 10) : 0 }

    func run(_ selected: [any Benchmark]) async throws {
        print("peak RSS: the work run once in its own process; idle: the same program doing nothing;")
        print("  the smallest peak peak-rss can measure is \(formatBytes(Self.floor)) (its own size), shown as ≤")
        print("files are read and written in \(Self.root.path) (set BENCH_DIR to change)")
        print("ratio = the row's median ÷ ours (above 1: ours is faster)\n")
        for benchmark in selected {
            try await run(benchmark)
        }
    }

    private func run(_ benchmark: any Benchmark) async throws {
        let directory = try Self.workDirectory(for: benchmark.name)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputs = try await benchmark.prepare(in: directory, scale: scale)
        print("\(benchmark.name): \(benchmark.title)")
        print("  inputs: \(inputs)")
        let runs = scale == .full ? benchmark.runs : 1
        var rows: [Row] = []
        for (index, contender) in try benchmark.contenders(in: directory, scale: scale).enumerated() {
            var timings = Timings(samples: [])
            var peak: Int?
            var idle: Int?
            switch contender.kind {
            case .inProcess(let work):
                for run in 0..<(warmUp(runs) + runs) {
                    try contender.reset()
                    let clock = ContinuousClock()
                    let start = clock.now
                    try await work()
                    if run >= warmUp(runs) { timings.samples.append(clock.now - start) }
                }
                if contender.measuresMemory {
                    try contender.reset()
                    peak = try ChildProcess.peakRSS([
                        ChildProcess.executable, "__child", benchmark.name, String(index), directory.path, scale.rawValue,
                    ])
                    idle = try ChildProcess.peakRSS([ChildProcess.executable, "__child", "noop"])
                }
            case .selfTimed(let arguments):
                try contender.reset()
                timings.samples = try Self.selfTimed(arguments, warmUp: warmUp(runs), runs: runs, in: directory)
                try contender.reset()
                peak = try ChildProcess.peakRSS(arguments + ["--warm-up", "0", "--runs", "1"])
                idle = try ChildProcess.peakRSS(arguments + ["--warm-up", "0", "--runs", "0"])
            case .commands(let commands):
                for run in 0..<(warmUp(runs) + runs) {
                    try contender.reset()
                    var elapsed = Duration.zero
                    for arguments in commands {
                        let child = try ChildProcess.run(arguments)
                        guard child.status == 0 else {
                            throw BenchmarkError("\(benchmark.name)/\(contender.name): \(arguments[0]) exited \(child.status)")
                        }
                        elapsed += child.elapsed
                    }
                    if run >= warmUp(runs) { timings.samples.append(elapsed) }
                }
                try contender.reset()
                peak = try commands.map { try ChildProcess.peakRSS($0) }.max()
                idle = try contender.idleCommand.map { try ChildProcess.peakRSS($0) }
            }
            try contender.reset()
            rows.append(
                Row(name: contender.name, timings: timings, peakRSS: peak, idleRSS: idle, hasRatio: contender.hasRatio && index > 0))
        }
        print(markdown ? Self.markdownTable(rows) : Self.table(rows))
    }

    /// Runs one contender once, in the child process started by `run(_:)`.
    static func child(_ arguments: [String], benchmarks: [any Benchmark]) async throws {
        guard arguments.first != "noop" else { return }
        guard arguments.count == 4, let benchmark = benchmarks.first(where: { $0.name == arguments[0] }), let index = Int(arguments[1]),
            let scale = Scale(rawValue: arguments[3])
        else { throw BenchmarkError("usage: bench __child NAME INDEX DIRECTORY SCALE") }
        let contenders = try benchmark.contenders(in: URL(fileURLWithPath: arguments[2], isDirectory: true), scale: scale)
        guard contenders.indices.contains(index), case .inProcess(let work) = contenders[index].kind else {
            throw BenchmarkError("no in-process contender \(index) in \(benchmark.name)")
        }
        try await work()
    }

    /// Runs a self-timed contender and reads the durations it prints.
    static func selfTimed(_ arguments: [String], warmUp: Int, runs: Int, in directory: URL) throws -> [Duration] {
        let output = directory.appendingPathComponent("timings-\(UUID().uuidString.prefix(8)).txt")
        defer { try? FileManager.default.removeItem(at: output) }
        let child = try ChildProcess.run(
            arguments + ["--warm-up", String(warmUp), "--runs", String(runs)], output: output.path, showErrors: true)
        guard child.status == 0 else { throw BenchmarkError("\(arguments[0]) exited \(child.status)") }
        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
        let samples = lines.compactMap { Int64($0) }.map { Duration.nanoseconds($0) }
        guard samples.count == runs else { throw BenchmarkError("\(arguments[0]) printed \(lines.count) timings, expected \(runs)") }
        return samples
    }

    /// Where inputs and outputs live: `$BENCH_DIR`, else `/dev/shm` (tmpfs) when there is one, so
    /// that extraction timings compare the code rather than the disk, else the temporary directory.
    static let root: URL = {
        if let path = ProcessInfo.processInfo.environment["BENCH_DIR"] { return URL(fileURLWithPath: path, isDirectory: true) }
        if FileManager.default.isWritableFile(atPath: "/dev/shm") { return URL(fileURLWithPath: "/dev/shm", isDirectory: true) }
        return URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
    }()

    /// A fresh directory under ``root``.
    static func workDirectory(for name: String) throws -> URL {
        let directory = Self.root.appendingPathComponent("mobileexercises-bench-\(name)-\(UUID().uuidString.prefix(8))", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    struct Row {
        var name: String
        var timings: Timings
        var peakRSS: Int?
        var idleRSS: Int?
        var hasRatio: Bool

        var cells: [String] {
            [name, timings.median.formatted, timings.minimum.formatted, "", Runner.memory(peakRSS), Runner.memory(idleRSS)]
        }
    }

    /// `peak-rss true`: what the probe itself occupies.
    static let floor: Int = (try? ChildProcess.peakRSS(["true"])) ?? 0

    static func memory(_ bytes: Int?) -> String {
        guard let bytes else { return "" }
        return bytes <= floor + 64 * 1024 ? "≤ \(formatBytes(floor))" : formatBytes(bytes)
    }

    static func ratio(_ row: Row, _ rows: [Row]) -> String {
        guard row.hasRatio, let first = rows.first, first.timings.median > .zero else { return "" }
        return String(format: "%.2f", row.timings.median.seconds / first.timings.median.seconds)
    }

    static func table(_ rows: [Row]) -> String {
        let header = ["", "median", "min", "ratio", "peak RSS", "idle"]
        let lines = rows.map { row in
            var cells = row.cells
            cells[3] = ratio(row, rows)
            return cells
        }
        let all = [header] + lines
        let widths = (0..<header.count).map { column in all.map { $0[column].count }.max() ?? 0 }
        let text = all.map { cells in
            cells.enumerated().map { column, cell in
                column == 0
                    ? cell.padding(toLength: widths[0], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "   ")
        }
        return text.map { "  " + $0 }.joined(separator: "\n") + "\n"
    }

    static func markdownTable(_ rows: [Row]) -> String {
        var lines = ["| | median | min | ratio | peak RSS | idle |", "| --- | ---: | ---: | ---: | ---: | ---: |"]
        for row in rows {
            var cells = row.cells
            cells[3] = ratio(row, rows)
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
