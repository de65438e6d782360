import Foundation
import NIOCore
import NIOEmbedded
import NIOWebSocket
import Testing
import Trivia
import TriviaHost
import TriviaServerTestSupport

@testable import TriviaServer

@Suite("Server parts", .timeLimit(.minutes(1)))
struct ServerPartTests {
    @Test("the rate limiter allows a burst, then the sustained rate, refilling with time")
    func rateLimiter() {
        let start = Date(timeIntervalSince1970: 0)
        var limiter = MessageRateLimiter(perSecond: 2, burst: 3, now: start)
        func admit(_ count: Int, at seconds: Double) -> [Bool] {
            (0..<count).map { _ in limiter.admit(at: start.addingTimeInterval(seconds)) }
        }
        #expect(admit(4, at: 0) == [true, true, true, false])
        #expect(admit(2, at: 0.5) == [true, false])
        #expect(admit(4, at: 10) == [true, true, true, false], "never above the burst")
        #expect(admit(1, at: 5) == [false], "time going backwards refills nothing")
    }

    @Test("socket paths: the competition is one percent-encoded segment")
    func socketPath() {
        #expect(SocketPath.path(for: "general-knowledge") == "/v1/competitions/general-knowledge/socket")
        #expect(SocketPath.path(for: "a/b c") == "/v1/competitions/a%2Fb%20c/socket")
    }

    @Test("host close reasons map to documented close codes")
    func closeCodes() {
        #expect(TriviaCloseCode(hostReason: .replaced) == .replaced)
        #expect(TriviaCloseCode(hostReason: .unauthorized).code == 4401)
        #expect(TriviaCloseCode(hostReason: .tooManyErrors).code == 4400)
        #expect(TriviaCloseCode(hostReason: .competitionReset).code == 4410)
        #expect(TriviaCloseCode(hostReason: "somethingNew") == TriviaCloseCode(code: 4000, reason: "somethingNew"))
    }

    @Test("accounts: the bundled demo users; bad files are refused with the place of the problem")
    func accounts() throws {
        let demo = try TriviaAccounts.demo()
        #expect(demo.authenticator.identity(forToken: "t-ada") == TriviaIdentity(user: "ada", displayName: "Ada"))
        #expect(demo.balances["ada"] == 2 && demo.balances["alan"] == 0)
        #expect(try TriviaAccounts.decode(demo.encoded()) == demo)

        let problems: [(String, String)] = [
            (#"{"accounts": [{"user": "a", "displayName": "A", "token": "t", "balance": -1}]}"#, "accounts[0].balance must be 0 or more"),
            (
                #"{"accounts": [{"user": "a", "displayName": "A", "token": "t", "balance": 1}, {"user": "a", "displayName": "B", "token": "u", "balance": 1}]}"#,
                "listed twice"
            ),
            (
                #"{"accounts": [{"user": "a", "displayName": "A", "token": "t", "balance": 1}, {"user": "b", "displayName": "B", "token": "t", "balance": 1}]}"#,
                "used by another user"
            ),
            (#"{"accounts": [{"user": "a", "displayName": "A", "balance": 1}]}"#, "token"),
            ("[]", "not an accounts file"),
        ]
        for (json, message) in problems {
            let error = #expect(throws: TriviaAccountsError.self) { try TriviaAccounts.decode(Data(json.utf8)) }
            #expect(error?.message.contains(message) == true, "\(json): \(String(describing: error))")
        }
    }

    @Test(
        "the connection table writes straight to the channel, drops a client whose unsent bytes pass the bound, and times out silent ones")
    func connectionTable() async throws {
        let start = Date(timeIntervalSince1970: 0)
        let limits = TriviaServerLimits(joinTimeout: .seconds(5), idleTimeout: .seconds(20), maxOutboundBytes: 64 * 1024)
        let table = ConnectionTable(limits: limits)
        // A client that stopped reading: what is written stays in the channel, unsent, and NIO
        // marks the channel unwritable (past its high-water mark, which the testing channel
        // does not track by itself).
        let stalled = NIOAsyncTestingChannel()
        let stalledSink = try await sink(for: stalled)
        // Between the writer and the socket: the frames stay unsent.
        try await stalled.pipeline.addHandler(PeerNotReading(), position: .first)
        try await stalled.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1))
        stalled.isWritable = false
        let closes = CloseRecorder()
        table.register(ConnectionID(1), sink: stalledSink, at: start, startClose: closes.record)
        let pong = ServerEnvelope(
            id: "c1-1", seq: 0, message: .pong(PongPayload(nonce: String(repeating: "n", count: 1024), serverTime: start)))
        let frameBytes = TriviaCodec().encodeBytes(pong).count + 4
        var routed = 0
        var unsentBeforeDrop = 0
        while stalled.isActive, routed < 1_000 {
            unsentBeforeDrop = try await stalled.getOption(ChannelOptions.bufferedWritableBytes).get()
            table.route(.send(pong, to: ConnectionID(1)))
            await stalled.testingEventLoop.run()
            routed += 1
        }
        #expect(!stalled.isActive, "a client 64 KiB behind is dropped")
        #expect(unsentBeforeDrop <= 64 * 1024 && unsentBeforeDrop > 64 * 1024 - 2 * frameBytes, "not before: \(unsentBeforeDrop)")
        #expect(closes.codes.isEmpty, "dropped without a close handshake")
        table.route(.send(pong, to: ConnectionID(1)))
        #expect(table.count == 1, "still listed until its session removes it, and nothing more is written")
        table.remove(ConnectionID(1))

        let silent = NIOAsyncTestingChannel()
        let idle = CloseRecorder()
        table.register(ConnectionID(2), sink: try await sink(for: silent), at: start, startClose: idle.record)
        #expect(table.sweep(at: start.addingTimeInterval(4.9)) == 0)
        #expect(table.sweep(at: start.addingTimeInterval(5)) == 1)
        await silent.testingEventLoop.run()
        let notice = try await silent.readOutbound(as: ByteBuffer.self).map(Self.frames(in:))
        let decoded = notice?.first.flatMap { try? TriviaCodec().decodeServerMessage(Data($0.data.readableBytesView)) }
        #expect(decoded?.envelope?.type == "error")
        #expect(idle.codes == [.idleTimeout], "one handshake, started by the sweep itself")
        #expect(table.sweep(at: start.addingTimeInterval(60)) == 0, "a closing connection is not closed twice")
        #expect(idle.codes == [.idleTimeout])
    }

    @Test("closing every socket lets new ones in (clients reconnect); stopping closes every socket, also one upgraded meanwhile")
    func closeAllAndShutDown() async throws {
        let start = Date(timeIntervalSince1970: 0)
        let table = ConnectionTable(limits: TriviaServerLimits())
        let closes = CloseRecorder()
        table.register(ConnectionID(1), sink: try await sink(for: NIOAsyncTestingChannel()), at: start, startClose: closes.record)
        table.closeAll(.shuttingDown, code: .shuttingDown, message: "reconnect")
        #expect(closes.codes == [.shuttingDown])
        table.register(ConnectionID(2), sink: try await sink(for: NIOAsyncTestingChannel()), at: start, startClose: closes.record)
        #expect(closes.codes == [.shuttingDown], "a client reconnecting after closeAll is served")

        table.shutDown(.shuttingDown, code: .shuttingDown, message: "stopping")
        #expect(closes.codes == [.shuttingDown, .shuttingDown])
        let late = NIOAsyncTestingChannel()
        table.register(ConnectionID(3), sink: try await sink(for: late), at: start, startClose: closes.record)
        #expect(closes.codes == [.shuttingDown, .shuttingDown, .shuttingDown], "upgraded while the server stops: closed at once")
        await late.testingEventLoop.run()
        let notice = try await late.readOutbound(as: ByteBuffer.self).map(Self.frames(in:))
        let decoded = notice?.first.flatMap { try? TriviaCodec().decodeServerMessage(Data($0.data.readableBytesView)) }
        #expect(decoded?.envelope?.type == "error")
    }

    @Test("a broadcast is rendered once into one buffer: each connection gets exactly its own frame, as one text frame")
    func broadcastRouting() async throws {
        let start = Date(timeIntervalSince1970: 1_599_724_800)
        let table = ConnectionTable(limits: TriviaServerLimits())
        let question = QuestionPayload(
            questionId: "q1", index: 0, total: 3, text: "One \"quoted\" question?", choices: ["a", "b"], openedAt: start,
            deadline: start.addingTimeInterval(10), role: .player)
        let message = BroadcastMessage(.question(question))
        let copies = [
            BroadcastCopy(id: "m1-ada", seq: 1, personalization: .question(role: .player)),
            BroadcastCopy(id: "m7-grace", seq: 7, personalization: .question(role: .viewer)),
        ]
        let loop = NIOAsyncTestingEventLoop()
        let channels = (1...2).map { _ in NIOAsyncTestingChannel(loop: loop) }
        for (index, channel) in channels.enumerated() {
            table.register(ConnectionID(UInt64(index + 1)), sink: try await sink(for: channel), at: start) { _ in }
        }
        table.route(
            .broadcast(
                ServerBroadcast(
                    message: message, recipients: copies.enumerated().map { .init(connection: ConnectionID(UInt64($0 + 1)), copy: $1) })))
        await loop.run()
        for (channel, copy) in zip(channels, copies) {
            guard let bytes = try await channel.readOutbound(as: ByteBuffer.self), let frame = try Self.frames(in: bytes).first
            else {
                Issue.record("no frame for \(copy.id)")
                continue
            }
            #expect(try Self.frames(in: bytes).count == 1, "one frame each")
            #expect(frame.fin && frame.opcode == .text && frame.maskKey == nil)
            #expect(Array(frame.data.readableBytesView) == Array(TriviaCodec().encode(message.envelope(for: copy))))
            #expect(try await channel.readOutbound(as: ByteBuffer.self) == nil, "one write each")
        }
    }

    @Test(
        "frames the server writes whole are what NIO's WebSocket decoder reads: every length form, at its edges",
        arguments: [0, 1, 125, 126, 127, 65_535, 65_536, 200_000])
    func textFrameHeaders(length: Int) throws {
        let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let bytes = WebSocketTextFrame.frame(payload)
        let expectedHeader = length < 126 ? 2 : length < 65_536 ? 4 : 10
        #expect(bytes.readableBytes == payload.count + expectedHeader)
        let frames = try Self.frames(in: bytes)
        #expect(frames.count == 1)
        #expect(frames.first.map { $0.fin && $0.opcode == .text && $0.maskKey == nil && $0.rsv1 == false } == true)
        #expect(frames.first.map { Array($0.data.readableBytesView) } == payload)
    }

    @Test("the frame writer sits next to the pipeline's head and passes every other write through untouched")
    func frameWriterPassesOtherWrites() async throws {
        let channel = try await NIOAsyncTestingChannel { try $0.pipeline.syncOperations.addHandler(WebSocketFrameEncoder()) }
        let writer = try await sink(for: channel).writer
        try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1))
        // A pong from the encoder's side, then a frame of the table's: both arrive, in order.
        try await channel.writeOutbound(WebSocketFrame(fin: true, opcode: .pong, data: ByteBuffer(string: "p")))
        try await channel.testingEventLoop.executeInContext {
            writer.value.write(WebSocketTextFrame.frame(Array("hi".utf8)))
            writer.value.flush()
        }
        var written = ByteBuffer()
        while var part = try await channel.readOutbound(as: ByteBuffer.self) { written.writeBuffer(&part) }
        let frames = try Self.frames(in: written)
        #expect(frames.map(\.opcode) == [.pong, .text])
        #expect(frames.last.map { String(buffer: $0.data) } == "hi")
    }

    /// `channel` with a ``FrameWriter`` installed, as a session installs it.
    private func sink(for channel: NIOAsyncTestingChannel) async throws -> FrameSink {
        let installed = FrameWriter.install(on: channel)
        await channel.testingEventLoop.run()
        return FrameSink(channel: channel, writer: try await installed.get())
    }

    /// The frames in `bytes`, read by NIO's own decoder (a reference independent of ours).
    static func frames(in bytes: ByteBuffer) throws -> [WebSocketFrame] {
        let decoder = EmbeddedChannel(handler: ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 1 << 20)))
        defer { _ = try? decoder.finish() }
        try decoder.writeInbound(bytes)
        var frames: [WebSocketFrame] = []
        while let frame = try decoder.readInbound(as: WebSocketFrame.self) { frames.append(frame) }
        return frames
    }
}

/// A peer that reads nothing: flushes never reach the socket, so written bytes stay unsent in
/// the channel, as they do in NIO when the kernel's send buffer is full.
final class PeerNotReading: ChannelOutboundHandler, Sendable {
    typealias OutboundIn = ByteBuffer
    func flush(context: ChannelHandlerContext) {}
}

/// The closes a connection table asked a session to start, in order.
final class CloseRecorder: Sendable {
    private let recorded = Locked<[TriviaCloseCode]>([])

    var codes: [TriviaCloseCode] { recorded.withLock { $0 } }

    @Sendable func record(_ code: TriviaCloseCode) { recorded.withLock { $0.append(code) } }
}
