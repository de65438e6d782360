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

    static func batch(_ frames: [(ConnectionID, String)]) -> BusMessage {
        var batch = OutputBatch()
        for (connection, text) in frames {
            let piece = batch.share(Array(text.utf8))
            batch.templates.append(FrameTemplate(pieces: [piece]))
            batch.deliveries.append(Delivery(connection: connection, action: .frame(template: batch.templates.count - 1, fills: [])))
        }
        return BusMessage(sender: 1, sequence: 1, body: .outputs(position: 1, batch))
    }

    @Test("frames, closes and a new owner's announcement reach the socket layer in the owner's order; a damaged delivery is counted")
    func deliveries() async throws {
        let edge = try Self.makeEdge()
        let ada = await edge.openConnection()
        let grace = await edge.openConnection()
        #expect(ClusterConnection.incarnation(of: ada) == 7)
        #expect(grace.rawValue == ada.rawValue + 1)
        let events = Locked<[EdgeEvent]>([])
        let collecting = Task { for await event in edge.events { events.withLock { $0.append(event) } } }
        var damaged = Self.batch([(ada, "q1"), (grace, "q1-grace")])
        if case .outputs(let position, var batch) = damaged.body {
            batch.deliveries.append(Delivery(connection: grace, action: .frame(template: 9, fills: [])))
            batch.deliveries.append(Delivery(connection: grace, action: .close(.replaced)))
            damaged.body = .outputs(position: position, batch)
        }
        await edge.deliver(Self.batch([(ada, "welcome"), (ada, "ack")]))
        await edge.deliver(BusMessage(sender: 2, sequence: 1, body: .ownerReady(epoch: 4, position: 9)))
        await edge.deliver(damaged)
        await edge.resynchronize(reason: "test")
        await edge.finish()
        await collecting.value
        let texts = events.withLock { $0 }.map { event -> String in
            switch event {
            case .frame(let connection, let bytes): "\(connection == ada ? "ada" : "grace") \(String(decoding: bytes, as: UTF8.self))"
            case .ownerChanged(let epoch): "owner \(epoch)"
            case .close(let connection, let reason): "close \(connection == ada ? "ada" : "grace") \(reason)"
            case .resynchronize(let reason): "resync \(reason)"
            }
        }
        #expect(texts == ["ada welcome", "ada ack", "owner 4", "ada q1", "grace q1-grace", "close grace replaced", "resync test"])
        #expect(await edge.counters.damagedDeliveries == 1)
    }
}
