import Foundation
import SharedNetworking
import Trivia
import TriviaHost
import TriviaServer
import TriviaServerTestSupport

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
        configuration: configuration, transport: harness.transport(), balances: balances, clock: harness.appClock,
        locale: Locale(identifier: "en_US"), timeZone: TimeZone(identifier: "UTC") ?? .gmt)
}

/// Waits until `model` has lost its connection and armed its reconnect timer; returns the
/// timer's delay, so the test knows exactly when the model comes back.
@MainActor
func reconnectDelay(of model: TriviaViewModel, on harness: ServerHarness) async throws -> Double {
    let waiting = await eventually {
        if case .waitingToReconnect = model.client.link { true } else { false }
    }
    guard waiting, case .waitingToReconnect(_, let delay) = model.client.link else {
        throw HarnessError("\(model.client.link) is not waiting to reconnect")
    }
    guard await harness.appClock.waitForTimer(at: harness.clock.now.addingTimeInterval(delay.timeInterval)) else {
        throw HarnessError("the reconnect timer (\(delay)) was not armed")
    }
    return delay.timeInterval
}
