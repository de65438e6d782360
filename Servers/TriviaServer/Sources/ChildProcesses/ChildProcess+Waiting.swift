import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension ChildProcess {
    /// Waits until the child has ended; throws `CancellationError` as soon as the calling task
    /// is cancelled (the child goes on: stop it with ``stop(grace:)`` or ``kill()``).
    public func waitForExit() async throws -> Termination {
        let id = state.withLock { state -> UInt64 in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Termination, any Error>) in
                let ended = state.withLock { state -> Termination? in
                    if let termination = state.termination { return termination }
                    state.exitWaiters[id] = waiter
                    return nil
                }
                if let ended { waiter.resume(returning: ended) }
            }
        } onCancel: {
            state.withLock { $0.exitWaiters.removeValue(forKey: id) }?.resume(throwing: CancellationError())
        }
    }

    /// Waits until the child has ended and its captured output has reached end-of-file (so
    /// ``output`` is complete), or `drainGrace` after the exit, whichever comes first: a
    /// daemon the child left behind may hold its pipe open for as long as it lives.
    /// Cancellable like ``waitForExit()``.
    public func waitForOutput(drainGrace: Duration = .seconds(2)) async throws -> Termination {
        let termination = try await waitForExit()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await self.drained() }
            group.addTask { try await Task.sleep(for: drainGrace) }
            defer { group.cancelAll() }
            _ = try await group.next()
        }
        return termination
    }

    /// Waits until every captured pipe reached end-of-file after the exit.
    private func drained() async throws {
        let id = state.withLock { state -> UInt64 in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (waiter: CheckedContinuation<Void, any Error>) in
                let done = state.withLock { state -> Bool in
                    if state.openPipes == 0, state.termination != nil { return true }
                    state.drainWaiters[id] = waiter
                    return false
                }
                if done { waiter.resume() }
            }
        } onCancel: {
            state.withLock { $0.drainWaiters.removeValue(forKey: id) }?.resume(throwing: CancellationError())
        }
    }

    /// Asks the child to stop (`signal`, SIGTERM by default), waits up to `grace`, then kills
    /// it; returns how it ended. Not cancellable: a stop that began is finished, so that nothing
    /// is left running.
    @discardableResult
    public func stop(signal: Int32 = SIGTERM, grace: Duration = .seconds(10)) async -> Termination {
        self.signal(signal)
        let ended: Termination? = await Task {
            await withTaskGroup(of: Termination?.self) { group in
                group.addTask { try? await self.waitForExit() }
                group.addTask {
                    try? await Task.sleep(for: grace)
                    return nil
                }
                defer { group.cancelAll() }
                return await group.next() ?? nil
            }
        }.value
        if let ended { return ended }
        kill()
        // SIGKILL cannot be caught: the exit follows.
        return await Task { (try? await self.waitForExit()) ?? .killed(signal: SIGKILL) }.value
    }

    /// Runs `executable` to its end and returns how it ended and what it wrote (standard error
    /// interleaved with standard output unless `options` say otherwise). Cancelling the calling
    /// task kills the child.
    public static func run(
        _ executable: String, _ arguments: [String],
        options: Options = Options(standardError: .sameAsOutput)
    ) async throws -> (termination: Termination, output: String) {
        let child = try spawn(executable, arguments, options: options)
        do {
            let termination = try await child.waitForOutput()
            return (termination, child.output)
        } catch {
            await child.stop(signal: SIGKILL, grace: .zero)
            throw error
        }
    }
}
