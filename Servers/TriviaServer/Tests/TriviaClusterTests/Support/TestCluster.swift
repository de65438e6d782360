import Foundation
import SharedNetworking
import Trivia
import TriviaHost
import TriviaServerTestSupport

@testable import TriviaCluster

/// Nodes of one cluster in this process, their edges' deliveries and their owners' events,
/// and the script's connections (slot → node and id). The host runs on a `ManualClock`: a
/// script step moves it, the owner's deadline timer follows it.
final class TestCluster: Sendable {
    let nodes: [ClusterNode]
    let clock: ManualClock
    private let runs: [Task<Void, Never>]
    private let consumers: [Task<Void, Never>]
    /// What each edge's socket layer was asked to do.
    let deliveries = Locked<[EdgeEvent]>([])
    let ownerEvents = Locked<[(node: Int, event: OwnerEvent)]>([])
    private let slots = Locked<[Int: (node: Int, id: ConnectionID)]>([:])
    /// Inputs handed to edges that are not advances (each step is one).
    let submitted = Locked(0)

    init(server: PostgresServer, count: Int, clock: ManualClock = ManualClock(now: epoch), nodeGoneAfter: Duration = .seconds(10))
        async throws
    {
        self.clock = clock
        var nodes: [ClusterNode] = []
        let events = ownerEvents
        for index in 0..<count {
            let lines = RecordingLogHandler.Lines()
            FailureReport.current?.add("node\(index) log") { lines.text }
            let node = try await ClusterNode.join(
                ClusterNode.Configuration(
                    name: "node\(index)", database: server.database, lease: testLease, batchWindow: .milliseconds(2),
                    heartbeatEvery: .milliseconds(200), nodeGoneAfter: nodeGoneAfter),
                genesis: testGenesis, authenticator: testAuthenticator, clock: clock,
                logger: RecordingLogHandler.logger("node\(index)", into: lines, level: .notice)
            ) { event in events.withLock { $0.append((index, event)) } }
            nodes.append(node)
        }
        self.nodes = nodes
        runs = nodes.map { node in Task { await node.run() } }
        let deliveries = deliveries
        consumers = nodes.map { node in
            Task { for await event in node.edge.events { deliveries.withLock { $0.append(event) } } }
        }
    }

    /// Every input committed so far, from every owner, by log position.
    var committed: [(position: Int64, inputs: [LoggedInput], outputs: [HostOutput])] {
        ownerEvents.withLock { events in
            events.compactMap { _, event in
                if case .committed(let position, let inputs, let outputs) = event { return (position, inputs, outputs) }
                return nil
            }
        }.sorted { $0.position < $1.position }
    }

    /// How many non-advance inputs the owners committed.
    var committedInputs: Int { committed.reduce(0) { $0 + $1.inputs.count { $0.input != .advance } } }

    var takeOvers: Int {
        ownerEvents.withLock { $0.count { if case .tookOver = $0.event { true } else { false } } }
    }

    /// Waits until some node owns the competition and is ready for inputs.
    func waitForOwner() async -> Bool {
        await eventually(within: .seconds(30)) { self.takeOvers > 0 }
    }

    /// Feeds one step to the edge of its slot's node (slot n lives on node n % count).
    func perform(_ step: ScriptStep) async {
        let node = nodes[step.slot % nodes.count]
        let id: ConnectionID
        if case .connect = step.action {
            id = await node.edge.openConnection()
            slots.withLock { $0[step.slot] = (step.slot % nodes.count, id) }
        } else {
            guard let known = slots.withLock({ $0[step.slot] }) else { return }
            id = known.id
            switch step.input({ _ in id }) {
            case .frame(_, let data): await node.edge.receive(data, from: id)
            case .disconnect: await node.edge.disconnect(id)
            default: break
            }
        }
        submitted.withLock { $0 += 1 }
        await node.edge.flush()
    }

    /// The connection id of `slot`.
    func connection(_ slot: Int) -> ConnectionID? { slots.withLock { $0[slot]?.id } }

    /// The frames delivered, per connection, in order, as the server renders them.
    var deliveredFrames: [(connection: ConnectionID, bytes: [UInt8])] {
        deliveries.withLock { $0 }.flatMap { event -> [(connection: ConnectionID, bytes: [UInt8])] in
            guard case .output(let output) = event else { return [] }
            return output.renderedFrames
        }
    }

    /// The bytes of the frames delivered to `connection`.
    func frames(on connection: ConnectionID) -> [[UInt8]] {
        deliveredFrames.filter { $0.connection == connection }.map(\.bytes)
    }

    /// Frames delivered to `connection`, decoded.
    func received(on connection: ConnectionID) -> [ServerEnvelope] {
        frames(on: connection).compactMap { bytes in
            guard case .message(let envelope) = try? TriviaCodec().decodeServerMessage(Data(bytes)) else { return nil }
            return envelope
        }
    }

    /// Every frame delivered, decoded.
    var allReceived: [ServerEnvelope] {
        deliveredFrames.compactMap { _, bytes in
            guard case .message(let envelope) = try? TriviaCodec().decodeServerMessage(Data(bytes)) else { return nil }
            return envelope
        }
    }

    func stop() async {
        for node in nodes { await node.stop() }
        for task in runs { await task.value }
        for task in consumers { await task.value }
    }
}
