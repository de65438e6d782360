import Foundation
import Trivia

/// What one edge must deliver for one log entry: frames for its connections and connections
/// to close, in the host's order.
///
/// Frames are stored as **templates with holes**: the bytes every recipient shares are kept
/// once in ``shared``, a ``FrameTemplate`` lists the pieces of a frame in order, and each
/// ``Delivery`` supplies the bytes for the holes between them (its message id, `seq`, role,
/// choice...). A question to 10,000 users is then one template and 10,000 short fill lists,
/// not 10,000 copies; an encoder that does not splice uses one template per frame and no
/// holes. The edge writes `piece, fill, piece, fill, ..., piece` to the socket.
public struct OutputBatch: Sendable, Hashable {
    /// The constant bytes of every template, each kept once.
    public var shared: [UInt8]
    /// The frames' layouts; deliveries name them by index.
    public var templates: [FrameTemplate]
    /// In the order the host produced them.
    public var deliveries: [Delivery]

    /// A batch from its parts (an encoder builds it with ``share(_:)``).
    public init(shared: [UInt8] = [], templates: [FrameTemplate] = [], deliveries: [Delivery] = []) {
        self.shared = shared
        self.templates = templates
        self.deliveries = deliveries
    }

    /// Adds `bytes` to ``shared`` and returns the range they occupy.
    public mutating func share(_ bytes: some Collection<UInt8>) -> Range<Int> {
        let start = shared.count
        shared.append(contentsOf: bytes)
        return start..<shared.count
    }

    /// The bytes of a frame delivery, assembled; `nil` for a close, or when the delivery does
    /// not match its template (a damaged batch: the edge drops it and counts it).
    public func frame(for delivery: Delivery) -> [UInt8]? {
        guard case .frame(let index, let fills) = delivery.action, templates.indices.contains(index) else { return nil }
        let pieces = templates[index].pieces
        guard pieces.count == fills.count + 1, pieces.allSatisfy({ $0.lowerBound >= 0 && $0.upperBound <= shared.count }) else {
            return nil
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pieces.reduce(0) { $0 + $1.count } + fills.reduce(0) { $0 + $1.count })
        for (offset, piece) in pieces.enumerated() {
            bytes.append(contentsOf: shared[piece])
            if offset < fills.count { bytes.append(contentsOf: fills[offset]) }
        }
        return bytes
    }
}

/// A frame's constant pieces (ranges of ``OutputBatch/shared``); a frame has one hole
/// between each two pieces.
public struct FrameTemplate: Sendable, Hashable {
    /// In frame order; a hole sits between each two.
    public var pieces: [Range<Int>]

    /// A template of `pieces` (one piece: a whole frame, no holes).
    public init(pieces: [Range<Int>]) {
        self.pieces = pieces
    }
}

/// One thing an edge does for one connection.
public struct Delivery: Sendable, Hashable {
    /// A frame to send or a connection to close.
    public enum Action: Sendable, Hashable {
        /// Send the frame built from `template` with `fills` in its holes.
        case frame(template: Int, fills: [[UInt8]])
        /// Close the connection with the close code that goes with `reason`.
        case close(TriviaErrorCode)
    }

    /// The connection, on this edge, the delivery is for.
    public var connection: ConnectionID
    /// What to do for it.
    public var action: Action

    /// What to do for `connection`.
    public init(connection: ConnectionID, action: Action) {
        self.connection = connection
        self.action = action
    }
}
