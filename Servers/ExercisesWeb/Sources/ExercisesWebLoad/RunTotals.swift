/// Every socket's ``ConnectionStats`` added up: the counts, latencies and bytes of a run.
///
/// In an event run an event counts when it was sent after the warm-up; it is acknowledged by the
/// first message whose `ack` reaches its `seq`, or lost. In a Trivia run each session owes one
/// delivery per question: shown (its latency from the host's broadcast) or missed; a session
/// closed before the end still owes what it did not show. Bytes per event are those the
/// sessions that sent events received (every session's in a Trivia run): what the server sends
/// the others (an idle session's pushes) is in ``bytesReceived``.
struct RunTotals: Equatable, Sendable {
    var events: LoadResult.EventCounts
    var latency: LatencySummary
    var bytesPerAcknowledgedEvent: Double?
    var messagesPerAcknowledgedEvent: Double?
    /// The mean size of the message that acknowledged each step of the round.
    var bytesPerStep: [Double?]
    var firstScreenBytes: Double?
    /// Every session's bytes after the warm-up.
    var bytesReceived: Int
    var socketsClosedEarly: Int
    var sessionsExpired: Int
    var early: Int
    var sendLagMaxMilliseconds: Double

    /// Totals of `stats`; `questions` > 0 makes it a Trivia run with that many questions each.
    init(_ stats: [ConnectionStats], questions: Int = 0) {
        var latencies: [Double] = []
        var sent = 0
        var acknowledged = 0
        var refused = 0
        var lost = 0
        var bytes = 0
        var messages = 0
        var firstBytes = 0
        var received = 0
        for socket in stats {
            if questions > 0 {
                let shown = socket.questionLatencies.compactMap { $0 }
                latencies += shown
                sent += questions
                acknowledged += shown.count
                lost += questions - shown.count
            } else {
                latencies += socket.latencies
                sent += socket.sent
                acknowledged += socket.acknowledged
                refused += socket.refused
                lost += socket.lost
            }
            if socket.active || questions > 0 {
                bytes += socket.bytes
                messages += socket.messages
            }
            received += socket.bytes
            firstBytes += socket.firstMessageBytes
        }
        events = LoadResult.EventCounts(sent: sent, acknowledged: acknowledged, refused: refused, lost: lost)
        latency = LatencySummary(seconds: latencies)
        bytesPerAcknowledgedEvent = acknowledged > 0 ? Double(bytes) / Double(acknowledged) : nil
        messagesPerAcknowledgedEvent = acknowledged > 0 ? Double(messages) / Double(acknowledged) : nil
        bytesReceived = received
        let steps = stats.map(\.stepBytes.count).max() ?? 0
        bytesPerStep = (0..<steps).map { step in
            let messages = stats.reduce(0) { $0 + ($1.stepMessages.indices.contains(step) ? $1.stepMessages[step] : 0) }
            let bytes = stats.reduce(0) { $0 + ($1.stepBytes.indices.contains(step) ? $1.stepBytes[step] : 0) }
            return messages > 0 ? Double(bytes) / Double(messages) : nil
        }
        firstScreenBytes = stats.isEmpty ? nil : Double(firstBytes) / Double(stats.count)
        socketsClosedEarly = stats.count(where: \.closedEarly)
        sessionsExpired = stats.count(where: \.expired)
        early = stats.reduce(0) { $0 + $1.early }
        sendLagMaxMilliseconds = (stats.map(\.sendLagMax).max() ?? 0) * 1000
    }
}
