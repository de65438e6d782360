import Foundation
import Trivia

/// The server's rules as a pure state machine: events in (a connection opened, a frame
/// arrived, a connection closed, time passed), ``HostOutput``s out.
///
/// No clock, no sockets, no tasks: every input carries the time it happened, so the same
/// inputs always give the same outputs. ``TriviaHost`` (an actor with a clock) drives it for a
/// real server and for the in-memory transport; ``TriviaSimulation`` drives it directly.
///
/// Every input first runs the schedule up to its time (``advance(to:)``), so an answer that
/// arrives after the deadline is late even if no timer has fired yet.
public struct TriviaHostCore: Sendable {
    /// The competition's settings.
    public let configuration: TriviaHostConfiguration
    /// The questions, asked in order.
    public let questions: [TriviaQuestion]
    let authenticator: any TriviaAuthenticator
    let codec: TriviaCodec

    /// Where the competition is.
    public internal(set) var phase: HostPhase = .lobby
    var ledger: [UserID: Int]
    /// Every user, in the order they first joined: every broadcast walks this array (no hashing,
    /// and a reproducible output order).
    var records: [HostUser] = []
    /// Where each user is in ``records``; looked up once per message.
    var slots: [UserID: Int] = [:]
    var connections: [ConnectionID: HostConnection] = [:]
    /// Users who were players when the first question opened (or joined while it was open).
    var startingPlayers = 0
    /// The `result` of the last question that closed, as it was broadcast then (before any
    /// wild-card): a user who joins or resumes during the review gets these counts, not
    /// today's (``catchUp(_:)``).
    var closedResult: ResultPayload?

    /// A host before any connection, with the competition's settings and questions.
    ///
    /// - Parameters:
    ///   - configuration: the competition: its id, title, start and answer/review windows.
    ///   - questions: asked in this order, one round each.
    ///   - authenticator: decides who may join, and as which role.
    ///   - balances: the wild-card ledger; users not in it have `configuration.defaultBalance`.
    ///   - codec: encodes what the host sends and decodes what it receives.
    public init(
        configuration: TriviaHostConfiguration,
        questions: [TriviaQuestion],
        authenticator: any TriviaAuthenticator,
        balances: [UserID: Int] = [:],
        codec: TriviaCodec = TriviaCodec()
    ) {
        self.configuration = configuration
        self.questions = questions
        self.authenticator = authenticator
        self.ledger = balances
        self.codec = codec
        if questions.isEmpty { phase = .finished }
    }

    // MARK: Inputs

    /// A connection was accepted. Nothing is sent until it joins.
    public mutating func connect(_ connection: ConnectionID, at now: Date) -> [HostOutput] {
        let outputs = advance(to: now)
        connections[connection] = HostConnection()
        return outputs
    }

    /// A connection closed (by the peer or the network). Its user keeps playing: stream
    /// messages go to the user's log until they reconnect.
    public mutating func disconnect(_ connection: ConnectionID, at now: Date) -> [HostOutput] {
        let outputs = advance(to: now)
        if let user = connections.removeValue(forKey: connection)?.user, let slot = slots[user], records[slot].connection == connection {
            records[slot].connection = nil
        }
        return outputs
    }

    /// A frame arrived: decoded with the codec; malformed frames are answered with `error`.
    public mutating func receive(frame: Data, from connection: ConnectionID, at now: Date) -> [HostOutput] {
        let scheduled = advance(to: now)
        guard connections[connection] != nil else { return scheduled }
        let answered: [HostOutput]
        do {
            switch try codec.decodeClientMessage(frame) {
            case .message(let envelope): answered = handle(envelope, from: connection, at: now)
            case .ignored: answered = []
            }
        } catch {
            answered = reject(error, on: connection, at: now)
        }
        return scheduled.isEmpty ? answered : scheduled + answered
    }

    /// A decoded message arrived (for transports that decode themselves).
    public mutating func receive(_ envelope: ClientEnvelope, from connection: ConnectionID, at now: Date) -> [HostOutput] {
        var outputs = advance(to: now)
        guard connections[connection] != nil else { return outputs }
        outputs += handle(envelope, from: connection, at: now)
        return outputs
    }

    /// Runs the schedule (open, close, review, finish) up to `now`.
    public mutating func advance(to now: Date) -> [HostOutput] {
        var outputs: [HostOutput] = []
        while let due = nextDeadline, due <= now {
            outputs += step(at: due)
        }
        return outputs
    }

    /// When the schedule next needs ``advance(to:)``; `nil` once finished.
    public var nextDeadline: Date? {
        switch phase {
        case .lobby: configuration.startsAt
        case .open(_, _, let deadline): deadline
        case .reviewing(_, let until): until
        case .finished: nil
        }
    }

    /// Whether the last result is out.
    public var isFinished: Bool { phase == .finished }

    /// The connections accepted and not closed, in no particular order. A cluster's owner reads
    /// it to disconnect the sockets of a node that died without closing them.
    public var openConnections: [ConnectionID] { Array(connections.keys) }

    /// Whether `connection` was accepted and is not closed.
    public func isOpen(_ connection: ConnectionID) -> Bool { connections[connection] != nil }

    /// The user who joined on `connection`, or `nil` (not open, or no `join` yet).
    public func user(on connection: ConnectionID) -> UserID? { connections[connection]?.user }

    /// Wild-cards `user` owns now.
    public func balance(of user: UserID) -> Int {
        ledger[user] ?? configuration.defaultBalance
    }

    // MARK: Dispatch

    mutating func handle(_ envelope: ClientEnvelope, from connection: ConnectionID, at now: Date) -> [HostOutput] {
        guard let index = connections.index(forKey: connection) else { return [] }
        connections.values[index].consecutiveErrors = 0
        let user = connections.values[index].user
        switch envelope.message {
        case .ping(let ping):
            return [control(.pong(PongPayload(nonce: ping.nonce, serverTime: now)), on: connection)]
        case .join(let join):
            return self.join(join, envelope: envelope, on: connection, at: now)
        case .answer(let answer):
            guard let slot = user.flatMap({ slots[$0] }) else { return notJoined(envelope, on: connection) }
            let request = HostRequest(answer)
            return respond(to: request, envelope: envelope, slot: slot, on: connection) { core in core.evaluate(answer, slot: slot, at: now)
            }
        case .useWildcard(let wildcard):
            guard let slot = user.flatMap({ slots[$0] }) else { return notJoined(envelope, on: connection) }
            let request = HostRequest(wildcard)
            return respond(to: request, envelope: envelope, slot: slot, on: connection) { core in
                core.evaluate(wildcard, slot: slot, at: now)
            }
        }
    }

    /// Idempotency. A request id names one request of one user for one message type and one
    /// question (``HostRequest/Key``): the same id on another question, or on a wild-card after
    /// an answer, is another request, judged on its own. A request seen before with the same
    /// contents (a resend) gets the response it got then (same `id` and `seq`, so a client that
    /// already processed it drops it as a duplicate). The same key with other contents (an
    /// `answer` with another `choice`) is `error`/`requestIdReused`: nothing is recorded, and the
    /// original's response is never given to a request it did not answer.
    mutating func respond(
        to request: HostRequest, envelope: ClientEnvelope, slot: Int, on connection: ConnectionID,
        evaluate: (inout TriviaHostCore) -> ServerMessage
    ) -> [HostOutput] {
        if let previous = records[slot].response(to: request.key) {
            guard previous.request == request else {
                let message =
                    "requestId \(request.key.requestId) was used for another \(request.key.type) on \(request.key.questionId); "
                    + "send a new requestId for a new request"
                return [control(.error(ErrorPayload(code: .requestIdReused, message: message, ref: envelope.id)), on: connection)]
            }
            return [.send(previous.response.envelope, to: connection)]
        }
        let message = evaluate(&self)
        let (stored, outputs) = store(message, slot: slot)
        records[slot].remember(stored, for: request, limit: configuration.logLimit)
        return outputs
    }

    /// Answers a frame that could not be read. Only `malformed` counts toward `tooManyErrors`
    /// ("malformed messages in a row"); `unsupportedVersion` neither counts nor breaks the row.
    mutating func reject(_ error: TriviaProtocolError, on connection: ConnectionID, at now: Date) -> [HostOutput] {
        var outputs = [control(.error(ErrorPayload(code: error.code, message: error.message, ref: error.messageID)), on: connection)]
        guard error.code == .malformed else { return outputs }
        connections[connection]?.consecutiveErrors += 1
        if let count = connections[connection]?.consecutiveErrors, count >= configuration.maxConsecutiveErrors {
            outputs.append(
                control(.error(ErrorPayload(code: .tooManyErrors, message: "\(count) malformed messages in a row")), on: connection))
            outputs += close(connection, reason: .tooManyErrors)
        }
        return outputs
    }

    mutating func notJoined(_ envelope: ClientEnvelope, on connection: ConnectionID) -> [HostOutput] {
        [control(.error(ErrorPayload(code: .notJoined, message: "send join before \(envelope.type)", ref: envelope.id)), on: connection)]
    }

    mutating func close(_ connection: ConnectionID, reason: TriviaErrorCode) -> [HostOutput] {
        if let user = connections.removeValue(forKey: connection)?.user, let slot = slots[user], records[slot].connection == connection {
            records[slot].connection = nil
        }
        return [.close(connection, reason: reason)]
    }

    // MARK: Sending

    /// A connection-scoped message (`seq` 0), not logged.
    mutating func control(_ message: ServerMessage, on connection: ConnectionID) -> HostOutput {
        let count = (connections[connection]?.controlCount ?? 0) + 1
        connections[connection]?.controlCount = count
        return .send(ServerEnvelope(id: MessageID("\(connection)-\(count)"), seq: 0, message: message), to: connection)
    }

    /// A stream message for `user`: numbered, logged, and sent if the user is connected. A user
    /// who never joined has no stream: nothing is logged or sent.
    mutating func emit(_ message: ServerMessage, to user: UserID) -> [HostOutput] {
        guard let slot = slots[user] else { return [] }
        return store(message, slot: slot).1
    }

    /// Numbers, logs and sends `message` to the user at `slot`; returns what was logged (kept
    /// once, by reference, also as the response to a request).
    mutating func store(_ message: ServerMessage, slot: Int) -> (StoredEnvelope, [HostOutput]) {
        records[slot].seq += 1
        let seq = records[slot].seq
        let stored = StoredEnvelope(ServerEnvelope(id: records[slot].messageID(seq: seq), seq: seq, message: message))
        records[slot].append(.single(stored), limit: configuration.logLimit)
        guard let connection = records[slot].connection else { return (stored, []) }
        return (stored, [.send(stored.envelope, to: connection)])
    }

    /// One message to every user, in join order: encoded once, each user's copy numbered and
    /// logged with its own fields (`personalize`), one ``HostOutput/broadcast(_:)`` for the
    /// connected ones. Users are changed in place, so a user's log is never copied.
    mutating func broadcast(_ message: ServerMessage, _ personalize: (HostUser) -> Personalization) -> [HostOutput] {
        let shared = BroadcastMessage(message)
        let limit = configuration.logLimit
        var recipients: [ServerBroadcast.Recipient] = []
        recipients.reserveCapacity(records.count)
        let personalizations = records.map { personalize($0) }
        for (slot, personalization) in zip(records.indices, personalizations) {
            records[slot].seq += 1
            let seq = records[slot].seq
            let copy = BroadcastCopy(seq: seq, idSuffix: records[slot].idSuffix, personalization: personalization)
            records[slot].append(.shared(shared, copy), limit: limit)
            if let connection = records[slot].connection {
                recipients.append(ServerBroadcast.Recipient(connection: connection, copy: copy))
            }
        }
        return recipients.isEmpty ? [] : [.broadcast(ServerBroadcast(message: shared, recipients: recipients))]
    }
}
