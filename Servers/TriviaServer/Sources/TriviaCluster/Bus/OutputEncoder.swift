import Foundation
import Trivia

/// Turns the host's outputs for one log entry into one ``OutputBatch`` per edge.
///
/// The owner encodes, once, and edges only assemble bytes: an encoder that knows which fields
/// of a broadcast differ per user fills templates with holes; ``PerMessageOutputEncoder``
/// encodes each message whole.
public protocol OutputEncoder: Sendable {
    /// The batches for `outputs`, by the incarnation of the edge holding each connection
    /// (``ClusterConnection/incarnation(of:)``), each in the host's order.
    func batches(for outputs: [HostOutput]) -> [Int64: OutputBatch]
}

/// Encodes every message whole with ``TriviaCodec``: one template without holes per frame.
/// Correct for any output; a splicing encoder replaces it where broadcasts dominate.
public struct PerMessageOutputEncoder: OutputEncoder {
    let codec: TriviaCodec

    /// An encoder writing each message with `codec`.
    public init(codec: TriviaCodec = TriviaCodec()) {
        self.codec = codec
    }

    /// One batch per edge, each message encoded whole.
    public func batches(for outputs: [HostOutput]) -> [Int64: OutputBatch] {
        var batches: [Int64: OutputBatch] = [:]
        for output in outputs {
            let edge = ClusterConnection.incarnation(of: output.connection)
            var batch = batches[edge] ?? OutputBatch()
            switch output {
            case .send(let envelope, let connection):
                // The host's own messages always encode; one that did not would be dropped
                // here exactly as the single-process server drops it.
                guard let bytes = try? codec.encode(envelope) else { continue }
                let piece = batch.share(bytes)
                batch.templates.append(FrameTemplate(pieces: [piece]))
                batch.deliveries.append(
                    Delivery(connection: connection, action: .frame(template: batch.templates.count - 1, fills: [])))
            case .close(let connection, let reason):
                batch.deliveries.append(Delivery(connection: connection, action: .close(reason)))
            }
            batches[edge] = batch
        }
        return batches
    }
}
