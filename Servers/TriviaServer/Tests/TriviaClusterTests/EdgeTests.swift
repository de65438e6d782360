import Foundation
import Testing
import Trivia

@testable import TriviaCluster

@Suite("An edge's deliveries")
struct EdgeTests {
    /// An edge whose bus is never connected: delivering needs no database.
    static func makeEdge() throws -> ClusterEdge {
        let bus = ClusterBus(database: try ClusterDatabase(url: "postgres://nobody@127.0.0.1:1/none"), incarnation: 7, logger: quietLogger)
        return ClusterEdge(bus: bus, competition: 1, logger: quietLogger)
    }

    static func batch(_ outputs: [HostOutput]) -> BusMessage {
        BusMessage(sender: 1, sequence: 1, body: .outputs(position: 1, OutputBatch(outputs: outputs)))
    }

    static func pong(_ nonce: String) -> ServerEnvelope {
        ServerEnvelope(id: MessageID("p-\(nonce)"), seq: 0, message: .pong(PongPayload(nonce: nonce, serverTime: epoch)))
    }

    @Test("outputs and a new owner's announcement reach the socket layer in the owner's order")
    func deliveries() async throws {
        let edge = try Self.makeEdge()
        let ada = await edge.openConnection()
        let grace = await edge.openConnection()
        #expect(ClusterConnection.incarnation(of: ada) == 7)
        #expect(grace.rawValue == ada.rawValue + 1)
        let events = Locked<[EdgeEvent]>([])
        let collecting = Task { for await event in edge.events { events.withLock { $0.append(event) } } }
        await edge.deliver(Self.batch([.send(Self.pong("1"), to: ada), .send(Self.pong("2"), to: ada)]))
        await edge.deliver(BusMessage(sender: 2, sequence: 1, body: .ownerReady(epoch: 4, position: 9)))
        await edge.deliver(Self.batch([.send(Self.pong("3"), to: grace), .close(grace, reason: .replaced)]))
        await edge.resynchronize(reason: "test")
        await edge.finish()
        await collecting.value
        let texts = events.withLock { $0 }.map { event -> String in
            func name(_ connection: ConnectionID) -> String { connection == ada ? "ada" : "grace" }
            switch event {
            case .output(.send(let envelope, let connection)): return "\(name(connection)) \(envelope.id)"
            case .output(.close(let connection, let reason)): return "close \(name(connection)) \(reason)"
            case .output(.broadcast): return "broadcast"
            case .ownerChanged(let epoch): return "owner \(epoch)"
            case .resynchronize(let reason): return "resync \(reason)"
            }
        }
        #expect(texts == ["ada p-1", "ada p-2", "owner 4", "grace p-3", "close grace replaced", "resync test"])
    }
}
