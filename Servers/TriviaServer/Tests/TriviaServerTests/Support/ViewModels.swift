import Foundation
import SharedNetworking
import Trivia
import TriviaServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real app view-model for `user` (demo token `t-<user>`), talking to the harness's server
/// over a real WebSocket and fetching its balance over real HTTP, on the harness's clock.
@MainActor
func makeViewModel(
    _ harness: ServerHarness, user: UserID, seed: UInt64 = 1, reconnectBaseDelay: Duration = .milliseconds(500)
) -> TriviaViewModel {
    let configuration = TriviaClientConfiguration(
        user: user, token: "t-\(user)", competition: ServerHarness.competition, clientInstance: "\(user)-test",
        reconnectBaseDelay: reconnectBaseDelay, reconnectMaxDelay: max(reconnectBaseDelay, .seconds(8)), jitterSeed: seed)
    let balances = WildcardBalanceClient(baseURL: harness.baseURL, client: URLSessionHTTPClient(configuration: .ephemeral))
    return TriviaViewModel(
        configuration: configuration, transport: harness.transport(), balances: balances, clock: harness.clock,
        locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC") ?? .gmt)
}

extension TriviaViewModel {
    var questionRound: QuestionRound? {
        if case .question(let round) = state.phase { round } else { nil }
    }

    var resultRound: ResultRound? {
        if case .result(let round) = state.phase { round } else { nil }
    }

    var finish: FinishPayload? {
        if case .finished(let finish) = state.phase { finish } else { nil }
    }

    func isShowing(question id: QuestionID) -> Bool { questionRound?.question.questionId == id }

    func isShowingResult(of id: QuestionID) -> Bool { resultRound?.result.questionId == id }
}
