import Hummingbird

/// The pages: `GET /` (the index), `GET /{app}` (a new session, redirected to its page),
/// `GET /{app}/s/{session}` (the screen as it is now) and its stylesheet.
///
/// An unknown or expired session id gets a new session, so an old bookmark still opens the app.
struct PageController<Context: RequestContext> {
    let store: SessionStore
    /// The language tag of the pages (`<html lang>`).
    let language: String

    func addRoutes(to router: Router<Context>) {
        router.get(WebRoutes.index) { _, _ in Response.html(LivePage.index(language: language)) }
        router.get(WebRoutes.app) { _, context in
            guard let exercise = context.parameters.get("app").flatMap(WebExercise.init(rawValue:)) else {
                return Response(status: .notFound)
            }
            return await newSession(exercise)
        }
        router.get(WebRoutes.page) { _, context in
            guard let exercise = context.parameters.get("app").flatMap(WebExercise.init(rawValue:)),
                let id = context.parameters.get("session")
            else { return Response(status: .notFound) }
            return await page(exercise, session: id)
        }
        router.get(WebRoutes.sheet) { _, context in
            guard let id = context.parameters.get("session"), let css = await styleSheet(id) else {
                return Response(status: .notFound)
            }
            return Response.text(css, type: "text/css; charset=utf-8", cacheControl: "no-store")
        }
    }

    @MainActor
    private func newSession(_ exercise: WebExercise) -> Response {
        guard let session = store.create(exercise) else {
            return Response.html(LivePage.busy(language: language), status: .serviceUnavailable)
        }
        return Response.redirect(to: WebRoutes.page(exercise, session: session.id))
    }

    @MainActor
    private func page(_ exercise: WebExercise, session id: String) -> Response {
        guard let session = store.session(id), session.exercise == exercise else { return newSession(exercise) }
        let (markup, title) = session.page()
        var response = Response.html(
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
}
