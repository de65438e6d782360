import Foundation
import Logging
import Trivia
import TriviaCluster
import TriviaHost
import TriviaServer

/// `trivia-server --cluster`: the server's sockets on a cluster node. Inputs go to the
/// node's ``ClusterEdge`` (batched to whichever node owns the competition); the edge's
/// ``EdgeEvent``s come back to the sockets:
///
/// - ``EdgeEvent/output(_:)``: routed through ``TriviaSockets/route(_:)``, the single-process
///   server's own writer, so a client gets the same frames, byte for byte, from any node;
/// - ``EdgeEvent/ownerChanged(epoch:)``: every connection still waiting for its `welcome`
///   sends its `connect` and `join` again, and the answers and wild-card requests of the last
///   seconds go again (they may have died with the old owner);
/// - ``EdgeEvent/resynchronize(reason:)``: outputs for this node may have been lost, so every
///   socket is closed with 1001 and its client resumes by `seq`, getting exactly what it missed.
///
/// `GET /health` and the balance answer from the node's host: the owner's own, or a copy
/// replayed from the log (``LogFollower``) on every other node.
public struct ClusterBackend: TriviaServerBackend {
    /// The node this server's sockets belong to.
    public let node: ClusterNode
    private let logger: Logger

    /// The sockets of a server on `node`.
    public init(node: ClusterNode, logger: Logger) {
        self.node = node
        self.logger = logger
    }

    /// See ``TriviaServerBackend/openConnection()``.
    public func openConnection() async -> ConnectionID { await node.edge.openConnection() }

    /// See ``TriviaServerBackend/receive(_:from:)``.
    public func receive(_ frame: Data, from connection: ConnectionID) async { await node.edge.receive(frame, from: connection) }

    /// See ``TriviaServerBackend/disconnect(_:)``.
    public func disconnect(_ connection: ConnectionID) async { await node.edge.disconnect(connection) }

    /// Runs the node (bus, lease, owner, heartbeat) and performs its edge's events until
    /// cancelled; then stops the node, which gives the lease up so a standby takes over at once.
    public func run(sockets: TriviaSockets) async {
        let node = node
        let logger = logger
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await node.run() }
            group.addTask {
                for await event in node.edge.events {
                    switch event {
                    case .output(let output):
                        sockets.route(output)
                    case .ownerChanged(let epoch):
                        let waiting = sockets.waitingJoins()
                        for (connection, frames) in waiting { await node.edge.resendJoin(connection, frames: frames) }
                        let requests = await node.edge.resendRecent(excluding: Set(waiting.map(\.connection)))
                        logger.notice(
                            "new owner",
                            metadata: ["epoch": "\(epoch)", "joins resent": "\(waiting.count)", "requests resent": "\(requests)"])
                    case .resynchronize(let reason):
                        logger.warning("resynchronizing every socket: \(reason)")
                        sockets.reconnectAll(message: "this node missed part of the game (\(reason)); reconnect to resume")
                    }
                }
            }
            // Cancelled (the server is stopping): stop the node, which ends both tasks.
            await withTaskCancellationHandler {
                await group.waitForAll()
            } onCancel: {
                Task { await node.stop() }
            }
        }
    }

    /// See ``TriviaServerBackend/phase()``.
    public func phase() async -> HostPhase? { await node.read { $0.phase } }

    /// See ``TriviaServerBackend/balance(of:)``.
    public func balance(of user: UserID) async -> Int { await node.read { $0.balance(of: user) } }

    /// This node's name, its epoch when it owns the competition, and its bus traffic.
    public func clusterStatus() async -> TriviaClusterStatus? {
        let epoch = await node.owner.ownedEpoch
        let counters = node.bus.counters.snapshot
        let bus = TriviaBusTraffic(
            messagesOut: counters.messagesOut, bytesOut: counters.bytesOut, messagesIn: counters.messagesIn, bytesIn: counters.bytesIn,
            logEntries: counters.logEntries, loggedInputs: counters.loggedInputs)
        return TriviaClusterStatus(node: node.name, owner: epoch != nil, epoch: epoch, bus: bus)
    }
}
