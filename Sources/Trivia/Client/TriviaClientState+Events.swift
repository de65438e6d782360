import Foundation

/// The client's rules: `(state, event) → (state, effects)`, with no I/O, clock or randomness of
/// its own (time comes with each event, jitter from a seeded generator in the state).
///
/// A driver (``TriviaViewModel``, ``TriviaSimulation``) performs the effects and feeds back
/// what happened as events. Every rule of the exercise is a transition here and a named test.
extension TriviaClientState {
    /// The pure form: the new state and the effects, leaving `self` untouched.
    public func handling(_ event: TriviaClientEvent, at now: Date) -> (TriviaClientState, [TriviaClientEffect]) {
        var next = self
        let effects = next.handle(event, at: now)
        return (next, effects)
    }

    /// Applies `event` at local time `now` and returns the effects to perform, in order.
    public mutating func handle(_ event: TriviaClientEvent, at now: Date) -> [TriviaClientEffect] {
        switch event {
        case .launched:
            guard case .idle = link else { return [] }
            balance = .loading(attempt: 1)
            link = .connecting(attempt: 1)
            return [.fetchBalance, .connect]
        case .balanceLoaded(let count):
            guard !balanceFromHost else { return [] }
            balance = .known(max(0, count))
            return []
        case .balanceFailed(let error):
            return balanceFailed(error)
        case .connected:
            return connected()
        case .connectionFailed, .disconnected:
            return connectionLost()
        case .received(let envelope):
            return received(envelope, at: now)
        case .malformed(let error):
            notice = .ignoredMalformedMessage(error.message)
            return []
        case .choiceSelected(let choice):
            return select(choice, at: now)
        case .wildcardAccepted:
            return useWildcard(at: now)
        case .wildcardDeclined:
            return declineWildcard()
        case .timerFired(let timer):
            return fired(timer, at: now)
        case .stopped:
            guard !link.isClosed else { return [] }
            link = .closed(.stopped)
            return [.cancelAllTimers, .disconnect]
        }
    }

    // MARK: Balance

    mutating func balanceFailed(_ error: WildcardBalanceError) -> [TriviaClientEffect] {
        guard !balanceFromHost else { return [] }
        let attempt: Int
        switch balance {
        case .loading(let current), .retrying(let current, _): attempt = current
        default: return []
        }
        guard error.isRetryable, attempt < configuration.balanceAttempts else {
            balance = .unavailable(error.description)
            notice = .balanceUnavailable(error.description)
            return []
        }
        balance = .retrying(attempt: attempt + 1, reason: error.description)
        let delay = configuration.balanceRetryDelay * (1 << min(attempt - 1, 16))
        return [.startTimer(.balanceRetry, after: delay)]
    }

    // MARK: Connection

    mutating func connected() -> [TriviaClientEffect] {
        guard case .connecting = link else { return [] }
        link = .joining
        awaitingPong = false
        let join = JoinPayload(
            user: configuration.user, token: configuration.token, competition: configuration.competition,
            resumeFrom: lastSeq > 0 ? lastSeq : nil)
        return [envelope(.join(join)), .startTimer(.heartbeat, after: configuration.heartbeatInterval)]
    }

    /// Any loss of the connection: reconnect with exponential backoff and jitter, unless the
    /// game is over or the host told us not to come back.
    mutating func connectionLost() -> [TriviaClientEffect] {
        switch link {
        case .closed, .waitingToReconnect, .idle: return []
        case .connecting, .joining, .online: break
        }
        reconnectAttempt += 1
        let ceiling = min(
            configuration.reconnectMaxDelay.timeInterval,
            configuration.reconnectBaseDelay.timeInterval * pow(2, Double(min(reconnectAttempt - 1, 30))))
        let delay = Duration.seconds(ceiling / 2 + random.double(in: 0...(ceiling / 2)))
        link = .waitingToReconnect(attempt: reconnectAttempt, delay: delay)
        awaitingPong = false
        return [.cancelTimer(.heartbeat), .startTimer(.reconnect, after: delay)]
    }

    mutating func heartbeat() -> [TriviaClientEffect] {
        switch link {
        case .joining, .online: break
        default: return []
        }
        if awaitingPong {
            // Nothing at all for a whole interval after a ping: the connection is dead even if
            // the socket has not noticed.
            return [.disconnect] + connectionLost()
        }
        awaitingPong = true
        return [
            envelope(.ping(PingPayload(nonce: "hb\(sentMessages + 1)"))),
            .startTimer(.heartbeat, after: configuration.heartbeatInterval),
        ]
    }

    // MARK: Timers

    mutating func fired(_ timer: TriviaTimer, at now: Date) -> [TriviaClientEffect] {
        switch timer {
        case .balanceRetry:
            guard case .retrying(let attempt, _) = balance else { return [] }
            balance = .loading(attempt: attempt)
            return [.fetchBalance]
        case .reconnect:
            guard case .waitingToReconnect(let attempt, _) = link else { return [] }
            link = .connecting(attempt: attempt + 1)
            return [.connect]
        case .heartbeat:
            return heartbeat()
        case .answerResend(let request):
            return resendAnswer(request, at: now)
        case .answerDeadline(let question):
            return answerDeadlinePassed(question)
        case .wildcardResend(let request):
            return resendWildcard(request, at: now)
        case .wildcardDeadline(let question):
            return wildcardDeadlinePassed(question)
        }
    }

    // MARK: Sending

    /// An outgoing message, numbered. Only `join` goes out before `welcome`.
    mutating func envelope(_ message: ClientMessage) -> TriviaClientEffect {
        sentMessages += 1
        return .send(ClientEnvelope(id: MessageID("\(configuration.clientInstance)-m\(sentMessages)"), seq: sentMessages, message: message))
    }

    mutating func newRequestID() -> RequestID {
        nextRequest += 1
        return RequestID("\(configuration.clientInstance)-r\(nextRequest)")
    }

    var isOnline: Bool { link == .online }
}
