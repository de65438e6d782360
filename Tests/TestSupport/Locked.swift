import Foundation

/// A value guarded by an `NSLock`, for state shared between server threads and tests.
///
/// Not `Synchronization.Mutex`: on Linux that is built on raw futex calls, which
/// ThreadSanitizer cannot see, so every guarded access would be reported as a data race under
/// `swift test --sanitize=thread` and real races would drown in the noise. `NSLock` is a
/// pthread mutex, which the sanitizer understands.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
