import ArgumentParser
import ExercisesWeb
import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import NIOPosix
import SharedNetworking
import Synchronization

/// `exercises-web-bench`: input to updated screen, and memory per session, with N simulated
/// sessions (Docs/Benchmarks.md, "Live pages"). Starts the server in this process on a loopback
/// port, opens N CarFit sessions, connects N WebSocket clients (no browser) and has each replay
/// the calendar's events (open, select a day, deselect it, close) for a while: the latency of
/// an event is the time from sending it to receiving the render that acknowledges it.
@main
struct WebBenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exercises-web-bench", abstract: "Latency and memory per session of exercises-web with N WebSocket clients.")

    @Option(help: "Simulated sessions.")
    var sessions = 100

    @Option(help: "Seconds of replay.")
    var seconds: Double = 20

    @Option(help: "Seconds between two events of one session.")
    var interval: Double = 1

    @Option(help: "The app whose view-model the sessions drive: carfit or hoosets.")
    var screen = "carfit"

    func run() async throws {
        guard let exercise = WebExercise(rawValue: screen), [.carfit, .hoosets].contains(exercise) else {
            throw ValidationError("--screen must be carfit or hoosets")
        }
        let logger = Logger(label: "bench") { _ in SwiftLogNoOpLogHandler() }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let clock = SystemClock()
        let caches = FileManager.default.temporaryDirectory.appendingPathComponent("exercises-web-bench-\(getpid())", isDirectory: true)
        let zone = TimeZone(identifier: "UTC") ?? .gmt
        let locale = Locale(identifier: "en_US")
        let environment = AppEnvironment(
            httpClient: OfflineHTTPClient(), clock: clock, locale: locale, timeZone: zone,
            calendar: AppEnvironment.calendar(locale: locale, timeZone: zone), directories: Directories(caches: caches, temporary: caches))
        let server = ExercisesWebServer(
            configuration: WebConfiguration(
                port: 0, trivia: URL(string: "http://127.0.0.1:9"), cacheDirectory: caches, maxSessions: sessions + 10),
            environment: environment, eventLoopGroup: group, logger: logger)
        let (ports, portSink) = AsyncStream<Int>.makeStream()
        let serving = Task { try await server.run { portSink.yield($0) } }
        var portIterator = ports.makeAsyncIterator()
        guard let port = await portIterator.next() else { throw ValidationError("the server did not start") }

        let before = Self.residentBytes()
        var ids: [String] = []
        for _ in 0..<sessions {
            guard let id = await server.openSession(exercise) else { throw ValidationError("no room for \(sessions) sessions") }
            ids.append(id)
        }
        try await Task.sleep(for: .seconds(2))  // every view-model loads its data
        let opened = Self.residentBytes()
        let events = exercise == .carfit ? Self.carFitEvents : Self.hooSetsEvents
        let latencies = LatencyLog()
        let start = ContinuousClock.now
        let end = start + .seconds(seconds)
        let interval = self.interval, count = ids.count
        await withTaskGroup(of: Void.self) { clients in
            for (index, id) in ids.enumerated() {
                clients.addTask {
                    let phase = Duration.seconds(interval * Double(index) / Double(max(1, count)))
                    do {
                        try await Self.replay(
                            url: "ws://127.0.0.1:\(port)/live/\(id)", events: events, phase: phase, interval: .seconds(interval),
                            until: end,
                            latencies: latencies, group: group, logger: logger)
                    } catch { print("client: \(error)") }
                }
            }
        }
        let attached = Self.residentBytes()
        await server.shutdown()
        _ = try? await serving.value
        try? FileManager.default.removeItem(at: caches)
        let sorted = latencies.values.sorted()
        func percentile(_ p: Double) -> Double {
            sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)] * 1000
        }
        let perSession = Double(attached - before) / Double(max(1, sessions)) / 1024
        let perOpened = Double(opened - before) / Double(max(1, sessions)) / 1024
        print(
            String(
                format:
                    "%@ sessions=%d events=%d p50=%.2f ms p99=%.2f ms max=%.2f ms memory/session=%.0f KiB (%.0f KiB before sockets) lost=%d",
                screen, sessions, sorted.count, percentile(0.5), percentile(0.99), (sorted.last ?? .nan) * 1000, perSession, perOpened,
                latencies.lost))
    }

    static let carFitEvents = [
        #"{"type":"action","action":"toggle-calendar"}"#, #"{"type":"action","action":"toggle-day","value":"2020-09-11"}"#,
        #"{"type":"action","action":"toggle-day","value":"2020-09-11"}"#, #"{"type":"action","action":"toggle-calendar"}"#,
    ]
    /// A tap on a Hoo (down, up) and a tap on it again, as pointer samples.
    static let hooSetsEvents = [
        #"{"type":"pointer","phase":"began","time":1.0,"x":60,"y":150}"#, #"{"type":"pointer","phase":"ended","time":1.05,"x":60,"y":150}"#,
    ]

    /// One client: connects, then sends an event every `interval` and times its acknowledgement.
    static func replay(
        url: String, events: [String], phase: Duration, interval: Duration, until end: ContinuousClock.Instant, latencies: LatencyLog,
        group: any EventLoopGroup, logger: Logger
    ) async throws {
        try await WebSocketClient.connect(url: url, configuration: .init(maxFrameSize: 1 << 22), eventLoopGroup: group, logger: logger) {
            inbound, outbound, _ in
            var messages = inbound.messages(maxSize: 1 << 24).makeAsyncIterator()
            _ = try await messages.next()  // the whole screen, sent on attaching
            try await Task.sleep(for: phase)
            var seq = 0
            while ContinuousClock.now < end {
                seq += 1
                let event = events[(seq - 1) % events.count].dropLast() + ",\"seq\":\(seq)}"
                let sent = ContinuousClock.now
                try await outbound.write(.text(String(event)))
                var acknowledged = false
                while !acknowledged, let message = try await messages.next() {
                    guard case .text(let text) = message else { continue }
                    if text.contains("\"ack\":\(seq),") || text.contains("\"ack\":\(seq)}") {
                        acknowledged = true
                        let elapsed = ContinuousClock.now - sent
                        latencies.add(Double(elapsed.components.attoseconds) / 1e18 + Double(elapsed.components.seconds))
                    }
                }
                if !acknowledged {
                    latencies.loseOne()
                    return
                }
                try await Task.sleep(until: sent + interval)
            }
            try await outbound.close(.normalClosure, reason: nil)
        }
    }

    /// The process's resident memory (Linux: /proc/self/statm), in bytes.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// Latencies from every client task.
final class LatencyLog: Sendable {
    private let state = Mutex<(values: [Double], lost: Int)>(([], 0))
    func add(_ seconds: Double) { state.withLock { $0.values.append(seconds) } }
    func loseOne() { state.withLock { $0.lost += 1 } }
    var values: [Double] { state.withLock { $0.values } }
    var lost: Int { state.withLock { $0.lost } }
}
