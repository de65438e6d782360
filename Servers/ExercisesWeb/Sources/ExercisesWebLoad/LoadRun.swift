import ChildProcesses
import Foundation
import NIOCore

#if canImport(Glibc)
    import Glibc
#endif

/// One run of one scenario against one server (Docs/Benchmarks.md, "Live pages"):
///
/// 1. the server's memory before any session;
/// 2. `settings.sessions` sessions opened as a page opens them (`POST /{app}/s` with the
///    browser's JSON, from its source address), then `settle` seconds for their view-models to
///    load, and the memory again;
/// 3. a WebSocket per session (`/live/{id}`), each waiting for its first message, the whole
///    screen, then `settle` seconds again, and the memory again;
/// 4. the events: each active session sends one every `1/rate` s, its first at a phase spread
///    over the interval, for `warmup + seconds` s, and waits up to `grace` s for what is owed;
///    for Trivia, every session listens until the competition's questions have been shown;
/// 5. the memory after the run, then every socket closed.
struct LoadRun: Sendable {
    var settings: LoadSettings
    var endpoint: ServerEndpoint
    /// The server arguments that set this configuration apart, for the report.
    var configuration: String
    var serverCommand: String?
    var server: ServerProbe
    var group: any EventLoopGroup
    var threads: Int
    var time: TimeBase
    /// Progress, a line at a time (standard error).
    var say: @Sendable (String) -> Void

    func run() async throws -> LoadResult {
        let cpuAtStart = ProcessMemory.cpuSeconds(pid: getpid())
        var problems: [String] = []
        let sources = SourceAddresses(count: settings.sources, host: endpoint.host)
        if sources.count == 0 {
            problems.append("\(endpoint.host) is not on 127.0.0.0/8: every connection came from the system's address")
        }
        var memory = LoadResult.MemoryReadings()
        memory.beforeSessions = await server.residentBytes()

        var competition: TriviaCompetition?
        var markers: [[UInt8]] = []
        if settings.scenario == .trivia {
            let found = try await awaitCompetition()
            competition = found
            markers = try TriviaMarkers.markers(for: try await TriviaMarkers.bundledTexts(count: found.questions))
        }

        say("opening \(settings.sessions) \(settings.scenario.app) sessions from \(max(1, sources.count)) address(es)")
        let ids = try await openSessions(sources: sources)
        if let health = try? await ServerProbe.readHealth(endpoint, group: group), let kept = health.sessions, kept < ids.count {
            problems.append("the server keeps \(kept) sessions, fewer than the \(ids.count) opened (its --max-sessions replaced some)")
        }
        if let competition, let newest = try? await ServerProbe.readHealth(endpoint, group: group).trivia?.last,
            newest.competition != competition.competition
        {
            problems.append(
                "competition \(newest.competition) was announced while the sessions were opened: some may be seated in it, not in \(competition.competition)"
            )
        }
        try await Task.sleep(for: .seconds(settings.settle))
        memory.afterSessionsLoaded = await server.residentBytes()

        say("attaching \(ids.count) sockets")
        let (connections, attachProblems) = await attach(ids, sources: sources, markers: markers)
        problems += attachProblems
        try await Task.sleep(for: .seconds(settings.settle))
        memory.afterSocketsAttached = await server.residentBytes()

        let plans = plans(for: connections.count, competition: competition)
        if let competition, let first = plans.first?.questions.first, NIODeadline.now() > first {
            problems.append("question 1 of \(competition.competition) opened before every socket was attached")
        }
        say(
            settings.scenario == .trivia
                ? "listening for \(competition?.questions ?? 0) questions" : "sending events for \(settings.warmup + settings.seconds) s")
        let driveCPUAtStart = ProcessMemory.cpuSeconds(pid: getpid())
        let serverCPUAtStart = server.cpuSeconds()
        let driveStart = NIODeadline.now()
        for (connection, plan) in zip(connections, plans) { connection.begin(plan) }
        var stats: [ConnectionStats] = []
        for connection in connections {
            if let seen = try? await connection.finished.get() { stats.append(seen) }
        }
        let driveSeconds = LiveSocketHandler.seconds(NIODeadline.now() - driveStart)
        let driveCPU = ProcessMemory.cpuSeconds(pid: getpid()) - driveCPUAtStart
        let serverCPU = server.cpuSeconds().flatMap { end in serverCPUAtStart.map { end - $0 } }
        memory.afterRun = await server.residentBytes()
        memory.divide(opened: ids.count, attached: connections.count)

        say("closing")
        for connection in connections { connection.close() }
        for connection in connections { try? await connection.channel.closeFuture.get() }

        let totals = RunTotals(stats, questions: competition?.questions ?? 0)
        if totals.sessionsExpired > 0 { problems.append("\(totals.sessionsExpired) sessions were told they expired") }
        if totals.socketsClosedEarly > 0 { problems.append("\(totals.socketsClosedEarly) sockets closed before the run ended") }
        let unreset = stats.count { !$0.firstWasReset }
        if unreset > 0 { problems.append("\(unreset) sockets' first message was not a whole screen (reset)") }
        let tooLarge = stats.reduce(0) { $0 + $1.tooLarge }
        if tooLarge > 0 { problems.append("\(tooLarge) messages were larger than 8 MiB and not read") }
        return LoadResult(
            configuration: configuration, serverCommand: serverCommand, scenario: settings.scenario, sessions: settings.sessions,
            active: settings.scenario.sendsEvents ? min(settings.active, connections.count) : 0, rate: settings.rate,
            seconds: settings.seconds, warmup: settings.warmup, sources: sources.count, sessionsOpened: ids.count,
            socketsAttached: connections.count, socketsClosedEarly: totals.socketsClosedEarly, sessionsExpired: totals.sessionsExpired,
            events: totals.events, latency: totals.latency, bytesPerAcknowledgedEvent: totals.bytesPerAcknowledgedEvent,
            bytesReceived: totals.bytesReceived,
            bytesPerStep: zip(settings.scenario.eventNames, totals.bytesPerStep).map { LoadResult.StepBytes(step: $0, bytes: $1) },
            messagesPerAcknowledgedEvent: totals.messagesPerAcknowledgedEvent, firstScreenBytes: totals.firstScreenBytes, memory: memory,
            client: LoadResult.ClientReadings(
                threads: threads, driveCPUSeconds: driveCPU, driveSeconds: driveSeconds,
                totalCPUSeconds: ProcessMemory.cpuSeconds(pid: getpid()) - cpuAtStart,
                sendLagMaxMilliseconds: totals.sendLagMaxMilliseconds),
            serverCPUSeconds: serverCPU,
            trivia: competition.map { LoadResult.TriviaRun(competition: $0.competition, questions: $0.questions, early: totals.early) },
            problems: problems)
    }

    // MARK: Plans

    /// Each connection's plan: the first `active` send, their first events spread evenly over
    /// one interval from half a second from now.
    func plans(for count: Int, competition: TriviaCompetition?) -> [DrivePlan] {
        let now = NIODeadline.now()
        let start = now + .milliseconds(500)
        if let competition {
            let questions = (0..<competition.questions).map { time.deadline(atWall: competition.broadcast($0)) }
            let end = (questions.last ?? now) + Self.amount(competition.answerSeconds + settings.grace)
            let plan = DrivePlan(
                active: false, firstSend: end, interval: .seconds(1), measureFrom: now, sendUntil: now, finishBy: end, origin: now,
                questions: questions)
            return Array(repeating: plan, count: count)
        }
        let interval = Self.amount(1 / settings.rate)
        let measureFrom = start + Self.amount(settings.warmup)
        let sendUntil = measureFrom + Self.amount(settings.seconds)
        let active = settings.scenario.sendsEvents ? min(settings.active, count) : 0
        return (0..<count).map { index in
            let isActive = index < active
            let phase = isActive ? Self.amount(1 / settings.rate * Double(index) / Double(active)) : .zero
            return DrivePlan(
                active: isActive, firstSend: start + phase, interval: interval, measureFrom: measureFrom, sendUntil: sendUntil,
                finishBy: isActive ? sendUntil + Self.amount(settings.grace) : sendUntil, origin: now)
        }
    }

    static func amount(_ seconds: Double) -> TimeAmount {
        .nanoseconds(Int64((seconds * 1e9).rounded()))
    }

    // MARK: Sessions

    /// Opens every session, each source's one after the other on one keep-alive connection,
    /// `concurrency` sources at once. Returns the ids in session order.
    func openSessions(sources: SourceAddresses) async throws -> [String] {
        let lanes = sources.count > 0 ? sources.count : max(1, min(settings.concurrency, settings.sessions))
        let body = #"{"languages":["en-US"],"timeZone":"UTC"}"#
        let path = "/\(settings.scenario.app)/s"
        var ids = [String?](repeating: nil, count: settings.sessions)
        try await withThrowingTaskGroup(of: [(Int, String)].self) { group in
            var next = 0
            func addLane() {
                guard next < lanes else { return }
                let lane = next
                next += 1
                group.addTask { [self] in
                    let members = Array(stride(from: lane, to: settings.sessions, by: lanes))
                    let source = try sources.socketAddress(forSession: lane)
                    var opened: [(Int, String)] = []
                    var attempts = 0
                    while opened.count < members.count {
                        do {
                            try await LoadHTTPConnection.with(endpoint, from: source, group: self.group) { connection in
                                for session in members.dropFirst(opened.count) {
                                    let reply = try await connection.post(path, json: body)
                                    opened.append((session, try Self.sessionID(reply, path: path, opened: opened.count)))
                                    if reply.closes { break }
                                }
                            }
                        } catch let error as LoadError {
                            throw error
                        } catch {
                            attempts += 1
                            if attempts > 3 { throw LoadError("POST \(path) from \(source.map { "\($0)" } ?? "here") failed: \(error)") }
                        }
                    }
                    return opened
                }
            }
            for _ in 0..<min(settings.concurrency, lanes) { addLane() }
            while let opened = try await group.next() {
                for (session, id) in opened { ids[session] = id }
                addLane()
            }
        }
        return ids.compactMap { $0 }
    }

    /// The session id in a `201 {"location":"/{app}/s/{id}"}`, or why there is none.
    static func sessionID(_ reply: LoadHTTPConnection.Reply, path: String, opened: Int) throws(LoadError) -> String {
        struct Created: Decodable { var location: String?; var message: String? }
        let created = try? JSONDecoder().decode(Created.self, from: Data(reply.body.utf8))
        guard reply.status == 201, let location = created?.location, let id = location.split(separator: "/").last else {
            let said = created?.message ?? String(reply.body.prefix(200))
            throw LoadError("POST \(path) answered \(reply.status) after this source's \(opened) sessions: \(said)")
        }
        return String(id)
    }

    // MARK: Sockets

    /// Attaches a socket to every session, `concurrency` at once, session n on event loop n mod
    /// loops. Returns the attached ones in session order, and what went wrong with the others.
    func attach(_ ids: [String], sources: SourceAddresses, markers: [[UInt8]]) async -> ([LiveConnection], [String]) {
        let loops = Array(group.makeIterator())
        var connections = [LiveConnection?](repeating: nil, count: ids.count)
        var failures: [String: Int] = [:]
        await withTaskGroup(of: (Int, Result<LiveConnection, any Error>).self) { group in
            var next = 0
            func addNext() {
                guard next < ids.count else { return }
                let index = next
                next += 1
                group.addTask { [self] in
                    do {
                        let connection = try await LiveConnection.attach(
                            ids[index], to: endpoint, from: try sources.socketAddress(forSession: index), on: loops[index % loops.count],
                            scenario: settings.scenario, markers: markers)
                        return (index, .success(connection))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            for _ in 0..<min(settings.concurrency, ids.count) { addNext() }
            while let (index, result) = await group.next() {
                switch result {
                case .success(let connection): connections[index] = connection
                case .failure(let error): failures["\(error)", default: 0] += 1
                }
                addNext()
            }
        }
        let problems = failures.sorted { $0.value > $1.value }.prefix(3).map { "\($0.value) sockets did not attach: \($0.key)" }
        return (connections.compactMap { $0 }, problems)
    }

    // MARK: Trivia

    /// The newest in-process competition, once it is in its lobby for long enough to open and
    /// attach every session before its first question: polls `/health` for up to five minutes.
    /// In-process competitions start when a tab arrives: when none is in its lobby, one session
    /// (not measured) is opened to start one.
    func awaitCompetition() async throws -> TriviaCompetition {
        let margin = settings.settle + 6 + Double(settings.sessions) / 50
        let giveUp = NIODeadline.now() + .minutes(5)
        var said = ""
        var started: Set<String> = []
        while NIODeadline.now() < giveUp {
            let health = try await ServerProbe.readHealth(endpoint, group: group)
            guard let trivia = health.trivia else {
                throw LoadError("this server's /health lists no Trivia competitions (a server without the trivia field)")
            }
            let now = time.wall(at: .now())
            if let newest = trivia.last, newest.startsAt - now >= margin { return newest }
            let newestKey = trivia.last.map { "\($0.competition)" } ?? ""
            if trivia.last.map({ $0.startsAt <= now }) ?? true, started.insert(newestKey).inserted {
                try await LoadHTTPConnection.with(endpoint, from: nil, group: group) { connection in
                    _ = try await connection.post("/trivia/s", json: #"{"languages":["en-US"],"timeZone":"UTC"}"#)
                }
            }
            let line =
                trivia.last.map { "competition \($0.competition) opens in \(Int(($0.startsAt - now).rounded())) s" }
                ?? "no competition yet"
            if line != said {
                say("waiting for a Trivia competition whose lobby has \(Int(margin)) s left (\(line))")
                said = line
            }
            try await Task.sleep(for: .milliseconds(500))
        }
        throw LoadError(
            "no in-process Trivia competition was in its lobby for \(Int(margin)) s within 5 minutes: give it a longer lobby "
                + "(--server-arg --trivia-lobby --server-arg 60), at least \(Int(margin.rounded(.up))) s; an external --trivia "
                + "server's schedule is not known here")
    }
}
