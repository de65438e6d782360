import Foundation
import Logging
import NIOCore
import PostgresNIO

/// One row of `trivia_log`: a batch of inputs the owner of lease `epoch` accepted.
public struct LogEntry: Sendable, Hashable {
    /// 1, 2, 3...: the entry's place in the log.
    public var position: Int64
    /// The lease epoch of the owner that wrote it.
    public var epoch: Int64
    /// The inputs, in the order they were applied.
    public var inputs: [LoggedInput]

    /// Entry `position`, written under lease `epoch`.
    public init(position: Int64, epoch: Int64, inputs: [LoggedInput]) {
        self.position = position
        self.epoch = epoch
        self.inputs = inputs
    }
}

/// Reads and appends the input log.
public enum InputLogStore {
    /// The most bytes a notification may carry inline; bigger bus messages go through
    /// `trivia_bus`. NOTIFY allows payloads below 8,000 bytes; base64 turns 3 bytes into 4,
    /// and one byte says which kind of payload follows.
    public static let inlineLimit = 5_900

    /// Every entry after `position`, in order.
    public static func entries(
        _ connection: PostgresConnection, competition: Int32, after position: Int64 = 0, logger: Logger
    ) async throws(ClusterError) -> [LogEntry] {
        try await ClusterError.wrapping {
            let rows = try await connection.query(
                """
                SELECT position, epoch, inputs FROM trivia_log
                 WHERE competition_number = \(competition) AND position > \(position) ORDER BY position
                """, logger: logger)
            var entries: [LogEntry] = []
            var expected = position + 1
            for try await (position, epoch, inputs) in rows.decode((Int64, Int64, ByteBuffer).self) {
                guard position == expected else {
                    throw ClusterError.corruptLogEntry(position: expected, reason: "missing (the next entry is \(position))")
                }
                entries.append(LogEntry(position: position, epoch: epoch, inputs: try InputLogCodec.decode(inputs, position: position)))
                expected += 1
            }
            return entries
        }
    }

    /// Appends `inputs` at `position` under lease `epoch` and publishes `messages` in the same
    /// transaction (`trivia_commit`): after it returns, the entry is in the log and every
    /// notification is on its way; if it throws, neither happened, unless the error is a
    /// broken connection, after which the caller cannot know and must re-read the log.
    ///
    /// An empty `inputs` publishes without appending (a new owner re-announcing itself).
    static func commit(
        _ connection: PostgresConnection, competition: Int32, epoch: Int64, incarnation: Int64, position: Int64,
        inputs: [LoggedInput], messages: [(channel: String, payload: ByteBuffer)], logger: Logger
    ) async throws(ClusterError) {
        let encoded = InputLogCodec.encode(inputs)
        let channels = messages.map(\.channel)
        let payloads = messages.map(\.payload)
        do {
            try await connection.run(
                """
                SELECT trivia_commit(\(competition), \(epoch), \(incarnation), \(position), \(Int32(inputs.count)), \(encoded),
                                     \(channels), \(payloads), \(Int32(inlineLimit)))
                """, logger: logger)
        } catch {
            switch ClusterDatabase.sqlState(error) {
            case ClusterSQLState.fenced: throw .fenced(competition: "#\(competition)", epoch: epoch)
            case ClusterSQLState.positionTaken: throw .database("log position \(position) is taken: \(ClusterDatabase.reason(error))")
            default: throw .database(ClusterDatabase.reason(error))
            }
        }
    }
}
