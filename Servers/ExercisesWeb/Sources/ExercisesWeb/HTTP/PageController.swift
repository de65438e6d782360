import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import ServerSupport

/// The pages: `GET /` (the index), `GET /{app}` (the page that opens a session), `POST /{app}/s`
/// (a new session), `GET /{app}/s/{session}` (the screen as it is now) and its stylesheet.
///
/// Only the page this server answers `GET /{app}` with creates sessions: its script posts the
/// browser's languages and time zone, from this origin (``RequestOrigin``). A request another
/// site makes a browser send (an image, a link, a form) creates nothing. An unknown or expired
/// session id gets that page again, which opens a new session, so an old bookmark still works.
struct PageController<Context: RequestContext & RemoteAddressRequestContext> {
    let store: SessionStore
    /// The locale of the pages' words when the browser does not say (`--locale`).
    let language: Locale
    /// This server's names, for the origin rule of `POST /{app}/s`.
    let hostPolicy: HostPolicy
    /// How long a client at its share of sessions is asked to wait (`Retry-After`): about the
    /// time an idle tab's session takes to make room.
    static var retryAfterSeconds: Int { 60 }
    /// The largest body `POST /{app}/s` reads.
    static var maxCreateBytes: Int { 4 << 10 }

    /// What the page posts: `navigator.languages` and its time zone.
    struct CreateRequest: Decodable {
        var languages: [String]?
        var timeZone: String?
    }

    /// What `POST /{app}/s` answers: the new page's path, or why there is none.
    struct CreateResponse: Encodable {
        var location: String?
        var message: String?
    }

    func addRoutes(to router: Router<Context>) {
        router.get(WebRoutes.index) { request, _ in Response.html(LivePage.index(language: words(for: request))) }
        router.get(WebRoutes.app) { request, context in
            guard let exercise = context.parameters.get("app").flatMap(WebExercise.init(rawValue:)) else {
                return Response(status: .notFound)
            }
            return start(exercise, request)
        }
        router.post(WebRoutes.sessions) { request, context in
            guard let exercise = context.parameters.get("app").flatMap(WebExercise.init(rawValue:)) else {
                return Response(status: .notFound)
            }
            return try await create(exercise, request, from: ClientAddress(context.remoteAddress))
        }
        router.get(WebRoutes.page) { request, context in
            guard let exercise = context.parameters.get("app").flatMap(WebExercise.init(rawValue:)),
                let id = context.parameters.get("session")
            else { return Response(status: .notFound) }
            return await page(exercise, session: id) ?? start(exercise, request)
        }
        router.get(WebRoutes.sheet) { _, context in
            guard let id = context.parameters.get("session"), let css = await styleSheet(id) else {
                return Response(status: .notFound)
            }
            return Response.text(css, type: "text/css; charset=utf-8", cacheControl: "no-store")
        }
    }

    /// The language of a page no session has yet: the request's `Accept-Language`, else ours.
    private func words(for request: Request) -> Locale {
        let preferences = SessionPreferences(acceptLanguage: request.headers[.acceptLanguage], timeZone: nil)
        return preferences.environmentLocale ?? language
    }

    private func start(_ exercise: WebExercise, _ request: Request) -> Response {
        var response = Response.html(LivePage.start(exercise, language: words(for: request)))
        response.headers[.cacheControl] = "no-store"
        return response
    }

    private func create(_ exercise: WebExercise, _ request: Request, from client: ClientAddress) async throws -> Response {
        guard RequestOrigin.isSameOrigin(request.head, policy: hostPolicy) else {
            return Self.json(.forbidden, CreateResponse(message: "sessions are opened by this server's own pages"))
        }
        guard request.headers[.contentType]?.hasPrefix("application/json") == true else {
            return Self.json(.unsupportedMediaType, CreateResponse(message: "send the preferences as application/json"))
        }
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: Self.maxCreateBytes)
        } catch {
            return Self.json(.contentTooLarge, CreateResponse(message: "the preferences are larger than \(Self.maxCreateBytes) bytes"))
        }
        guard let asked = try? JSONDecoder().decode(CreateRequest.self, from: Data(buffer: body)) else {
            return Self.json(.badRequest, CreateResponse(message: "expected {\"languages\": [...], \"timeZone\": \"...\"}"))
        }
        let preferences = SessionPreferences(
            acceptLanguage: request.headers[.acceptLanguage], pageLanguages: Array((asked.languages ?? []).prefix(32)),
            timeZone: asked.timeZone)
        let words = WebText(locale: preferences.environmentLocale ?? language)
        // The browser, as its cookie names it (a new one the first time): what its sessions show,
        // it may fetch from /media.
        let known = MediaClient.fromCookies(request.headers[.cookie])
        let browser = known ?? MediaClient.random()
        switch await open(exercise, preferences, owner: client, media: browser) {
        case .created(let path):
            var response = Self.json(.created, CreateResponse(location: path))
            response.headers[.location] = path
            if known == nil { response.headers[.setCookie] = browser.setCookie }
            return response
        case .clientAtLimit(let held):
            var response = Self.json(.tooManyRequests, CreateResponse(message: words.tooManySessions(held)))
            response.headers[.retryAfter] = String(Self.retryAfterSeconds)
            return response
        case .full:
            var response = Self.json(.serviceUnavailable, CreateResponse(message: words.busyMessage))
            response.headers[.retryAfter] = String(Self.retryAfterSeconds)
            return response
        }
    }

    /// What opening a session did, as the route answers it.
    private enum Opening {
        case created(path: String)
        case clientAtLimit(held: Int)
        case full
    }

    @MainActor
    private func open(_ exercise: WebExercise, _ preferences: SessionPreferences, owner: ClientAddress, media: MediaClient) -> Opening {
        switch store.create(exercise, preferences: preferences, owner: owner, media: media) {
        case .created(let session): .created(path: WebRoutes.page(exercise, session: session.id))
        case .clientAtLimit: .clientAtLimit(held: store.count(for: owner))
        case .full: .full
        }
    }

    @MainActor
    private func page(_ exercise: WebExercise, session id: String) -> Response? {
        guard let session = store.session(id), session.exercise == exercise else { return nil }
        let (markup, title) = session.page()
        var response = Response.html(
            LivePage.screen(
                session: session.id, exercise: exercise, surface: session.screen.surface, markup: markup, title: title,
                scrollTop: session.scrollTop, language: session.language))
        response.headers[.cacheControl] = "no-store"
        return response
    }

    @MainActor
    private func styleSheet(_ id: String) -> String? {
        store.session(id)?.styleSheet
    }

    private static func json(_ status: HTTPResponse.Status, _ body: CreateResponse) -> Response {
        let data = (try? JSONEncoder().encode(body)) ?? Data("{}".utf8)
        var response = Response.text(String(decoding: data, as: UTF8.self), type: "application/json", status: status)
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
