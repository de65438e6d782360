import Foundation
import ScreenPreviews

/// The HTML the server sends: the index of the five apps, and a live page around a screen.
///
/// Markup from a feed only ever reaches these pages through ``/ScreenPreviews/HTMLNode``
/// (escaped); the few literal strings here are this file's own, and the session id is the
/// server's (hex digits).
enum LivePage {
    /// No inline script or style, nothing from elsewhere: scripts, styles, images and sockets
    /// from this origin only.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    /// The index: the five apps by name, each a link to the page that opens a new session.
    static func index(language: Locale) -> String {
        let words = WebText(locale: language)
        let items = WebExercise.allCases.map { exercise in
            HTMLNode.element(
                "li", [],
                [
                    .element("a", SafeURL(path: "/\(exercise.rawValue)").map { [HTMLAttribute.href($0)] } ?? [], [.text(exercise.title)]),
                    .element("p", [], [.text(words.summary(exercise))]),
                ])
        }
        let main = HTMLNode.element(
            "main", [],
            [
                .element("h1", [], [.text(words.indexTitle)]),
                .element("p", [], [.text(words.indexIntroduction)]),
                .element("ul", [.class("live-index")], items),
            ])
        return document(
            title: "MobileExercises", language: language, head: [stylesheet("/assets/index.css")], body: main.html, bodyAttributes: "")
    }

    /// The page `GET /{app}` answers: it opens a session by itself (`/assets/start.js` posts the
    /// browser's languages and time zone to `POST /{app}/s` and goes to the page it gets), so that
    /// a request another site makes (an image, a link) creates nothing, and the session starts in
    /// the person's language and zone.
    static func start(_ exercise: WebExercise, language: Locale) -> String {
        let words = WebText(locale: language)
        let main = HTMLNode.element(
            "main", [],
            [
                .element("h1", [], [.text(exercise.title)]),
                .element("p", [.id("start-status"), .attribute("role", "status")], [.text(words.opening(exercise))]),
                .element("noscript", [], [.element("p", [], [.text(words.needsJavaScript)])]),
            ])
        let create = WebRoutes.sessions(exercise)
        return document(
            title: "\(exercise.title) · MobileExercises", language: language,
            head: [stylesheet("/assets/index.css"), "<script src=\"/assets/start.js\" defer></script>"], body: main.html,
            bodyAttributes: " data-create=\"\(create)\" data-failed=\"\(HTMLEscaping.attribute(words.openFailed))\"")
    }

    /// A live page: the icons' symbols, the screen's markup as rendered now, the session's
    /// stylesheet and the script.
    static func screen(
        session: String, exercise: WebExercise, surface: LiveSurface, markup: String, title: String, scrollTop: Double?, language: Locale
    ) -> String {
        let words = WebText(locale: language)
        let scroll = scrollTop.map { " data-scroll-top=\"\(Int($0.rounded()))\"" } ?? ""
        // Every icon's symbol, outside the root: a later screen may draw one the first did not,
        // and a patch's `<use>` finds it here.
        let body =
            PreviewIcon.sprite().html + "\n"
            + "<div id=\"live-root\"\(scroll)>\(markup)</div>\n"
            + "<div id=\"live-pull\" class=\"live-pull\" aria-hidden=\"true\"><span class=\"live-spinner\"></span></div>\n"
            + "<p id=\"live-status\" class=\"live-status\" role=\"status\" aria-live=\"polite\"></p>"
        return document(
            title: "\(title) · MobileExercises", language: language,
            head: [
                stylesheet(WebRoutes.sheet(exercise, session: session)), stylesheet("/assets/live.css"),
                "<script src=\"/assets/live.js\" defer></script>",
            ],
            body: body,
            bodyAttributes:
                " class=\"live\" data-session=\"\(session)\" data-exercise=\"\(exercise.rawValue)\" data-surface=\"\(surface.rawValue)\""
                + " data-reconnecting=\"\(HTMLEscaping.attribute(words.reconnecting))\"")
    }

    static func stylesheet(_ path: String) -> String {
        "<link rel=\"stylesheet\" href=\"\(path)\">"
    }

    static func document(title: String, language: Locale, head: [String], body: String, bodyAttributes: String) -> String {
        let titleHTML = HTMLNode.element("title", [], [.text(title)]).html
        return """
            <!DOCTYPE html>
            <html lang="\(PreviewDocument.languageTag(language.identifier))">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
            <link rel="icon" href="/assets/icon.svg" type="image/svg+xml">
            \(titleHTML)
            \(head.joined(separator: "\n"))
            </head>
            <body\(bodyAttributes)>
            \(body)
            </body>
            </html>

            """
    }

    /// The site's icon (served as /assets/icon.svg and /favicon.ico): a phone, in the blue of
    /// the bars' buttons.
    static let icon = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">\
        <rect x="7" y="2" width="18" height="28" rx="4" fill="#0a60d0"/>\
        <rect x="10" y="6" width="12" height="18" rx="1" fill="#fff"/>\
        <circle cx="16" cy="27" r="1.5" fill="#fff"/></svg>

        """

    /// The index's own few rules (served as /assets/index.css).
    static let indexStyles = """
        body { font: 17px/1.45 -apple-system, "Helvetica Neue", "Liberation Sans", Arial, sans-serif; margin: 0; background: #f2f2f7; color: #1c1c1e; }
        main { max-width: 640px; margin: 0 auto; padding: 32px 20px; }
        h1 { font-size: 28px; margin: 0 0 8px; }
        .live-index { list-style: none; padding: 0; margin: 24px 0 0; display: grid; gap: 12px; }
        .live-index li { background: #fff; border-radius: 12px; padding: 14px 16px; }
        .live-index a { font-size: 20px; font-weight: 600; color: #0040a0; }
        .live-index p { margin: 4px 0 0; color: #3a3a3c; }
        a:focus-visible { outline: 3px solid #0a84ff; outline-offset: 2px; }
        """
}
