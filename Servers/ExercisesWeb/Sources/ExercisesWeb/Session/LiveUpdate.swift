import ScreenPreviews
import SharedNetworking

/// What the server sends a page: one JSON object per message (Docs/Web.md, "Messages", has the
/// fields and when each is sent).
///
/// - `render`: the whole phone (`html`, morphed into the page), or only an `ack` and new `css`
///   when the screen did not change. Sent on a new socket (`reset`: the page clears its rules
///   first), after a `resync`, when the server no longer keeps the page's screen, with
///   `--renderer whole`, and when a patch would be larger than the screen.
/// - `patch`: only what changed (``LivePatchWire``'s operations in `ops`), from the screen of
///   version `base`, which the page must have, to `version`; a page with another screen, or
///   that finds another node than an operation names, asks for the whole screen (`resync`).
/// - `error`: the event was refused and the session goes on.
/// - `expired`: the session is gone (idle too long, or the server restarted): the page reloads
///   and gets a new one.
///
/// `ack` (on `render`, `patch` and `error`) is the last event applied: the page knows its input
/// was taken even when nothing on screen changed.
///
/// Written with ``/SharedNetworking/JSONWriter`` (fields in a fixed order, absent ones left out),
/// not an encoder: a server sends thousands a second, and a patch's operations, written once for
/// every session that makes the same change, go in as they are.
struct LiveUpdate: Sendable {
    var type: StaticString
    var base: Int?
    var version: Int?
    var ack: Int?
    var reset = false
    var title: String?
    var css: [String]?
    var html: String?
    /// The operations, a JSON array already written (``LivePatchWire``).
    var ops: String?
    var message: String?

    static func render(version: Int, ack: Int?, html: String?, css: [String], reset: Bool, title: String?) -> LiveUpdate {
        LiveUpdate(
            type: "render", version: version, ack: ack, reset: reset, title: title, css: css.isEmpty && !reset ? nil : css, html: html)
    }

    static func patch(base: Int, version: Int, ack: Int?, ops: String, css: [String], title: String?) -> LiveUpdate {
        LiveUpdate(type: "patch", base: base, version: version, ack: ack, title: title, css: css.isEmpty ? nil : css, ops: ops)
    }

    static func error(ack: Int?, _ error: LiveEventError) -> LiveUpdate {
        LiveUpdate(type: "error", ack: ack, message: error.description)
    }

    static let expired = LiveUpdate(type: "expired")

    var json: String {
        var json = JSONWriter(capacity: (html?.utf8.count ?? 0) + (ops?.utf8.count ?? 0) + 128)
        json.raw(#"{"type":""#)
        json.raw(type)
        json.byte(UInt8(ascii: "\""))
        func field(_ name: StaticString, _ write: (inout JSONWriter) -> Void) {
            json.raw(#",""#)
            json.raw(name)
            json.raw(#"":"#)
            write(&json)
        }
        if let base { field("base") { $0.int(base) } }
        if let version { field("version") { $0.int(version) } }
        if let ack { field("ack") { $0.int(ack) } }
        if reset { field("reset") { $0.bool(true) } }
        if let title { field("title") { $0.string(title) } }
        if let css { field("css") { $0.array(css) { $0.string($1) } } }
        if let html { field("html") { $0.string(html) } }
        if let ops { field("ops") { $0.raw(ops.utf8) } }
        if let message { field("message") { $0.string(message) } }
        json.byte(UInt8(ascii: "}"))
        return json.text
    }
}
