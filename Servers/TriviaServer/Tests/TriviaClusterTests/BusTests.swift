import Foundation
import Testing
import Trivia
import TriviaHost
import TriviaServerTestSupport

@testable import TriviaCluster

@Suite("The bus over LISTEN/NOTIFY", .timeLimit(.minutes(3)))
struct BusTests {
    @Test("small messages ride in the notification, big ones through trivia_bus; order kept; bytes counted; a restart is reported")
    func inlineAndStored() async throws {
        try await withPostgres { server in
            _ = try await server.prepareCompetition()
            let database = try server.database
            let sender = ClusterBus(database: database, incarnation: 1, logger: quietLogger)
            let receiver = ClusterBus(database: database, incarnation: 2, logger: quietLogger)
            let channel = ClusterBus.edgeChannel(2)
            await receiver.listen(channel)
            let running = Task { await receiver.run() }
            let received = Locked<[ClusterBus.Event]>([])
            let collecting = Task { for await event in receiver.events { received.withLock { $0.append(event) } } }
            #expect(await eventually(within: .seconds(30)) { await receiver.isListening(on: channel) })

            let small = BusMessage.Body.inputs([.connect(ConnectionID(1 << 32 | 1))])
            let big = BusMessage.Body.inputs([.frame(ConnectionID(1 << 32 | 1), Data(repeating: 0x61, count: 100_000))])
            let ready = BusMessage.Body.ownerReady(epoch: 3, position: 9)
            try await sender.publish([(channel, small), (channel, big)])
            try await sender.publish([(channel, ready)])
            #expect(await eventually(within: .seconds(30)) { received.withLock { $0.count } == 3 })
            let messages = received.withLock { $0 }.compactMap { event -> BusMessage? in
                if case .message(_, let message) = event { return message }
                return nil
            }
            #expect(messages.map(\.body) == [small, big, ready])
            #expect(messages.map(\.sequence) == [1, 2, 3])
            #expect(messages.allSatisfy { $0.sender == 1 })

            let out = sender.counters.snapshot
            #expect(out.messagesOut == 3)
            #expect(out.storedOut == 1)
            #expect(out.bytesOut > 100_000)
            let inbound = receiver.counters.snapshot
            #expect(inbound.messagesIn == 3)
            #expect(inbound.storedIn == 1)
            #expect(inbound.gaps == 0)

            // PostgreSQL restarts: the receiver says notifications may have been lost, then
            // listens again; the sender's next publish goes through on a new connection.
            try await server.restart()
            #expect(
                await eventually(within: .seconds(30)) { received.withLock { $0.contains { if case .reset = $0 { true } else { false } } } }
            )
            #expect(await eventually(within: .seconds(30)) { await receiver.isListening(on: channel) })
            var delivered = false
            for _ in 0..<50 where !delivered {
                delivered = (try? await sender.publish([(channel, small)])) != nil
                if !delivered { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(delivered)
            #expect(await eventually(within: .seconds(30)) { received.withLock { $0.count } == 5 })
            #expect(receiver.counters.snapshot.resets == 1)

            await receiver.stop()
            await sender.stop()
            await running.value
            await collecting.value
        }
    }

    @Test("a receiver counts the messages missing between two it got, per sender and channel")
    func gaps() {
        var sequencer = BusSequencer()
        func message(_ sender: Int64, _ sequence: UInt64) -> BusMessage {
            BusMessage(sender: sender, sequence: sequence, body: .inputs([]))
        }
        #expect(sequencer.receive(message(1, 5), on: "a") == 0, "the first one sets the baseline")
        #expect(sequencer.receive(message(1, 6), on: "a") == 0)
        #expect(sequencer.receive(message(1, 9), on: "a") == 2)
        #expect(sequencer.receive(message(2, 1), on: "a") == 0)
        #expect(sequencer.receive(message(1, 1), on: "b") == 0)
        #expect(sequencer.receive(BusMessage(sender: 1, sequence: 20, body: .ownerReady(epoch: 2, position: 1)), on: "a") == 0)
        #expect(sequencer.receive(message(1, 21), on: "a") == 0, "a new owner's announcement resets its baseline")
        sequencer.forgetReceived()
        #expect(sequencer.receive(message(1, 40), on: "a") == 0)
        #expect(sequencer.next(on: "x") == 1)
        #expect(sequencer.next(on: "x") == 2)
        #expect(sequencer.next(on: "y") == 1)
    }
}
