import Foundation
import Trivia
import TriviaHost

/// The single-process backend: the competition's ``TriviaHost`` runs in this process and its
/// output stream is routed straight to the sockets. No database, no other node.
public struct LocalTriviaBackend: TriviaServerBackend {
    /// The host every socket of this server talks to.
    public let host: TriviaHost

    /// A backend running `host`.
    public init(host: TriviaHost) {
        self.host = host
    }

    /// See ``TriviaServerBackend/openConnection()``.
    public func openConnection() async -> ConnectionID { await host.openConnection() }

    /// See ``TriviaServerBackend/receive(_:from:)``.
    public func receive(_ frame: Data, from connection: ConnectionID) async { await host.receive(frame, from: connection) }

    /// See ``TriviaServerBackend/disconnect(_:)``.
    public func disconnect(_ connection: ConnectionID) async { await host.disconnect(connection) }

    /// Runs the host's schedule and routes its one output stream until cancelled.
    public func run(sockets: TriviaSockets) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await host.run() }
            group.addTask {
                for await output in host.outputs { sockets.route(output) }
            }
            await group.waitForAll()
        }
    }

    /// See ``TriviaServerBackend/phase()``.
    public func phase() async -> HostPhase? { await host.phase }

    /// See ``TriviaServerBackend/balance(of:)``.
    public func balance(of user: UserID) async -> Int { await host.balance(of: user) }

    /// `nil`: a single process is not part of a cluster.
    public func clusterStatus() async -> TriviaClusterStatus? { nil }
}
