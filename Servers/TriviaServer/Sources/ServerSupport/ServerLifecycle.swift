import Logging
import ServiceLifecycle
import Synchronization

/// The start and stop of one HTTP server, written once for both servers of this repository
/// (`trivia-server` and `exercises-web`).
///
/// A server runs its Hummingbird application in a `ServiceGroup` next to companion tasks (a
/// sweeper, a lobby) and is stopped from outside, possibly before it has started or while it
/// starts. Two rules make that clean:
/// - a stop that comes before ``run(_:alongside:)`` has made its group is remembered, so the run
///   returns at once instead of serving forever;
/// - the application is stopped by a graceful shutdown of its group, never by cancelling its
///   task: cancelling makes Hummingbird log errors for a normal stop ("Waiting on child
///   channel: CancellationError()", "Server shutdown error: Already closed").
///
/// Companion tasks are cancelled when the application has stopped.
public final class ServerLifecycle: Sendable {
    private struct State {
        var group: ServiceGroup?
        var stopRequested = false
    }

    private let state = Mutex(State())
    private let logger: Logger

    /// A lifecycle logging through `logger` (the service group's messages).
    public init(logger: Logger) {
        self.logger = logger
    }

    /// Serves `application` until ``stop()`` (or until it ends by itself), with `companions`
    /// running beside it; returns when the application has stopped and every companion has
    /// ended. Returns at once when ``stop()`` came first.
    public func run(_ application: some Service, alongside companions: [@Sendable () async -> Void] = []) async throws {
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [application], logger: logger))
        let stopNow = state.withLock { state -> Bool in
            state.group = group
            return state.stopRequested
        }
        if stopNow { return }
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            for companion in companions {
                tasks.addTask { await companion() }
            }
            defer { tasks.cancelAll() }
            try await group.run()
        }
    }

    /// Whether ``stop()`` has been called.
    public var isStopping: Bool { state.withLock { $0.stopRequested } }

    /// Stops listening: the application finishes the requests under way and ``run(_:alongside:)``
    /// returns. Safe to call before the run, during it, after it, and more than once.
    public func stop() async {
        let group = state.withLock { state -> ServiceGroup? in
            state.stopRequested = true
            return state.group
        }
        await group?.triggerGracefulShutdown()
    }
}
