import Foundation

/// A value read from what an earlier load saved, with when it was saved.
///
/// What a screen shows at once on a cold start while it asks the network, and keeps showing,
/// marked as saved, when the network fails (``FeedLoader/saved(_:from:)``).
public struct Saved<Value> {
    /// The saved value.
    public var value: Value
    /// When it was saved, or last confirmed unchanged by the server, by the injected clock.
    public var savedAt: Date
    /// Whether the server's caching rules still call it current: then it is as good as a new
    /// answer, and a screen need not ask the network at all.
    public var isFresh: Bool

    /// A saved value from its parts.
    public init(value: Value, savedAt: Date, isFresh: Bool) {
        self.value = value
        self.savedAt = savedAt
        self.isFresh = isFresh
    }

    /// The same dates with `transform` applied to the value (feed → what the screen shows).
    public func map<T>(_ transform: (Value) throws -> T) rethrows -> Saved<T> {
        Saved<T>(value: try transform(value), savedAt: savedAt, isFresh: isFresh)
    }
}

extension Saved: Sendable where Value: Sendable {}
extension Saved: Equatable where Value: Equatable {}
