import Foundation
import Logging
import NIOPosix
import ServerSupport
import SharedNetworking
import TestSupport
import Testing

@testable import ExercisesWeb

/// A session over the real CarFit view-model on the bundled sample: events change the screen,
/// and what the view-model does by itself (the load finishing) is pushed without any event.
@Suite("Live sessions", .temporaryCaches)
@MainActor
struct SessionTests {
    static func context(contrast: ContrastPreference = .standard, locale identifier: String = "en_US") -> ScreenContext {
        // The suite's `.temporaryCaches` directory, removed when the test ends; a suite without
        // the trait fails rather than leave 5 MB behind.
        let caches: URL
        if let directory = TemporaryDirectoryTrait.current {
            caches = directory
        } else {
            Issue.record("SessionTests.context() needs the suite's .temporaryCaches trait")
            caches = FileManager.default.temporaryDirectory.appendingPathComponent("exercises-web-tests-unscoped", isDirectory: true)
        }
        let clock = SystemClock()
        let environment = AppEnvironment(
            httpClient: OfflineHTTPClient(), clock: clock, locale: Locale(identifier: identifier),
            timeZone: TimeZone(identifier: "UTC") ?? .gmt,
            calendar: AppEnvironment.calendar(locale: Locale(identifier: identifier), timeZone: TimeZone(identifier: "UTC") ?? .gmt),
            directories: Directories(caches: caches, temporary: caches))
        let configuration = WebConfiguration(contrast: contrast, cacheDirectory: caches)
        let lobby = TriviaLobby(
            external: nil, rounds: TriviaRounds(), clock: clock, eventLoopGroup: MultiThreadedEventLoopGroup(numberOfThreads: 1),
            http: OfflineHTTPClient(), logger: Logger(label: "test"))
        return ScreenContext(environment: environment, configuration: configuration, media: MediaStore(), trivia: lobby)
    }

    /// The next message on `stream`, decoded.
    static func next(_ iterator: inout AsyncStream<String>.Iterator) async -> [String: Any]? {
        guard let text = await iterator.next(isolation: MainActor.shared), let data = text.data(using: .utf8) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    @Test(.timeLimit(.minutes(1)))
    func theLoadIsPushedAndEventsAreAcknowledged() async throws {
        let session = LiveSession(id: "ab", exercise: .carfit, screen: CarFitLiveScreen(context: Self.context()), clock: SystemClock())
        let (stream, _) = session.attach()
        var messages = stream.makeAsyncIterator()
        let first = try #require(await Self.next(&messages))
        #expect(first["type"] as? String == "render")
        #expect(first["reset"] as? Bool == true)
        // The sample loads by itself; its cards are pushed without any event.
        var page = PageModel()
        try page.apply(first)
        while !page.tree.html.contains("carfit-card") {
            try page.apply(try #require(await Self.next(&messages)))
        }
        let html = page.tree.html
        #expect(!html.contains(" style="))
        session.receive(#"{"seq":1,"type":"action","action":"toggle-calendar"}"#)
        let opened = try #require(await Self.next(&messages))
        try page.apply(opened)
        #expect(opened["ack"] as? Int == 1)
        #expect(page.tree.html.contains("carfit-calendar"))
        session.receive(#"{"seq":2,"type":"action","action":"toggle-day","value":"2020-09-11"}"#)
        let selected = try #require(await Self.next(&messages))
        try page.apply(selected)
        #expect(selected["ack"] as? Int == 2)
        let cards = page.tree.html.components(separatedBy: "<li class=\"carfit-card").count - 1
        let before = html.components(separatedBy: "<li class=\"carfit-card").count - 1
        #expect(cards > before)
        session.receive(#"{"seq":3,"type":"pointer","phase":"began","time":1,"x":1,"y":1}"#)
        let refused = try #require(await Self.next(&messages))
        #expect(refused["type"] as? String == "error")
        #expect(refused["ack"] as? Int == 3)
        session.receive("garbage")
        let garbage = try #require(await Self.next(&messages))
        #expect(garbage["type"] as? String == "error")
        session.end()
    }

    @Test func aNewSocketTakesTheSessionOver() async {
        let session = LiveSession(id: "cd", exercise: .carfit, screen: CarFitLiveScreen(context: Self.context()), clock: SystemClock())
        let (old, first) = session.attach()
        let (_, second) = session.attach()
        #expect(second == first + 1)
        var iterator = old.makeAsyncIterator()
        _ = await iterator.next(isolation: MainActor.shared)  // the full render sent on attaching
        #expect(await iterator.next(isolation: MainActor.shared) == nil)
        session.detach(generation: first)
        #expect(session.isAttached)
        session.detach(generation: second)
        #expect(!session.isAttached)
        session.end()
    }

    /// Each session has its own view-model, but the visits of the bundled sample it shows are
    /// the server's one decoded copy, and the Foundation date formatters behind its times and
    /// the words of its calendar's month are the server's too: sessions in one language and zone
    /// hold one of each between them.
    @Test(.timeLimit(.minutes(1)))
    func carFitSessionsShareTheServersSampleFormattersAndMonthTexts() async {
        let server = Self.context()
        let preferences = SessionPreferences(languages: ["en-US"], timeZone: "Europe/Berlin")
        var screens: [CarFitLiveScreen] = []
        for _ in 0..<3 {
            var context = server
            context.environment = preferences.environment(over: server.environment)
            screens.append(CarFitLiveScreen(context: context))
        }
        for screen in screens {
            await screen.model.load()
            _ = screen.render()
        }
        #expect(screens.allSatisfy { $0.model.state.content?.sections.first?.cards.isEmpty == false })
        #expect(server.environment.dateFormatters.count == 2, "one for the zone's times, one for the windows (UTC)")
        #expect(server.carFitSample.loads == 1)
        #expect(server.carFitMonthTexts.count == 1, "the sample's September, in one language and zone")
    }

    @Test func theStoreIsBoundedAndEndsIdleSessions() {
        let store = Self.store(limit: 2)
        let first = Self.session(store.create(.carfit))
        let second = Self.session(store.create(.carfit))
        #expect(first != nil && second != nil)
        _ = second?.attach()
        let third = Self.session(store.create(.carfit))
        #expect(third != nil)
        #expect(store.count == 2)
        #expect(store.session(first?.id ?? "") == nil, "the idle session without a socket made room")
        _ = third?.attach()
        guard case .full = store.create(.carfit) else {
            Issue.record("every session has a socket: there is no room")
            return
        }
        store.endAll()
        #expect(store.count == 0)
    }

    /// One client cannot take every session: past its share it is refused, and another client
    /// still gets one; the client's own idle sessions make room first.
    @Test func oneClientHoldsItsShareAndNoMore() {
        let store = Self.store(limit: 100, perClient: 2)
        let greedy = ClientAddress("203.0.113.7"), other = ClientAddress("198.51.100.1")
        let held = (0..<2).compactMap { _ in Self.session(store.create(.carfit, owner: greedy)) }
        for session in held { _ = session.attach() }
        guard case .clientAtLimit = store.create(.carfit, owner: greedy) else {
            Issue.record("a client past its share got a session")
            return
        }
        #expect(Self.session(store.create(.carfit, owner: other)) != nil, "another client was refused")
        #expect(store.count(for: greedy) == 2)
        // A session without a socket is the client's own to give up.
        held[0].detach(generation: 1)
        #expect(Self.session(store.create(.carfit, owner: greedy)) != nil)
        #expect(store.count(for: greedy) == 2)
        store.endAll()
        #expect(store.count(for: greedy) == 0)
    }

    static func store(limit: Int, perClient: Int = .max) -> SessionStore {
        let context = Self.context()
        return SessionStore(
            limit: limit, perClientLimit: perClient, idleTimeout: .seconds(0), clock: SystemClock(), newID: { UUID().uuidString },
            makeScreen: { _, _, _ in LiveSession.Setup(screen: CarFitLiveScreen(context: context), language: Locale(identifier: "en")) })
    }

    static func session(_ creation: SessionStore.Creation) -> LiveSession? {
        if case .created(let session) = creation { return session }
        return nil
    }
}
