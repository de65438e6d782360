import Foundation

/// A value guarded by an `NSLock`: the one lock wrapper of the server's tests (as the root
/// package's TestSupport has one), for state a test shares with the tasks, threads and
/// handlers it starts.
///
/// Not `Synchronization.Mutex`: on Linux that is built on raw futex calls, which
/// ThreadSanitizer cannot see, so every guarded access would be reported as a data race under
/// `--sanitize=thread` and real races would drown in the noise. `NSLock` is a pthread mutex,
/// which the sanitizer understands.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Guards `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, alone.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
