/// The little a load client reads from one server message (Docs/Web.md, "Messages"): its
/// `type`, the `ack` it carries, whether it is a `reset`; read straight from the bytes, without
/// decoding the JSON.
///
/// The server writes compact JSON in which a `"` inside a string is always escaped (`\"`), so
/// `"ack":` can only be a member's name, never text inside the markup a message carries: finding
/// a member is a byte search. Any message with an `ack` acknowledges (a `render`, a `patch`, an
/// `error`, and any type a later server adds), and every byte of every message counts.
struct LiveMessagePeek: Equatable, Sendable {
    /// What kind of message it is, as far as the load tool tells them apart.
    enum Kind: Equatable, Sendable {
        /// `render` (a whole screen or only an `ack`), or any other type that is not an error.
        case update
        /// `error`: the event was refused (it still acknowledges).
        case error
        /// `expired`: the session is gone.
        case expired
        /// No `type` member at all.
        case unreadable
    }

    var kind: Kind
    /// The last event the server applied, when the message says.
    var ack: Int?
    /// Whether the message is a whole new screen (`"reset":true`: the first on a socket).
    var reset: Bool

    init(kind: Kind, ack: Int?, reset: Bool) {
        self.kind = kind
        self.ack = ack
        self.reset = reset
    }

    /// Peeks at one whole message.
    init(_ bytes: UnsafeRawBufferPointer) {
        let type = Self.stringValue(of: Self.typeMember, in: bytes)
        kind =
            switch type {
            case nil: .unreadable
            case "error": .error
            case "expired": .expired
            default: .update
            }
        ack = Self.integerValue(of: Self.ackMember, in: bytes)
        reset = Self.find(Self.resetMember, in: bytes) != nil
    }

    /// Peeks at a message given as text (tests, and the rare caller that has a `String`).
    init(_ text: String) {
        var text = text
        self = text.withUTF8 { Self(UnsafeRawBufferPointer($0)) }
    }

    static let typeMember = Array(#""type":"#.utf8)
    static let ackMember = Array(#""ack":"#.utf8)
    static let resetMember = Array(#""reset":true"#.utf8)

    /// The offset just past the first occurrence of `pattern` in `bytes`.
    static func find(_ pattern: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        guard let first = pattern.first, pattern.count <= bytes.count else { return nil }
        var index = start
        let last = bytes.count - pattern.count
        while index <= last {
            if bytes[index] == first {
                var matched = 1
                while matched < pattern.count, bytes[index + matched] == pattern[matched] { matched += 1 }
                if matched == pattern.count { return index + pattern.count }
            }
            index += 1
        }
        return nil
    }

    /// Whether `pattern` occurs anywhere in `bytes`.
    static func contains(_ pattern: [UInt8], in bytes: UnsafeRawBufferPointer) -> Bool {
        find(pattern, in: bytes) != nil
    }

    /// The non-negative integer after `member` (spaces allowed before it); `nil` when the member is
    /// absent, `null` or not a number.
    static func integerValue(of member: [UInt8], in bytes: UnsafeRawBufferPointer) -> Int? {
        guard var index = find(member, in: bytes) else { return nil }
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        var value = 0
        var digits = 0
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]), digits < 18 {
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            digits += 1
            index += 1
        }
        return digits > 0 ? value : nil
    }

    /// The string after `member` (spaces allowed before its opening quote), up to its closing
    /// quote; `nil` when absent or not a string.
    static func stringValue(of member: [UInt8], in bytes: UnsafeRawBufferPointer) -> String? {
        guard var index = find(member, in: bytes) else { return nil }
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let start = index + 1
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), end - start < 64 { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}
