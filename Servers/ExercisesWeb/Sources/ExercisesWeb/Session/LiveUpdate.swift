import Foundation

/// What the server sends a page: one JSON object per message.
///
/// - `render`: `{"type": "render", "version": 8, "ack": 7, "html": …, "css": [...], "reset": false, "title": …}`;
///   `html` (the whole phone, to be morphed into the page) is absent when the screen did not
///   change since the last one sent; `css` holds the stylesheet rules the markup needs that the
///   page does not have yet (all of them when `reset` is true: a new socket); `ack` is the last
///   event applied.
/// - `error`: `{"type": "error", "ack": 7, "message": "…"}`: the event was refused and the
///   session goes on.
/// - `expired`: the session is gone (idle too long, or the server restarted): the page reloads
///   and gets a new one.
struct LiveUpdate: Encodable, Sendable {
    var type: String
    var version: Int?
    var ack: Int?
    var html: String?
    var css: [String]?
    var reset: Bool?
    var title: String?
    var message: String?

    static func render(version: Int, ack: Int?, html: String?, css: [String], reset: Bool, title: String?) -> LiveUpdate {
        LiveUpdate(
            type: "render", version: version, ack: ack, html: html, css: css.isEmpty && !reset ? nil : css, reset: reset ? true : nil,
            title: title)
    }

    static func error(ack: Int?, _ error: LiveEventError) -> LiveUpdate {
        LiveUpdate(type: "error", ack: ack, message: error.description)
    }

    static let expired = LiveUpdate(type: "expired")

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard let data = try? encoder.encode(self), let text = String(data: data, encoding: .utf8) else { return #"{"type":"error"}"# }
        return text
    }
}
