import Synchronization

/// A value behind a `Mutex`, as a class so it can be shared by reference between a node's
/// tasks (counters, the authenticator's journal).
final class LockedValue<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) {
        mutex = Mutex(value)
    }

    func withLock<Result: Sendable>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { value in try body(&value) }
    }
}
