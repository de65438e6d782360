import Trivia
import TriviaHost

/// The host's token check, made replayable: live, it asks the real authenticator and writes
/// down every answer; during a replay it answers only from what was written down.
///
/// ``TriviaHostCore`` calls its authenticator synchronously while it handles a `join`, so the
/// owner wraps one input at a time: ``record(_:)`` collects the answers that input needed and
/// ``replay(_:_:)`` serves them back.
final class JournaledAuthenticator: TriviaAuthenticator {
    private enum Source: Sendable {
        case live(any TriviaAuthenticator)
        case recorded([TokenAnswer])
    }

    private struct State: Sendable {
        var source: Source
        var journal: [TokenAnswer] = []
    }

    private let live: any TriviaAuthenticator
    private let state: LockedValue<State>

    init(live: any TriviaAuthenticator) {
        self.live = live
        state = LockedValue(State(source: .live(live)))
    }

    func identity(forToken token: String) -> TriviaIdentity? {
        state.withLock { state in
            switch state.source {
            case .live(let authenticator):
                let identity = authenticator.identity(forToken: token)
                state.journal.append(TokenAnswer(token: token, identity: identity))
                return identity
            case .recorded(let answers):
                // A token the original run never asked about gets the answer "unknown": the
                // replay must not consult anything the original did not.
                return answers.first { $0.token == token }?.identity
            }
        }
    }

    /// Runs `body` against the live authenticator and returns the answers it gave.
    func record<Result>(_ body: () -> Result) -> (Result, [TokenAnswer]) {
        state.withLock { state in
            state.source = .live(live)
            state.journal = []
        }
        let result = body()
        let journal = state.withLock { state in
            defer { state.journal = [] }
            return state.journal
        }
        return (result, journal)
    }

    /// Runs `body` with `answers` as the only answers.
    func replay<Result>(_ answers: [TokenAnswer], _ body: () -> Result) -> Result {
        state.withLock { state in state.source = .recorded(answers) }
        defer { state.withLock { state in state.source = .live(live) } }
        return body()
    }
}
