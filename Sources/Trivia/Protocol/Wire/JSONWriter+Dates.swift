import Foundation
import SharedNetworking

extension JSONWriter {
    /// An instant as a JSON string, the way ``TriviaDates`` writes it.
    mutating func date(_ date: Date) {
        bytes.append(UInt8(ascii: "\""))
        TriviaDates.write(date, into: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// An instant, or `null`.
    mutating func date(_ value: Date?) {
        if let value { date(value) } else { null() }
    }
}
