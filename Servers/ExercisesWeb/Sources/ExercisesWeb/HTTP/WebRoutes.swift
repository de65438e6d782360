import Hummingbird

/// The server's routes, as Hummingbird router paths with typed parameters: the one list the
/// router and the WebSocket upgrade are built from (Docs/Web.md, "Routes").
public enum WebRoutes {
    /// `GET /`: the index, linking the five apps by name.
    public static let index: RouterPath = "/"
    /// `GET /health`: sessions and media kept, as JSON.
    public static let health: RouterPath = "/health"
    /// `GET /favicon.ico`: the site's icon, for browsers that ask before reading the page.
    public static let favicon: RouterPath = "/favicon.ico"
    /// `GET /assets/{file}`: the script, the page styles and the icon.
    public static let asset: RouterPath = "/assets/{file}"
    /// `GET /media/{id}`: an image a screen shows.
    public static let media: RouterPath = "/media/{id}"
    /// `GET /{app}`: a new session of that app, redirected to its page.
    public static let app: RouterPath = "/{app}"
    /// `POST /{app}/s`: a new session of that app, made by the page `GET /{app}` answers with
    /// the browser's languages and time zone; answered with the new page's path.
    public static let sessions: RouterPath = "/{app}/s"
    /// `GET /{app}/s/{session}`: the page of a session (the screen as it is now).
    public static let page: RouterPath = "/{app}/s/{session}"
    /// `GET /{app}/s/{session}/sheet.css`: the session's stylesheet.
    public static let sheet: RouterPath = "/{app}/s/{session}/sheet.css"
    /// `GET /live/{session}` with a WebSocket upgrade: events in, screens out.
    public static let live: RouterPath = "/live/{session}"

    /// The path new sessions of `exercise` are posted to.
    static func sessions(_ exercise: WebExercise) -> String {
        "/\(exercise.rawValue)/s"
    }

    /// The path of `exercise`'s page for `session`.
    static func page(_ exercise: WebExercise, session: String) -> String {
        "/\(exercise.rawValue)/s/\(session)"
    }

    /// The path of the stylesheet of `exercise`'s page for `session`.
    static func sheet(_ exercise: WebExercise, session: String) -> String {
        page(exercise, session: session) + "/sheet.css"
    }
}
