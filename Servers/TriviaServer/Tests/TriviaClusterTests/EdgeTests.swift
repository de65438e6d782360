import Foundation
import Testing
import Trivia
import TriviaHost
import TriviaServerTestSupport

@testable import TriviaCluster

@Suite("An edge's deliveries", .timeLimit(.minutes(1)))
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

    @Test(
        "after a change of owner: the answers and wild-card requests of the last 3 s go again; older ones, pings and excluded connections do not"
    )
    func resendRecent() async throws {
        let clock = SteppedMonotonicClock()
        let bus = ClusterBus(database: try ClusterDatabase(url: "postgres://nobody@127.0.0.1:1/none"), incarnation: 7, logger: quietLogger)
        let edge = ClusterEdge(bus: bus, competition: 1, batchWindow: .seconds(3600), clock: clock, logger: quietLogger)
        let ada = await edge.openConnection()
        let grace = await edge.openConnection()
        func frame(_ message: ClientMessage, _ id: String) -> Data {
            TriviaCodec().encode(ClientEnvelope(id: MessageID(id), seq: 2, message: message))
        }
        let answer = AnswerPayload(requestId: "r-old", questionId: "q1", choice: 0)
        await edge.receive(frame(.answer(answer), "old"), from: ada)
        clock.advance(by: .seconds(2))
        await edge.receive(frame(.answer(AnswerPayload(requestId: "r-1", questionId: "q2", choice: 1)), "a1"), from: ada)
        await edge.receive(frame(.ping(PingPayload(nonce: "n")), "p1"), from: ada)
        await edge.receive(frame(.useWildcard(UseWildcardPayload(requestId: "r-w", questionId: "q1")), "w1"), from: ada)
        await edge.receive(Data("not json".utf8), from: ada)
        await edge.receive(frame(.answer(AnswerPayload(requestId: "r-2", questionId: "q2", choice: 2)), "g1"), from: grace)
        clock.advance(by: .seconds(1.5))
        #expect(await edge.resendRecent(excluding: [grace]) == 2, "ada's answer and wild-card request of 1.5 s ago; not the 3.5 s old one")
        #expect(await edge.resendRecent(excluding: []) == 3)
        clock.advance(by: .seconds(2))
        #expect(await edge.resendRecent(excluding: []) == 0, "nothing younger than 3 s")
        await edge.finish()
    }
}

/// A monotonic clock a test moves by hand (sleeps are real).
final class SteppedMonotonicClock: MonotonicClock {
    private let instant = Locked(MonotonicInstant(nanoseconds: 1_000_000_000))
    var now: MonotonicInstant { instant.withLock { $0 } }
    func advance(by duration: Duration) { instant.withLock { $0 = $0.advanced(by: duration) } }
    func sleep(for duration: Duration) async throws { try await Task.sleep(for: duration) }
}
