import Foundation
import Trivia

extension TriviaSimulation {
    mutating func process(_ event: Event, observe: (TriviaSimulationObservation) -> Void) {
        switch event {
        case .launch(let index):
            apply(.launched, to: index, observe: observe)
        case .hostTick:
            scheduledTick = nil
            route(host.advance(to: now))
        case .connectEstablished(let index):
            guard case .connecting = clients[index].state.link else { return }
            nextConnection += 1
            let connection = ConnectionID(nextConnection)
            owners[connection] = index
            clients[index].connection = connection
            route(host.connect(connection, at: now))
            observe(.connection(client: index, "connected (\(connection))", at: now))
            apply(.connected, to: index, observe: observe)
        case .frameToHost(let connection, let frame):
            guard owners[connection] != nil else { return }
            route(host.receive(frame: frame, from: connection, at: now))
        case .frameToClient(let index, let connection, let frame):
            guard clients[index].connection == connection else { return }
            do throws(TriviaProtocolError) {
                if case .message(let envelope) = try codec.decodeServerMessage(frame) {
                    observe(.received(client: index, envelope, at: now))
                    if case .result(let result) = envelope.message, envelope.seq > clients[index].state.lastSeq {
                        clients[index].results.append(result)
                    }
                    apply(.received(envelope), to: index, observe: observe)
                }
            } catch {
                apply(.malformed(error), to: index, observe: observe)
            }
        case .closedByHost(let index, let connection):
            guard clients[index].connection == connection else { return }
            lose(index, connection: connection, observe: observe, reason: .closed("closed by the host"))
        case .timer(let index, let timer, let token):
            guard clients[index].timers[timer] == token else { return }
            clients[index].timers[timer] = nil
            apply(.timerFired(timer), to: index, observe: observe)
        case .balance(let index, let result):
            switch result {
            case .success(let count): apply(.balanceLoaded(count), to: index, observe: observe)
            case .failure(let error): apply(.balanceFailed(error), to: index, observe: observe)
            }
        case .tap(let index, let tap):
            switch tap {
            case .choice(let choice, let question):
                guard case .question(let round) = clients[index].state.phase, round.question.questionId == question else { return }
                apply(.choiceSelected(choice), to: index, observe: observe)
            case .wildcard(let use, let question):
                guard case .result(let round) = clients[index].state.phase, round.result.questionId == question else { return }
                apply(use ? .wildcardAccepted : .wildcardDeclined, to: index, observe: observe)
            }
        case .drop(let index):
            guard let connection = clients[index].connection else { return }
            route(host.disconnect(connection, at: now))
            lose(index, connection: connection, observe: observe, reason: .closed("network connection lost"))
        }
    }

    mutating func lose(_ index: Int, connection: ConnectionID, observe: (TriviaSimulationObservation) -> Void, reason: TriviaTransportError)
    {
        owners[connection] = nil
        clients[index].connection = nil
        observe(.connection(client: index, "\(reason)", at: now))
        apply(.disconnected(reason), to: index, observe: observe)
    }

    /// Feeds the event to the client's state machine, performs the effects, and lets the bot
    /// react to what changed.
    mutating func apply(_ event: TriviaClientEvent, to index: Int, observe: (TriviaSimulationObservation) -> Void) {
        let before = clients[index].state
        let effects = clients[index].state.handle(event, at: now)
        for effect in effects { perform(effect, for: index, observe: observe) }
        let after = clients[index].state
        guard after != before else { return }
        observe(.stateChanged(client: index, after, at: now))
        react(index, before: before, after: after)
    }

    mutating func perform(_ effect: TriviaClientEffect, for index: Int, observe: (TriviaSimulationObservation) -> Void) {
        switch effect {
        case .fetchBalance:
            let failed = settings.balanceFailureRate > 0 && random.unit() < settings.balanceFailureRate
            let result: Result<Int, WildcardBalanceError> =
                failed
                ? .failure(.network(NetworkErrorDescription(text: "simulated: HTTP 503 Service Unavailable", isTransient: true)))
                : .success(host.balance(of: clients[index].bot.identity.user))
            queue.schedule(.balance(index, result), at: now.addingTimeInterval(2 * latency()))
        case .connect:
            if clients[index].state.reconnectAttempt > 0 { reconnects += 1 }
            queue.schedule(.connectEstablished(index), at: now.addingTimeInterval(3 * latency()))
        case .send(let envelope):
            guard let connection = clients[index].connection else { return }
            let frame = codec.encode(envelope)
            observe(.sent(client: index, envelope, at: now))
            let at = max(clients[index].toHostFree, now.addingTimeInterval(latency()))
            clients[index].toHostFree = at
            record(frame, at: at)
            queue.schedule(.frameToHost(connection, frame), at: at)
        case .startTimer(let timer, let delay):
            timerTokens += 1
            clients[index].timers[timer] = timerTokens
            queue.schedule(.timer(index, timer, token: timerTokens), at: now.addingTimeInterval(delay.timeInterval))
        case .cancelTimer(let timer):
            clients[index].timers[timer] = nil
        case .cancelAllTimers:
            clients[index].timers.removeAll()
        case .disconnect:
            guard let connection = clients[index].connection else { return }
            owners[connection] = nil
            clients[index].connection = nil
            route(host.disconnect(connection, at: now))
        }
    }

    /// Delivers host outputs to their clients, in order per connection.
    mutating func route(_ outputs: [HostOutput]) {
        for output in outputs {
            switch output {
            case .send(let envelope, let connection):
                deliver(codec.encode(envelope), to: connection)
            case .broadcast(let broadcast):
                for recipient in broadcast.recipients {
                    deliver(Data(broadcast.message.frame(for: recipient.copy)), to: recipient.connection)
                }
            case .close(let connection, _):
                guard let index = owners[connection] else { continue }
                owners[connection] = nil
                queue.schedule(.closedByHost(index, connection), at: nextArrival(on: connection))
            }
        }
    }

    /// When a frame sent now on `connection` arrives: after the latency, never before the
    /// previous one (the connection keeps order).
    private mutating func nextArrival(on connection: ConnectionID) -> Date {
        let at = max(toClientFree[connection] ?? .distantPast, now.addingTimeInterval(latency()))
        toClientFree[connection] = at
        return at
    }

    private mutating func deliver(_ frame: Data, to connection: ConnectionID) {
        guard let index = owners[connection] else { return }
        let at = nextArrival(on: connection)
        record(frame, at: at)
        queue.schedule(.frameToClient(index, connection, frame), at: at)
    }

    mutating func record(_ frame: Data, at time: Date) {
        frames += 1
        for byte in frame {
            digest = (digest ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        digest = (digest ^ UInt64(bitPattern: Int64(time.timeIntervalSince1970 * 1000))) &* 0x0000_0100_0000_01B3
    }

    /// Bots tap a choice after thinking when a new question appears, and decide on an offered
    /// wild-card after a moment (``TriviaBot/move(from:to:correctChoice:random:)``).
    mutating func react(_ index: Int, before: TriviaClientState, after: TriviaClientState) {
        let questions = settings.questionSet.questions
        let bot = clients[index].bot
        let move = bot.move(
            from: before, to: after, correctChoice: { id in questions.first { $0.id == id }?.answer }, random: &clients[index].random)
        switch move {
        case .choose(let choice, let question, let delay):
            queue.schedule(.tap(index, .choice(choice, question)), at: now.addingTimeInterval(delay))
        case .wildcard(let use, let question, let delay):
            queue.schedule(.tap(index, .wildcard(use: use, question)), at: now.addingTimeInterval(delay))
        case nil:
            return
        }
    }
}
