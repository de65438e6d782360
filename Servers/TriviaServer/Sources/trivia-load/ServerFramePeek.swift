import Foundation
import SharedNetworking

/// The few fields a bot needs, read straight from a server frame without decoding the message.
///
/// The server writes the protocol's canonical form (`TriviaCodec`: compact, keys sorted, no
/// whitespace), where a member is `"name":` preceded by `{` or `,`, and a `"` inside a string is
/// always escaped (`\"`), so `,"role":` can only be a member, never text inside a question. That
/// makes a member one byte search, and lets one process read what 20,000 sockets receive. A
/// frame in another form simply has none of the fields (the bot counts it as unreadable); this
/// is a load generator for our server, not a client for anyone's.
struct ServerFramePeek {
    let bytes: UnsafeRawBufferPointer

    /// Where the value of member `name` starts, or `nil`.
    func valueStart(_ name: StaticString) -> Int? {
        let key = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        let count = bytes.count - key.count - 3  // `"` name `":`
        guard count > 0 else { return nil }
        var index = 1
        while index <= count {
            if bytes[index] == UInt8(ascii: "\""), bytes[index - 1] == UInt8(ascii: ",") || bytes[index - 1] == UInt8(ascii: "{"),
                bytes[index + 1 + key.count] == UInt8(ascii: "\""), bytes[index + 2 + key.count] == UInt8(ascii: ":"),
                key.elementsEqual(bytes[(index + 1)..<(index + 1 + key.count)])
            {
                return index + 3 + key.count
            }
            index += 1
        }
        return nil
    }

    /// A string member's text (as written: the ids and codes a bot reads have no escapes).
    func string(_ name: StaticString) -> String? {
        guard let start = valueStart(name), start < bytes.count, bytes[start] == UInt8(ascii: "\"") else { return nil }
        var end = start + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
        guard end < bytes.count else { return nil }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<end]), as: UTF8.self)
    }

    /// A non-negative integer member.
    func int(_ name: StaticString) -> Int? {
        guard var index = valueStart(name) else { return nil }
        var value: Int?
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            value = (value ?? 0) &* 10 &+ Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        return value
    }

    func bool(_ name: StaticString) -> Bool? {
        guard let start = valueStart(name), start < bytes.count else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "t"): return true
        case UInt8(ascii: "f"): return false
        default: return nil
        }
    }

    /// Whether member `name` is present and `null`.
    func isNull(_ name: StaticString) -> Bool {
        guard let start = valueStart(name), start < bytes.count else { return false }
        return bytes[start] == UInt8(ascii: "n")
    }

    func date(_ name: StaticString) -> Date? {
        string(name).flatMap(LenientISO8601.date(from:))
    }
}
