import Testing

@testable import SharedNetworking

@Suite("Memory cache (LRU)")
struct MemoryCacheTests {
    @Test("the count limit evicts the least recently used entry; reads count as use")
    func countLimit() {
        let cache = MemoryCache<String, Int>(limits: .init(costLimit: 1_000, countLimit: 3))
        cache.insert(1, forKey: "a", cost: 1)
        cache.insert(2, forKey: "b", cost: 1)
        cache.insert(3, forKey: "c", cost: 1)
        #expect(cache.value(forKey: "a") == 1)  // a is now the most recent
        cache.insert(4, forKey: "d", cost: 1)  // evicts b, the least recent
        #expect(cache.keysByRecency == ["d", "a", "c"])
        #expect(cache.value(forKey: "b") == nil)
        cache.insert(5, forKey: "e", cost: 1)  // evicts c
        #expect(cache.keysByRecency == ["e", "d", "a"])
        #expect(cache.count == 3)
    }

    @Test("the cost limit evicts oldest entries until the total fits")
    func costLimit() {
        let cache = MemoryCache<String, Int>(limits: .init(costLimit: 100, countLimit: 100))
        cache.insert(1, forKey: "a", cost: 20)
        cache.insert(2, forKey: "b", cost: 20)
        cache.insert(3, forKey: "c", cost: 20)
        cache.insert(4, forKey: "d", cost: 25)
        #expect(cache.totalCost == 85)
        cache.insert(5, forKey: "e", cost: 25)  // 110 > 100: a goes
        #expect(cache.keysByRecency == ["e", "d", "c", "b"])
        #expect(cache.totalCost == 90)
        cache.insert(6, forKey: "f", cost: 25)  // 115: b goes (100 still fits, so only b)
        #expect(cache.keysByRecency == ["f", "e", "d", "c"])
        #expect(cache.totalCost == 95)
    }

    @Test("replacing a key updates its cost and recency; an oversized entry is not kept")
    func replaceAndOversize() {
        let cache = MemoryCache<String, String>(limits: .init(costLimit: 100, countLimit: 10, entryCostLimit: 50))
        cache.insert("x", forKey: "a", cost: 10)
        cache.insert("y", forKey: "b", cost: 10)
        cache.insert("z", forKey: "a", cost: 30)
        #expect(cache.totalCost == 40)
        #expect(cache.keysByRecency == ["a", "b"])
        #expect(cache.value(forKey: "a") == "z")
        cache.insert("huge", forKey: "c", cost: 51)
        #expect(cache.value(forKey: "c") == nil)
        #expect(cache.count == 2)
        // Oversized replacement removes the old value rather than serving stale data.
        cache.insert("huge", forKey: "a", cost: 60)
        #expect(cache.value(forKey: "a") == nil)
        #expect(cache.totalCost == 10)
    }

    @Test("removal and slot reuse keep the list consistent")
    func removalAndReuse() {
        let cache = MemoryCache<Int, Int>(limits: .init(costLimit: 1_000, countLimit: 4))
        for key in 0..<4 { cache.insert(key, forKey: key, cost: 1) }
        cache.removeValue(forKey: 0)  // oldest
        cache.removeValue(forKey: 2)  // middle
        cache.removeValue(forKey: 3)  // newest
        #expect(cache.keysByRecency == [1])
        for key in 10..<14 { cache.insert(key, forKey: key, cost: 1) }
        #expect(cache.keysByRecency == [13, 12, 11, 10])
        #expect(cache.totalCost == 4)
        cache.removeAll()
        #expect(cache.count == 0)
        #expect(cache.totalCost == 0)
        #expect(cache.value(forKey: 13) == nil)
    }

    @Test("concurrent readers and writers keep the limits")
    func concurrentAccess() async {
        let cache = MemoryCache<Int, Int>(limits: .init(costLimit: 500, countLimit: 64))
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for step in 0..<2_000 {
                        let key = (worker * 31 + step) % 200
                        if step % 3 == 0 {
                            cache.insert(step, forKey: key, cost: step % 17)
                        } else {
                            _ = cache.value(forKey: key)
                        }
                    }
                }
            }
        }
        #expect(cache.count <= 64)
        #expect(cache.totalCost <= 500)
        #expect(cache.keysByRecency.count == cache.count)
    }
}
