import Synchronization

/// Texts a screen has already formatted, by exactly what each depends on.
///
/// Foundation's formatters cost microseconds per call on Linux (ICU underneath), and a list
/// formats the same few values over and over: a season's kick-off times, a day's start times,
/// durations, rounded distances. A screen's formatter keeps one memo per kind of text for its
/// lifetime, so a value is formatted once per screen, not once per row and load. The key must
/// be everything the text depends on (a wall-clock minute, not an instant), so a remembered
/// text is the text formatting again would give.
///
/// Shared by copies of the formatter that owns it and safe from any thread; bounded, so a
/// hostile feed with a million distinct values cannot grow it without end (past `limit`
/// entries, new texts are formatted but not kept).
public final class FormattedTextMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    @usableFromInline let storage = Mutex<[Key: Value]>([:])
    @usableFromInline let limit: Int

    /// An empty memo that keeps at most `limit` values.
    public init(limit: Int = 4096) {
        self.limit = limit
    }

    /// The remembered value for `key`, or `make()`'s, remembered (made outside the lock).
    /// Inlinable, so each use is specialised for its key and value types.
    @inlinable
    public func value(for key: Key, _ make: () -> Value) -> Value {
        if let known = storage.withLock({ $0[key] }) { return known }
        let value = make()
        storage.withLock { entries in
            if entries.count < limit { entries[key] = value }
        }
        return value
    }

    /// How many values are remembered.
    public var count: Int { storage.withLock { $0.count } }
}
