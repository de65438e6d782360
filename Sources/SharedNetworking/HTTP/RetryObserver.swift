/// Hears about the retries of the loads running in a task, so a screen can say "Retrying, 2 of 3".
///
/// A view-model binds one around its load (`RetryObserver.$current.withValue(observer) { … }`),
/// and ``RetryingHTTPClient`` calls it before each wait. It is a task-local value, as
/// `Progress.current` and swift-log's metadata are, because the retrying client sits below
/// protocols (`HTTPClient.send`, each exercise's `load()`) that have no room for a callback and
/// should not grow one: the observer is scoped to one load of one screen, is passed down by the
/// task tree (`async let`, task groups and `@concurrent` functions inherit it), and nothing
/// outside that scope hears anything. It is not a singleton: with no observer bound, retries are
/// silent.
public struct RetryObserver: Sendable {
    /// Called before the wait that precedes attempt ``RetryNotice/attempt``; the client waits
    /// for it to return, so a `@MainActor` view-model has updated its state before the retry.
    public var willRetry: @Sendable (RetryNotice) async -> Void

    /// An observer that calls `willRetry` for each retry.
    public init(_ willRetry: @escaping @Sendable (RetryNotice) async -> Void) {
        self.willRetry = willRetry
    }

    /// The observer of the current task, if one is bound.
    @TaskLocal public static var current: RetryObserver?

    /// Runs `load` with this observer bound, its typed failure as a `Result` (what each
    /// view-model does around its loader's `load()`).
    public func observing<Value: Sendable, Failure: Error>(
        isolation: isolated (any Actor)? = #isolation,
        _ load: () async throws(Failure) -> Value
    ) async -> Result<Value, Failure> {
        await Self.$current.withValue(self) {
            do throws(Failure) {
                return .success(try await load())
            } catch {
                return .failure(error)
            }
        }
    }
}
