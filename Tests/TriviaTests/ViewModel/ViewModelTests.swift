import Foundation
import SharedNetworking
import TestSupport
import Testing

@testable import Trivia
@testable import TriviaHost

/// The real driver (`TriviaViewModel`) against the real host actor over the in-memory network,
/// on a manual clock: the whole stack except the socket.
@MainActor
@Suite("View-model against the reference host")
struct ViewModelTests {
    final class Stack {
        let clock = ManualClock(now: epoch)
        let host: TriviaHost
        let network: InMemoryTriviaNetwork
        let runner: Task<Void, Never>

        init(core: TriviaHostCore = makeHost()) {
            host = TriviaHost(core: core, clock: clock)
            network = InMemoryTriviaNetwork(host: host)
            let host = self.host
            runner = Task { await host.run() }
        }

        deinit {
            runner.cancel()
        }

        @MainActor
        func viewModel(_ identity: TriviaIdentity, balances: (any WildcardBalanceFetching)? = nil) -> TriviaViewModel {
            var configuration = MachineHarness.configuration
            configuration.user = identity.user
            configuration.token = "t-\(identity.user)"
            configuration.clientInstance = "vm-\(identity.user)"
            let host = self.host
            let endpoint = WildcardBalanceEndpoint(authenticator: testAuthenticator) { user in await host.balance(of: user) }
            let http = ScriptedHTTPClient { request, _ in .success(await endpoint.respond(to: request)) }
            return TriviaViewModel(
                configuration: configuration, transport: network.transport(),
                balances: balances ?? WildcardBalanceClient(baseURL: URL(string: "https://trivia.test/")!, client: http),
                clock: clock, locale: Locale(identifier: "en_US"), timeZone: .gmt)
        }
    }

    @Test("launch → balance → join → question → answer acknowledged → result → wild-card → final screen")
    func wholeCompetition() async throws {
        let stack = Stack()
        let ada = stack.viewModel(adaUser)
        ada.start()
        #expect(await eventually { ada.client.link == .online && ada.client.knownBalance == 1 })
        #expect(ada.screen.question?.prompt == "Waiting for the first question…")

        stack.clock.advance(to: at(opens(0)))
        #expect(await eventually { ada.screen.question?.prompt == "One?" })
        #expect(ada.screen.question?.isInteractive == true)
        ada.select(1)
        #expect(ada.screen.question?.lockedOverlay?.showsSpinner == true, "locked at once")
        #expect(await eventually { ada.screen.question?.lockedOverlay?.message == "Answer locked in. Waiting for the result…" })

        stack.clock.advance(to: at(closes(0)))
        #expect(await eventually { ada.screen.question?.result?.outcome == .correct })

        stack.clock.advance(to: at(opens(1)))
        #expect(await eventually { ada.screen.question?.prompt == "Two?" })
        ada.select(2)
        #expect(await eventually { ada.client.phase.isConfirmedAnswer })
        stack.clock.advance(to: at(closes(1)))
        #expect(await eventually { ada.screen.question?.wildcardOffer != nil })
        ada.useWildcard()
        #expect(await eventually { ada.screen.question?.result?.wildcardStatus == "Wild-card used: you're back in! 0 left." })
        #expect(await stack.host.balance(of: "ada") == 0)

        stack.clock.advance(to: at(opens(2)))
        #expect(await eventually { ada.screen.question?.prompt == "Three?" && ada.screen.question?.isInteractive == true })
        ada.select(2)
        #expect(await eventually { ada.client.phase.isConfirmedAnswer })
        stack.clock.advance(to: at(closes(2) + 6))
        #expect(await eventually { ada.screen.kind == .final })
        #expect(ada.screen.final?.headline == "You won!")
        #expect(ada.screen.final?.winners.first?.isYou == true)
        #expect(await eventually { stack.network.openConnections.isEmpty }, "the client closed its connection")
        ada.stop()
    }

    @Test("a dropped connection reconnects with backoff, resumes, and a pending answer still counts")
    func dropAndResume() async throws {
        let stack = Stack()
        let ada = stack.viewModel(adaUser)
        ada.start()
        #expect(await eventually { ada.client.link == .online })
        stack.clock.advance(to: at(opens(0)))
        #expect(await eventually { ada.client.phase.questionID == "q1" })
        let connection = try #require(stack.network.openConnections.first)
        await stack.network.sever(connection)
        #expect(await eventually { if case .waitingToReconnect = ada.client.link { true } else { false } })
        ada.select(1)  // tapped while offline: kept, sent after rejoining
        #expect(ada.screen.banner?.text == "Connection lost. Reconnecting…")
        #expect(await advance(stack.clock, by: .milliseconds(500)) { ada.client.phase.isConfirmedAnswer })
        #expect(ada.client.link == .online)
        #expect(await stack.host.standings.first?.answers == ["q1": 1])
        ada.stop()
    }

    @Test("when the host is unreachable the client keeps retrying, then gets in")
    func refusedThenAccepted() async {
        let stack = Stack()
        stack.network.refusesConnections = true
        let ada = stack.viewModel(adaUser)
        ada.start()
        #expect(await eventually { if case .waitingToReconnect(1, _) = ada.client.link { true } else { false } })
        #expect(
            await advance(stack.clock, by: .milliseconds(500)) {
                if case .waitingToReconnect(2, _) = ada.client.link { true } else { false }
            })
        stack.network.refusesConnections = false
        #expect(await advance(stack.clock, by: .milliseconds(500)) { ada.client.link == .online })
        ada.stop()
    }

    @Test("the same user on a second device replaces the first, which stops")
    func secondDevice() async {
        let stack = Stack()
        let phone = stack.viewModel(adaUser)
        phone.start()
        #expect(await eventually { phone.client.link == .online })
        let tablet = stack.viewModel(adaUser)
        tablet.start()
        #expect(await eventually { tablet.client.link == .online && phone.client.link == .closed(.replaced) })
        phone.stop()
        tablet.stop()
    }

    @Test("when the HTTP balance fails, the balance from the host's welcome is used")
    func balanceFromWelcome() async {
        struct Down: WildcardBalanceFetching {
            func balance(for user: UserID, token: String) async throws(WildcardBalanceError) -> WildcardBalance {
                throw .unauthorized("expired")
            }
        }
        let stack = Stack()
        let ada = stack.viewModel(adaUser, balances: Down())
        ada.start()
        #expect(await eventually { ada.client.link == .online })
        #expect(await eventually { ada.client.knownBalance == 1 }, "the host's welcome carries the balance")
        #expect(ada.screen.header.wildcards == "Wild-cards: 1")
        ada.stop()
    }
}

extension TriviaPhase {
    var questionID: QuestionID? {
        if case .question(let round) = self { round.question.questionId } else { nil }
    }

    var isConfirmedAnswer: Bool {
        if case .question(let round) = self, case .confirmed = round.answer { true } else { false }
    }
}

@Suite("URLSession WebSocket transport")
struct WebSocketTransportTests {
    @Test("on Linux it reports that WebSockets are unsupported instead of crashing or hanging")
    func linuxReportsUnsupported() async {
        let transport = URLSessionWebSocketTransport(
            url: URL(string: "ws://127.0.0.1:9/v1/competitions/test-cup/socket")!, configuration: .ephemeral,
            openTimeout: .seconds(30), clock: SystemClock())
        let error = await #expect(throws: TriviaTransportError.self) { try await transport.connect() }
        #if os(Linux)
            guard case .unsupported(let message) = error else {
                Issue.record("expected unsupported, got \(String(describing: error))")
                return
            }
            #expect(message.contains("-1002"))
        #else
            #expect(error != nil)
        #endif
    }

    @Test("a URL that is not ws:// or wss:// fails at once")
    func rejectsHTTP() async {
        let transport = URLSessionWebSocketTransport(
            url: URL(string: "https://x")!, configuration: .ephemeral, clock: ManualClock(now: epoch))
        let error = await #expect(throws: TriviaTransportError.self) { try await transport.connect() }
        #expect(error == .connectionFailed("https://x is not a ws:// or wss:// URL"))
    }
}
