import Foundation
import ScreenPreviews

/// What the server sends a page: one JSON object per message (Docs/Web.md, "Messages", has the
/// fields and when each is sent).
///
/// - `render`: the whole phone (`html`, morphed into the page), or only an `ack` and new `css`
///   when the screen did not change. Sent on a new socket (`reset`: the page clears its rules
///   first), after a `resync`, when the server no longer keeps the page's screen, with
///   `--renderer whole`, and when a patch would be larger than the screen.
/// - `patch`: only what changed (``LivePatch``'s operations in `ops`), from the screen of
///   version `base`, which the page must have, to `version`; a page with another screen, or
///   that finds another node than an operation names, asks for the whole screen (`resync`).
/// - `error`: the event was refused and the session goes on.
/// - `expired`: the session is gone (idle too long, or the server restarted): the page reloads
///   and gets a new one.
///
/// `ack` (on `render`, `patch` and `error`) is the last event applied: the page knows its input
/// was taken even when nothing on screen changed.
struct LiveUpdate: Encodable, Sendable {
    var type: String
    var base: Int?
    var version: Int?
    var ack: Int?
    var html: String?
    var ops: [LivePatchWire]?
    var css: [String]?
    var reset: Bool?
    var title: String?
    var message: String?

    static func render(version: Int, ack: Int?, html: String?, css: [String], reset: Bool, title: String?) -> LiveUpdate {
        LiveUpdate(
            type: "render", version: version, ack: ack, html: html, css: css.isEmpty && !reset ? nil : css, reset: reset ? true : nil,
            title: title)
    }

    static func patch(base: Int, version: Int, ack: Int?, _ patch: LivePatch, css: [String], title: String?) -> LiveUpdate {
        LiveUpdate(
            type: "patch", base: base, version: version, ack: ack, ops: patch.operations.map(LivePatchWire.init),
            css: css.isEmpty ? nil : css,
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
