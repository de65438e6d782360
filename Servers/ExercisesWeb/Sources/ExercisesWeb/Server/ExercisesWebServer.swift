import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import ScreenPreviews
import ServiceLifecycle
import SharedNetworking
import Synchronization
import WSCore

/// The five apps, live: an HTTP server whose pages are screens driven by the modules' real
/// view-models, one set per tab, over a WebSocket (Docs/Web.md).
///
/// - `GET /`: the index, linking the five apps by name.
/// - `GET /{app}`: a new session of that app, redirected to its page `/{app}/s/{id}`.
/// - `GET /{app}/s/{id}`: the page (the screen as it is now); `…/sheet.css`: its stylesheet.
///   An unknown or expired id gets a new session.
/// - `GET /live/{id}` (WebSocket): events in, screens out; refused from another origin.
/// - `GET /media/{n}`: an image a screen shows; `GET /assets/…`: the script and styles;
///   `GET /health`: sessions and media kept.
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
    private let script: String
    private let styles: String
    private let services = Mutex<(group: ServiceGroup?, stopRequested: Bool)>((nil, false))

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
        let media = MediaStore()
        let lobby = TriviaLobby(
            external: configuration.trivia, rounds: configuration.triviaRounds, clock: environment.clock, eventLoopGroup: eventLoopGroup,
            http: environment.httpClient, logger: logger)
        self.media = media
        self.lobby = lobby
        let context = ScreenContext(environment: environment, configuration: configuration, media: media, trivia: lobby)
        self.store = SessionStore(
            limit: configuration.maxSessions, idleTimeout: configuration.sessionIdleTimeout, clock: environment.clock,
            newID: newSessionID
        ) { exercise in
            switch exercise {
            case .schedule: ScheduleLiveScreen(context: context)
            case .carfit: CarFitLiveScreen(context: context)
            case .hoosets: HooSetsLiveScreen(context: context)
            case .facts: FactsLiveScreen(context: context)
            case .trivia: TriviaLiveScreen(context: context, eventLoopGroup: eventLoopGroup, logger: logger)
            }
        }
        self.script = Self.resource("live", "js")
        self.styles = Self.resource("live", "css")
    }

    /// 128 random bits as hex, from the system's generator.
    public static func randomSessionID() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in String(generator.next() as UInt64, radix: 16).leftPadded(to: 16) }.joined()
    }

    /// Serves until ``shutdown()``; `onListening` gets the bound port (the chosen one for port 0).
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [makeApplication(onListening: onListening)], logger: logger))
        let stopNow = services.withLock { state -> Bool in
            state.group = group
            return state.stopRequested
        }
        if stopNow { return }
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { await self.lobby.run() }
            tasks.addTask { await self.sweep() }
            try await group.run()
            tasks.cancelAll()
        }
        await store.endAll()
        await lobby.shutdown()
    }

    /// Stops listening; every session ends (their pages are told) and the in-process Trivia stops.
    public func shutdown() async {
        await store.endAll()
        await lobby.shutdown()
        let group = services.withLock { state -> ServiceGroup? in
            state.stopRequested = true
            return state.group
        }
        await group?.triggerGracefulShutdown()
    }

    /// Sessions kept now.
    @MainActor public var sessionCount: Int { store.count }

    /// Opens a session of `exercise` as `GET /{app}` does and returns its id (`nil` when every
    /// session has a socket and the limit is reached). Benchmarks and tests connect to
    /// `/live/{id}` without a browser.
    @MainActor public func openSession(_ exercise: WebExercise) -> String? {
        store.create(exercise)?.id
    }

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

    // MARK: HTTP

    func makeApplication(onListening: @escaping @Sendable (Int) async -> Void) -> some ApplicationProtocol {
        let router = Router()
        // Before the routes: a middleware applies to the routes added after it.
        router.middlewares.add(SecurityHeaders())
        router.get("/") { _, _ in Self.html(LivePage.index(language: self.language)) }
        router.get("/health") { _, _ in
            let sessions = await self.store.count
            return Self.response(
                "{\"status\":\"ok\",\"sessions\":\(sessions),\"mediaBytes\":\(self.media.byteCount)}\n", type: "application/json")
        }
        router.get("/assets/live.js") { _, _ in Self.response(self.script, type: "text/javascript; charset=utf-8") }
        router.get("/assets/live.css") { _, _ in Self.response(self.styles, type: "text/css; charset=utf-8") }
        router.get("/assets/index.css") { _, _ in Self.response(LivePage.indexStyles, type: "text/css; charset=utf-8") }
        router.get("/media/:id") { _, context in
            guard let id = context.parameters.get("id").flatMap(Int.init), let item = self.media.item(id) else {
                return Response(status: .notFound)
            }
            var headers = HTTPFields()
            headers[.contentType] = item.contentType
            headers[.cacheControl] = "public, max-age=31536000, immutable"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: item.data)))
        }
        router.get("/:app") { _, context in
            guard let exercise = context.parameters.get("app").flatMap(WebExercise.init(rawValue:)) else {
                return Response(status: .notFound)
            }
            return await self.newSession(exercise)
        }
        router.get("/:app/s/:session") { _, context in
            guard let exercise = context.parameters.get("app").flatMap(WebExercise.init(rawValue:)),
                let id = context.parameters.get("session")
            else { return Response(status: .notFound) }
            return await self.page(exercise, session: id)
        }
        router.get("/:app/s/:session/sheet.css") { _, context in
            guard let id = context.parameters.get("session"), let css = await self.styleSheet(id) else {
                return Response(status: .notFound)
            }
            var headers = HTTPFields()
            headers[.contentType] = "text/css; charset=utf-8"
            headers[.cacheControl] = "no-store"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: css)))
        }
        let webSocket = WebSocketServerConfiguration(
            maxFrameSize: configuration.maxEventBytes, autoPing: .enabled(timePeriod: .seconds(20)), closeTimeout: .seconds(5))
        let maxEventBytes = configuration.maxEventBytes
        return Application(
            router: router,
            server: .http1WebSocketUpgrade(
                configuration: HTTP1WebSocketUpgradeChannel.Configuration(http1: .init(idleTimeout: TimeAmount.seconds(60)), ws: webSocket)
            ) { request, _, _ in
                guard let id = Self.socketSession(request.path ?? ""), Self.isSameOrigin(request) else { return .dontUpgrade }
                return .upgrade([:]) { inbound, outbound, _ in
                    await self.serve(session: id, inbound: inbound, outbound: outbound, maxEventBytes: maxEventBytes)
                }
            },
            configuration: ApplicationConfiguration(
                address: .hostname(configuration.host, port: configuration.port), serverName: "exercises-web"),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? 0) },
            eventLoopGroupProvider: .shared(eventLoopGroup),
            logger: logger)
    }

    var language: String { environment.messagesLocale.identifier }

    @MainActor
    private func newSession(_ exercise: WebExercise) -> Response {
        guard let session = store.create(exercise) else {
            return Self.html(LivePage.busy(language: language), status: .serviceUnavailable)
        }
        return Self.redirect("/\(exercise.rawValue)/s/\(session.id)")
    }

    @MainActor
    private func page(_ exercise: WebExercise, session id: String) -> Response {
        guard let session = store.session(id), session.exercise == exercise else { return newSession(exercise) }
        let (markup, title) = session.page()
        var response = Self.html(
            LivePage.screen(
                session: session.id, exercise: exercise, surface: session.screen.surface, markup: markup, title: title,
                scrollTop: session.scrollTop, language: language))
        response.headers[.cacheControl] = "no-store"
        return response
    }

    @MainActor
    private func styleSheet(_ id: String) -> String? {
        store.session(id)?.styleSheet
    }

    // MARK: WebSocket

    /// `/live/{id}` → the id (hex digits only).
    static func socketSession(_ path: String) -> String? {
        let target = path.split(separator: "?", maxSplits: 1).first.map(String.init) ?? path
        guard target.hasPrefix("/live/") else { return nil }
        let id = String(target.dropFirst("/live/".count))
        guard (1...64).contains(id.count), id.unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit }) else { return nil }
        return id
    }

    /// A browser always says where the page that opens a socket came from: only pages of this
    /// server may drive its sessions. A client that is not a browser sends no `Origin`.
    static func isSameOrigin(_ request: HTTPRequest) -> Bool {
        guard let origin = request.headerFields[.origin] else { return true }
        guard let authority = request.authority else { return false }
        if origin == "http://\(authority)" || origin == "https://\(authority)" { return true }
        // A WebSocket client that is not a browser (swift-websocket's) names its own ws:// URL's
        // host; no browser page has such an origin.
        let host = authority.split(separator: ":").first.map(String.init) ?? authority
        return origin == "ws://\(host)" || origin == "wss://\(host)"
    }

    private func serve(session id: String, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, maxEventBytes: Int) async {
        guard let (stream, generation) = await attach(id) else {
            try? await outbound.write(.text(LiveUpdate.expired.json))
            return
        }
        await withTaskGroup(of: Void.self) { tasks in
            tasks.addTask {
                for await text in stream {
                    do {
                        try await outbound.write(.text(text))
                    } catch {
                        return
                    }
                }
            }
            tasks.addTask {
                do {
                    for try await message in inbound.messages(maxSize: maxEventBytes) {
                        switch message {
                        case .text(let text): await self.receive(id, text)
                        case .binary: await self.refuse(id, .malformed("send text messages (JSON), not binary ones"))
                        }
                    }
                } catch {
                    self.logger.debug("live socket \(id.prefix(6)) ended: \(error)")
                }
            }
            await tasks.next()
            tasks.cancelAll()
        }
        await detach(id, generation: generation)
    }

    @MainActor private func attach(_ id: String) -> (AsyncStream<String>, Int)? {
        store.session(id)?.attach()
    }

    @MainActor private func detach(_ id: String, generation: Int) {
        store.session(id)?.detach(generation: generation)
    }

    @MainActor private func receive(_ id: String, _ text: String) {
        store.session(id)?.receive(text)
    }

    @MainActor private func refuse(_ id: String, _ error: LiveEventError) {
        store.session(id)?.refuse(error)
    }

    // MARK: Responses

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static func response(_ text: String, type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static func redirect(_ path: String) -> Response {
        var headers = HTTPFields()
        headers[.location] = path
        headers[.cacheControl] = "no-store"
        return Response(status: .seeOther, headers: headers)
    }

    /// A file of the module's resources as text; empty (and the page without it) if it is missing.
    static func resource(_ name: String, _ type: String) -> String {
        guard let url = Bundle.module.url(forResource: name, withExtension: type), let text = try? String(contentsOf: url, encoding: .utf8)
        else { return "" }
        return text
    }
}

/// Every response: the Content-Security-Policy and the headers that keep a page in its own
/// origin (no sniffing, no framing, no referrer sent elsewhere).
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        response.headers[.contentSecurityPolicy] = LivePage.contentSecurityPolicy
        response.headers[.xContentTypeOptions] = "nosniff"
        if let referrer = HTTPField.Name("Referrer-Policy") { response.headers[referrer] = "no-referrer" }
        return response
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
