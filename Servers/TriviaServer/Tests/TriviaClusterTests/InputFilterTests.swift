import Foundation
import Testing
import Trivia
import TriviaHost

@testable import TriviaCluster

/// The owner's input filter in front of the host, without a database: a `join` resent after a change
/// of owner is answered once, and the connections of a node declared gone are disconnected.
@Suite("The owner's input filter", .timeLimit(.minutes(1)))
struct InputFilterTests {
    static func join(_ user: UserID, token: String) -> Data {
        TriviaCodec().encode(
            ClientEnvelope(
                id: MessageID("j-\(user)"), seq: 1, message: .join(JoinPayload(user: user, token: token, competition: "cluster-cup"))))
    }

    static let ping = TriviaCodec().encode(ClientEnvelope(id: "p", seq: 2, message: .ping(PingPayload(nonce: "n"))))

    /// Applies `inputs` through `filter` to `host`, as the owner does; returns what the host
    /// sent and the filter's closes.
    static func apply(_ inputs: [HostInput], _ filter: inout InputFilter, _ host: inout ReplayableHost, at second: Double)
        -> (outputs: [HostOutput], closes: [HostOutput], kept: [HostInput])
    {
        let filtered = filter.filter(inputs, core: host.core)
        var outputs: [HostOutput] = []
        for input in filtered.inputs { outputs += host.accept(input, at: epoch.addingTimeInterval(second)).1 }
        return (outputs, filtered.closes, filtered.inputs)
    }

    static func welcomes(_ outputs: [HostOutput], on connection: ConnectionID) -> Int {
        outputs.flatMap(\.envelopes).count { delivery in
            guard delivery.connection == connection, case .welcome = delivery.envelope.message else { return false }
            return true
        }
    }

    static func errors(_ outputs: [HostOutput]) -> [TriviaErrorCode] {
        outputs.flatMap(\.envelopes).compactMap { if case .error(let error) = $0.envelope.message { error.code } else { nil } }
    }

    @Test("a join resent after it was logged is dropped: one welcome, no alreadyJoined")
    func resentAfterLogged() {
        var host = ReplayableHost(genesis: testGenesis, authenticator: testAuthenticator)
        var filter = InputFilter()
        let ada = ClusterConnection.id(incarnation: 3, local: 1)
        let first = Self.apply([.connect(ada), .frame(ada, Self.join("ada", token: "t-ada"))], &filter, &host, at: 1)
        #expect(Self.welcomes(first.outputs, on: ada) == 1)
        let resent = Self.apply([.connect(ada), .frame(ada, Self.join("ada", token: "t-ada"))], &filter, &host, at: 2)
        #expect(resent.kept.isEmpty, "the connect and the join were both resends")
        #expect(resent.outputs.isEmpty && resent.closes.isEmpty)
        // The connection goes on as before: its next frames reach the host.
        let after = Self.apply([.frame(ada, Self.ping)], &filter, &host, at: 3)
        #expect(after.outputs.flatMap(\.envelopes).count == 1, "pong")
    }

    @Test("the original and its resend in one batch: one welcome")
    func resentInTheSameBatch() {
        var host = ReplayableHost(genesis: testGenesis, authenticator: testAuthenticator)
        var filter = InputFilter()
        let grace = ClusterConnection.id(incarnation: 3, local: 2)
        let join = Self.join("grace", token: "t-grace")
        let both = Self.apply([.connect(grace), .frame(grace, join), .connect(grace), .frame(grace, join)], &filter, &host, at: 1)
        #expect(both.kept == [.connect(grace), .frame(grace, join)])
        #expect(Self.welcomes(both.outputs, on: grace) == 1)
        #expect(Self.errors(both.outputs).isEmpty)
    }

    @Test("a join lost with the old owner: the resend is what joins")
    func lostJoinResent() {
        var host = ReplayableHost(genesis: testGenesis, authenticator: testAuthenticator)
        var filter = InputFilter()
        let alan = ClusterConnection.id(incarnation: 3, local: 3)
        _ = Self.apply([.connect(alan)], &filter, &host, at: 1)  // the join died with the owner
        let resent = Self.apply([.connect(alan), .frame(alan, Self.join("alan", token: "t-alan"))], &filter, &host, at: 2)
        #expect(resent.kept == [.frame(alan, Self.join("alan", token: "t-alan"))])
        #expect(Self.welcomes(resent.outputs, on: alan) == 1)
    }

    @Test("a second join from a client that was not resent still gets alreadyJoined")
    func clientJoiningTwice() {
        var host = ReplayableHost(genesis: testGenesis, authenticator: testAuthenticator)
        var filter = InputFilter()
        let linus = ClusterConnection.id(incarnation: 3, local: 4)
        let join = Self.join("linus", token: "t-linus")
        _ = Self.apply([.connect(linus), .frame(linus, join)], &filter, &host, at: 1)
        let again = Self.apply([.frame(linus, join)], &filter, &host, at: 2)
        #expect(Self.errors(again.outputs) == [.alreadyJoined])
    }

    @Test("a node declared gone: its connections are disconnected and closed, later frames from them answered with a close")
    func goneNode() {
        var host = ReplayableHost(genesis: testGenesis, authenticator: testAuthenticator)
        var filter = InputFilter()
        let ada = ClusterConnection.id(incarnation: 3, local: 1)
        let grace = ClusterConnection.id(incarnation: 4, local: 1)
        _ = Self.apply(
            [
                .connect(ada), .frame(ada, Self.join("ada", token: "t-ada")), .connect(grace),
                .frame(grace, Self.join("grace", token: "t-grace")),
            ],
            &filter, &host, at: 1)
        #expect(filter.watched == [3, 4])
        #expect(filter.markGone([3]) == [3])
        #expect(filter.markGone([3]).isEmpty, "declared once")
        #expect(filter.hasDisconnects)
        let reaped = Self.apply([], &filter, &host, at: 2)
        #expect(reaped.kept == [.disconnect(ada)])
        #expect(reaped.closes == [.close(ada, reason: .shuttingDown)])
        #expect(!filter.hasDisconnects)
        #expect(host.core.openConnections == [grace])
        // The node was alive after all: its socket's next frame is answered with a close.
        let late = Self.apply([.frame(ada, Self.ping), .frame(grace, Self.ping)], &filter, &host, at: 3)
        #expect(late.kept == [.frame(grace, Self.ping)])
        #expect(late.closes == [.close(ada, reason: .shuttingDown)])
        // A replayed owner watches the incarnations its host holds.
        var fresh = InputFilter()
        fresh.watch(host.core)
        #expect(fresh.watched == [4])
    }
}
