import Foundation

extension TriviaViewModel {
    func perform(_ effect: TriviaClientEffect) {
        switch effect {
        case .fetchBalance:
            fetchBalance()
        case .connect:
            connect()
        case .send(let envelope):
            send(envelope)
        case .startTimer(let timer, let delay):
            start(timer, after: delay)
        case .cancelTimer(let timer):
            timers.removeValue(forKey: timer)?.task.cancel()
        case .cancelAllTimers:
            for entry in timers.values { entry.task.cancel() }
            timers.removeAll()
        case .disconnect:
            disconnect()
        }
    }

    func fetchBalance() {
        let configuration = client.configuration
        Task { [balances] in
            do throws(WildcardBalanceError) {
                let balance = try await balances.balance(for: configuration.user, token: configuration.token)
                handle(.balanceLoaded(balance.balance))
            } catch {
                handle(.balanceFailed(error))
            }
        }
    }

    func connect() {
        generation += 1
        let attempt = generation
        connectionTask?.cancel()
        connectionTask = Task { [transport, codec] in
            let connection: any TriviaConnection
            do throws(TriviaTransportError) {
                connection = try await transport.connect()
            } catch {
                if attempt == generation { handle(.connectionFailed(error)) }
                return
            }
            guard attempt == generation else {
                await connection.close()
                return
            }
            self.connection = connection
            handle(.connected)
            for await event in connection.incoming {
                guard attempt == generation else { return }
                switch event {
                case .frame(let frame):
                    do throws(TriviaProtocolError) {
                        switch try codec.decodeServerMessage(frame) {
                        case .message(let envelope): handle(.received(envelope))
                        case .ignored: break
                        }
                    } catch {
                        handle(.malformed(error))
                    }
                case .closed(let error):
                    self.connection = nil
                    handle(.disconnected(error))
                    return
                }
            }
        }
    }

    /// Sends in order: each frame waits for the previous one.
    func send(_ envelope: ClientEnvelope) {
        guard let connection else { return }
        let frame = codec.encode(envelope)
        let previous = outbox
        outbox = Task {
            await previous?.value
            try? await connection.send(frame)
        }
    }

    func start(_ timer: TriviaTimer, after delay: Duration) {
        timers[timer]?.task.cancel()
        timerTokens += 1
        let token = timerTokens
        let task = Task { [clock] in
            do {
                try await clock.sleep(for: delay)
            } catch {
                return
            }
            guard timers[timer]?.token == token else { return }
            timers[timer] = nil
            handle(.timerFired(timer))
        }
        timers[timer] = (token, task)
    }

    func disconnect() {
        generation += 1
        connectionTask?.cancel()
        connectionTask = nil
        guard let connection else { return }
        self.connection = nil
        Task { await connection.close() }
    }
}
