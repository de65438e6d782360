/// Numbers a sender's messages per channel (1, 2, 3...) and checks a receiver's: the
/// receiving side of the gap detection described on ``BusMessage``.
struct BusSequencer: Sendable {
    private var sent: [String: UInt64] = [:]
    private var seen: [SenderKey: UInt64] = [:]

    private struct SenderKey: Hashable {
        var channel: String
        var sender: Int64
    }

    /// The next sequence number on `channel`.
    mutating func next(on channel: String) -> UInt64 {
        let next = (sent[channel] ?? 0) + 1
        sent[channel] = next
        return next
    }

    /// Records `message` received on `channel`; returns how many messages of its sender are
    /// missing before it (0 when it follows the previous one, or is the first seen).
    mutating func receive(_ message: BusMessage, on channel: String) -> Int {
        let key = SenderKey(channel: channel, sender: message.sender)
        defer { seen[key] = max(seen[key] ?? 0, message.sequence) }
        if case .ownerReady = message.body { return 0 }
        guard let last = seen[key], message.sequence > last + 1 else { return 0 }
        return Int(message.sequence - last - 1)
    }

    /// Forgets every receiver baseline (after the listener reconnected: anything may have
    /// been missed, and the node resynchronizes another way).
    mutating func forgetReceived() {
        seen = [:]
    }
}
