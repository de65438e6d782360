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

    /// The index: the five apps by name, each a link that opens a new session.
    static func index(language: String) -> String {
        let items = WebExercise.allCases.map { exercise in
            HTMLNode.element(
                "li", [],
                [
                    .element("a", SafeURL(path: "/\(exercise.rawValue)").map { [HTMLAttribute.href($0)] } ?? [], [.text(exercise.title)]),
                    .element("p", [], [.text(exercise.summary)]),
                ])
        }
        let main = HTMLNode.element(
            "main", [],
            [
                .element("h1", [], [.text("MobileExercises, live")]),
                .element(
                    "p", [],
                    [.text("Five mobile exercises, each driven by its real view-model on this server. Every tab is a session of its own.")]),
                .element("ul", [.class("live-index")], items),
            ])
        return document(
            title: "MobileExercises", language: language, head: [stylesheet("/assets/index.css")], body: main.html, bodyAttributes: "")
    }

    /// A live page: the screen's markup as rendered now, the session's stylesheet and the script.
    static func screen(
        session: String, exercise: WebExercise, surface: LiveSurface, markup: String, title: String, scrollTop: Double?, language: String
    ) -> String {
        let scroll = scrollTop.map { " data-scroll-top=\"\(Int($0.rounded()))\"" } ?? ""
        let body =
            "<div id=\"live-root\"\(scroll)>\(markup)</div>\n"
            + "<p id=\"live-status\" class=\"live-status\" role=\"status\" aria-live=\"polite\"></p>"
        return document(
            title: "\(title) · MobileExercises", language: language,
            head: [
                stylesheet("/\(exercise.rawValue)/s/\(session)/sheet.css"), stylesheet("/assets/live.css"),
                "<script src=\"/assets/live.js\" defer></script>",
            ],
            body: body,
            bodyAttributes:
                " class=\"live\" data-session=\"\(session)\" data-exercise=\"\(exercise.rawValue)\" data-surface=\"\(surface.rawValue)\"")
    }

    /// The page shown when there is no room for another session.
    static func busy(language: String) -> String {
        let main = HTMLNode.element(
            "main", [],
            [
                .element("h1", [], [.text("Too many sessions")]),
                .element("p", [], [.text("Every session on this server is in use. Close a tab, or try again in a few minutes.")]),
            ])
        return document(
            title: "Busy · MobileExercises", language: language, head: [stylesheet("/assets/index.css")], body: main.html,
            bodyAttributes: "")
    }

    static func stylesheet(_ path: String) -> String {
        "<link rel=\"stylesheet\" href=\"\(path)\">"
    }

    static func document(title: String, language: String, head: [String], body: String, bodyAttributes: String) -> String {
        let titleHTML = HTMLNode.element("title", [], [.text(title)]).html
        return """
            <!DOCTYPE html>
            <html lang="\(PreviewDocument.languageTag(language))">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
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
