import Synchronization

/// A thread-safe least-recently-used cache bounded by a total cost and an entry count.
///
/// The resource pipeline keeps validated image bytes here so that a cell scrolling back on
/// screen gets its image synchronously, without touching the disk or an actor. A lookup is a
/// dictionary probe and a few index swaps under a `Mutex` (no allocation, no suspension), which
/// is what keeps a memory hit in the microsecond range.
///
/// Two limits, because either alone fails: a cost limit (bytes) bounds memory when entries are
/// large photos; a count limit bounds the per-entry overhead when entries are tiny logos.
/// When either is exceeded, least-recently-used entries (reads count as use) go first. An entry
/// costlier than ``Limits/entryCostLimit`` is not kept at all: it would flush everything else.
public final class MemoryCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// The cache's bounds; see the type's discussion for why there are two.
    public struct Limits: Sendable, Equatable {
        /// The most total cost (for the pipeline: bytes) kept.
        public var costLimit: Int
        /// The most entries kept.
        public var countLimit: Int
        /// Entries costlier than this are not stored. Defaults to a quarter of `costLimit`.
        public var entryCostLimit: Int

        /// Limits; negative values count as 0, and the per-entry limit defaults to a quarter of the cost limit.
        public init(costLimit: Int, countLimit: Int, entryCostLimit: Int? = nil) {
            self.costLimit = max(0, costLimit)
            self.countLimit = max(0, countLimit)
            self.entryCostLimit = max(0, entryCostLimit ?? costLimit / 4)
        }
    }

    /// The bounds every insert enforces.
    public let limits: Limits
    private let storage: Mutex<LRUList<Key, Value>>

    /// An empty cache with `limits`.
    public init(limits: Limits) {
        self.limits = limits
        storage = Mutex(LRUList())
    }

    /// The value for `key`, which becomes the most recently used; `nil` if absent.
    public func value(forKey key: Key) -> Value? {
        storage.withLock { $0.value(forKey: key) }
    }

    /// Stores `value` as the most recently used entry (replacing any value for `key`), then
    /// evicts least-recently-used entries until both limits hold.
    public func insert(_ value: Value, forKey key: Key, cost: Int) {
        let cost = max(0, cost)
        storage.withLock { list in
            guard cost <= limits.entryCostLimit else {
                list.removeValue(forKey: key)
                return
            }
            list.insert(value, forKey: key, cost: cost)
            while list.totalCost > limits.costLimit || list.count > limits.countLimit {
                list.removeLeastRecentlyUsed()
            }
        }
    }

    /// Forgets the value for `key`, if any.
    public func removeValue(forKey key: Key) {
        storage.withLock { $0.removeValue(forKey: key) }
    }

    /// Forgets everything (a memory warning).
    public func removeAll() {
        storage.withLock { $0 = LRUList() }
    }

    /// The number of entries kept.
    public var count: Int { storage.withLock { $0.count } }
    /// The sum of the kept entries' costs.
    public var totalCost: Int { storage.withLock { $0.totalCost } }

    /// Keys from most to least recently used (for tests and diagnostics; O(n)).
    public var keysByRecency: [Key] { storage.withLock { $0.keysByRecency() } }
}

/// A doubly-linked list threaded through an array (indices, not references: no per-node
/// allocation or reference counting) plus a dictionary from key to node index.
struct LRUList<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        var value: Value?
        var cost: Int
        var newer: Int
        var older: Int
    }

    private static var none: Int { -1 }

    private var nodes: [Node] = []
    private var freeSlots: [Int] = []
    private var index: [Key: Int] = [:]
    private var newest = LRUList.none
    private var oldest = LRUList.none
    private(set) var totalCost = 0

    var count: Int { index.count }

    mutating func value(forKey key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        moveToFront(slot)
        return nodes[slot].value
    }

    mutating func insert(_ value: Value, forKey key: Key, cost: Int) {
        if let slot = index[key] {
            totalCost += cost - nodes[slot].cost
            nodes[slot].value = value
            nodes[slot].cost = cost
            moveToFront(slot)
            return
        }
        let node = Node(key: key, value: value, cost: cost, newer: Self.none, older: newest)
        let slot: Int
        if let reused = freeSlots.popLast() {
            slot = reused
            nodes[slot] = node
        } else {
            slot = nodes.count
            nodes.append(node)
        }
        if newest != Self.none { nodes[newest].newer = slot }
        newest = slot
        if oldest == Self.none { oldest = slot }
        index[key] = slot
        totalCost += cost
    }

    mutating func removeValue(forKey key: Key) {
        guard let slot = index[key] else { return }
        remove(slot)
    }

    mutating func removeLeastRecentlyUsed() {
        guard oldest != Self.none else { return }
        remove(oldest)
    }

    func keysByRecency() -> [Key] {
        var keys: [Key] = []
        var slot = newest
        while slot != Self.none {
            keys.append(nodes[slot].key)
            slot = nodes[slot].older
        }
        return keys
    }

    private mutating func unlink(_ slot: Int) {
        let (newer, older) = (nodes[slot].newer, nodes[slot].older)
        if newer != Self.none { nodes[newer].older = older } else { newest = older }
        if older != Self.none { nodes[older].newer = newer } else { oldest = newer }
    }

    private mutating func moveToFront(_ slot: Int) {
        guard slot != newest else { return }
        unlink(slot)
        nodes[slot].older = newest
        nodes[slot].newer = Self.none
        if newest != Self.none { nodes[newest].newer = slot }
        newest = slot
        if oldest == Self.none { oldest = slot }
    }

    private mutating func remove(_ slot: Int) {
        unlink(slot)
        index[nodes[slot].key] = nil
        totalCost -= nodes[slot].cost
        nodes[slot].value = nil
        nodes[slot].cost = 0
        freeSlots.append(slot)
    }
}
