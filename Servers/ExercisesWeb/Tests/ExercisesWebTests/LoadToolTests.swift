import Foundation
import NIOCore
import NIOEmbedded
import NIOPosix
import NIOWebSocket
import Testing

@testable import ExercisesWeb
@testable import ExercisesWebLoad

/// `exercises-web-load`'s parts: its statistics, what it reads from the server's messages, the
/// events it sends (the server must take them), its socket handler on an embedded channel, and
/// one small run against a real server.
@Suite("The load tool", .temporaryCaches)
struct LoadToolTests {
    // MARK: Statistics

    @Test func percentilesAreNearestRankSamples() {
        let summary = LatencySummary(seconds: (1...100).reversed().map { Double($0) / 1000 })
        #expect(summary.count == 100)
        #expect(summary.p50 == 50)
        #expect(summary.p90 == 90)
        #expect(summary.p99 == 99)
        #expect(summary.max == 100)
        let one = LatencySummary(seconds: [0.0042])
        #expect(one.p50 == 4.2 && one.p99 == 4.2 && one.max == 4.2)
        let none = LatencySummary(seconds: [])
        #expect(none.count == 0 && none.p50 == nil && none.max == nil)
        // Three samples: p50 is the 2nd, p90 and p99 the 3rd (never an interpolation).
        #expect(LatencySummary.percentile(0.5, of: [1, 2, 3]) == 2)
        #expect(LatencySummary.percentile(0.9, of: [1, 2, 3]) == 3)
    }

    @Test func socketsAddUpToARun() {
        var first = ConnectionStats()
        first.sent = 3
        first.acknowledged = 2
        first.lost = 1
        first.latencies = [0.010, 0.030]
        first.bytes = 4_000
        first.messages = 2
        first.firstMessageBytes = 20_000
        first.firstWasReset = true
        first.sendLagMax = 0.002
        first.active = true
        first.stepMessages = [1, 1]
        first.stepBytes = [1_000, 3_000]
        var second = ConnectionStats()
        second.sent = 2
        second.acknowledged = 2
        second.refused = 1
        second.latencies = [0.020, 0.040]
        second.bytes = 2_000
        second.messages = 3
        second.firstMessageBytes = 10_000
        second.closedEarly = true
        second.sendLagMax = 0.005
        second.active = true
        second.stepMessages = [0, 1]
        second.stepBytes = [0, 2_000]
        var idle = ConnectionStats()  // sent nothing: its bytes are not an event's
        idle.bytes = 9_000
        idle.messages = 4
        idle.firstMessageBytes = 15_000
        let totals = RunTotals([first, second, idle])
        #expect(totals.events == LoadResult.EventCounts(sent: 5, acknowledged: 4, refused: 1, lost: 1))
        #expect(totals.latency.count == 4)
        #expect(totals.latency.p50 == 20)
        #expect(totals.latency.max == 40)
        #expect(totals.bytesPerAcknowledgedEvent == 1_500)
        #expect(totals.messagesPerAcknowledgedEvent == 1.25)
        #expect(totals.bytesReceived == 15_000)
        #expect(totals.bytesPerStep == [1_000, 2_500])
        #expect(totals.firstScreenBytes == 15_000)
        #expect(totals.socketsClosedEarly == 1)
        #expect(totals.sendLagMaxMilliseconds == 5)
    }

    @Test func triviaDeliveriesAreCountedPerSessionAndQuestion() {
        var shown = ConnectionStats()
        shown.questionLatencies = [0.2, 0.4]
        var missedOne = ConnectionStats()
        missedOne.questionLatencies = [0.3, nil]
        var closed = ConnectionStats()  // closed before its plan: owes both
        closed.closedEarly = true
        let totals = RunTotals([shown, missedOne, closed], questions: 2)
        #expect(totals.events == LoadResult.EventCounts(sent: 6, acknowledged: 3, refused: 0, lost: 3))
        #expect(totals.latency.p50 == 300)
        #expect(totals.latency.max == 400)
    }

    @Test func theHostsBroadcastInstantsFollowItsSchedule() {
        let competition = TriviaCompetition(competition: "web-1", startsAt: 1_000, answerSeconds: 8, reviewSeconds: 4, questions: 3)
        #expect(competition.broadcast(0) == 1_000)
        #expect(competition.broadcast(1) == 1_012)
        #expect(competition.broadcast(2) == 1_024)
    }

    @Test func theTablePutsConfigurationsSideBySide() throws {
        func result(_ configuration: String, p99: Double) -> LoadResult {
            var stats = ConnectionStats()
            stats.sent = 4
            stats.acknowledged = 4
            stats.latencies = [0.001, 0.002, 0.003, p99]
            let totals = RunTotals([stats])
            return LoadResult(
                configuration: configuration, serverCommand: "exercises-web --port 0 \(configuration)", scenario: .carfit, sessions: 1,
                active: 1, rate: 1, seconds: 4, warmup: 0, sources: 1, sessionsOpened: 1, socketsAttached: 1, socketsClosedEarly: 0,
                sessionsExpired: 0, events: totals.events, latency: totals.latency, bytesPerAcknowledgedEvent: 100, bytesReceived: 400,
                bytesPerStep: [], messagesPerAcknowledgedEvent: 1, firstScreenBytes: 1_000, memory: LoadResult.MemoryReadings(),
                client: LoadResult.ClientReadings(
                    threads: 1, driveCPUSeconds: 0.1, driveSeconds: 4, totalCPUSeconds: 0.2, sendLagMaxMilliseconds: 0.5),
                serverCPUSeconds: 1, trivia: nil, problems: [])
        }
        let report = LoadReport(
            runs: [result("--renderer whole", p99: 0.040), result("--renderer diff", p99: 0.004)],
            notRun: [LoadReport.NotRun(configuration: "--renderer nope", reason: "the server refused its arguments")])
        let lines = LoadReportTable.render(report).split(separator: "\n").map(String.init)
        let configuration = try #require(lines.first { $0.hasPrefix("configuration") })
        #expect(configuration.contains("--renderer whole") && configuration.contains("--renderer diff"))
        let p99 = try #require(lines.first { $0.hasPrefix("latency p99") })
        #expect(p99.contains("40.0 ms") && p99.contains("4.00 ms"))
        #expect(lines.contains("not run (--renderer nope): the server refused its arguments"))
        // The JSON carries the same runs.
        let decoded = try JSONDecoder().decode(LoadReport.self, from: JSONEncoder().encode(report))
        #expect(decoded == report)
    }

    // MARK: Messages

    @Test func acknowledgementsAreReadFromTheServersOwnMessages() {
        // A render whose markup quotes `"ack":99` as text: only the member counts.
        let render = LiveUpdate.render(
            version: 3, ack: 7, html: #"<p>"ack":99 "type":"error"</p>"#, css: [".a{}"], reset: false, title: "CarFit")
        let peek = LiveMessagePeek(render.json)
        #expect(peek == LiveMessagePeek(kind: .update, ack: 7, reset: false))
        let first = LiveMessagePeek(LiveUpdate.render(version: 1, ack: nil, html: "<p></p>", css: [], reset: true, title: "T").json)
        #expect(first == LiveMessagePeek(kind: .update, ack: nil, reset: true))
        let refused = LiveMessagePeek(LiveUpdate.error(ack: 12, .tooFast).json)
        #expect(refused == LiveMessagePeek(kind: .error, ack: 12, reset: false))
        #expect(LiveMessagePeek(LiveUpdate.expired.json) == LiveMessagePeek(kind: .expired, ack: nil, reset: false))
        // A later server's message types acknowledge the same way.
        #expect(LiveMessagePeek(#"{"type":"diff","ack": 41,"ops":[]}"#) == LiveMessagePeek(kind: .update, ack: 41, reset: false))
        #expect(LiveMessagePeek(#"{"type":"render","ack":null}"#).ack == nil)
        #expect(LiveMessagePeek("not json").kind == .unreadable)
    }

    @Test func theEventsSentAreOnesTheServerTakes() throws {
        for scenario in [LoadScenario.carfit, .hoosets] {
            for number in 0..<12 {
                let text = try #require(scenario.event(number, seq: number + 1, time: 1.5 + Double(number) / 60))
                let (seq, result) = LiveEvent.decode(text)
                #expect(seq == number + 1)
                #expect((try? result.get()) != nil, "\(scenario): \(text)")
            }
        }
        #expect(LoadScenario.trivia.event(0, seq: 1, time: 0) == nil)
        #expect(LoadScenario.idle.event(0, seq: 1, time: 0) == nil)
    }

    @Test func triviaQuestionsAreRecognisedByTheirPlainText() async throws {
        #expect(TriviaMarkers.marker("Which element has the chemical symbol Au?") == Array("Which element has the chemical symbol Au".utf8))
        #expect(TriviaMarkers.marker("Who painted “The Starry Night”?") == Array("The Starry Night".utf8))
        let texts = try await TriviaMarkers.bundledTexts(count: 100)
        #expect(texts.count > 5)
        let markers = try TriviaMarkers.markers(for: texts)
        #expect(Set(markers).count == texts.count)
        #expect(throws: LoadError.self) { try TriviaMarkers.markers(for: ["Is it?", "Is it?"]) }
    }

    @Test func connectionsComeFromManyLoopbackAddresses() throws {
        #expect(SourceAddresses.address(0) == "127.0.0.2")
        #expect(SourceAddresses.address(252) == "127.0.0.254")
        #expect(SourceAddresses.address(253) == "127.0.1.1")
        #expect(SourceAddresses.defaultCount(sessions: 1_000) == 20)
        #expect(SourceAddresses.defaultCount(sessions: 1) == 1)
        let sources = SourceAddresses(count: 3, host: "127.0.0.1")
        #expect(try sources.socketAddress(forSession: 4)?.ipAddress == "127.0.0.3")
        #expect(SourceAddresses(count: 3, host: "example.com").count == 0)
        #expect(ServerEndpoint(listeningLine: "listening on http://127.0.0.1:4321") == ServerEndpoint(host: "127.0.0.1", port: 4321))
        #expect(ServerEndpoint(url: "http://127.0.0.1") == nil)
    }

    @Test func theStartedServerKeepsEverySession() {
        #expect(LoadCommand.serverArguments(["--renderer", "whole"], sessions: 100) == ["--renderer", "whole"])
        #expect(LoadCommand.serverArguments([], sessions: 10_000) == ["--max-sessions", "10016"])
        #expect(LoadCommand.serverArguments(["--max-sessions", "20000"], sessions: 10_000) == ["--max-sessions", "20000"])
    }

    // MARK: The socket handler

    /// Events go out on schedule (not waiting for the last acknowledgement), an `ack` settles
    /// every event up to it, a message in fragments is read whole, and what is still owed at the
    /// end is lost.
    @Test func theHandlerTimesEventsToTheirAcknowledgement() throws {
        let loop = EmbeddedEventLoop()
        let attached = loop.makePromise(of: Void.self)
        let finished = loop.makePromise(of: ConnectionStats.self)
        let channel = EmbeddedChannel(
            handler: LiveSocketHandler(scenario: .carfit, markers: [], attached: attached, finished: finished), loop: loop)
        defer { _ = try? channel.finish() }
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        try channel.writeInbound(Self.frame(LiveUpdate.render(version: 1, ack: nil, html: "<p>", css: [], reset: true, title: "").json))
        #expect(throws: Never.self) { try attached.futureResult.wait() }

        // The sends are a minute ahead of the real clock, so that only the embedded loop's time,
        // moved by hand, decides what is due however slowly the test runs; what arrives counts
        // from now.
        let start = NIODeadline.now() + .seconds(60)
        let plan = DrivePlan(
            active: true, firstSend: start, interval: .milliseconds(100), measureFrom: .now(), sendUntil: start + .milliseconds(250),
            finishBy: start + .seconds(1), origin: start)
        channel.pipeline.fireUserInboundEventTriggered(LiveSocketHandler.Begin(plan: plan))
        loop.advanceTime(to: start)
        #expect(try Self.sentText(channel)?.hasPrefix(#"{"seq":1,"type":"action","action":"toggle-calendar"}"#) == true)
        loop.advanceTime(to: start + .milliseconds(100))
        #expect(try Self.sentText(channel)?.hasPrefix(#"{"seq":2,"#) == true)
        // One message in two fragments acknowledges both.
        let json = LiveUpdate.render(version: 2, ack: 2, html: String(repeating: "x", count: 100), css: [], reset: false, title: "").json
        let bytes = Array(json.utf8)
        try channel.writeInbound(Self.frame(Array(bytes[..<40]), fin: false))
        try channel.writeInbound(Self.frame(Array(bytes[40...]), opcode: .continuation))
        loop.advanceTime(to: start + .milliseconds(200))
        #expect(try Self.sentText(channel)?.hasPrefix(#"{"seq":3,"#) == true)
        loop.advanceTime(to: start + .milliseconds(300))
        #expect(try Self.sentText(channel) == nil)  // the sending is over
        loop.advanceTime(to: start + .seconds(1))
        let stats = try finished.futureResult.wait()
        #expect(stats.sent == 3)
        #expect(stats.acknowledged == 2)
        #expect(stats.lost == 1)
        #expect(stats.latencies.count == 2)
        #expect(stats.messages == 1)
        #expect(stats.bytes == bytes.count)
        #expect(stats.firstWasReset)
        #expect(stats.active)
        // It acknowledged "select a day" last: its bytes are that step's.
        #expect(stats.stepMessages == [0, 1, 0, 0])
        #expect(stats.stepBytes == [0, bytes.count, 0, 0])
    }

    /// A Trivia session's question is timed from its broadcast to the first message showing it.
    @Test func theHandlerTimesAQuestionFromItsBroadcast() throws {
        let loop = EmbeddedEventLoop()
        let attached = loop.makePromise(of: Void.self)
        let finished = loop.makePromise(of: ConnectionStats.self)
        let marker = TriviaMarkers.marker("Which planet is closest to the Sun?")
        let channel = EmbeddedChannel(
            handler: LiveSocketHandler(scenario: .trivia, markers: [marker], attached: attached, finished: finished), loop: loop)
        defer { _ = try? channel.finish() }
        try channel.writeInbound(Self.frame(#"{"type":"render","html":"Waiting for the first question","reset":true}"#))
        let now = NIODeadline.now()
        let broadcast = now - .milliseconds(300)
        channel.pipeline.fireUserInboundEventTriggered(
            LiveSocketHandler.Begin(
                plan: DrivePlan(
                    active: false, firstSend: now, interval: .seconds(1), measureFrom: now - .seconds(1), sendUntil: now - .seconds(1),
                    finishBy: now + .seconds(10), origin: now, questions: [broadcast])))
        try channel.writeInbound(Self.frame(#"{"type":"render","html":"<h2 id=\"prompt\">Which planet is closest to the Sun?</h2>"}"#))
        let stats = try finished.futureResult.wait()  // every question shown: reported at once
        let latency = try #require(stats.questionLatencies.first ?? nil)
        #expect(latency >= 0.3 && latency < 5)
        #expect(stats.early == 0)
    }

    static func frame(_ text: String, fin: Bool = true) -> WebSocketFrame {
        frame(Array(text.utf8), fin: fin)
    }

    static func frame(_ bytes: [UInt8], fin: Bool = true, opcode: WebSocketOpcode = .text) -> WebSocketFrame {
        WebSocketFrame(fin: fin, opcode: opcode, data: ByteBuffer(bytes: bytes))
    }

    /// The text of the next frame the handler wrote (its data as given; the encoder masks it
    /// with the key the handler chose).
    static func sentText(_ channel: EmbeddedChannel) throws -> String? {
        guard let frame = try channel.readOutbound(as: WebSocketFrame.self) else { return nil }
        #expect(frame.maskKey != nil)
        return String(buffer: frame.data)
    }

    // MARK: A run

    /// Five CarFit sessions against a real server for two seconds: every event acknowledged,
    /// from two loopback addresses, the server's memory read from `/health`.
    @Test(.timeLimit(.minutes(1)))
    func aSmallRunAcknowledgesEveryEvent() async throws {
        try await withRunningWebServer { _, port in
            let endpoint = ServerEndpoint(host: "127.0.0.1", port: port)
            let group = MultiThreadedEventLoopGroup.singleton
            let run = LoadRun(
                settings: LoadSettings(
                    scenario: .carfit, sessions: 5, active: 5, rate: 2, seconds: 2, warmup: 0.5, grace: 3, settle: 0.2, sources: 2),
                endpoint: endpoint, configuration: "", serverCommand: nil, server: .health(endpoint, group: group), group: group,
                threads: 1, time: TimeBase(wall: 0, uptime: .now()), say: { _ in })
            let result = try await run.run()
            #expect(result.sessionsOpened == 5)
            #expect(result.socketsAttached == 5)
            #expect(result.sources == 2)
            #expect(result.events.sent >= 10)
            #expect(result.events.acknowledged == result.events.sent)
            #expect(result.events.lost == 0)
            #expect(result.events.refused == 0)
            #expect(result.latency.count == result.events.sent)
            #expect((result.bytesPerAcknowledgedEvent ?? 0) > 100)
            #expect(result.bytesPerStep.map(\.step) == LoadScenario.carfit.eventNames)
            #expect(result.bytesPerStep.allSatisfy { ($0.bytes ?? 0) > 100 })
            #expect((result.firstScreenBytes ?? 0) > 1_000)
            #expect(result.memory.beforeSessions.map { $0 > 0 } == true)
            #expect(result.memory.perSessionAttached != nil)
            #expect(result.problems.isEmpty, "\(result.problems)")
        }
    }
}
