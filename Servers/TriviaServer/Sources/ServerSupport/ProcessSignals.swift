import UnixSignals

/// How a server's command runs it: until SIGINT or SIGTERM, or until the server ends by itself.
///
/// On a signal, `stop` is called once (it closes connections cleanly) and the server is then
/// awaited until it has finished by itself: its task is never cancelled, because Hummingbird
/// logs errors for a cancelled server ("Waiting on child channel: CancellationError()"). When
/// the server ends by itself (a fatal error, a test stopping it), the signal handler is let go.
public enum ProcessSignals {
    /// What ended the run.
    public enum Outcome: Sendable, Equatable {
        /// A signal arrived; its name (`SIGINT`, `SIGTERM`).
        case signalled(String)
        /// The server ended without a signal.
        case serverEnded
    }

    /// Runs `serve` until it returns, or until SIGINT/SIGTERM, on which `onSignal` is told the
    /// signal's name and `stop` is awaited, and then `serve` is awaited. Rethrows what `serve`
    /// throws.
    @discardableResult
    public static func run(
        _ serve: @escaping @Sendable () async throws -> Void,
        stop: @escaping @Sendable () async -> Void,
        onSignal: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> Outcome {
        try await withThrowingTaskGroup(of: Outcome?.self) { group in
            group.addTask {
                try await serve()
                return .serverEnded
            }
            group.addTask {
                for await signal in await UnixSignalsSequence(trapping: .sigterm, .sigint) {
                    let name = "\(signal)"
                    onSignal(name)
                    await stop()
                    return .signalled(name)
                }
                return nil
            }
            switch try await group.next() {
            case .signalled(let name)??:
                // The server, finishing its shutdown by itself.
                _ = try await group.next()
                return .signalled(name)
            case .serverEnded??, nil:
                // The server ended by itself: stop listening for signals.
                group.cancelAll()
                return .serverEnded
            case .some(.none):
                // No more signals can arrive: wait for the server.
                _ = try await group.next()
                return .serverEnded
            }
        }
    }
}
