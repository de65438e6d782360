import Foundation
import Trivia
import TriviaHost

/// What the owner removes from the inputs it reads before the host sees them, so that a
/// change of owner or a dead node never shows a client something twice or keeps a socket
/// nobody holds. Filtered-out inputs are not logged: replay never sees them, so it stays exact.
///
/// - **A resent `join`.** After a change of owner, edges resend the `connect` and `join` of
///   every socket still waiting for its `welcome` (``ClusterEdge/resendJoin(_:frames:)``): the
///   old owner may have died with them. If they had been logged after all, the host would
///   start the connection afresh and welcome it a second time. A `connect` for a connection the
///   host already has (ids are never reused) is that resend: it is dropped, and so is the
///   `join` after it once the connection has a user.
/// - **A node declared gone** (``markGone(_:)``): its connections are disconnected in the host
///   and closed (in case the node is alive after all, its clients then reconnect and resume);
///   a frame that still arrives from one of them is dropped and answered with a close.
struct InputFilter: Sendable {
    /// Node incarnations declared gone.
    private(set) var gone: Set<Int64> = []
    /// Incarnations that ever opened a connection in this host: the ones worth watching.
    private(set) var watched: Set<Int64> = []
    /// Incarnations newly declared gone, whose connections the next filtering disconnects.
    private var toDisconnect: Set<Int64> = []
    /// Connections whose `connect` came twice: their next `join` is a resend.
    private var resent: Set<ConnectionID> = []
    private let codec = TriviaCodec()

    /// Whether a node was declared gone since the last filtering (the owner commits soon).
    var hasDisconnects: Bool { !toDisconnect.isEmpty }

    /// Starts watching the incarnations of the connections `core` holds (after a replay).
    mutating func watch(_ core: TriviaHostCore) {
        for connection in core.openConnections { watched.insert(ClusterConnection.incarnation(of: connection)) }
    }

    /// Declares node incarnations `incarnations` gone; returns the ones that were not already.
    mutating func markGone(_ incarnations: Set<Int64>) -> Set<Int64> {
        let new = incarnations.subtracting(gone)
        gone.formUnion(new)
        toDisconnect.formUnion(new)
        return new
    }

    /// The inputs of one commit as the host should apply them, and the closes the owner adds
    /// to its outputs. `core` is the host before these inputs.
    mutating func filter(_ inputs: [HostInput], core: TriviaHostCore) -> (inputs: [HostInput], closes: [HostOutput]) {
        var kept: [HostInput] = []
        var closes: [HostOutput] = []
        kept.reserveCapacity(inputs.count)
        if !toDisconnect.isEmpty {
            for connection in core.openConnections.sorted() where toDisconnect.contains(ClusterConnection.incarnation(of: connection)) {
                kept.append(.disconnect(connection))
                closes.append(.close(connection, reason: .shuttingDown))
            }
            toDisconnect = []
        }
        var opened: Set<ConnectionID> = []
        var joined: Set<ConnectionID> = []
        for input in inputs {
            switch input {
            case .connect(let connection):
                if core.isOpen(connection) || opened.contains(connection) {
                    resent.insert(connection)
                    continue
                }
                opened.insert(connection)
                watched.insert(ClusterConnection.incarnation(of: connection))
            case .frame(let connection, let frame):
                let open = core.isOpen(connection) || opened.contains(connection)
                if !open, gone.contains(ClusterConnection.incarnation(of: connection)) {
                    closes.append(.close(connection, reason: .shuttingDown))
                    continue
                }
                if resent.contains(connection), isJoin(frame) {
                    resent.remove(connection)
                    if core.user(on: connection) != nil || joined.contains(connection) { continue }
                }
                // A connection opened in this batch may also be resent in it: remember its join.
                if opened.contains(connection), !joined.contains(connection), isJoin(frame) { joined.insert(connection) }
            case .disconnect(let connection):
                resent.remove(connection)
            case .advance, .extendWindow:
                break
            }
            kept.append(input)
        }
        return (kept, closes)
    }

    /// Whether `frame` is a `join`: decoded only for a connection opened in this batch or
    /// resent, not for the answers that make up most of the traffic.
    private func isJoin(_ frame: Data) -> Bool {
        guard case .message(let envelope) = try? codec.decodeClientMessage(frame), case .join = envelope.message else { return false }
        return true
    }
}
