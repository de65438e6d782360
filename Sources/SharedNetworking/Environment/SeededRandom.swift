/// A small, fast, reproducible pseudo-random generator (SplitMix64, Steele et al. 2014).
///
/// Randomness is injected like the clock: everything random in the package (the Trivia bots'
/// answers, network delays and reconnect jitter, CarFit's generated sample visits) draws from
/// one of these, seeded explicitly, so a run with the same seed is the same run on every
/// platform and toolchain. The standard library's `random(in:using:)` may change its algorithm
/// between Swift versions, so the helpers here derive every value from ``next()`` themselves.
/// It is a value: copying it forks the sequence, which keeps state machines pure.
public struct SeededRandom: RandomNumberGenerator, Sendable, Hashable, Codable {
    /// The generator's whole state (a copy of the generator is a copy of this).
    public private(set) var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        self.state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<1` with 53 bits of precision.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A value in `range`, uniformly.
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unit()
    }

    /// A value in `range`, uniform up to a negligible modulo bias for small ranges.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % span)
    }

    /// `true` with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    /// An element of a non-empty array.
    public mutating func pick<T>(_ elements: [T]) -> T {
        elements[int(in: 0...elements.count - 1)]
    }

    /// `count` distinct indices below `limit`, in random order.
    public mutating func distinctIndices(_ count: Int, below limit: Int) -> [Int] {
        var pool = Array(0..<limit)
        var chosen: [Int] = []
        for _ in 0..<min(count, limit) {
            chosen.append(pool.remove(at: int(in: 0...pool.count - 1)))
        }
        return chosen
    }

    /// An independent generator derived from this one and `salt` (one per simulated client).
    public func derived(_ salt: UInt64) -> SeededRandom {
        var copy = SeededRandom(seed: state ^ (salt &* 0xD6E8_FEB8_6659_FD93))
        _ = copy.next()
        return copy
    }
}
