import Foundation
import Trivia
import TriviaHost

/// What one edge must do for one log entry: the host's outputs for the connections on that
/// edge, in the host's order, each broadcast cut down to that edge's recipients.
///
/// The values are the host's own (`HostOutput`, from `TriviaHost`), so an edge routes them exactly as the
/// single-process server routes its host's outputs. On the bus (``BusCodec``) a message is
/// written once by the owner: a `send` as its frame; a broadcast as its shared message once
/// plus one short row per recipient on this edge (id, `seq`, role and the user's own fields),
/// so a question to 10,000 players on three edges is three bus messages, each one copy of the
/// question and about 3,300 rows, not 10,000 frames.
public struct OutputBatch: Sendable, Hashable {
    /// The outputs for this edge's connections, in the host's order.
    public var outputs: [HostOutput]

    /// A batch of `outputs` (all for connections of one edge).
    public init(outputs: [HostOutput] = []) {
        self.outputs = outputs
    }

    /// `outputs` split by the edge holding each connection (the incarnation in its id,
    /// ``ClusterConnection/incarnation(of:)``), each edge's in the host's order. A broadcast
    /// becomes one broadcast per edge sharing the same message.
    public static func split(_ outputs: [HostOutput]) -> [Int64: OutputBatch] {
        var batches: [Int64: OutputBatch] = [:]
        for output in outputs {
            switch output {
            case .send(_, let connection), .close(let connection, _):
                batches[ClusterConnection.incarnation(of: connection), default: OutputBatch()].outputs.append(output)
            case .broadcast(let broadcast):
                var recipients: [Int64: [ServerBroadcast.Recipient]] = [:]
                var order: [Int64] = []
                for recipient in broadcast.recipients {
                    let edge = ClusterConnection.incarnation(of: recipient.connection)
                    if recipients[edge] == nil { order.append(edge) }
                    recipients[edge, default: []].append(recipient)
                }
                for edge in order {
                    let part = ServerBroadcast(message: broadcast.message, recipients: recipients[edge] ?? [])
                    batches[edge, default: OutputBatch()].outputs.append(.broadcast(part))
                }
            }
        }
        return batches
    }
}
