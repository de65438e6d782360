import Foundation
import SharedNetworking

/// The few fields a bot needs, read straight from a server frame without decoding the message.
///
/// The server writes the protocol's canonical form (`TriviaCodec`: compact, keys sorted, no
/// whitespace), where a member is `"name":` preceded by `{` or `,`, and a `"` inside a string is
/// always escaped (`\"`), so `,"role":` can only be a member, never text inside a question. That
/// makes finding members a byte search, and lets one process read what 20,000 sockets receive.
/// The frame is scanned once, when the peek is made: the first occurrence of each field a bot
/// reads is noted (reading each field with a search of its own scanned a question frame seven
/// times, a tenth of the load generator's CPU in a fan-out). A frame in another form simply has
/// none of the fields (the bot counts it as unreadable); this is a load generator for our
/// server, not a client for anyone's.
struct ServerFramePeek {
    /// The members a bot reads, at any depth.
    enum Field: Int, CaseIterable {
        case type, seq, balance, questionId, openedAt, deadline, role, requestId, status, correct, yourChoice, wildcardDeadline,
            accepted, code

        var name: StaticString {
            switch self {
            case .type: "type"
            case .seq: "seq"
            case .balance: "balance"
            case .questionId: "questionId"
            case .openedAt: "openedAt"
            case .deadline: "deadline"
            case .role: "role"
            case .requestId: "requestId"
            case .status: "status"
            case .correct: "correct"
            case .yourChoice: "yourChoice"
            case .wildcardDeadline: "wildcardDeadline"
            case .accepted: "accepted"
            case .code: "code"
            }
        }
    }

    let bytes: UnsafeRawBufferPointer
    /// Where each field's value starts (the first occurrence), or -1: a fixed-size value, so
    /// a peek allocates nothing.
    private var starts = SIMD16<Int32>(repeating: -1)

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        var index = 1
        while index < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "\""), bytes[index - 1] == UInt8(ascii: ",") || bytes[index - 1] == UInt8(ascii: "{")
            else { continue }
            // A name: up to the next quote (names have no escapes), then a colon.
            var end = index + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
            guard end + 1 < bytes.count, bytes[end] == UInt8(ascii: "\""), bytes[end + 1] == UInt8(ascii: ":") else { continue }
            let name = UnsafeRawBufferPointer(rebasing: bytes[(index + 1)..<end])
            if let field = Self.field(named: name), starts[field.rawValue] < 0 { starts[field.rawValue] = Int32(end + 2) }
            index = end + 1
        }
    }

    /// The fields by the length of their names, to compare a name with few of them.
    private static let fieldsByLength: [[Field]] = {
        var table = [[Field]](repeating: [], count: 17)
        for field in Field.allCases { table[field.name.utf8CodeUnitCount].append(field) }
        return table
    }()

    private static func field(named name: UnsafeRawBufferPointer) -> Field? {
        guard name.count < fieldsByLength.count else { return nil }
        for field in fieldsByLength[name.count] {
            let key = field.name
            if UnsafeRawBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount).elementsEqual(name) { return field }
        }
        return nil
    }

    /// Where the value of `field` starts, or `nil`.
    func valueStart(_ field: Field) -> Int? {
        let start = Int(starts[field.rawValue])
        return start >= 0 && start < bytes.count ? start : nil
    }

    /// A string member's text (as written: the ids and codes a bot reads have no escapes).
    func string(_ field: Field) -> String? {
        guard let start = valueStart(field), bytes[start] == UInt8(ascii: "\"") else { return nil }
        var end = start + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
        guard end < bytes.count else { return nil }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<end]), as: UTF8.self)
    }

    /// Whether a string member is exactly `text` (no `String` made).
    func string(_ field: Field, is text: StaticString) -> Bool {
        guard let start = valueStart(field), bytes[start] == UInt8(ascii: "\"") else { return false }
        let count = text.utf8CodeUnitCount
        guard start + count + 1 < bytes.count, bytes[start + count + 1] == UInt8(ascii: "\"") else { return false }
        return UnsafeRawBufferPointer(start: text.utf8Start, count: count).elementsEqual(bytes[(start + 1)...(start + count)])
    }

    /// A non-negative integer member.
    func int(_ field: Field) -> Int? {
        guard var index = valueStart(field) else { return nil }
        var value: Int?
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            value = (value ?? 0) &* 10 &+ Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        return value
    }

    func bool(_ field: Field) -> Bool? {
        guard let start = valueStart(field) else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "t"): return true
        case UInt8(ascii: "f"): return false
        default: return nil
        }
    }

    /// Whether member `field` is present and `null`.
    func isNull(_ field: Field) -> Bool {
        guard let start = valueStart(field) else { return false }
        return bytes[start] == UInt8(ascii: "n")
    }

    func date(_ field: Field) -> Date? {
        string(field).flatMap(LenientISO8601.date(from:))
    }
}
