import Foundation

/// What a page sends over its socket: one JSON object per message, `{"seq": 7, "type": …}`.
///
/// The page's script only reports what the person did; every decision is the view-model's:
/// - `action`: a control was activated (`{"type": "action", "action": "toggle-day", "value": "2020-09-13"}`);
///   the control's `data-action` and `data-value`, as drawn.
/// - `pointer`: one pointer sample on a surface that takes raw input (the Hoo grid):
///   `{"type": "pointer", "phase": "moved", "time": 12.34, "x": 80, "y": 210}`, points in the
///   scrolled content (the page adds its scroll offset) and seconds.
/// - `scroll`: the content's scroll position and the rows in view (`"top"`, `"first"`, `"last"`).
/// - `viewport`: the screen's size in points (`"width"`, `"height"`).
public enum LiveEvent: Sendable, Equatable {
    case action(name: String, value: String?)
    case pointer(phase: PointerPhase, time: Double, x: Double, y: Double)
    case scroll(top: Double, visible: ClosedRange<Int>?)
    case viewport(width: Double, height: Double)

    /// A pointer sample's phase, as `UITouch.Phase` and the Pointer Events API name it.
    public enum PointerPhase: String, Sendable, Equatable, Codable {
        case began, moved, stationary, ended, cancelled
    }

    /// The message as sent, before it is checked.
    struct Wire: Decodable {
        var seq: Int?
        var type: String?
        var action: String?
        var value: String?
        var phase: String?
        var time: Double?
        var x: Double?
        var y: Double?
        var top: Double?
        var first: Int?
        var last: Int?
        var width: Double?
        var height: Double?

        /// Why a message that is not JSON, or not an object of these fields, is refused.
        static let unreadable = LiveEventError.malformed("not a JSON object with the documented fields")

        /// `text` read, or `nil` when it is not such an object.
        init?(_ text: String) {
            guard let wire = try? JSONDecoder().decode(Wire.self, from: Data(text.utf8)) else { return nil }
            self = wire
        }
    }

    /// The sequence number and event of `text`, or why it is not one. The number is returned
    /// whenever it could be read, so that the error names the message it answers.
    static func decode(_ text: String) -> (seq: Int?, result: Result<LiveEvent, LiveEventError>) {
        guard let wire = Wire(text) else { return (nil, .failure(Wire.unreadable)) }
        return (wire.seq, Result { () throws(LiveEventError) in try event(wire) })
    }

    /// The event a message that is not the page's own (`resync`) describes.
    static func event(_ wire: Wire) throws(LiveEventError) -> LiveEvent {
        func number(_ value: Double?, _ name: String, limit: Double = 1e7) throws(LiveEventError) -> Double {
            guard let value, value.isFinite, abs(value) <= limit else { throw .malformed("\(name) must be a finite number") }
            return value
        }
        switch wire.type {
        case "action":
            guard let name = wire.action, (1...40).contains(name.count),
                name.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isLowercase || $0 == "-") })
            else { throw .malformed("action must be a lower-case name such as toggle-day") }
            if let value = wire.value, value.count > 200 { throw .malformed("value is too long") }
            return .action(name: name, value: wire.value)
        case "pointer":
            guard let phase = wire.phase.flatMap(PointerPhase.init(rawValue:)) else {
                throw .malformed("phase must be began, moved, stationary, ended or cancelled")
            }
            return .pointer(
                phase: phase, time: try number(wire.time, "time", limit: 1e12), x: try number(wire.x, "x"), y: try number(wire.y, "y"))
        case "scroll":
            let top = try number(wire.top, "top")
            guard let first = wire.first, let last = wire.last else { return .scroll(top: top, visible: nil) }
            guard first >= 0, last >= first, last - first <= 10_000 else { throw .malformed("first…last must be a range of rows") }
            return .scroll(top: top, visible: first...last)
        case "viewport":
            let width = try number(wire.width, "width", limit: 10_000), height = try number(wire.height, "height", limit: 10_000)
            guard width >= 1, height >= 1 else { throw .malformed("width and height must be at least 1") }
            return .viewport(width: width, height: height)
        case let other?:
            throw .malformed("unknown type \(other.prefix(40))")
        case nil:
            throw .malformed("type is missing")
        }
    }
}

/// Why an event was refused; sent back as `{"type": "error", "ack": seq, "message": …}` and the
/// session goes on as it was.
public enum LiveEventError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message is not an event this server knows.
    case malformed(String)
    /// A known event that this screen does not take, or a value it cannot use.
    case unsupported(String)
    /// The page sent more than the session accepts per second.
    case tooFast

    /// The message the page shows, one line.
    public var description: String {
        switch self {
        case .malformed(let why): "malformed event: \(why)"
        case .unsupported(let why): "not possible here: \(why)"
        case .tooFast: "too many events; slow down"
        }
    }
}
