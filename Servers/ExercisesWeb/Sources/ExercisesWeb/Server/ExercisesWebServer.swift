import Foundation
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import ServerSupport
import SharedNetworking

/// The five apps, live: an HTTP server whose pages are screens driven by the modules' real
/// view-models, one set per tab, over a WebSocket (Docs/Web.md).
///
/// Routed as the Trivia server is: ``WebRoutes`` lists the paths, one controller per concern
/// adds them (`PageController`, `AssetController`, `MediaController`, `HealthController`), and
/// the WebSocket `/live/{session}` has its own router (`LiveSocketController`). Its start and
/// stop are `ServerSupport`'s ``/ServerSupport/ServerLifecycle``, shared with `trivia-server`.
public final class ExercisesWebServer: Sendable {
    /// Where it listens and what it serves.
    public let configuration: WebConfiguration
    /// The Trivia competitions the Trivia tabs play.
    public let lobby: TriviaLobby
    /// The images the screens show.
    public let media: MediaStore
    let store: SessionStore
    let environment: AppEnvironment
    let eventLoopGroup: any EventLoopGroup
    let logger: Logger
    private let lifecycle: ServerLifecycle
    /// Every connection's deadlines and caps (`ServerSupport`).
    let connectionGuard: ConnectionGuard
    /// The names this server answers to.
    let hostPolicy: HostPolicy

    /// A server for `configuration`, formatting and fetching through `environment`.
    /// `newSessionID` makes session ids (unguessable: they are the only key to a session).
    public init(
        configuration: WebConfiguration, environment: AppEnvironment, eventLoopGroup: any EventLoopGroup, logger: Logger,
        newSessionID: @escaping @Sendable () -> String = ExercisesWebServer.randomSessionID
    ) {
        self.configuration = configuration
        self.environment = environment
        self.eventLoopGroup = eventLoopGroup
        self.logger = logger
        self.lifecycle = ServerLifecycle(logger: logger)
        self.connectionGuard = ConnectionGuard(limits: configuration.connectionLimits)
        self.hostPolicy = HostPolicy(bindHost: configuration.host, publicHosts: configuration.publicHosts)
        let media = MediaStore()
        let lobby = TriviaLobby(
            external: configuration.trivia, rounds: configuration.triviaRounds, clock: environment.clock, eventLoopGroup: eventLoopGroup,
            http: environment.httpClient, logger: logger, maxSeats: configuration.maxSessions)
        self.media = media
        self.lobby = lobby
        let context = ScreenContext(environment: environment, configuration: configuration, media: media, trivia: lobby)
        self.store = SessionStore(
            limit: configuration.maxSessions, perClientLimit: configuration.maxSessionsPerClient,
            idleTimeout: configuration.sessionIdleTimeout, clock: environment.clock,
            newID: newSessionID, renderer: configuration.renderer
        ) { exercise, preferences, browser in
            var session = context
            session.environment = preferences.environment(over: environment)
            session.media = SessionMedia(store: media, client: browser)
            let screen: any LiveScreen =
                switch exercise {
                case .schedule: ScheduleLiveScreen(context: session)
                case .carfit: CarFitLiveScreen(context: session)
                case .hoosets: HooSetsLiveScreen(context: session)
                case .facts: FactsLiveScreen(context: session)
                case .trivia: TriviaLiveScreen(context: session, eventLoopGroup: eventLoopGroup, logger: logger)
                }
            return LiveSession.Setup(screen: screen, language: session.environment.messagesLocale)
        }
    }

    /// 128 random bits as hex, from the system's generator.
    public static func randomSessionID() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in String(generator.next() as UInt64, radix: 16).leftPadded(to: 16) }.joined()
    }

    /// Serves until ``shutdown()``; `onListening` gets the bound port (the chosen one for port 0).
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try await lifecycle.run(
            makeApplication(onListening: onListening),
            alongside: [
                { await self.lobby.run() },
                { await self.sweep() },
            ])
        await store.endAll()
        await lobby.shutdown()
    }

    /// Stops listening; every session ends (their pages are told) and the in-process Trivia stops.
    public func shutdown() async {
        await store.endAll()
        await lobby.shutdown()
        await lifecycle.stop()
    }

    /// Sessions kept now.
    @MainActor public var sessionCount: Int { store.count }

    /// Sessions with a socket attached now.
    @MainActor public var attachedCount: Int { store.attachedCount }

    private func sweep() async {
        while !Task.isCancelled {
            do {
                try await environment.clock.sleep(for: .seconds(10))
            } catch {
                return
            }
            await store.sweep()
        }
    }

    func makeApplication(onListening: @escaping @Sendable (Int) async -> Void) -> some ApplicationProtocol {
        let webSocket = WebSocketServerConfiguration(
            maxFrameSize: configuration.maxEventBytes, autoPing: .enabled(timePeriod: .seconds(20)), closeTimeout: .seconds(5))
        return Application(
            router: buildRouter(),
            server: .guardedHTTP1WebSocketUpgrade(
                webSocketRouter: buildSocketRouter(),
                configuration: HTTP1WebSocketUpgradeChannel.Configuration(http1: .init(idleTimeout: TimeAmount.seconds(60)), ws: webSocket),
                connectionGuard: connectionGuard),
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "exercises-web",
                availableConnectionsDelegate: connectionGuard.availableConnections),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            eventLoopGroupProvider: .shared(eventLoopGroup),
            logger: logger)
    }

    /// The locale of the pages' words when no session or request says otherwise.
    var language: Locale { environment.messagesLocale }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
