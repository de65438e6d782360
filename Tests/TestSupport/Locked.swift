import Foundation

/// A value guarded by an `NSLock`, for state that test doubles share across threads.
///
/// Not `Synchronization.Mutex`: on Linux that is built on raw futex calls, which
/// ThreadSanitizer cannot see, so every guarded access would be reported as a data race under
/// `swift test --sanitize=thread` and real races would drown in the noise. `NSLock` is a
/// pthread mutex, which the sanitizer understands.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
