import Foundation
import TriviaServerTestSupport

/// Text written from other threads (a log's pieces, a pipe's bytes), read by the test.
final class LockedText: Sendable {
    private let storage = Locked<(bytes: [UInt8], pieces: [String])>(([], []))
    /// Each piece as written by ``append(_:)-(String)``.
    var lines: [String] { storage.withLock { $0.pieces } }
    /// Everything, decoded at once (a character split between two reads stays whole).
    var text: String { storage.withLock { String(decoding: $0.bytes, as: UTF8.self) } }

    func append(_ text: String) {
        storage.withLock {
            $0.pieces.append(text)
            $0.bytes += Array(text.utf8)
        }
    }

    func append(_ data: Data) {
        storage.withLock { $0.bytes += Array(data) }
    }
}
